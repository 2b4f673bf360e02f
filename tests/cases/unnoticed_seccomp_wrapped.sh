#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A seccomp filter installed before sltrace starts (tests/progs/own_seccomp.c
# "wrap"): sltrace and the command it launches run under it, and the
# wrapper answers its notifications from outside.  The filter acts on
# getpriority(PRIO_PROCESS, 9xxx) only, which sltrace never calls; the
# program ("inherited") checks every action, and its results must be the
# same traced as untraced.
#
# Under -f -e trace=, sltrace's filter comes after the wrapper's.  The
# set leaves getpriority out: when two filters both return
# SECCOMP_RET_TRACE, the kernel keeps the newer one's (sltrace's), so a
# RET_TRACE of the older filter cannot be told from sltrace's own for a
# syscall sltrace traces too (the program would see it run rather than
# fail with ENOSYS) -- a limit of seccomp, not of this program.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/unnoticed.sh"
need_progs own_seccomp

UN_PREFIX=("$PROGS/own_seccomp" wrap)
un_base "$PROGS/own_seccomp" inherited
own_seccomp_results > want.res
diff -u want.res base.res >&2 || { show base.err; fail "untraced: unexpected results"; }

un_ways wait4,rt_sigaction waitpid trap_call "$PROGS/own_seccomp" inherited

un_join f.trace > f.j
expect_match f.j '^[0-9]+ +getpriority\(PRIO_PROCESS, 9302\) += 1002$'
expect_match f.j '^[0-9]+ +getpriority\(PRIO_PROCESS, 9401\) += -1 ENOSYS '
expect_match f.trace '^[0-9]+ +\+\+\+ killed by SIGSYS'
un_join filt.trace > filt.j
expect_match filt.j '^[0-9]+ +wait4\(.*WTERMSIG\(s\) == SIGSYS'
expect_no_match filt.trace '^[0-9]+ +getpriority\('

un_traced nof -- "$PROGS/own_seccomp" inherited
expect_match nof.trace '^getpriority\(PRIO_PROCESS, 9105\) '
