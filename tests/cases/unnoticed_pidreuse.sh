#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# PID reuse: two threads fork 300 short-lived children as fast as they
# can (tests/progs/forkloop.c) in a pid namespace whose pid_max is 400
# and whose last pid is set to 300 (past 300 the kernel hands out pids
# from 300 up: 100 of them), so that pids are used again and again, the
# tracer inside the namespace with the program.  Each child's status must be its own, and
# sltrace must never take a new task for the old one of the same pid
# (its library-call state, its syscall in flight).  Ten runs of each way:
# the races are in the timing.
# timeout-factor: 4
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/unnoticed.sh"
need_progs forkloop

pidns='echo 400 > /proc/sys/kernel/pid_max &&
	echo 300 > /proc/sys/kernel/ns_last_pid && exec "$@"'
for ns in "" "--user --map-root-user"; do
	# shellcheck disable=SC2086
	if unshare $ns --pid --fork --mount-proc sh -c "$pidns" pidns true \
		2> /dev/null; then
		# shellcheck disable=SC2206
		UN_PREFIX=(unshare $ns --pid --fork --mount-proc sh -c "$pidns" pidns)
		break
	fi
done
[ ${#UN_PREFIX[@]} -gt 0 ] ||
	skip "cannot make a pid namespace with its own pid_max"

set -- "$PROGS/forkloop" 150
un_base "$@"
expect_line base.res "children 300, statuses right 300, pids used again: yes"
for run in $(seq "${UNNOTICED_RUNS:-10}"); do
	note "run $run"
	un_ways exit_group strtol forker "$@"
	# The children, the second thread and the program.
	expect_count 302 f.trace '^[0-9]+ +\+\+\+ exited with [0-9]+ \+\+\+$'
	un_traced nof -- "$@"
	[ "$TOOL" = strace ] || un_traced nofl -l strtol -- "$@"
done
