#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# backends: auto ptrace
# -c: the summary table of several commands, compared with strace's for
# the same command: header, rules, syscall names, calls, errors, the
# total row and the format of every time cell (times themselves differ,
# and so may the order of rows sorted by time).  Then what the program
# knows it did: stats_calls calls 7 3 makes 7 getppid, 3 failing openat
# and 3 failing close.
. "$SRCDIR/tests/lib.sh"
need_strace
need_progs stats_calls
command -v python3 > /dev/null || skip "no python3"

# compare FLAGS... -- CMD...: the tables of strace and of the tracer.
compare() {
	local flags=()
	while [ "$1" != -- ]; do flags+=("$1"); shift; done
	shift
	"$STRACE" "${flags[@]}" -o want "$@" > want.out 2>&1
	"$SLTRACE" "${flags[@]}" -o got "$@" > got.out 2>&1
	python3 "$SRCDIR/tests/progs/stats_cmp" --time-order want got ||
		{ show want got; fail "tables differ: ${flags[*]} -- $*"; }
}

compare -c -- ls /
compare -c -- cat /etc/passwd
compare -c -- "$PROGS/stats_calls" calls 7 3
compare -c -f -- sh -c 'ls /nonexistent-dir; true'
compare -c -e trace=openat,close,getppid -- "$PROGS/stats_calls" calls 2 5
compare -c --summary-only -- ls /

# Nothing traced: no table at all.
"$SLTRACE" -c -e trace=none -o got "$PROGS/stats_calls" calls 1 1
expect_rc 0 $? "tracer (trace=none)"
expect_empty got

# The counts the program knows.
"$SLTRACE" -c -o got "$PROGS/stats_calls" calls 7 3
expect_rc 0 $? "tracer"
expect_match got '^ *[0-9]+\.[0-9]{2} +[0-9]+\.[0-9]{6} +[0-9]+ +7 +getppid$'
expect_match got '^ *[0-9]+\.[0-9]{2} +[0-9]+\.[0-9]{6} +[0-9]+ +[0-9]+ +3 close$'
expect_match got '^100\.00 +[0-9]+\.[0-9]{6} +[0-9]+ +[0-9]+ +[0-9]+ total$'
# exit_group never returns: not counted.
expect_no_match got 'exit_group'
# With -c no trace line and no exit line.
expect_no_match got 'getppid\(\)|\+\+\+'
# The table is the last thing, on stderr without -o.
"$SLTRACE" -c "$PROGS/stats_calls" calls 1 0 > out 2> err
expect_rc 0 $? "tracer (stderr)"
tail -n 1 err | grep -qE '^100\.00 .* total$' ||
	{ show err; fail "the total row is not last on stderr"; }
[ "$(head -n 1 err)" = "% time     seconds  usecs/call     calls    errors syscall" ] ||
	{ show err; fail "the header is not first on stderr"; }
check_no_stopped
