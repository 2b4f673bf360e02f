#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Bytes in a string print with strace's escapes: \n \t \r \\ \" as such,
# other non-printables in octal (\0, \177, \377), and "\000" when a digit
# follows, so that the octal number cannot swallow it; -s counts bytes.
. "$SRCDIR/tests/lib.sh"
need_progs writestr

"$SLTRACE" -o trace "$PROGS/writestr" -x 41420a090d5c22000102037f80ff20417a7e > out
expect_rc 0 $? "tracer"
expect_line trace "$(tline 'write(1, "AB\n\t\r\\\"\0\1\2\3\177\200\377 Az~", 18)' 18)"

"$SLTRACE" -o trace "$PROGS/writestr" -x 00310a > out
expect_line trace "$(tline 'write(1, "\0001\n", 3)' 3)"

"$SLTRACE" -s 4 -o trace "$PROGS/writestr" -x 41420a090d5c22 > out
expect_line trace "$(tline 'write(1, "AB\n\t"..., 7)' 7)"
