#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -r / --relative-timestamps[=PRECISION] begin each line with the time
# since the previous line began ("%6d.%06d "), 0 on the first line; with
# -t it comes in parentheses after the time of day.  A line after a
# 0.3 s nap shows at least 0.3 s (a lower bound: a nap never ends early).
. "$SRCDIR/tests/lib.sh"
need_progs fmtcalls

REL6='[ 0-9]{5}[0-9]'

# check TRACER ERE FIRST OPTS...: every line begins with ERE, the first
# one contains FIRST.
check() {
	local tracer=$1 re=$2 first=$3
	shift 3
	"$tracer" "$@" -e trace=getppid,nanosleep,clock_nanosleep,exit_group \
		-o trace "$PROGS/fmtcalls" nap 0.3
	expect_rc 0 $? "$tracer $*"
	if grep -qvE -- "^$re" trace; then
		show trace
		fail "$tracer $*: a line does not begin with /$re/"
	fi
	head -n 1 trace | grep -qF -- "$first" || {
		show trace; fail "$tracer $*: the first line does not begin with '$first'"; }
	expect_count 2 trace "^$re"'getppid\(\) +='
}

# nap_seen TRACER ERE_WITH_FRACTION OPTS: the fraction of the second
# getppid line is at least .3 (the nap lies between it and the line
# before it).
nap_seen() {
	local tracer=$1 re=$2 line
	shift 2
	"$tracer" "$@" -e trace=getppid,exit_group -o trace \
		"$PROGS/fmtcalls" nap 0.3
	line=$(grep -E 'getppid\(\)' trace | tail -n 1)
	echo "$line" | grep -qE -- "$re" || {
		show trace; fail "$tracer $*: '$line' shows less than the nap"; }
}

run() {
	local tracer=$1
	check "$tracer" "$REL6\\.[0-9]{6} " "     0.000000 " -r
	check "$tracer" "$REL6\\.[0-9]{6} " "     0.000000 " -rr
	check "$tracer" "$REL6\\.[0-9]{6} " "     0.000000 " --relative-timestamps
	check "$tracer" "$REL6 " "     0 " --relative-timestamps=s
	check "$tracer" "$REL6\\.[0-9]{3} " "     0.000 " --relative-timestamps=ms
	check "$tracer" "$REL6\\.[0-9]{6} " "     0.000000 " --relative-timestamps=US
	check "$tracer" "$REL6\\.[0-9]{9} " "     0.000000000 " --relative-timestamps=ns
	# The last of -r and --relative-timestamps= decides the precision.
	check "$tracer" "$REL6\\.[0-9]{6} " "     0.000000 " --relative-timestamps=ns -r
	check "$tracer" "$REL6\\.[0-9]{3} " "     0.000 " -r --relative-timestamps=ms
	check "$tracer" '[0-9:]{8} \(\+'"$REL6"'\.[0-9]{6}\) ' " (+     0.000000) " -t -r
	check "$tracer" '[0-9]{9,}\.[0-9]{6} \(\+'"$REL6"'\) ' " (+     0) " \
		-ttt --relative-timestamps=s
	nap_seen "$tracer" '^ +0\.[3-9][0-9]{5} |^ +[1-9][0-9]*\.[0-9]{6} ' -r
	nap_seen "$tracer" '^ +0\.[3-9][0-9]{2} |^ +[1-9][0-9]*\.[0-9]{3} ' \
		--relative-timestamps=ms
}

run "$SLTRACE"
[ -x "$STRACE" ] && run "$STRACE"
exit 0
