#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# backends: auto ptrace
# -w counts wall-clock time: compared with strace's table, and a 20 ms
# nanosleep counts at least 20 ms each (the kernel guarantees that much;
# no upper bound is asserted).  -O takes its overhead off every call:
# with -O 1s every time is 0.  strace's messages for -w alone and bad -O.
. "$SRCDIR/tests/lib.sh"
need_strace
need_progs stats_calls
command -v python3 > /dev/null || skip "no python3"

for flags in "-c -w" "-c --summary-wall-clock" "-C -w" "-c -w -O 5us" "-c -O 1ms"; do
	# shellcheck disable=SC2086
	"$STRACE" $flags -o want ls / > /dev/null 2>&1
	# shellcheck disable=SC2086
	"$SLTRACE" $flags -o got ls / > /dev/null 2>&1
	expect_rc 0 $? "tracer ($flags)"
	python3 "$SRCDIR/tests/progs/stats_cmp" --time-order want got ||
		{ show want got; fail "tables differ: $flags"; }
done

"$SLTRACE" -c -w -e trace=nanosleep -U total-time,calls,name -o got \
	"$PROGS/stats_calls" run 200 > rounds
expect_rc 0 $? "tracer (-w)"
n=$(cat rounds)
line=$(grep ' nanosleep$' got) || { show got; fail "no nanosleep row"; }
read -r secs calls _ <<< "$line"
[ "$calls" = "$n" ] || { show got rounds; fail "nanosleep calls $calls, expected $n"; }
awk -v s="$secs" -v n="$n" 'BEGIN { exit !(s >= 0.020 * n) }' ||
	{ show got; fail "-w: $n naps of 20 ms counted $secs s"; }

# -O 1s: nothing is left of any call.
for o in 1s 1000ms 1000000us 1000000 1e9ns; do
	"$SLTRACE" -c -w -O "$o" -o got ls / > /dev/null
	expect_rc 0 $? "tracer (-O $o)"
	expect_no_match got '[1-9][0-9]*\.[0-9]{6}|0\.[0-9]*[1-9][0-9]*'
done

msg() {
	"$SLTRACE" "$@" true > out 2> err
	expect_rc 1 $? "tracer ($*)"
}
msg -w
expect_line err "$TOOL: -w/--summary-wall-clock must be given with (-c/--summary-only or -C/--summary)"
for o in abc -5 0x10 inf nan 5x '' '1 ' 1e400 1m; do
	msg -c -O "$o"
	printf '%s\n' "$TOOL: invalid -O argument: '$o'" "Try '$TOOL -h' for more information." |
		diff -u - err >&2 || fail "message for -O '$o'"
done
msg -c --summary-syscall-overhead=abc
expect_line err "$TOOL: invalid --summary-syscall-overhead argument: 'abc'"
check_no_stopped
