#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Job control keeps working under the tracer: SIGSTOP from outside stops
# the tracee (state t or T, and it does not run on), the trace shows the
# signal and "--- stopped by SIGSTOP ---"; SIGCONT resumes it and it
# finishes normally (its naps are not cut short).
. "$SRCDIR/tests/lib.sh"
need_progs stopme reaper
sig=${JOBCTL_SIG:-SIGSTOP}

start_tracer -o trace "$PROGS/stopme"
wait_for_file stopme.pid
pid=$(cat stopme.pid)
kill -s "$sig" "$pid"
wait_for_state "$pid" tT
touch go
sleep 0.3
case $(proc_state "$pid") in
[tT]) ;;
*) fail "pid $pid is not stopped (state $(proc_state "$pid"))" ;;
esac
grep -q done tracer.out && fail "the tracee ran on while stopped"
kill -s CONT "$pid"
wait_tracer
expect_rc 0 "$TRACER_RC" "tracer"
expect_line tracer.out done
cat > expected <<EOT
--- $sig {si_signo=$sig, si_code=SI_USER, si_pid=$$, si_uid=$(uid)} ---
--- stopped by $sig ---
--- SIGCONT {si_signo=SIGCONT, si_code=SI_USER, si_pid=$$, si_uid=$(uid)} ---
+++ exited with 0 +++
EOT
expect_in_order trace expected
expect_count 1 trace "^--- stopped by "
