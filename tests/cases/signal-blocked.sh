#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A signal sent while blocked stays pending and is delivered when the
# program unblocks it: the signal line comes after the unblocking
# rt_sigprocmask, not after the kill, and the handler runs once.
. "$SRCDIR/tests/lib.sh"
need_progs sigs

"$SLTRACE" -o trace "$PROGS/sigs" block > out
expect_rc 0 $? "tracer"
pid=$(sed -n 's/^pid //p' out)
printf '%s\n' "handled 0 while blocked" "pending 1" "handled 1 after unblock" > want
grep -v '^pid ' out | diff -u want - >&2 || fail "the program saw the signal differently"
sig="--- SIGUSR1 {si_signo=SIGUSR1, si_code=SI_USER, si_pid=$pid, si_uid=$(uid)} ---"
expect_count 1 trace "^--- SIGUSR1 "
# Order: kill, rt_sigpending, rt_sigprocmask (unblock), then the signal.
awk -v sig="$sig" '
	/^kill\(/ && step == 0 { step = 1 }
	/^rt_sigpending\(/ && step == 1 { step = 2 }
	/^rt_sigprocmask\(/ && step == 2 { step = 3 }
	$0 == sig { got = step }
	END { exit got != 3 }' trace || { show trace; fail "signal not delivered at unblock"; }
