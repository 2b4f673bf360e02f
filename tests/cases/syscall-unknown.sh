#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A syscall number without a name prints as syscall_0xNR with its six
# arguments in hex, and its error as usual; -d says "invalid syscall" for
# a number past the kernel's table, as strace does -- for an i386 tracee
# too, where numbers from 1000 on are sltrace's own rows of i386's
# sub-calls (accept, send, recv, semop, semtimedop), not the kernel's.
. "$SRCDIR/tests/lib.sh"
need_progs rawsys

"$SLTRACE" -o trace "$PROGS/rawsys" 1000 > out
expect_rc 0 $? "tracer"
expect_line out "errno 38"
expect_line trace "syscall_0x3e8(0x1, 0x2, 0x3, 0x4, 0x5, 0x6) = -1 ENOSYS (Function not implemented)"

"$SLTRACE" -d -e trace=none "$PROGS/rawsys" 1000 > out 2> err
expect_rc 0 $? "tracer -d"
expect_match err ": pid [0-9]+ invalid syscall 0x3e8\$"

[ -x "$PROGS/rawsys32" ] || exit 0
have_32bit || exit 0
for nr in 1000 1002 1004 600; do
	hex=$(printf '%#x' $nr)
	"$SLTRACE" -o trace "$PROGS/rawsys32" $nr > out
	expect_rc 0 $? "tracer, i386 $nr"
	expect_line out "errno 38"
	expect_line trace "syscall_$hex(0x1, 0x2, 0x3, 0x4, 0x5, 0x6) = -1 ENOSYS (Function not implemented)"
	"$SLTRACE" -d -e trace=none "$PROGS/rawsys32" $nr > out 2> err
	expect_rc 0 $? "tracer -d, i386 $nr"
	expect_match err ": pid [0-9]+ invalid syscall $hex\$"
done
