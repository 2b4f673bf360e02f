#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Every ioctl command number strace 6.1 names on x86_64 or i386, and every
# number of the tracer's tables, prints in an i386 tracee as strace
# prints it (the numbers of structs with a long or a pointer differ from
# x86_64's, and where FOO32 or FOO_TIME32 has FOO's number, strace shows
# the sized name alone).
# The program (tests/progs/decode_ioctl_names32) calls ioctl(-1, number, 0).
. "$SRCDIR/tests/lib.sh"
[ -x "$PROGS/decode_ioctl_names32" ] ||
	skip "no 32-bit test program (gcc -m32 with gcc-multilib)"
have_32bit || skip "this kernel runs no 32-bit programs"
need_strace

prog=$PROGS/decode_ioctl_names32
. "$SRCDIR/tests/cases/decode-ioctl-names.inc"
