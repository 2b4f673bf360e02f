#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -f -p PID of a 3-thread process attaches to every thread: "Process PID
# attached with 3 threads", each thread's syscalls are traced under its
# tid, SIGINT detaches each thread, and all of them finish.
. "$SRCDIR/tests/lib.sh"
need_progs worker reaper
need_attach

start_worker sleep 3
start_tracer -f -o trace -p "$WORKER_PID"
wait_for_match tracer.err "^$TOOL: Process $WORKER_PID attached"
expect_line tracer.err "$TOOL: Process $WORKER_PID attached with 3 threads"
for t in $(cat worker.tids); do
	is_traced "$t" || fail "thread $t is not traced"
	wait_progress "$t" 3
done
kill -INT "$TRACER_PID"
wait_tracer
expect_rc 130 "$TRACER_RC" "tracer"
for t in $(cat worker.tids); do
	expect_line tracer.err "$TOOL: Process $t detached"
	expect_match trace "^$t +(clock_nanosleep|restart_syscall|<\.\.\.)"
	wait_untraced "$t"
done
finish_worker sleep 3
