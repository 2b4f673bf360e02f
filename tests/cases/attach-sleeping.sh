#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -p PID of a sleeping process: "TOOL: Process PID attached" on stderr,
# its syscalls are traced, and when it exits the tracer exits 0 by itself
# (no "detached" message).  The process finishes its work correctly.
. "$SRCDIR/tests/lib.sh"
need_progs worker reaper
need_attach

start_worker sleep
start_tracer -o trace -p "$WORKER_PID"
wait_attached "$WORKER_PID"
wait_progress "$WORKER_PID" 5
finish_worker sleep 1
wait_tracer
expect_rc 0 "$TRACER_RC" "tracer"
expect_line tracer.err "$TOOL: Process $WORKER_PID attached"
expect_count 1 tracer.err .
expect_match trace '^clock_nanosleep\(.*\) += 0$'
# The 100 getppid calls it makes after its release, all returning $$.
expect_nlines 100 trace "$(tline 'getppid()' $$)"
[ "$(tail -n 1 trace)" = "+++ exited with 0 +++" ] || fail "last line"
