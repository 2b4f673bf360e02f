#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A syscall number without a name prints as syscall_0xNR with its six
# arguments in hex, and its error as usual.
. "$SRCDIR/tests/lib.sh"
need_progs rawsys

"$SLTRACE" -o trace "$PROGS/rawsys" 1000 > out
expect_rc 0 $? "tracer"
expect_line out "errno 38"
expect_line trace "syscall_0x3e8(0x1, 0x2, 0x3, 0x4, 0x5, 0x6) = -1 ENOSYS (Function not implemented)"
