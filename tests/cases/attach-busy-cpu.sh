#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -p PID of a process spinning in user space without syscalls: the
# attach works (the tracer must interrupt it), SIGINT detaches, and the
# process spins on and finishes correctly.
. "$SRCDIR/tests/lib.sh"
need_progs worker reaper
need_attach

start_worker cpu
start_tracer -o trace -p "$WORKER_PID"
wait_attached "$WORKER_PID"
is_traced "$WORKER_PID" || fail "attached, but no tracer in /proc/$WORKER_PID/status"
kill -INT "$TRACER_PID"
wait_tracer
expect_rc 130 "$TRACER_RC" "tracer"
expect_line tracer.err "$TOOL: Process $WORKER_PID detached"
wait_untraced "$WORKER_PID"
[ "$(proc_state "$WORKER_PID")" = R ] || fail "the worker does not spin after detach"
finish_worker cpu 1
