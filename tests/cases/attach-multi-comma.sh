#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -p "A,B" attaches to both processes (a comma list in one -p); SIGINT
# detaches from both, and both finish their work.
. "$SRCDIR/tests/lib.sh"
need_progs worker reaper
need_attach
PFLAGS=${PFLAGS:-comma}

mkdir a b
cd a && start_worker sleep && cd ..
w1=$WORKER_PID
cd b && start_worker sleep && cd ..
w2=$WORKER_PID
case $PFLAGS in
comma) start_tracer -o trace -p "$w1,$w2" ;;
space) start_tracer -o trace -p "$w1 $w2" ;;
repeat) start_tracer -o trace -p "$w1" -p "$w2" ;;
esac
wait_attached "$w1" "$w2"
wait_progress "$w1" 3
wait_progress "$w2" 3
kill -INT "$TRACER_PID"
wait_tracer
expect_rc 130 "$TRACER_RC" "tracer"
for w in $w1 $w2; do
	expect_line tracer.err "$TOOL: Process $w attached"
	expect_line tracer.err "$TOOL: Process $w detached"
	# Two tracees: lines carry pid prefixes.
	expect_match trace "^$w +(clock_nanosleep|restart_syscall|<\.\.\.)"
	wait_untraced "$w"
done
cd a && WORKER_PID=$w1 && finish_worker sleep 1 && cd ..
cd b && WORKER_PID=$w2 && finish_worker sleep 1 && cd ..
