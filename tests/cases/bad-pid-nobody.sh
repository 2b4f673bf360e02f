#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -p of a root process by an unprivileged user: "Operation not
# permitted", exit 1, and the target is left untouched (not stopped,
# not traced) and finishes its work.
. "$SRCDIR/tests/lib.sh"
need_progs worker
need_attach

[ "$(id -u)" = 0 ] || skip "needs root to switch to nobody"
command -v setpriv > /dev/null || skip "no setpriv"
setpriv --reuid=nobody --regid=nogroup --clear-groups \
	test -x "$SLTRACE_PATH" 2>/dev/null || skip "nobody cannot run $SLTRACE_PATH"
start_worker sleep
# Run by name from a directory nobody can read: through a symlink of its
# own, as lib.sh does for the other cases.
mkdir -m 755 pub
ln -s "$SLTRACE_PATH" "pub/$TOOL"
chmod 755 .
setpriv --reuid=nobody --regid=nogroup --clear-groups \
	env PATH="$PWD/pub:$PATH" "$TOOL" -p "$WORKER_PID" > out 2> err
expect_rc 1 $? "tracer"
printf '%s\n' "$TOOL: attach: ptrace(PTRACE_SEIZE, $WORKER_PID): Operation not permitted" |
	diff -u - err >&2 || fail "message"
is_traced "$WORKER_PID" && fail "the worker is traced"
check_no_stopped
finish_worker sleep 1
