#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -ff writes one file per task, FILE.TID, without pid prefixes: each
# thread's file holds its own 100 getppid calls, whole, and its exit.
. "$SRCDIR/tests/lib.sh"
need_progs threads

"$SLTRACE" -ff -o tr "$PROGS/threads" 4 100 > out
expect_rc 0 $? "tracer"
[ ! -e tr ] || fail "-ff also wrote the plain file"
tids=$(sed -n 's/^tid //p' out)
set -- tr.*
[ $# = 5 ] || { ls >&2; fail "$# trace files, expected 5"; }
for t in $tids; do
	[ -f "tr.$t" ] || fail "no file tr.$t"
	expect_count 100 "tr.$t" '^getppid\(\) += [0-9]+$'
	expect_no_match "tr.$t" 'unfinished|resumed>'
	[ "$(tail -n 1 "tr.$t")" = "+++ exited with 0 +++" ] || fail "tr.$t: last line"
done
# The main thread's file starts with the execve and has no prefixes.
main=$(grep -l '^execve(' tr.*)
[ "$(echo "$main" | wc -w)" = 1 ] || fail "execve in several files"
expect_no_match "$main" '^[0-9]+ '
expect_line "$main" "+++ exited with 0 +++"
