#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# 16 threads x 2,000 calls of bar_add without -f: the threads are not
# traced but run through the same breakpoints; none of them may die of a
# trap, the program's own checks pass, and the main thread's two calls
# are reported.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"

lc_build pie b threads
"$SLTRACE" -e trace=none -l bar_add -o trace b/threads 16 2000 exp > out
expect_rc 0 $? "tracer"
expect_line out "ok 16 threads x 2000 calls"
lc_no_traps trace
main=$(head -n 1 exp | cut -d ' ' -f 1)
sed -n "s/^$main //p" exp > want
lc_norm trace > got
expect_in_order got want
expect_line got "+++ exited with 0 +++"
