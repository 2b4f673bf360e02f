#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A program with a seccomp filter of its own (tests/progs/own_seccomp.c):
# SECCOMP_RET_ERRNO, RET_TRAP (the SIGSYS handler checks si_syscall,
# si_arch, si_call_addr and sets the result), RET_KILL_PROCESS (a child
# dies of SIGSYS), RET_USER_NOTIF (a supervisor thread answers) and
# RET_TRACE (with no tracer asking for it, ENOSYS), all on
# getpriority(PRIO_PROCESS, 9xxx), which sltrace never calls.  The
# program installs its filter after start: after sltrace's, which the
# launched command installs before its execve under -f -e trace=.  Its
# results must be the same traced in every way as untraced.  The case
# unnoticed_seccomp_wrapped.sh has the filter installed before sltrace.
# (strace 6.1 fails the RET_TRACE check under --seccomp-bpf: it takes the
# program's RET_TRACE for its own and runs the call.)
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/unnoticed.sh"
need_progs own_seccomp

un_base "$PROGS/own_seccomp" own
# The program's own checks, untraced.
own_seccomp_results > want.res
diff -u want.res base.res >&2 || { show base.err; fail "untraced: unexpected results"; }

# -L trap_call: a breakpoint on the function that makes the trapped
# syscall (si_call_addr must still be right after its syscall insn).
un_ways getpriority,seccomp 'waitpid' 'trap_call' "$PROGS/own_seccomp" own

un_join f.trace > f.j
un_join filt.trace > filt.j
expect_match f.trace '^[0-9]+ +seccomp\('
expect_match f.j '^[0-9]+ +getpriority\(PRIO_PROCESS, 9301\) = 1001$'
expect_match f.trace '^[0-9]+ +--- SIGSYS \{si_signo=SIGSYS, si_code=SYS_SECCOMP'
expect_match f.trace '^[0-9]+ +\+\+\+ killed by SIGSYS'
# Under sltrace's filter, the program's RET_TRACE is not sltrace's: the
# call still fails with ENOSYS (the notified ones still show: the
# program's filter comes second, and USER_NOTIF beats TRACE).
expect_match filt.j '^[0-9]+ +getpriority\(PRIO_PROCESS, 9401\) = -1 ENOSYS '
expect_match filt.trace '^[0-9]+ +seccomp\('
expect_no_match filt.trace '^[0-9]+ +(ioctl|poll)\('
if [ "$TOOL" != strace ]; then
	expect_match entry.trace '^[0-9]+ +trap_call\(9105'
fi

# Without -f: the main thread only, every syscall.
un_traced nof -- "$PROGS/own_seccomp" own
expect_match nof.trace '^getpriority\(PRIO_PROCESS, 9105\) '
