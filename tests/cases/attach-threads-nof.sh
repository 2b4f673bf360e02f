#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -p PID of a 3-thread process without -f: sltrace attaches every thread
# of the process (issue 2 asks for it; strace 6.1 attaches only the given
# thread unless -f).  The message counts the threads, each thread is
# detached on SIGINT, and all of them finish their work afterwards.
. "$SRCDIR/tests/lib.sh"
need_progs worker reaper
need_attach

start_worker sleep 3
[ "$TOOL" = strace ] && skip "sltrace-specific: strace attaches one thread without -f"
start_tracer -o trace -p "$WORKER_PID"
wait_attached "$WORKER_PID"
wait_progress "$WORKER_PID" 3
tids=$(ls /proc/"$WORKER_PID"/task | sort -n)
kill -INT "$TRACER_PID"
wait_tracer
expect_rc 130 "$TRACER_RC" "tracer"
{
	echo "$TOOL: Process $WORKER_PID attached with 3 threads"
	for t in $tids; do echo "$TOOL: Process $t detached"; done
} | sort > want.err
sort tracer.err | diff -u want.err - >&2 || fail "attach/detach messages"
# Lines of several threads in one -o file carry the pid prefix.
expect_match trace '^[0-9]+ +'
finish_worker sleep 3
