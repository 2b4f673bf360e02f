#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -k: under the write that main -> a -> b -> c makes, the frames of c, b,
# a and main, in this order and consecutive, right under libc's; for the
# chain built as PIE with frame pointers, -no-pie, -fomit-frame-pointer
# and -m32, and for a stripped copy of each: the same frames without
# names, at the same file offsets.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/stack.sh"
need_progs stack_chain stack_chain_nopie stack_chain_nofp stack_chain32
command -v strip > /dev/null || skip "no strip"

check() {	# check PROGRAM-PATH NAME: -k of it and of a stripped copy
	local prog=$1 name=$2 obj

	"$SLTRACE" -k -e trace=write -o "$name.trace" "$prog" > "$name.out"
	expect_rc 0 $? "$name: tracer"
	expect_line "$name.out" "chain"
	obj=$(realpath "$prog")
	stack_after "$name.trace" '^write\(1, "chain' > "$name.frames"
	expect_chain "$name" "$name.frames" "$obj" c b a main

	strip -o "$name-stripped" "$prog" || fail "cannot strip $prog"
	"$SLTRACE" -k -e trace=write -o "$name-s.trace" "./$name-stripped" \
		> /dev/null
	expect_rc 0 $? "$name stripped: tracer"
	stack_after "$name-s.trace" '^write\(1, "chain' > "$name-s.frames"
	chain_frames "$name.frames" "$obj" 4 | awk '{ print "-", $3 }' > want
	chain_frames "$name-s.frames" "$PWD/$name-stripped" 4 |
		awk '{ print $2, $3 }' > got
	diff -u want got >&2 || {
		show "$name.frames" "$name-s.frames"
		fail "$name stripped: frames differ from the unstripped ones"
	}
}

check "$PROGS/stack_chain" pie
check "$PROGS/stack_chain_nopie" nopie
check "$PROGS/stack_chain_nofp" nofp
# strace's libunwind back end unwinds no 32-bit tracee.
if [ "$TOOL" = strace ]; then
	:
elif have_32bit; then
	check "$PROGS/stack_chain32" m32
else
	note "no 32-bit support: stack_chain32 not checked"
fi
exit 0
