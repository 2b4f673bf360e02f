#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The seccomp decoder for a 32-bit tracee: struct sock_fprog with its
# 32-bit pointer (tests/progs/decode_seccomp built -m32), as strace shows
# it.
. "$SRCDIR/tests/lib.sh"
[ -x "$PROGS/decode_seccomp32" ] ||
	skip "no 32-bit test program (gcc -m32 with gcc-multilib)"
have_32bit || skip "this kernel runs no 32-bit programs"
need_strace

cmp=$SRCDIR/tests/progs/decode_proc_cmp
prog=$PROGS/decode_seccomp32
for flags in "" "-v" "-X verbose" "-X raw" "-v -X verbose" "-v -X raw" \
	"-y"; do
	note "flags: ${flags:-(none)}"
	# shellcheck disable=SC2086
	"$STRACE" $flags -o strace.out "$prog" 2>/dev/null ||
		fail "strace $flags failed"
	# shellcheck disable=SC2086
	"$SLTRACE" $flags -o sltrace.out "$prog" || fail "$TOOL $flags failed"
	"$cmp"  strace.out sltrace.out >&2 ||
		fail "lines differ with flags '$flags'"
done
