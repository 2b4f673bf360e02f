#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A program sends itself SIGUSR1 three times and counts its handler runs:
# the count stays 3 under the tracer, and each delivery prints
# "--- SIGUSR1 {si_signo=SIGUSR1, si_code=SI_USER, si_pid=P, si_uid=U} ---"
# right after the kill() that caused it.
. "$SRCDIR/tests/lib.sh"
need_progs sigs

"$SLTRACE" -o trace "$PROGS/sigs" handler 3 > out
expect_rc 0 $? "tracer"
pid=$(sed -n 's/^pid //p' out)
expect_line out "handled 3"
sig="--- SIGUSR1 {si_signo=SIGUSR1, si_code=SI_USER, si_pid=$pid, si_uid=$(uid)} ---"
expect_nlines 3 trace "$sig"
expect_count 3 trace "^kill\($pid, (SIGUSR1|10)\) += 0$"
# Each kill line is followed directly by its signal line.
awk -v sig="$sig" '
	prev ~ /^kill\(/ && $0 != sig { bad = 1 }
	{ prev = $0 }
	END { exit bad }' trace || { show trace; fail "a signal line does not follow its kill"; }
