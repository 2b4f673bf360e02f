#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# execve from a non-leader thread without -f (only the leader traced):
# the new program still runs, and the tracer exits with its exit code.
. "$SRCDIR/tests/lib.sh"
need_progs execer exitwith

"$SLTRACE" -o trace "$PROGS/execer" thread "$PROGS/exitwith" 9 > out
expect_rc 9 $? "tracer"
expect_match out '^tid [0-9]+$'
[ "$(tail -n 1 trace)" = "+++ exited with 9 +++" ] || { show trace; fail "last line"; }
