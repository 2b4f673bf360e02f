#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# vfork children (sharing the parent's memory, breakpoints included) each
# calling bar_add once.  Under -f every call is reported under the right
# pid; without -f the untraced children must not die of a trap (the
# parent checks each one's exit) and the trace holds the parent's calls.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"

lc_build pie b forks

note "-f"
"$SLTRACE" -f -e trace=none -l bar_add -o trace b/forks vfork 5 exp > out
expect_rc 0 $? "tracer (-f)"
expect_line out "ok vfork 5"
grep -v -- '--- SIGCHLD ' trace > trace.nochld
lc_no_traps trace.nochld
lc_tid_norm trace.nochld | grep -vE '^[0-9]+ \+\+\+ exited with 0 \+\+\+$' |
	sort -s -n -k1,1 > got
sort -s -n -k1,1 exp > want
diff -u want got > calls.diff || { show calls.diff; fail "-f: the calls traced differ from the calls made"; }

note "without -f"
"$SLTRACE" -e trace=none -l bar_add -o trace2 b/forks vfork 5 exp2 > out2
rc=$?
[ $rc = 0 ] || show out2
expect_rc 0 $rc "tracer (no -f)"
expect_line out2 "ok vfork 5"
parent=$(head -n 1 exp2 | cut -d ' ' -f 1)
sed -n "s/^$parent //p" exp2 > want2
grep -v -- '--- SIGCHLD ' trace2 > trace2.nochld
lc_no_traps trace2.nochld
lc_compare want2 trace2.nochld
