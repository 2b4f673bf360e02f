#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# kill -9 of sltrace tracing with -f and its seccomp filter: the program
# keeps the filter, whose traced syscalls ask for a tracer and would fail
# with ENOSYS without one.  sltrace's guardian takes over as their tracer
# and lets each of those syscalls run until the program (and its
# children, which inherit the filter) ends: every open succeeds.  With
# --no-guardian, ENOSYS is what the program gets (the check that the
# test sees the harm).  5 runs killed at random moments while the
# program runs, 10 while it starts.
. "$SRCDIR/tests/lib.sh"
need_progs openloop reaper

[ "$TOOL" = strace ] && exit 0	# sltrace's guardian

# poll RUN WHAT CMD...: until CMD holds; past the limit, what became of
# each process below the reaper, what the guardian said, and (from
# fail) where the ones still there are.
poll() {
	local run=$1 what=$2 i=0
	shift 2
	until "$@"; do
		i=$((i + 1))
		if [ $i -gt $((POLL_LIMIT * 20)) ]; then
			show tracer.out tracer.err reaper.out
			fail "run $run: $what"
		fi
		sleep 0.05
	done
}
said_result() { grep -qE '^(ok|failed) ' tracer.out 2>/dev/null; }
reaper_gone() { ! kill -0 "$REAPER_PID" 2>/dev/null; }

# The program's line.
wait_program() {
	poll "$1" "the program never ended its loop" said_result
}

# Every process below the reaper gone (none left stopped).
wait_all() {
	poll "$1" "a process below the tracer never ended" reaper_gone
	wait_tracer
	expect_rc 137 "$TRACER_RC" "run $1: tracer"
}

# Killed while the program runs (its first traced open seen).
for run in 1 2 3 4 5; do
	start_tracer -f -e trace=openat -o trace "$PROGS/openloop" 4000
	wait_for_match trace 'openat\('
	sleep "0.$(printf '%03d' $((RANDOM % 300)))"
	kill -KILL "$TRACER_PID"
	# The program is the tracer's child: its line first, since the
	# reaper waits for it too.
	wait_program $run
	wait_all $run
	expect_line tracer.out "ok 4000"
	expect_match tracer.err 'its guardian answers the seccomp filter of [0-9]+ process(es)? until (it|they) ends?$'
	rm -f tracer.out trace
done

# Killed while it starts, before or after the program's execve: either
# the program never ran (the tracer was gone before the guardian was in
# place: the waiting child reads end-of-file) or it ran unharmed; never
# left stopped, never failing its opens.
ran=0
for run in 6 7 8 9 10 11 12 13 14 15; do
	# start_tracer, polling faster: its 50 ms would miss the start.
	rm -f reaper.out
	"$PROGS/reaper" reaper.out "$SLTRACE" -f -e trace=openat -o trace \
		"$PROGS/openloop" 4000 > tracer.out 2> tracer.err &
	REAPER_PID=$!
	until grep -q '^child ' reaper.out 2>/dev/null; do :; done
	TRACER_PID=$(sed -n 's/^child //p' reaper.out)
	# At once half the time (the start takes a few ms), else up to 20
	# ms later (a sanitized tracer's start is slower).
	[ $((run % 2)) = 0 ] || sleep "0.$(printf '%03d' $((RANDOM % 20)))"
	kill -KILL "$TRACER_PID"
	wait_all $run
	if [ -s tracer.out ]; then
		expect_line tracer.out "ok 4000"
		ran=$((ran + 1))
	else
		# Not run at all: no word from its loader (which fails with
		# 127 when it cannot open libc); the waiting child, if there
		# was one, says why.
		expect_no_match tracer.err 'error while loading'
		expect_no_match reaper.out ' exited 127$'
		if [ "$(wc -l < reaper.out)" -gt 2 ]; then
			expect_match tracer.err "^$TOOL: the tracer ended before .*/openloop started: not running it$"
		fi
	fi
	rm -f tracer.out trace
done
note "killed while starting: the program ran $ran times out of 10"

start_tracer --no-guardian -f -e trace=openat -o trace "$PROGS/openloop" 4000
wait_for_match trace 'openat\('
kill -KILL "$TRACER_PID"
wait_program --no-guardian
wait_tracer
expect_match tracer.out '^failed [0-9]+$'
exit 0
