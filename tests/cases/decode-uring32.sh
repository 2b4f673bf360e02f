#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The io_uring syscalls of a 32-bit tracee (tests/progs/decode_uring
# built -m32): 32-bit pointers in the structs' 64-bit fields, iovecs of
# 32-bit words, as strace shows them.
. "$SRCDIR/tests/lib.sh"
[ -x "$PROGS/decode_uring32" ] ||
	skip "no 32-bit test program (gcc -m32 with gcc-multilib)"
have_32bit || skip "this kernel runs no 32-bit programs"
need_strace

cmp=$SRCDIR/tests/progs/decode_proc_cmp
prog=$PROGS/decode_uring32
for flags in "" "-y" "-v" "-X verbose" "-X raw" "-s 5" \
	"-e inject=io_uring_register:retval=42"; do
	note "flags: ${flags:-(none)}"
	# shellcheck disable=SC2086
	"$STRACE" $flags -o strace.out "$prog" 2>/dev/null ||
		fail "strace $flags failed"
	# shellcheck disable=SC2086
	"$SLTRACE" $flags -o sltrace.out "$prog" || fail "$TOOL $flags failed"
	"$cmp" strace.out sltrace.out >&2 ||
		fail "lines differ with flags '$flags'"
done
