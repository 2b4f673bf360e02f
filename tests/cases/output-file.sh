#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -o FILE: the whole trace goes to FILE (created or truncated), nothing to
# stderr; the program's stdout and stderr are its own.
. "$SRCDIR/tests/lib.sh"
need_progs simple

echo "old content" > trace
"$SLTRACE" -o trace "$PROGS/simple" expected > out 2> err
expect_rc 0 $? "tracer"
expect_empty err
[ "$(cat out)" = hello ] || fail "stdout"
expect_no_match trace "old content"
expect_in_order trace expected
[ "$(tail -n 1 trace)" = "+++ exited with 0 +++" ] || fail "last line"
