#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# bar_rec(1000): 1001 nested calls, each through libbar's own PLT, traced
# at bar_rec's entry: 1001 entries and 1001 returns, properly nested
# (unfinished / resumed), with the right value at every level; then
# bar_rec(2) once more.  (ltrace gives up at a depth of 62.)
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"

lc_build pie b recurse
"$SLTRACE" -e trace=none "$LC_ENTRY_OPT" bar_rec -o trace b/recurse 1000 exp > out
expect_rc 0 $? "tracer"
expect_line out "ok 500500"
lc_no_traps trace
lc_compare exp trace
