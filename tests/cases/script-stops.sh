#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A script stops the program only where it looks (issue 13): under -f
# the seccomp filter lets every syscall the script does not name run
# without a stop.  Counted, not timed: strace records sltrace's own
# wait4 calls while the program makes N openat calls, for two values of
# N; the difference over the difference of N is the stops per openat —
# 0 when the script names another syscall, 2 (entry and exit) when it
# names openat.  Under the BPF back end (auto, where it works) a script
# that only aggregates stops never: 0 even on openat; one that prints
# stays on ptrace, 2; one that counts openat and prints elsewhere counts
# in the kernel beside ptrace, 0.
. "$SRCDIR/tests/lib.sh"
need_strace
need_progs script_prog

export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"

# per_open SCRIPT [BACKEND]: the stops per openat the script costs.
per_open() {
	local n s1 s2
	for n in 100 300; do
		SLTRACE_BACKEND=${2:-ptrace} \
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

if "$SLTRACE" --backend=bpf -o /dev/null --script 'syscall:openat { @n = count(); }' true 2> err; then
	got=$(per_open 'syscall:openat { @n = count(); }' auto)
	[ "$got" = 0 ] || fail "a script on openat stops $got times per openat under the BPF back end, not 0"
	expect_match trace '^@n: 30[0-9]$'
	got=$(per_open 'syscall:openat { @n = count(); printf(""); }' auto)
	[ "$got" = 2 ] || fail "a printing script on openat stops $got times per openat, not 2"
	# Its aggregation in the kernel, its printf on ptrace.
	got=$(per_open 'syscall:openat { @n = count(); } syscall:getppid { printf(""); }' auto)
	[ "$got" = 0 ] || fail "a mixed script counting openat stops $got times per openat, not 0"
	expect_match trace '^@n: 30[0-9]$'
else
	note "no BPF back end here: $(head -n 1 err)"
fi
exit 0
