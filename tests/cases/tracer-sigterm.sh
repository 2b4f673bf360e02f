#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A fatal signal to the tracer of a launched command, trace on stderr
# (strace 6.1's default -I2: such signals are not blocked): the tracer
# kills the command with the same signal, detaches and dies of that
# signal itself.
. "$SRCDIR/tests/lib.sh"
need_progs worker reaper
sig=${TRACER_SIG:-TERM}
num=$(kill -l "$sig")

start_tracer "$PROGS/worker" sleep
wait_for_file worker.pid
pid=$(cat worker.pid)
wait_progress "$pid" 3
kill -s "$sig" "$TRACER_PID"
wait_tracer
expect_rc $((128 + num)) "$TRACER_RC" "tracer"
expect_line reaper.out "$TRACER_PID killed SIG$sig"
expect_line reaper.out "$pid killed SIG$sig"
[ ! -e result ] || fail "the command finished its work"
check_no_stopped
