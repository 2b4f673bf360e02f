#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Detach from a process that is stopped (SIGSTOP while traced): after the
# tracer leaves it must still be stopped (state T) until SIGCONT, then it
# finishes its work.
. "$SRCDIR/tests/lib.sh"
need_progs worker reaper
need_attach

start_worker sleep
start_tracer -o trace -p "$WORKER_PID"
wait_attached "$WORKER_PID"
kill -STOP "$WORKER_PID"
wait_for_state "$WORKER_PID" tT
sleep 0.2
kill -INT "$TRACER_PID"
wait_tracer
expect_rc 130 "$TRACER_RC" "tracer"
expect_line tracer.err "$TOOL: Process $WORKER_PID detached"
expect_line trace "--- stopped by SIGSTOP ---"
wait_untraced "$WORKER_PID"
[ "$(proc_state "$WORKER_PID")" = T ] || fail "state $(proc_state "$WORKER_PID") after detach, expected T"
release_worker
sleep 0.3
[ "$(proc_state "$WORKER_PID")" = T ] || fail "the worker did not stay stopped"
[ ! -e result ] || fail "the worker ran on while stopped"
kill -CONT "$WORKER_PID"
finish_worker sleep 1
