#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# kill -9 of sltrace tracing with -f and its seccomp filter: the program
# keeps the filter, whose traced syscalls ask for a tracer and would fail
# with ENOSYS without one.  sltrace's guardian takes over as their tracer
# and lets each of those syscalls run until the program (and its
# children, which inherit the filter) ends: every open succeeds.  With
# --no-guardian, ENOSYS is what the program gets (the check that the
# test sees the harm).  5 runs, killed at random moments.
. "$SRCDIR/tests/lib.sh"
need_progs openloop reaper

[ "$TOOL" = strace ] && exit 0	# sltrace's guardian

for run in 1 2 3 4 5; do
	start_tracer -f -e trace=openat -o trace "$PROGS/openloop" 4000
	sleep "0.$(printf '%03d' $((RANDOM % 500 + 100)))"
	kill -KILL "$TRACER_PID"
	wait_tracer
	expect_rc 137 "$TRACER_RC" "run $run: tracer"
	# The program is the tracer's child: wait for its line.
	wait_for_match tracer.out '^(ok|failed) '
	expect_line tracer.out "ok 4000"
	expect_match tracer.err 'its guardian answers the seccomp filter of [0-9]+ process(es)? until (it|they) ends?$'
	rm -f tracer.out
done

start_tracer --no-guardian -f -e trace=openat -o trace "$PROGS/openloop" 4000
sleep 0.3
kill -KILL "$TRACER_PID"
wait_tracer
wait_for_match tracer.out '^(ok|failed) '
expect_match tracer.out '^failed [0-9]+$'
exit 0
