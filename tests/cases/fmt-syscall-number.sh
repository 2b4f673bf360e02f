#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -n / --syscall-number: "[%4u] " before each line, the number of the
# syscall in the tracee's own ABI (the program writes them down); event
# lines show the task's last syscall: kill before its SIGUSR1, exit_group
# before "+++ exited".  The 32-bit program's execve was entered as the
# 64-bit execve (59), and so was its personality note; its socketcall
# and ipc sub-calls show socketcall's and ipc's numbers.
. "$SRCDIR/tests/lib.sh"
need_progs fmtcalls fmtcalls32

# nr NAME: the number the program wrote for NAME, as "[%4u]".
nr() {
	printf '[%4u]' "$(sed -n "s/^$1 //p" nrs)"
}

check() {
	local tracer=$1 prog=$2
	shift 2
	"$tracer" "$@" -o trace "$PROGS/$prog" calls nrs
	expect_rc 0 $? "$tracer $* $prog"
	if grep -qvE '^\[ *[0-9]+\] ' trace; then
		show trace
		fail "$tracer $* $prog: a line without a syscall number"
	fi
	expect_match trace '^\[  59\] execve\('
	expect_match trace "^\\$(nr getppid) getppid\\(\\) +="
	expect_match trace "^\\$(nr kill) kill\\(.*SIGUSR1\\) += 0\$"
	expect_match trace "^\\$(nr kill) --- SIGUSR1 \\{"
	expect_match trace "^\\$(nr close) close\\(987\\) += -1 EBADF"
	expect_match trace "^\\$(nr exit_group) exit_group\\(0\\) += \\?\$"
	expect_line trace "$(nr exit_group) +++ exited with 0 +++"
	# i386 sub-calls show the number called (socketcall's, ipc's), not
	# their own rows' (listen's 363, or accept's, which has none).
	if grep -q '^socketcall ' nrs; then
		expect_match trace "^\\$(nr socketcall) listen\\(987, 0\\) += -1 EBADF"
		expect_match trace "^\\$(nr socketcall) accept\\(987, NULL, NULL\\) += -1 EBADF"
		expect_match trace "^\\$(nr ipc) semget\\(0x1234, 0, 000\\) += "
		expect_match trace "^\\$(nr ipc) semop\\(-1, NULL, 0\\) += -1 EINVAL"
	fi
}

run() {
	check "$1" fmtcalls -n
	check "$1" fmtcalls --syscall-number
	# -o with a command silences the personality note unless told.
	if have_32bit; then
		check "$1" fmtcalls32 -n -e quiet=none
		expect_match trace '^\[  59\] \[ Process PID=[0-9]+ runs in 32 bit mode\. \]$'
	else
		note "no 32-bit support: fmtcalls32 not checked"
	fi
}

run "$SLTRACE"
[ -x "$STRACE" ] && run "$STRACE"
exit 0
