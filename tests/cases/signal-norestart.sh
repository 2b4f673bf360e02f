#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Without SA_RESTART the interrupted read() fails with EINTR in the
# program, and the trace shows rt_sigreturn returning that error.
. "$SRCDIR/tests/lib.sh"
need_progs sigs

"$SLTRACE" -o trace "$PROGS/sigs" norestart > out
expect_rc 0 $? "tracer"
expect_line out "read: Interrupted system call, handled 1"
expect_match trace '^read\([0-9]+, .*\) += \? ERESTARTSYS \(To be restarted if SA_RESTART is set\)$'
expect_match trace "^--- SIGUSR1 \{si_signo=SIGUSR1, si_code=SI_USER, si_pid=[0-9]+, si_uid=$(uid)\} ---$"
expect_match trace '^rt_sigreturn\(.*\) += -1 EINTR \(Interrupted system call\)$'
expect_no_match trace '^read\([0-9]+, "x", 1\)'
