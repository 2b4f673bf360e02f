#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The btrfs ioctls of a 32-bit tracee (where a __u64 is 4-aligned: the
# send and received-subvolume structs have other sizes and offsets)
# decode as strace shows them: the lines of tests/progs/decode_btrfs32
# traced by strace and by the tracer agree under several flag sets.
. "$SRCDIR/tests/lib.sh"
[ -x "$PROGS/decode_btrfs32" ] ||
	skip "no 32-bit test program (gcc -m32 with gcc-multilib)"
have_32bit || skip "this kernel runs no 32-bit programs"
need_strace

prog=$PROGS/decode_btrfs32
. "$SRCDIR/tests/cases/decode-btrfs.inc"
