#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# backends: auto ptrace
# -U: the columns strace 6.1 knows, in any order, with their aliases and
# headers, compared with strace's table; the name column is added last
# when missing; strace's messages for unknown and repeated columns.
. "$SRCDIR/tests/lib.sh"
need_strace
need_progs stats_calls
command -v python3 > /dev/null || skip "no python3"

compare() {
	local order=$1 flags=()
	shift
	while [ "$1" != -- ]; do flags+=("$1"); shift; done
	shift
	"$STRACE" "${flags[@]}" -o want "$@" > /dev/null 2>&1
	"$SLTRACE" "${flags[@]}" -o got "$@" > /dev/null 2>&1
	python3 "$SRCDIR/tests/progs/stats_cmp" $order want got ||
		{ show want got; fail "tables differ: ${flags[*]} -- $*"; }
}

all=time-percent,total-time,min-time,max-time,avg-time,calls,errors,name
compare --time-order -c -U "$all" -- ls /
compare --time-order -c -w -U "$all" -- ls /
compare "" -c -S calls -U name,calls,errors -- ls /
compare "" -c -S name -U calls -- "$PROGS/stats_calls" calls 3 2
compare "" -c -S name -U errors,calls -- "$PROGS/stats_calls" calls 3 2
compare "" -c -S name -U time,time-total,shortest,longest,time-avg,count,error,syscall -- ls /
compare "" -c -S name -U time-min,time-max,syscall-name,calls -- ls /
compare "" -C -S name --summary-columns=calls,name,max-time -- "$PROGS/stats_calls" calls 3 2

# Exact headers.
"$SLTRACE" -c -U "$all" -o got true
expect_line got "% time     seconds shortest  longest  usecs/call     calls    errors syscall"
expect_line got "------ ----------- -------- -------- ----------- --------- --------- ----------------"
"$SLTRACE" -c -U name,calls -o got true
expect_line got "syscall              calls"
expect_line got "---------------- ---------"

# Messages.
msg() {
	"$SLTRACE" "$@" true > out 2> err
	expect_rc 1 $? "tracer ($*)"
}
msg -c -U bogus
printf '%s\n' "$TOOL: unknown column name: 'bogus'" "Try '$TOOL -h' for more information." |
	diff -u - err >&2 || fail "message for -U bogus"
msg -c -U calls,errors,calls,name
expect_line err "$TOOL: call summary column has been provided more than once: 'calls' (-U option residual: 'calls,name')"
msg -c -U time,time-percent
expect_line err "$TOOL: call summary column has been provided more than once: 'time-percent' (-U option residual: 'time-percent')"
msg -c -U calls,bogus,calls
expect_line err "$TOOL: unknown column name: 'bogus'"
msg -c -U calls,
expect_line err "$TOOL: unknown column name: ''"
msg -c -U CALLS
expect_line err "$TOOL: unknown column name: 'CALLS'"
msg -U calls
expect_line err "$TOOL: -U/--summary-columns must be given with (-c/--summary-only or -C/--summary)"
check_no_stopped
