#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -p PID of a process that is already stopped: the tracer reports the
# stop, and after SIGINT the process is still stopped (T); SIGCONT lets
# it finish.
. "$SRCDIR/tests/lib.sh"
need_progs worker reaper
need_attach

start_worker sleep
kill -STOP "$WORKER_PID"
wait_for_state "$WORKER_PID" T
start_tracer -o trace -p "$WORKER_PID"
wait_attached "$WORKER_PID"
sleep 0.2
kill -INT "$TRACER_PID"
wait_tracer
expect_rc 130 "$TRACER_RC" "tracer"
expect_line tracer.err "$TOOL: Process $WORKER_PID detached"
expect_line trace "--- stopped by SIGSTOP ---"
wait_untraced "$WORKER_PID"
[ "$(proc_state "$WORKER_PID")" = T ] || fail "state $(proc_state "$WORKER_PID") after detach, expected T"
kill -CONT "$WORKER_PID"
finish_worker sleep 1
