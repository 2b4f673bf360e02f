#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# 50 forked children without -f: the children inherit the breakpoints'
# bytes but are not traced, so the tracer must have restored their memory
# before they run: every child exits 0 with the right results (the parent
# checks), and the trace holds exactly the parent's two calls.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"

lc_build pie b forks
"$SLTRACE" -e trace=none -l bar_add -o trace b/forks fork 50 exp > out
rc=$?
[ $rc = 0 ] || show out
expect_rc 0 $rc "tracer"
expect_line out "ok fork 50"
parent=$(head -n 1 exp | cut -d ' ' -f 1)
sed -n "s/^$parent //p" exp > want
grep -v -- '--- SIGCHLD ' trace > trace.nochld
lc_no_traps trace.nochld
lc_compare want trace.nochld
