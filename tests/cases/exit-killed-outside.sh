#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A traced command killed by SIGKILL from outside, while it naps: the
# trace ends with "+++ killed by SIGKILL +++" and the tracer dies of
# SIGKILL too (137).
. "$SRCDIR/tests/lib.sh"
need_progs worker reaper

start_tracer -o trace "$PROGS/worker" sleep
wait_for_file worker.pid
pid=$(cat worker.pid)
wait_progress "$pid" 3
kill -KILL "$pid"
wait_tracer
expect_rc 137 "$TRACER_RC" "tracer"
expect_line reaper.out "$TRACER_PID killed SIGKILL"
[ "$(tail -n 1 trace)" = "+++ killed by SIGKILL +++" ] || { show trace; fail "last line"; }
