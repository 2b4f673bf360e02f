#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -p of a pid that does not exist: strace's message naming the failed
# PTRACE_SEIZE, exit 1.
. "$SRCDIR/tests/lib.sh"

max=$(cat /proc/sys/kernel/pid_max)
pid=$((max - 1))
while [ -e "/proc/$pid" ]; do
	pid=$((pid - 1))
done
"$SLTRACE" -p "$pid" > out 2> err
expect_rc 1 $? "tracer"
printf '%s\n' "$TOOL: attach: ptrace(PTRACE_SEIZE, $pid): No such process" |
	diff -u - err >&2 || fail "message"
check_no_stopped
