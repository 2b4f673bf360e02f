#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -ff -o tr: one file per process, tr.PID, no prefixes; the parent's file
# has its lines, the child's file the child's.
. "$SRCDIR/tests/lib.sh"
need_progs forker

"$SLTRACE" -ff -o tr "$PROGS/forker" fork 0 3 > out
expect_rc 0 $? "tracer"
child=$(sed -n 's/^child \([0-9]*\)$/\1/p' child.out)
parent=$(grep -l '^execve(' tr.* | sed 's/^tr\.//')
set -- tr.*
[ $# = 2 ] || { ls >&2; fail "$# trace files, expected 2"; }
[ -f "tr.$child" ] || fail "no tr.$child"
[ -f "tr.$parent" ] || fail "no tr.PARENT"
expect_line "tr.$child" "$(tline 'getppid()' "$parent")"
expect_line "tr.$child" "$(tline 'exit_group(3)' '?')"
[ "$(tail -n 1 "tr.$child")" = "+++ exited with 3 +++" ] || fail "child's last line"
expect_match "tr.$parent" "^clone\(.*\) += $child$"
expect_match "tr.$parent" "^wait4\($child, .*\) += $child$"
[ "$(tail -n 1 "tr.$parent")" = "+++ exited with 0 +++" ] || fail "parent's last line"
expect_no_match "tr.$child" '^[0-9]+ |^\[pid|unfinished|resumed>'
expect_no_match "tr.$parent" '^[0-9]+ |^\[pid|unfinished|resumed>'
