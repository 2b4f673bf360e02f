#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Threads ending with the exit syscall (not exit_group) while others run
# (tests/progs/thread_exit.c): the leader ends first (pthread_exit, or a
# bare SYS_exit), the workers then make their calls, half of them end
# with a bare SYS_exit, and the last one ends the process with a code
# (exit(7), or a bare SYS_exit(7) as the last thread).  The program's
# results and exit status must be the same traced as untraced.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/unnoticed.sh"
need_progs thread_exit

for mode in "pthread" "raw" "raw lastraw"; do
	# shellcheck disable=SC2086
	set -- "$PROGS/thread_exit" $mode
	un_base "$@"
	expect_line base.res "leader gone before the work: 6 of 6 threads saw it"
	expect_line base.res "calls 1800 of 1800, wrong getppid 0"
	un_ways exit getppid worker "$@"
	# Every thread but the one calling exit_group ends with exit.
	nexit=6
	[ "$mode" = "raw lastraw" ] && nexit=7
	un_join filt.trace > filt.j
	expect_count $nexit filt.j '^[0-9]+ +exit\(0|7\) += \?$'
	leader=$(sed -nE '1s/^([0-9]+) .*/\1/p' f.trace)
	rc=$(sed -n 's/^exit //p' base.res)
	expect_line f.trace "$(pfx "$leader")+++ exited with $rc +++"
	# The workers' calls, and the leader's one.
	expect_count 1801 f.trace '^[0-9]+ +getppid\(\) += [0-9]+$|^[0-9]+ +<\.\.\. getppid resumed>\) += [0-9]+$'
	un_traced nof -- "$@"
	[ "$TOOL" = strace ] || un_traced nofl -l syscall -- "$@"
done
