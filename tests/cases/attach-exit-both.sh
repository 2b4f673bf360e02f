#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# With only -p, the tracer ends when the last tracee exits, with status 0
# whatever the tracees' exit codes; each exit is in the trace.
. "$SRCDIR/tests/lib.sh"
need_progs worker reaper
need_attach

mkdir a b
cd a && start_worker sleep && cd ..
w1=$WORKER_PID
cd b && start_worker syscalls && cd ..
w2=$WORKER_PID
start_tracer -o trace -p "$w1" -p "$w2"
wait_attached "$w1" "$w2"
cd a && WORKER_PID=$w1 && finish_worker sleep 1 && cd ..
cd b && WORKER_PID=$w2 && finish_worker syscalls 1 && cd ..
wait_tracer
expect_rc 0 "$TRACER_RC" "tracer"
expect_match trace "^$w1 +\+\+\+ exited with 0 \+\+\+$"
expect_match trace "^$w2 +\+\+\+ exited with 0 \+\+\+$"
expect_no_match tracer.err detached
