#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The ioctl families of a 32-bit tracee (namespaces, userfaultfd, perf, seccomp notifications,
# random, loop devices, BLKPG, BLKTRACESETUP, FITRIM, fsxattr, FIEMAP,
# evdev and the parameterised command names, HDIO, RTC, watchdogs,
# counters, GPIO, the console's KD*, NBD, LIRC, UBI, MTD, PTP, TEE, SCSI
# generic, Video4Linux2, socket ifreq/ifconf, device mapper, SG_IO, KVM)
# decode as strace shows them: the lines of tests/progs/decode_ioctl traced
# by strace and by the tracer agree under several flag sets.  The program
# needs no device: most calls go to fd -1.
. "$SRCDIR/tests/lib.sh"
[ -x "$PROGS/decode_ioctl32" ] ||
	skip "no 32-bit test program (gcc -m32 with gcc-multilib)"
have_32bit || skip "this kernel runs no 32-bit programs"
need_strace

prog=$PROGS/decode_ioctl32
. "$SRCDIR/tests/cases/decode-ioctl.inc"
