#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A handler with SA_RESTART interrupts a blocking read(): the trace shows
# "= ? ERESTARTSYS (To be restarted if SA_RESTART is set)", the signal,
# and the restarted read that gets the data; the program sees no error.
. "$SRCDIR/tests/lib.sh"
need_progs sigs

"$SLTRACE" -o trace "$PROGS/sigs" restart > out
expect_rc 0 $? "tracer"
expect_line out "read 1 byte 'x', handled 1"
cat > expected <<EOT
? ERESTARTSYS (To be restarted if SA_RESTART is set)
--- SIGUSR1 {si_signo=SIGUSR1, si_code=SI_USER, si_pid=PID, si_uid=$(uid)} ---
read() = 1
EOT
sed -nE -e 's/^read\([0-9]+, .*\) += (\? ERESTARTSYS .*)$/\1/p' \
	-e 's/si_pid=[0-9]+/si_pid=PID/; /^--- SIGUSR1 /p' \
	-e 's/^read\([0-9]+, "x", 1\) += 1$/read() = 1/p' trace > got
diff -u expected got >&2 || { show trace; fail "interrupted read not shown as expected"; }
