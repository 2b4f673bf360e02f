#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# SIGTERM to a tracer attached with -p: it detaches and dies of SIGTERM
# (143); the process runs on and finishes correctly.
. "$SRCDIR/tests/lib.sh"
need_progs worker reaper
need_attach

start_worker syscalls
start_tracer -o trace -p "$WORKER_PID"
wait_attached "$WORKER_PID"
wait_progress "$WORKER_PID" 10
kill -TERM "$TRACER_PID"
wait_tracer
expect_rc 143 "$TRACER_RC" "tracer"
expect_line tracer.err "$TOOL: Process $WORKER_PID detached"
wait_untraced "$WORKER_PID"
check_no_stopped
finish_worker syscalls 1
