#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# kill -9 of sltrace while a signal of the program's own waits for it in
# a stop it has not collected yet: the kernel hands that signal to the
# program when sltrace dies, so the guardian must not send it again —
# the handler runs once (tests/progs/libcall/sigcount.c).  sltrace is
# held stopped (SIGSTOP) while the signal comes, which makes the moment
# exact.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"
need_progs reaper
need_attach

# stop_code PID TID: the ptrace exit code of a stopped thread (field 52
# of its stat: nonzero while its tracer has not collected the stop).
stop_code() {
	local s
	s=$(cat "/proc/$1/task/$2/stat" 2>/dev/null) || return 0
	s=${s##*) }
	# shellcheck disable=SC2086
	set -- $s
	echo "${50}"
}

# thread_state PID TID: the state letter of a thread.
thread_state() {
	local s
	s=$(cat "/proc/$1/task/$2/stat" 2>/dev/null) || return 0
	s=${s##*) }
	echo "${s%% *}"
}

lc_build pie b sigcount
trap 'printf 1 | dd of=flag bs=1 count=1 conv=notrunc status=none 2>/dev/null' EXIT
for opts in "-e trace=none" ""; do
	# The trace of the run before must not be taken for this one's.
	rm -f sigcount.pid sigcount.tid result trace
	b/sigcount result > sigcount.out 2>&1 &
	PROG_PID=$!
	wait_for_file sigcount.pid
	wait_for_file sigcount.tid
	WAITER=$(cat sigcount.tid)
	# shellcheck disable=SC2086
	start_tracer $opts -l bar_add -o trace -p "$PROG_PID"
	wait_for_match trace 'bar_add\('
	# The waiter must be running when sltrace stops, not held in a stop
	# sltrace took (its attach stop, under a slow build): else again.
	i=0
	for (( ; ; )); do
		kill -STOP "$TRACER_PID"
		wait_for_state "$TRACER_PID" tT
		[ "$(thread_state "$PROG_PID" "$WAITER")" = R ] && break
		kill -CONT "$TRACER_PID"
		i=$((i + 1))
		[ $i -gt 100 ] && fail "($opts) the waiter never ran while sltrace was stopped"
		sleep 0.1
	done
	kill -USR1 "$PROG_PID"
	i=0
	until [ "$(stop_code "$PROG_PID" "$WAITER")" = 10 ]; do
		i=$((i + 1))
		[ $i -gt $((POLL_LIMIT * 20)) ] && {
			grep -E '^(State|TracerPid|SigPnd|ShdPnd):' \
				"/proc/$PROG_PID/task/$WAITER/status" >&2
			show tracer.err
			fail "($opts) the SIGUSR1 stop never came (code '$(stop_code "$PROG_PID" "$WAITER")')"
		}
		sleep 0.05
	done
	lc_kill_tracer "$PROG_PID" "($opts)"
	rc=$LC_PROG_RC
	[ $rc = 0 ] || { show sigcount.out tracer.err; fail "($opts) the program exited $rc"; }
	[ "$(cat result)" = "usr1 1" ] || {
		show result tracer.err; fail "($opts) SIGUSR1 handled $(cat result), not once"; }
	note "($opts) $(cat result); $(sed -n 's/.*its guardian //p' tracer.err)"
done
exit 0
