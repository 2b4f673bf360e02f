#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -i / --instruction-pointer: "[%016lx] " (8 digits for a 32-bit tracee)
# before each line: the address after the syscall instruction on syscall
# lines, the task's current address on signal lines (where a signal
# raised by kill() arrives: the same address as the kill line), and
# question marks on the exit line.
. "$SRCDIR/tests/lib.sh"
need_progs fmtcalls fmtcalls32

# check TRACER PROG WIDTH OPTS...
check() {
	local tracer=$1 prog=$2 w=$3 q kill_ip sig_ip
	shift 3
	q=$(printf '%*s' "$w" '' | tr ' ' '?')
	"$tracer" "$@" -o trace "$PROGS/$prog" calls nrs
	expect_rc 0 $? "$tracer $* $prog"
	# execve is entered by the 64-bit tracer child, then all is $prog's.
	sed -e '1{/execve(/d}' trace > rest
	if grep -qvE "^\\[[0-9a-f]{$w}\\] |^\\[\\?{$w}\\] \\+\\+\\+ " rest; then
		show trace
		fail "$tracer $* $prog: a line without a $w-digit address"
	fi
	expect_match trace "^\\[[0-9a-f]{16}\\] execve\\("
	expect_line trace "[$q] +++ exited with 0 +++"
	expect_match trace "^\\[[0-9a-f]{$w}\\] getppid\\(\\) +="
	expect_match trace "^\\[[0-9a-f]{$w}\\] close\\(987\\) += -1 EBADF"
	kill_ip=$(sed -nE 's/^\[([0-9a-f]+)\] kill\(.*SIGUSR1\) += 0$/\1/p' trace)
	sig_ip=$(sed -nE 's/^\[([0-9a-f]+)\] --- SIGUSR1 \{.*/\1/p' trace)
	[ -n "$kill_ip" ] && [ "$kill_ip" = "$sig_ip" ] || {
		show trace; fail "$tracer $* $prog: SIGUSR1 not at the kill's address"; }
}

run() {
	check "$1" fmtcalls 16 -i
	check "$1" fmtcalls 16 --instruction-pointer
	if have_32bit; then
		check "$1" fmtcalls32 8 -i
	else
		note "no 32-bit support: fmtcalls32 not checked"
	fi
	# Filtered: the same, whether or not the untraced calls stop.
	check "$1" fmtcalls 16 -i -e trace=execve,getppid,kill,close
}

run "$SLTRACE"
[ -x "$STRACE" ] && run "$STRACE"
exit 0
