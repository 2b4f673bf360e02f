#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Functions that return twice keep their return address: setjmp saves it
# for longjmp, a vfork child returns through it before the parent.  Their
# returns must not be pointed at the trap page (the second return would
# come back with no frame, and the program die of SIGTRAP): their lines end
# with "= ?" at once, and the program runs as it does untraced.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"

[ "$TOOL" = strace ] && exit 0	# library calls are sltrace's own

lc_build pie b twice
b/twice > want || fail "the program fails untraced"
expect_line want "ok 3 7"
for f in "" -f; do
	# shellcheck disable=SC2086
	"$SLTRACE" $f -e trace=none -l '*' -o trace b/twice > out
	expect_rc 0 $? "tracer $f"
	expect_line out "ok 3 7"
	# -o with -f: "PID " before each line.
	sed -E 's/^[0-9]+ +//' trace > trace.nopid
	lc_norm trace.nopid > trace.norm
	expect_count 1 trace.norm '^_setjmp\(0x[0-9a-f]+\) = \?$'
	expect_count 3 trace.norm '^longjmp\(0x[0-9a-f]+, [123]'
	expect_count 1 trace.norm '^vfork\(\) = \?$'
	expect_count 0 trace.norm 'SIGTRAP'
done
exit 0
