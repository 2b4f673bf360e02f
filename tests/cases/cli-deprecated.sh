#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# What strace 6.1 still accepts with a word: -F is -f with a warning, or
# ignored with another when -f is there too; -D without PROG (only -p)
# is refused.  Run against strace too (TOOL=strace): the same words.
. "$SRCDIR/tests/lib.sh"
need_progs forker

"$SLTRACE" -F -o trace "$PROGS/forker" fork 0 3 > out 2> err
expect_rc 0 $? "tracer -F"
expect_line err "$TOOL: option -F is deprecated, please use -f/--follow-forks instead"
child=$(sed -n 's/^child \([0-9]*\) exited 3$/\1/p' out)
[ -n "$child" ] || { show out; fail "forker did not say its child"; }
expect_match trace "^$child +\+\+\+ exited with 3 \+\+\+$"

"$SLTRACE" -F -f -o trace "$PROGS/forker" fork 0 3 > out 2> err
expect_rc 0 $? "tracer -F -f"
expect_line err "$TOOL: deprecated option -F ignored"
expect_match trace '\+\+\+ exited with 3 \+\+\+$'

"$SLTRACE" -D -p 1 > out 2> err
expect_rc 1 $? "tracer -D -p 1"
printf '%s\n' "$TOOL: PROG [ARGS] must be specified with -D/--daemonize" \
	"Try '$TOOL -h' for more information." | diff -u - err >&2 ||
	fail "-D without PROG"
check_no_stopped
