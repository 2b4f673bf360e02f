#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -x prints a whole string in hex when a byte of it needs an escape that
# has no name (\t \n \" stay as they are); -xx prints every string in
# hex; --strings-in-hex=non-ascii-chars writes only those escapes as \xNN.
# The choice is made on the bytes shown (-s), not on the whole buffer.
. "$SRCDIR/tests/lib.sh"
need_progs writestr

# wline FLAGS HEX LINE-CALL: writestr's write of HEX traced with FLAGS.
wline() {
	local flags=$1 hex=$2 call=$3 n
	n=$(( ${#hex} / 2 ))
	# shellcheck disable=SC2086
	"$SLTRACE" -o trace $flags "$PROGS/writestr" -x "$hex" > out
	expect_rc 0 $? "tracer ($flags)"
	expect_line trace "$(tline "$call" "$n")"
}

wline "-x" 616263 'write(1, "abc", 3)'
wline "-x" 6109620a22 'write(1, "a\tb\n\"", 5)'
wline "-x" 610162 'write(1, "\x61\x01\x62", 3)'
wline "-x" 61c3a9 'write(1, "\x61\xc3\xa9", 3)'
wline "-x" 617f 'write(1, "\x61\x7f", 2)'
wline "-x -s 2" 616201 'write(1, "ab"..., 3)'
wline "-x -s 3" 616201 'write(1, "\x61\x62\x01", 3)'
wline "-xx" 61620a 'write(1, "\x61\x62\x0a", 3)'
wline "-xxx" 20 'write(1, "\x20", 1)'
wline "--strings-in-hex" 6162 'write(1, "\x61\x62", 2)'
wline "--strings-in-hex=all" 6162 'write(1, "\x61\x62", 2)'
wline "--strings-in-hex=non-ascii" 610162 'write(1, "\x61\x01\x62", 3)'
wline "--strings-in-hex=NON-ASCII-CHARS" 6101620a1b30 'write(1, "a\x01b\n\x1b0", 6)'
wline "--strings-in-hex=none" 610162 'write(1, "a\1b", 3)'
wline "--strings-in-hex=all --strings-in-hex=none" 610162 'write(1, "a\1b", 3)'
