#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# decode-netlink.sh's program built -m32: the same messages from an i386
# tracee decode as strace shows them.
. "$SRCDIR/tests/lib.sh"
need_progs decode_netlink32
have_32bit || skip "this kernel runs no 32-bit programs"
need_strace

cmp=$SRCDIR/tests/progs/decode_proc_cmp
prog=$PROGS/decode_netlink32
for flags in "" "-X verbose" "-s 5"; do
	note "flags: ${flags:-(none)}"
	# shellcheck disable=SC2086
	"$STRACE" $flags -o strace.out "$prog" 2>/dev/null ||
		fail "strace $flags failed"
	# shellcheck disable=SC2086
	"$SLTRACE" $flags -o sltrace.out "$prog" || fail "$TOOL $flags failed"
	"$cmp" strace.out sltrace.out >&2 ||
		fail "lines differ with flags '$flags'"
done
