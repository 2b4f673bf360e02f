#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A command that exists but cannot be executed: the execve fails in the
# child (EACCES shown in the trace), "TOOL: exec: Permission denied",
# the child exits 1 and so does the tracer.
. "$SRCDIR/tests/lib.sh"

printf 'not a program\n' > noexec
chmod 644 noexec
"$SLTRACE" -o trace ./noexec > out 2> err
expect_rc 1 $? "tracer"
expect_line err "$TOOL: exec: Permission denied"
expect_match trace '^execve\("\./noexec", .*\) += -1 EACCES \(Permission denied\)$'
[ "$(tail -n 1 trace)" = "+++ exited with 1 +++" ] || { show trace; fail "last line"; }
check_no_stopped
