#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Probes and -p: attach to a program looping over bar_cb ->
# callback -> bar_add, bar_nap (so it is most often inside a probed
# return), let some hits be seen, SIGINT the tracer.  The program must
# be left untraced and running, with every breakpoint byte restored (it
# compares the executable segments of every loaded object with a copy
# taken before the attach) and every hooked return address put back (the
# calls in flight return where they must), and finish with the right
# results and exit status 0.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"
need_progs reaper
need_attach

lc_build pie b loop
b/loop wait result > loop.out 2>&1 &
LOOP_PID=$!
wait_for_file loop.pid
# Whatever fails, let the program finish (200 more iterations).
trap 'printf 1 | dd of=flag bs=1 count=1 conv=notrunc status=none' EXIT
[ "$(cat loop.pid)" = "$LOOP_PID" ] || fail "loop.pid is wrong"

start_tracer -e trace=none --probe 'bar_cb' --probe 'bar_add $arg1:s32 $arg2:s32' \
	--probe 'bar_nap%return $retval:s32' -o trace -p "$LOOP_PID"
wait_attached "$LOOP_PID"
# Each iteration naps: 50 context switches are some traced iterations.
wait_progress "$LOOP_PID" 50
kill -INT "$TRACER_PID"
wait_tracer
expect_rc 130 "$TRACER_RC" "tracer"
expect_line tracer.err "$TOOL: Process $LOOP_PID detached"
expect_match trace '^--- probe bar_add \{\$arg1=[0-9]+, \$arg2=1\} ---$'
expect_match trace '^--- probe bar_nap%return \{\$retval=1\} ---$'
expect_match trace '^--- probe bar_cb \{f=0x[0-9a-f]+, arg=[0-9]+\} ---$'
wait_untraced "$LOOP_PID"
case $(proc_state "$LOOP_PID") in
[RS]) ;;
*) fail "the program is in state $(proc_state "$LOOP_PID") after detach" ;;
esac
lc_no_traps trace

printf 1 | dd of=flag bs=1 count=1 conv=notrunc status=none
wait "$LOOP_PID"
rc=$?
[ $rc = 0 ] || { show loop.out result; fail "the program exited $rc after the detach"; }
grep -qE '^ok [0-9]+$' result || { show result loop.out; fail "the program's result is wrong"; }
check_no_stopped
