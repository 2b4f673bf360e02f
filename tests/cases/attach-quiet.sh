#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -q suppresses the attach and detach messages.
. "$SRCDIR/tests/lib.sh"
need_progs worker reaper
need_attach

start_worker sleep
start_tracer -q -o trace -p "$WORKER_PID"
wait_for_match "/proc/$WORKER_PID/status" '^TracerPid:[[:space:]]*[1-9]'
wait_progress "$WORKER_PID" 3
kill -INT "$TRACER_PID"
wait_tracer
expect_rc 130 "$TRACER_RC" "tracer"
expect_empty tracer.err
wait_untraced "$WORKER_PID"
finish_worker sleep 1
