#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -T / --syscall-times[=PRECISION] end each syscall line with the time it
# took, " <0.000012>", after the return value (errors included); a call
# that never returns (exit_group) has none.  A 0.3 s nanosleep takes at
# least 0.3 s (a lower bound).
. "$SRCDIR/tests/lib.sh"
need_progs simple fmtcalls

# check TRACER ERE OPTS...: simple's three lines end with " <ERE>",
# and are otherwise what simple says.
check() {
	local tracer=$1 re=$2
	shift 2
	"$tracer" "$@" -o trace "$PROGS/simple" expected > out
	expect_rc 0 $? "$tracer $*"
	expect_count 3 trace "^(getppid\(\)|write\(1, \"hello|close\(987\)).* <$re>\$"
	expect_match trace '^exit_group\(0\) += \?$'
	sed -E "s/ <$re>\$//" trace > rest
	squeeze expected > want
	squeeze rest > got
	expect_in_order got want
}

nap() {
	local tracer=$1 re=$2
	shift 2
	"$tracer" "$@" -e trace=nanosleep,clock_nanosleep -o trace \
		"$PROGS/fmtcalls" nap 0.3
	expect_match trace "nanosleep\\(.*\\) += 0 <$re>\$"
}

run() {
	local tracer=$1
	check "$tracer" '[0-9]+\.[0-9]{6}' -T
	check "$tracer" '[0-9]+\.[0-9]{6}' -TT
	check "$tracer" '[0-9]+\.[0-9]{6}' --syscall-times
	check "$tracer" '[0-9]+' --syscall-times=s
	check "$tracer" '[0-9]+\.[0-9]{3}' --syscall-times=MS
	check "$tracer" '[0-9]+\.[0-9]{9}' --syscall-times=ns
	check "$tracer" '[0-9]+\.[0-9]{6}' --syscall-times=ns -T
	nap "$tracer" '(0\.[3-9]|[1-9][0-9]*\.)[0-9]{5}[0-9]*' -T
}

run "$SLTRACE"
[ -x "$STRACE" ] && run "$STRACE"
exit 0
