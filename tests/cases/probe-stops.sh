#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A probe hit costs one ptrace stop, a %return probe two (the entry and
# the return): counted, not timed.  strace (without -f: sltrace must
# trace the program itself) records sltrace's own wait4 and ptrace calls
# while the loop program calls bar_add N times, for two values of N; the
# difference over the difference of N is the cost of one hit, in
# resumptions (PTRACE_CONT, PTRACE_SYSCALL, PTRACE_SINGLESTEP...) and in
# stops (wait4 returning a pid).  The loop makes no syscall per call, so
# everything else is the same in both runs and cancels out.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"
need_strace

lc_build pie b loop

# LeakSanitizer cannot run in a traced process (the sanitizer stage of
# .ci/run): the leak check is the other cases' business.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"

# per_hit WHAT SPEC...: prints "RESUMPTIONS STOPS" per call of bar_add.
per_hit() {
	local what=$1 n r1 s1 r2 s2
	shift
	for n in 100 300; do
		"$STRACE" -qq -e trace=ptrace,wait4 -o "st.$n" "$SLTRACE" \
			-e trace=none -o trace "$@" b/loop count "$n" > out
		expect_rc 0 $? "$what, $n calls: tracer"
		expect_line out "ok $((n * (n + 1) / 2))"
		expect_count "$n" trace '^--- probe '
	done
	r1=$(grep -cE 'ptrace\(PTRACE_(CONT|SYSCALL|SINGLESTEP|SYSEMU[A-Z_]*|LISTEN),' st.100)
	r2=$(grep -cE 'ptrace\(PTRACE_(CONT|SYSCALL|SINGLESTEP|SYSEMU[A-Z_]*|LISTEN),' st.300)
	s1=$(grep -cE '^wait4\(.*= [1-9][0-9]*$' st.100)
	s2=$(grep -cE '^wait4\(.*= [1-9][0-9]*$' st.300)
	awk -v a=$((r2 - r1)) -v b=$((s2 - s1)) 'BEGIN { print a / 200, b / 200 }'
}

check() {
	local what=$1 want=$2 got
	shift 2
	got=$(per_hit "$what" "$@")
	[ "$got" = "$want $want" ] ||
		fail "$what: a hit costs (resumptions, stops) $got, expected $want $want"
	note "$what: $got"
}

check "an entry probe" 1 --probe 'bar_add a b'
check "a %return probe" 2 --probe 'bar_add%return'
check "a line probe" 1 --probe 'loop.c:88 i'
exit 0
