#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A script stops the program only where it looks (issue 13): under -f
# the seccomp filter lets every syscall the script does not name run
# without a stop.  Counted, not timed: strace records sltrace's own
# wait4 calls while the program makes N openat calls, for two values of
# N; the difference over the difference of N is the stops per openat —
# 0 when the script names another syscall, 2 (entry and exit) when it
# names openat.
. "$SRCDIR/tests/lib.sh"
need_strace
need_progs script_prog

export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"

# per_open SCRIPT: the stops per openat the script costs.
per_open() {
	local n s1 s2
	for n in 100 300; do
		"$STRACE" -qq -e trace=wait4 -o "st.$n" "$SLTRACE" -f -o trace \
			--script "$1" "$PROGS/script_prog" open "$n" /dev/null > out
		expect_rc 0 $? "$1, $n opens: tracer"
		expect_count "$n" out '^open /dev/null [0-9]+$'
	done
	s1=$(grep -cE 'wait4\(.*= [1-9][0-9]*$' st.100)
	s2=$(grep -cE 'wait4\(.*= [1-9][0-9]*$' st.300)
	echo $(((s2 - s1) / 200))
}

got=$(per_open 'syscall:getppid { @n = count(); }')
[ "$got" = 0 ] || fail "a script on getppid stops $got times per openat, not 0"
got=$(per_open 'syscall:openat { @n = count(); }')
[ "$got" = 2 ] || fail "a script on openat stops $got times per openat, not 2"
expect_match trace '^@n: 30[0-9]$'
exit 0
