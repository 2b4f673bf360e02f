#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -p of a kernel thread (kthreadd, pid 2), which nobody may trace, not
# even root: "Operation not permitted", exit 1.
. "$SRCDIR/tests/lib.sh"

[ "$(cat /proc/2/comm 2>/dev/null)" = kthreadd ] || skip "pid 2 is not kthreadd here"
"$SLTRACE" -p 2 > out 2> err
expect_rc 1 $? "tracer"
printf '%s\n' "$TOOL: attach: ptrace(PTRACE_SEIZE, 2): Operation not permitted" |
	diff -u - err >&2 || fail "message"
check_no_stopped
