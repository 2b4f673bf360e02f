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

prog=$PROGS/decode_uring32
. "$SRCDIR/tests/cases/decode-uring.inc"
