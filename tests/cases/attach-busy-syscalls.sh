#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -p PID of a process making syscalls nonstop, then SIGINT to the tracer:
# it shows the calls, detaches ("Process PID detached") and dies of
# SIGINT (130); the process runs on untraced and its calls keep giving
# the right results until it finishes.
. "$SRCDIR/tests/lib.sh"
need_progs worker reaper
need_attach

start_worker syscalls
start_tracer -o trace -p "$WORKER_PID"
wait_attached "$WORKER_PID"
wait_progress "$WORKER_PID" 20
kill -INT "$TRACER_PID"
wait_tracer
expect_rc 130 "$TRACER_RC" "tracer"
printf '%s\n' "$TOOL: Process $WORKER_PID attached" \
	"$TOOL: Process $WORKER_PID detached" | diff -u - tracer.err >&2 ||
	fail "attach/detach messages"
expect_match trace "^getppid\(\) += $$\$"
wait_untraced "$WORKER_PID"
case $(proc_state "$WORKER_PID") in
[RS]) ;;
*) fail "the worker is in state $(proc_state "$WORKER_PID") after detach" ;;
esac
finish_worker syscalls 1
