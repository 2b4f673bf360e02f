#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A group-stop of a multi-threaded tracee under -f: every thread stops
# (t or T) and reports "--- stopped by SIGSTOP ---"; after SIGCONT all of
# them run on and the program finishes its work.
. "$SRCDIR/tests/lib.sh"
need_progs worker reaper

start_tracer -f -o trace "$PROGS/worker" sleep 3
wait_for_file worker.pid
pid=$(cat worker.pid)
tids=$(cat worker.tids)
kill -STOP "$pid"
for t in $tids; do
	wait_for_state "$t" tT
done
sleep 0.3
for t in $tids; do
	case $(proc_state "$t") in
	[tT]) ;;
	*) fail "thread $t is not stopped" ;;
	esac
done
kill -CONT "$pid"
release_worker
wait_tracer
expect_rc 0 "$TRACER_RC" "tracer"
[ "$(cat result)" = "ok sleep 3" ] || { show result; fail "worker result"; }
for t in $tids; do
	expect_match trace "^$t +--- stopped by SIGSTOP ---$"
	expect_match trace "^$t +\+\+\+ exited with 0 \+\+\+$"
done
expect_count 1 trace "^[0-9]+ +--- SIGSTOP \{si_signo=SIGSTOP, si_code=SI_USER, si_pid=$$, "
