#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# backends: auto ptrace
# The statistics options together: -c with -C, with -ff, --summary-only
# with an argument; the -y warning under -c; the table of a command
# killed by a signal comes before the tracer dies of it; -h.
. "$SRCDIR/tests/lib.sh"
need_progs stats_calls exitwith

usage() {
	printf '%s\n' "$TOOL: $1" "Try '$TOOL -h' for more information." |
		diff -u - err >&2 || fail "message: $1"
}

"$SLTRACE" -c -C true > out 2> err
expect_rc 1 $? "tracer (-c -C)"
usage "-c/--summary-only and -C/--summary are mutually exclusive"
"$SLTRACE" --summary --summary-only true > out 2> err
expect_rc 1 $? "tracer (--summary --summary-only)"
usage "-c/--summary-only and -C/--summary are mutually exclusive"
"$SLTRACE" -c -ff -o x true > out 2> err
expect_rc 1 $? "tracer (-c -ff)"
usage "(-c/--summary-only or -C/--summary) and -ff/--output-separately are mutually exclusive"
"$SLTRACE" --summary-only=1 true > out 2> err
expect_rc 1 $? "tracer (--summary-only=1)"
usage "option '--summary-only' doesn't allow an argument"
"$SLTRACE" -c -S > out 2> err
expect_rc 1 $? "tracer (-S)"
usage "option requires an argument -- 'S'"
"$SLTRACE" -c true > out 2> err
expect_rc 0 $? "tracer (-c true)"
# An '_' may stand for a '-' in the words of -S and -U, as in strace's.
"$SLTRACE" -c -S time_total -U min_time,avg_time,syscall_name -o got true \
	> out 2> err
expect_rc 0 $? "tracer (-S time_total -U min_time,...)"
expect_empty err
expect_match got '^shortest +usecs/call +syscall$'
"$SLTRACE" -c -S Time_total true > out 2> err
expect_rc 1 $? "tracer (-S Time_total)"
usage "invalid sortby: 'Time_total'"

# -y does nothing for -c, and strace says so (not for -C).
"$SLTRACE" -c -y -o got true > out 2> err
expect_rc 0 $? "tracer (-c -y)"
expect_line err "$TOOL: -y/--decode-fds has no effect with -c/--summary-only"
"$SLTRACE" -C -y -o got true > out 2> err
expect_rc 0 $? "tracer (-C -y)"
expect_empty err

# The exit status and death of the command are the tracer's; the table
# is written first.
"$SLTRACE" -c -o got "$PROGS/exitwith" 3
expect_rc 3 $? "tracer (exit 3)"
expect_match got ' total$'
"$SLTRACE" -c -o got "$PROGS/exitwith" kill
expect_rc 137 $? "tracer (killed)"
expect_match got ' total$'
expect_no_match got 'killed by'

# -h names every statistics option (strace's help has the first six).
"$SLTRACE" -h > help
opts=('-c, --summary-only' '-C, --summary' '-w, --summary-wall-clock'
      '-S SORTBY, --summary-sort-by=SORTBY' '-U COLUMNS, --summary-columns=COLUMNS'
      '-O OVERHEAD[UNIT], --summary-syscall-overhead=OVERHEAD[UNIT]')
[ "$TOOL" = strace ] || opts+=('--summary-interval=SECONDS' '--hist[=SET]' '--hist-by-errno')
for o in "${opts[@]}"; do
	grep -qF -- "$o" help || { show help; fail "-h lacks '$o'"; }
done
check_no_stopped
