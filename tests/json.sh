# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Helpers of the JSON cases (tests/cases/json-*.sh), sourced after
# tests/lib.sh:   . "$SRCDIR/tests/json.sh"

# The decoder test programs, each a deterministic run of its family.
JSON_PROGS="decode_file decode_desc decode_ipc decode_mem decode_net"
JSON_PROGS+=" decode_proc decode_sig decode_time"

# $check: tests/json_check.py by the python3 that has jsonschema.
py=python3
[ -x /usr/bin/python3 ] && py=/usr/bin/python3
check="$py $SRCDIR/tests/json_check.py"

# Calendar comments are in local time: the same zone for every run.
export TZ=UTC

# json_run PROG FORMAT OUT FLAGS...: sltrace --output-format=FORMAT on
# the test program PROG in a fresh ./work (the same path each time: -y
# and getcwd show it), the trace in OUT.
json_run() {
	local prog=$1 format=$2 out=$3
	shift 3
	rm -rf work && mkdir work || fail "cannot make ./work"
	(cd work && "$SLTRACE" --output-format="$format" "$@" -o "../$out" \
		"$PROGS/$prog" > /dev/null 2>&1)
	expect_rc 0 $? "sltrace --output-format=$format $* $prog"
}
