#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Probes on instructions no breakpoint can step over but in place (bp.h,
# BP_STEP_SINGLE): a `syscall` (getpid) and a `call *(%rsp)`, run N
# times by each of 16 threads of tests/progs/probe_step.  With -f: exactly
# 16*N hits of each, N under each thread, the program's own checks
# (getpid's result, the call's, its code bytes unchanged, its count)
# pass, exit status 0, no trap, in PROBE_STEP_RUNS runs (default 3).
# Then with -p: attach mid-run, see hits, SIGINT the tracer: the program
# runs on untraced, its code bytes restored, and ends well.
# timeout-factor: 3
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"
need_progs probe_step reaper

prog=$PROGS/probe_step
addr() {
	local a
	a=$(nm "$prog" | awk -v s="$1" '$3 == s { print $1 }')
	[ -n "$a" ] || fail "no symbol $1 in $prog"
	printf '0x%s' "$a"
}
A1=$(addr step_syscall)
A2=$(addr step_callstk)
P1="*$A1@probe_step"
P2="*$A2@probe_step"
N=300

# count_hits TRACE ADDR: hits of the probe at ADDR ("*0x...1425@...").
count_hits() {
	grep -cE -- "^[0-9]+ +--- probe \*0x0*${2#0x}@probe_step ---\$" "$1"
}

for run in $(seq "${PROBE_STEP_RUNS:-3}"); do
	rm -f trace out
	"$SLTRACE" -f -e trace=none --probe "$P1" --probe "$P2" -o trace \
		"$prog" $N > out 2> err
	rc=$?
	[ $rc = 0 ] || { show err out; fail "run $run: exit status $rc"; }
	[ "$(cat out)" = "ok $((16 * N))" ] ||
		{ show out err; fail "run $run: the program's result is wrong"; }
	lc_no_traps trace
	for a in "$A1" "$A2"; do
		n=$(count_hits trace "$a")
		[ "$n" = $((16 * N)) ] ||
			fail "run $run: $n hits at $a, not $((16 * N))"
	done
	# N hits of each under each of the 16 threads (the main thread: none).
	per=$(sed -nE 's/^([0-9]+) +--- probe .*/\1/p' trace | sort | uniq -c |
		awk '{ print $1 }' | sort -u)
	[ "$per" = $((2 * N)) ] ||
		fail "run $run: hits per thread are not all $((2 * N)): $per"
	[ "$(sed -nE 's/^([0-9]+) +--- probe .*/\1/p' trace | sort -u | wc -l)" = 16 ] ||
		fail "run $run: hits are not under 16 threads"
	if grep -vE -- '--- probe |\+\+\+ exited with 0 \+\+\+$' trace | grep -q .; then
		grep -vE -- '--- probe |\+\+\+ exited with 0 \+\+\+$' trace | head -n 5 >&2
		fail "run $run: unexpected lines"
	fi
done

# -p: attach and detach mid-run.
need_attach
rm -f probe_step.pid flag trace
printf 0 > flag
"$prog" wait flag > loop.out 2>&1 &
LOOP_PID=$!
trap 'printf 1 | dd of=flag bs=1 count=1 conv=notrunc status=none' EXIT
wait_for_file probe_step.pid
start_tracer -e trace=none --probe "$P1" --probe "$P2" -o trace -p "$LOOP_PID"
wait_attached "$LOOP_PID"
wait_for_match trace "probe \\*0x0*${A2#0x}@"
wait_for_match trace "probe \\*0x0*${A1#0x}@"
sleep 0.3
kill -INT "$TRACER_PID"
wait_tracer
expect_rc 130 "$TRACER_RC" "tracer"
expect_line tracer.err "$TOOL: Process $LOOP_PID detached"
lc_no_traps trace
wait_untraced "$LOOP_PID"
case $(proc_state "$LOOP_PID") in
[RS]) ;;
*) fail "the program is in state $(proc_state "$LOOP_PID") after detach" ;;
esac
# Untraced, it goes on through both instructions a while.
sleep 0.3
printf 1 | dd of=flag bs=1 count=1 conv=notrunc status=none
wait "$LOOP_PID"
rc=$?
[ $rc = 0 ] || { show loop.out; fail "the program exited $rc after the detach"; }
grep -qE '^ok [0-9]+$' loop.out || { show loop.out; fail "the program's result is wrong"; }
check_no_stopped
