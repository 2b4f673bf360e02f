#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# backends: auto ptrace
# -C: the trace lines and, after the last one, the same table as -c;
# compared with strace's.
. "$SRCDIR/tests/lib.sh"
need_strace
need_progs stats_calls
command -v python3 > /dev/null || skip "no python3"

for flags in "-C" "--summary" "-C -f" "-C -w"; do
	# shellcheck disable=SC2086
	"$STRACE" $flags -o want "$PROGS/stats_calls" calls 5 2 > /dev/null 2>&1
	# shellcheck disable=SC2086
	"$SLTRACE" $flags -o got "$PROGS/stats_calls" calls 5 2 > /dev/null 2>&1
	expect_rc 0 $? "tracer ($flags)"
	python3 "$SRCDIR/tests/progs/stats_cmp" --time-order want got ||
		{ show want got; fail "tables differ: $flags"; }
	strip_pid got > got.lines
	expect_count 5 got.lines '^getppid\(\) += [0-9]+$'
	expect_match got.lines '^close\(-1\) += -1 EBADF \(Bad file descriptor\)$'
	expect_match got.lines '^\+\+\+ exited with 0 \+\+\+$'
	# The table follows the exit line.
	n_exit=$(grep -n '+++ exited with 0 +++' got.lines | cut -d: -f1)
	n_table=$(grep -n '^% time' got.lines | cut -d: -f1)
	[ "$n_table" = $((n_exit + 1)) ] || { show got; fail "table not after the trace ($flags)"; }
done
check_no_stopped
