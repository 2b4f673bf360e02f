#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Syscalls with plain arguments print exactly as strace prints them:
# getppid() = N, write(1, "hello\n", 6) = 6, an EBADF error with its
# message, "=" in column 40, exit_group(0) = ?.
. "$SRCDIR/tests/lib.sh"
need_progs simple

"$SLTRACE" -o trace "$PROGS/simple" expected > out
expect_rc 0 $? "tracer"
[ "$(cat out)" = hello ] || { show out; fail "the program's output changed"; }
tline 'exit_group(0)' '?' >> expected
echo "+++ exited with 0 +++" >> expected
expect_in_order trace expected
[ "$(tail -n 1 trace)" = "+++ exited with 0 +++" ] || fail "last line"
# The first line is the execve of the program.
expect_match trace "^execve\(\"$PROGS/simple\", .*\) += 0$"
[ "$(grep -n '^execve(' trace | cut -d: -f1)" = 1 ] || fail "execve is not the first line"
