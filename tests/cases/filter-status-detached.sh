#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -e status=detached: a syscall the tracer detached from in its course
# (SIGINT to the tracer while the worker naps) is printed with
# " <detached ...>", and nothing else; with status=successful that line
# is not printed.
. "$SRCDIR/tests/lib.sh"
need_progs worker reaper
need_attach

# detach_during STATUS: attach, let it run, interrupt the tracer.
detach_during() {
	start_worker sleep
	start_tracer -e "status=$1" -o trace -p "$WORKER_PID"
	wait_attached "$WORKER_PID"
	# Every ptrace stop is a voluntary switch too: 9 of them are a
	# whole nap at least (its entry and exit stops and the nap itself),
	# not just the attach stop and restart_syscall's two.
	wait_progress "$WORKER_PID" 9
	kill -INT "$TRACER_PID"
	wait_tracer
	expect_rc 130 "$TRACER_RC" "tracer"
	wait_untraced "$WORKER_PID"
	finish_worker sleep 1
}

# The worker naps 20 ms at a time: the detach nearly always lands in a
# nap; when it lands between two, try again.
for try in 1 2 3 4 5; do
	detach_during detached
	n=$(grep -c ' <detached \.\.\.>$' trace)
	[ "$n" = 1 ] && break
	note "try $try: the detach came between two syscalls"
done
[ "$n" = 1 ] || { show trace; fail "no <detached ...> line"; }
expect_count 1 trace .
expect_match trace '^(clock_nanosleep|nanosleep|restart_syscall)\(.* <detached \.\.\.>$'

detach_during successful
expect_no_match trace '<detached \.\.\.>'
expect_match trace '^clock_nanosleep\(.*\) += 0$'
