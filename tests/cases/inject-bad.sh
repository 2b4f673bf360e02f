#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Bad -e inject= and -e fault= values: strace 6.1's messages, exit 1, and
# nothing run.  The KEY=VALUE parts are checked before the SET, the
# "nothing to do" check comes last.
. "$SRCDIR/tests/lib.sh"

# bad KIND VALUE MESSAGE
bad() {
	"$SLTRACE" -e "$1=$2" true > out 2> err
	expect_rc 1 $? "tracer ($1=$2)"
	echo "$TOOL: $3" > want
	diff want err > /dev/null || { show err; fail "$1=$2: expected: $3"; }
	expect_empty out
}

# good KIND VALUE: accepted (and the command runs).
good() {
	"$SLTRACE" -o /dev/null -e trace=none -e "$1=$2" true 2> err
	expect_rc 0 $? "tracer ($1=$2)"
	expect_empty err
}

inv() {
	bad "$1" "$2" "invalid $1 argument '$2'"
}

# Nothing to do, unknown or repeated parts, bad values.
for v in chdir chdir: chdir:when=2 chdir:foo chdir:foo=1 chdir:ERROR=EIO \
	 chdir:error= chdir:error=FOO chdir:error=0 chdir:error=4096 \
	 chdir:error=-1 chdir:error=0x5 'chdir:error=1 ' chdir:error=EWOULDBLOCK \
	 chdir:error=ENOENT:error=EPERM chdir:error=ENOENT:retval=1 \
	 chdir:retval= chdir:retval=x chdir:retval=08 chdir:retval=18446744073709551616 \
	 chdir:signal=0 chdir:signal=65 chdir:signal=FOO chdir:signal=SIGIOT \
	 chdir:signal=+10 chdir:signal=USR1:signal=USR2 \
	 chdir:syscall=getpid chdir:syscall=chdir:error=1 chdir:syscall=39:error=1 \
	 chdir:syscall=getpid:syscall=getppid:error=1 chdir:syscall=getuid32:error=1 \
	 chdir:when=0:error=1 chdir:when=65536:error=1 chdir:when=2..1:error=1 \
	 chdir:when=1..65535:error=1 chdir:when=1+0:error=1 chdir:when=1++:error=1 \
	 chdir:when=1..2..3:error=1 'chdir:when=1 :error=1' chdir:when=-1:error=1 \
	 chdir:delay_enter=x chdir:delay_enter=-1 chdir:delay_enter=1S chdir:delay_enter=inf \
	 'chdir:delay_enter= 1.5' chdir:delay_enter=0x10 chdir:delay_enter=9223372036854775808ns \
	 chdir:delay_exit=1:delay_exit=2 foo:error=BAD none all; do
	inv inject "$v"
done
for v in chdir:retval=1 chdir:signal=USR1 chdir:delay_enter=1 chdir:delay_exit=1 \
	 chdir:foo chdir:error= chdir:error=ENOENT:error=ENOENT; do
	inv fault "$v"
done

# The SET, read after the parts.
for k in inject fault; do
	bad $k foo:error=EIO "invalid system call 'foo'"
	bad $k '' "invalid system call ''"
	bad $k :error=EIO "invalid system call ''"
	bad $k '!' "invalid system call '!'"
	bad $k foo "invalid system call 'foo'"
done

# What strace takes.
for v in chdir:error=enoent 'chdir:error= +5' chdir:error=ERESTARTSYS chdir:retval=0x10 \
	 'chdir:retval= 1' chdir:signal=010 chdir:signal=rt_1 chdir:signal=SIGRT_32 \
	 chdir:syscall=getpid:signal=USR1 chdir::error=EIO: '?foo:error=EIO' \
	 chdir:when=1..+2:error=1 'chdir:when= 2+ 3:error=1' chdir:when=65535+65535:error=1 \
	 chdir:delay_enter=-0 chdir:delay_enter=.5ms chdir:delay_exit=1e30 \
	 chdir:delay_exit=9223372036854775807ns 'chdir@32:error=1' '/^chd:error=1' \
	 chdir:when=2:when=3:error=1; do
	good inject "$v"
done
for v in chdir chdir: all none chdir:syscall=getpid chdir:when=2; do
	good fault "$v"
done
