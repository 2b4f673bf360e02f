#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A signal the program ignores: a traced process still reports it (the
# tracer sees ignored signals), and re-injecting it leaves it ignored.
. "$SRCDIR/tests/lib.sh"
need_progs sigs

"$SLTRACE" -o trace "$PROGS/sigs" ignore > out
expect_rc 0 $? "tracer"
pid=$(sed -n 's/^pid //p' out)
expect_line out "still alive"
expect_line trace "--- SIGUSR2 {si_signo=SIGUSR2, si_code=SI_USER, si_pid=$pid, si_uid=$(uid)} ---"
[ "$(tail -n 1 trace)" = "+++ exited with 0 +++" ] || fail "last line"
