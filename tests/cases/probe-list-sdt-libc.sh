#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# --list-probes sdt:libc:*: glibc's USDT points (memory_*, setjmp...) when
# its build has them (Debian's has none: then the listing must be empty),
# with readelf -n as the oracle.
. "$SRCDIR/tests/lib.sh"

. "$SRCDIR/tests/cases/probe-list-sdt.inc"

prog=$PROGS/probe_list
libc=$(ldd "$prog" | awk '$1 == "libc.so.6" { print $3 }')
[ -r "$libc" ] || skip "no libc.so.6 in ldd's output"
notes_of "$libc" > want
"$SLTRACE" --list-probes 'sdt:libc:*@libc.so.6' -- "$prog" > out 2> err
expect_rc 0 $? "sdt:libc:*"
if [ ! -s want ]; then
	# What readelf shows is what sltrace shows: nothing.
	expect_empty out
	note "$libc has no .note.stapsdt (glibc built without systemtap)"
	exit 0
fi
diff -u want out >&2 || fail "libc's points differ from readelf -n"
grep -q '^sdt:libc:setjmp@' out || fail "no sdt:libc:setjmp"
exit 0
