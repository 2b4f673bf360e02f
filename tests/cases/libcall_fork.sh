#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# 50 forked children under -f, child i calling bar_add i % 5 + 1 times:
# each child's calls are reported exactly, under its pid, and so are the
# parent's calls before and after; every child exits 0 (the parent
# checks: no child died of a trap), no signal but SIGCHLD is reported.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"

lc_build pie b forks
"$SLTRACE" -f -e trace=none -l bar_add -o trace b/forks fork 50 exp > out
expect_rc 0 $? "tracer"
expect_line out "ok fork 50"
grep -v -- '--- SIGCHLD ' trace > trace.nochld
lc_no_traps trace.nochld
lc_tid_norm trace.nochld | grep -vE '^[0-9]+ \+\+\+ exited with 0 \+\+\+$' |
	sort -s -n -k1,1 > got
sort -s -n -k1,1 exp > want
diff -u want got > calls.diff || { show calls.diff; fail "the calls traced differ from the calls made"; }
# Each of the 51 processes exited, and was seen to.
expect_count 51 trace '^[0-9]+ +\+\+\+ exited with 0 \+\+\+$'
