#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -s N: a 100-byte string prints its first N bytes then "..." after the
# closing quote; the default N is 32; a string within the limit prints
# whole, without "...".
. "$SRCDIR/tests/lib.sh"
need_progs writestr

s=
for i in 0 1 2 3 4 5 6 7 8 9; do
	s=${s}abcdefghi$i
done
[ ${#s} = 100 ] || fail "test string"

"$SLTRACE" -o trace "$PROGS/writestr" "$s" > out
expect_rc 0 $? "tracer (default)"
[ "$(cat out)" = "$s" ] || fail "the program's output"
expect_line trace "$(tline "write(1, \"${s:0:32}\"..., 100)" 100)"

"$SLTRACE" -s 10 -o trace "$PROGS/writestr" "$s" > out
expect_rc 0 $? "tracer (-s 10)"
expect_line trace "$(tline "write(1, \"${s:0:10}\"..., 100)" 100)"

"$SLTRACE" -s 100 -o trace "$PROGS/writestr" "$s" > out
expect_line trace "$(tline "write(1, \"$s\", 100)" 100)"

"$SLTRACE" -s 0 -o trace "$PROGS/writestr" abc > out
expect_line trace "$(tline 'write(1, ""..., 3)' 3)"

"$SLTRACE" --string-limit=3 -o trace "$PROGS/writestr" abcd > out
expect_line trace "$(tline 'write(1, "abc"..., 4)' 4)"
