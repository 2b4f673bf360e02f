#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Detach mid-run from a threaded program: attach with -p to 8 threads
# calling bar_add in a loop, let calls be traced, SIGINT the tracer, then
# let the program finish.  Threads hit breakpoints at any moment, also
# while the tracer interrupts them to detach: none may be left with a
# trap it cannot handle (the program would die of SIGTRAP), and every
# result the program checks must be right.  Repeated.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"
need_attach

[ "$TOOL" = strace ] && exit 0	# library calls are sltrace's own

lc_build pie b spin
for run in 1 2 3 4 5; do
	rm -f spin.pid flag tracer.err trace
	: > flag
	b/spin 8 flag 0 > spin.out 2>&1 &
	SPIN_PID=$!
	wait_for_file spin.pid
	start_tracer -f -e trace=none -l bar_add -o trace -p "$SPIN_PID"
	wait_attached "$SPIN_PID"
	wait_for_match trace '^(\[pid +[0-9]+\] |[0-9]+ +)?bar_add\('
	sleep 0.5
	kill -INT "$TRACER_PID"
	wait_tracer
	expect_rc 130 "$TRACER_RC" "run $run: tracer"
	printf 1 > flag
	wait "$SPIN_PID"
	expect_rc 0 $? "run $run: the program"
	expect_match spin.out '^ok [0-9]+$'
done
exit 0
