#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# backends: auto ptrace
# -S: every order and alias strace knows, compared with strace's table.
# calls, errors, name and nothing give the same order whatever the
# timing (ties go in syscall-number order): compared row by row.  The
# time orders are compared as sets.  Bad names: strace's message.
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

for s in calls count errors error name syscall syscall-name nothing none; do
	compare "" -c -S "$s" -- ls /
	compare "" -c --summary-sort-by="$s" -- "$PROGS/stats_calls" calls 4 2
done
for s in time time-percent time-total total-time min-time shortest time-min \
	 max-time longest time-max avg-time time-avg; do
	compare --time-order -c -w -S "$s" -- ls /
done

# -S calls: largest first.
"$SLTRACE" -c -S calls -U calls,name -o got "$PROGS/stats_calls" calls 50 0
expect_rc 0 $? "tracer (-S calls)"
[ "$(sed -n 3p got)" = "       50 getppid" ] || { show got; fail "-S calls: getppid first"; }

"$SLTRACE" -c -S bogus true > out 2> err
expect_rc 1 $? "tracer (-S bogus)"
printf '%s\n' "$TOOL: invalid sortby: 'bogus'" "Try '$TOOL -h' for more information." |
	diff -u - err >&2 || fail "message for -S bogus"
"$SLTRACE" -c -S CALLS true > out 2> err
expect_rc 1 $? "tracer (-S CALLS)"
expect_line err "$TOOL: invalid sortby: 'CALLS'"

# Without -c or -C, -S only warns.
"$SLTRACE" -S calls -o trace true > out 2> err
expect_rc 0 $? "tracer (-S without -c)"
expect_line err "$TOOL: -S/--summary-sort-by has no effect without (-c/--summary-only or -C/--summary)"
expect_match trace '^execve\('
check_no_stopped
