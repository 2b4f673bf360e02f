#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -k under library calls: each bar_add line is followed by the caller's
# stack, innermost first, beginning in the program's loop function (the
# call site) and going out through main; ltrace's -w N gives N frames.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"

[ "$TOOL" = strace ] && exit 0	# library calls are sltrace's own

lc_build pie b loop

"$SLTRACE" -k -e trace=none -l bar_add -o trace b/loop count 3 > out
expect_rc 0 $? "-k -l: tracer"
expect_line out "ok 6"
expect_count 3 trace '^bar_add\('
# The line right after each call is its innermost frame: the program.
grep -A1 '^bar_add(' trace | grep -v '^bar_add(' | grep -v '^--$' > first
expect_count 3 first '^ > .*/b/loop\([a-z_]+\+0x[0-9a-f]+\) \[0x[0-9a-f]+\]$'
expect_count 3 trace '^ > .*/b/loop\(main\+0x[0-9a-f]+\) \[0x[0-9a-f]+\]$'

# ltrace -w 1: one frame under each call.
ln -sf "$SLTRACE_PATH" ltrace || fail "cannot link ltrace"
./ltrace -w 1 -e bar_add -o ltr b/loop count 3 > out
expect_rc 0 $? "ltrace -w 1: tracer"
expect_count 3 ltr 'bar_add\('
expect_count 3 ltr '^ > '
exit 0
