#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# backends: auto ptrace
# --summary-interval=1 (sltrace's own) reprints the -c table while a
# program runs for about 2.5 s: at least two tables in all (how many is
# timing: not asserted beyond that), each whole, and the last one counts
# every call the program made.
. "$SRCDIR/tests/lib.sh"
need_progs stats_calls
case $TOOL in strace) skip "--summary-interval is sltrace's own" ;; esac

for flags in "-c" "-C" "-c -w"; do
	# shellcheck disable=SC2086
	"$SLTRACE" $flags --summary-interval=1 -e trace=getppid,nanosleep \
		-U calls,name -o got "$PROGS/stats_calls" run 2500 > rounds
	expect_rc 0 $? "tracer ($flags)"
	n=$(grep -c '^    calls syscall$' got)
	[ "$n" -ge 2 ] || { show got; fail "$n tables with $flags"; }
	expect_count "$n" got '^ +[0-9]+ total$'
	rounds=$(cat rounds)
	tail -n 6 got > last
	expect_line last "$(printf '%9d getppid' "$rounds")"
	expect_line last "$(printf '%9d total' $((2 * rounds)))"
done

"$SLTRACE" --summary-interval=1 true > out 2> err
expect_rc 1 $? "tracer (--summary-interval without -c)"
expect_line err "$TOOL: --summary-interval must be given with (-c/--summary-only or -C/--summary)"
for v in 0 -1 abc 1x; do
	"$SLTRACE" -c --summary-interval="$v" true > out 2> err
	expect_rc 1 $? "tracer (--summary-interval=$v)"
	expect_line err "$TOOL: invalid --summary-interval argument: '$v'"
done
check_no_stopped
