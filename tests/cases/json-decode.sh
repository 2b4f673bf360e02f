#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# --output-format=json on every decoder test program (tests/progs/
# decode_*), under the flag sets that change how values are shown: each
# record is one line that doc/trace-schema.json accepts, and the syscall
# records are the text trace's lines one for one (json_check.py
# compare: name, number of arguments, result) of a text run of the same
# program with the same flags.
# timeout-factor: 3
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/json.sh"
progs=$JSON_PROGS
# shellcheck disable=SC2086
need_progs $progs

pairs=()
n=0
for prog in $progs; do
	for flags in "" "-v" "-X verbose" "-X raw" "-x" "-xx" "-yy" "-s 5" \
		"-T" "-e verbose=none"; do
		n=$((n + 1))
		# shellcheck disable=SC2086
		json_run "$prog" json "$n.json" $flags
		# shellcheck disable=SC2086
		json_run "$prog" text "$n.txt" $flags
		echo "$n: $prog $flags" >> runs
		pairs+=("$n.json" "$n.txt")
	done
done
$check validate "$SRCDIR/doc/trace-schema.json" [0-9]*.json > check.out 2>&1 || {
	head -40 check.out >&2
	fail "records the schema refuses (runs: $(tr '\n' ';' < runs))"
}
note "$(tail -1 check.out)"
$check compare "${pairs[@]}" > check.out 2>&1 || {
	grep -v ' 0 differences' check.out | head -40 >&2
	fail "records differ from the text lines (runs: $(tr '\n' ';' < runs))"
}
note "$(grep -c ' 0 differences' check.out) runs: records and lines agree"
exit 0
