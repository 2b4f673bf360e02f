#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The same for a 32-bit tracee (tests/progs/decode_sweep built -m32):
# i386's own syscalls, 32-bit longs and pointers.
. "$SRCDIR/tests/lib.sh"
[ -x "$PROGS/decode_sweep32" ] ||
	skip "no 32-bit test program (gcc -m32 with gcc-multilib)"
have_32bit || skip "this kernel runs no 32-bit programs"
need_strace

prog=$PROGS/decode_sweep32
. "$SRCDIR/tests/cases/decode-sweep.inc"
