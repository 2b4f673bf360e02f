#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# With -o FILE and a launched command, strace 6.1 blocks the fatal
# signals (its default -I3): SIGTERM, SIGHUP, SIGQUIT and SIGINT to the
# tracer change nothing; the command finishes and the tracer exits with
# its status, the trace complete.
. "$SRCDIR/tests/lib.sh"
need_progs worker reaper

start_tracer -o trace "$PROGS/worker" sleep
wait_for_file worker.pid
pid=$(cat worker.pid)
wait_progress "$pid" 3
for s in TERM HUP QUIT INT; do
	kill -s $s "$TRACER_PID"
done
sleep 0.3
[ -n "$(proc_state "$TRACER_PID")" ] || fail "the tracer died"
is_traced "$pid" || fail "the command is no longer traced"
release_worker
wait_tracer
expect_rc 0 "$TRACER_RC" "tracer"
[ "$(cat result)" = "ok sleep 1" ] || { show result; fail "worker result"; }
[ "$(tail -n 1 trace)" = "+++ exited with 0 +++" ] || fail "last line"
expect_empty tracer.err
