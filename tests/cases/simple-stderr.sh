#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Without -o the trace goes to stderr, and only there: the program's
# stdout is untouched.
. "$SRCDIR/tests/lib.sh"
need_progs simple

"$SLTRACE" "$PROGS/simple" expected > out 2> err
expect_rc 0 $? "tracer"
[ "$(cat out)" = hello ] || { show out; fail "stdout has more than the program's output"; }
expect_in_order err expected
expect_line err "+++ exited with 0 +++"
