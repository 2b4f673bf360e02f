#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -o '|command': the trace is piped to a shell command, which has seen all
# of it by the time the tracer exits.
. "$SRCDIR/tests/lib.sh"
need_progs simple exitwith

"$SLTRACE" -o '|cat > piped' "$PROGS/simple" expected > out 2> err
expect_rc 0 $? "tracer"
expect_empty err
[ -f piped ] || fail "the pipe command did not run"
expect_in_order piped expected
[ "$(tail -n 1 piped)" = "+++ exited with 0 +++" ] || { show piped; fail "last line"; }

"$SLTRACE" -o '|tr a-z A-Z > piped' "$PROGS/exitwith" 4
expect_rc 4 $? "tracer (exit code through a pipe)"
[ "$(tail -n 1 piped)" = "+++ EXITED WITH 4 +++" ] || { show piped; fail "last line"; }
