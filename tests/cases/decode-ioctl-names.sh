#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Every ioctl command number strace 6.1 names on x86_64 or i386, and every
# number of the tracer's tables, prints in a 64-bit tracee as strace
# prints it: the same name, the same "A or B" of a number several drivers
# share, the same _IOC(...) for a number strace does not name.  The
# program (tests/progs/decode_ioctl_names) calls ioctl(-1, number, 0).
. "$SRCDIR/tests/lib.sh"
need_progs decode_ioctl_names
need_strace

prog=$PROGS/decode_ioctl_names
. "$SRCDIR/tests/cases/decode-ioctl-names.inc"
