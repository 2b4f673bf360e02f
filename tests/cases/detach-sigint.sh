#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# SIGINT to a tracer attached with -p to a sleeping process: it detaches,
# the process is no longer traced, is not stopped, and completes its
# work (naps restarted transparently, right results).
. "$SRCDIR/tests/lib.sh"
need_progs worker reaper
need_attach

start_worker sleep
start_tracer -o trace -p "$WORKER_PID"
wait_attached "$WORKER_PID"
wait_progress "$WORKER_PID" 5
kill -INT "$TRACER_PID"
wait_tracer
expect_rc 130 "$TRACER_RC" "tracer"
expect_line tracer.err "$TOOL: Process $WORKER_PID detached"
expect_match trace '^(clock_nanosleep|restart_syscall)\('
wait_untraced "$WORKER_PID"
case $(proc_state "$WORKER_PID") in
[RS]) ;;
*) fail "the worker is in state $(proc_state "$WORKER_PID") after detach" ;;
esac
check_no_stopped
finish_worker sleep 1
