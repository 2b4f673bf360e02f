#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The long options do what their short forms do: --output=, --follow-forks,
# --output-separately, --string-limit=, --columns=, --attach=, --quiet.
. "$SRCDIR/tests/lib.sh"
need_progs forker worker reaper
need_attach

"$SLTRACE" --output=trace --follow-forks "$PROGS/forker" fork 0 3 > out
expect_rc 0 $? "tracer (--output= --follow-forks)"
child=$(sed -n 's/^child \([0-9]*\)$/\1/p' child.out)
expect_line trace "$(pfx "$child")+++ exited with 3 +++"

"$SLTRACE" --follow-forks --output-separately --output=tr "$PROGS/forker" fork 0 3 > out
expect_rc 0 $? "tracer (--output-separately)"
child=$(sed -n 's/^child \([0-9]*\)$/\1/p' child.out)
[ "$(tail -n 1 "tr.$child")" = "+++ exited with 3 +++" ] || fail "--output-separately"

start_worker sleep
start_tracer --quiet --output=trace --attach="$WORKER_PID"
wait_for_match "/proc/$WORKER_PID/status" '^TracerPid:[[:space:]]*[1-9]'
finish_worker sleep 1
wait_tracer
expect_rc 0 "$TRACER_RC" "tracer (--attach= --quiet)"
expect_empty tracer.err
[ "$(tail -n 1 trace)" = "+++ exited with 0 +++" ] || fail "--attach= trace"
