#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# backends: auto ptrace
# The wall-clock columns of -U (sltrace's, as strace 7 has them): their
# headers; with -w they equal the plain time columns; without -w they
# still count wall-clock time (a 20 ms nanosleep at least 20 ms) while
# the plain ones count system time; -S wall-time sorts by them.
. "$SRCDIR/tests/lib.sh"
need_progs stats_calls
case $TOOL in strace) skip "strace 6.1 has no wall-clock columns" ;; esac

"$SLTRACE" -c -U wall-time-percent,wall-total-time,wall-min-time,wall-max-time,wall-avg-time,calls \
	-o got true
expect_rc 0 $? "tracer (wall columns)"
expect_line got "% wall wall seconds wall min wall max wall us/call     calls syscall"
expect_line got "------ ------------ -------- -------- ------------ --------- ----------------"
expect_match got '^100\.00 +[0-9]+\.[0-9]{6} [0-9]+\.[0-9]{6} [0-9]+\.[0-9]{6} +[0-9]+ +[0-9]+ total$'

# The aliases.
"$SLTRACE" -c -U wall-time,wall-time-total,wall-shortest,wall-longest,wall-time-avg,count \
	-o got2 true
expect_rc 0 $? "tracer (aliases)"
[ "$(head -n 2 got2)" = "$(head -n 2 got)" ] ||
	{ show got got2; fail "aliases give other columns"; }
"$SLTRACE" -c -U wall-min-time,wall-time-min -o got2 true > out 2> err
expect_rc 1 $? "tracer (repeated wall column)"
expect_line err "$TOOL: call summary column has been provided more than once: 'wall-time-min' (-U option residual: 'wall-time-min')"

# With -w, the same numbers as the plain columns.
"$SLTRACE" -c -w -U total-time,wall-total-time,min-time,wall-min-time,max-time,wall-max-time,avg-time,wall-avg-time,name \
	-o got ls / > /dev/null
expect_rc 0 $? "tracer (-w)"
awk 'NF == 9 && $1 ~ /^[0-9]/ && ($1 != $2 || $3 != $4 || $5 != $6 || $7 != $8) { bad = 1; print > "/dev/stderr" }
     END { exit bad }' got || { show got; fail "-w: wall columns differ from time columns"; }

# Without -w: wall-clock time all the same.
"$SLTRACE" -c -e trace=nanosleep -U wall-total-time,calls,name -o got \
	"$PROGS/stats_calls" run 200 > rounds
expect_rc 0 $? "tracer (wall without -w)"
n=$(cat rounds)
read -r secs calls _ <<< "$(grep ' nanosleep$' got)"
[ "$calls" = "$n" ] || { show got rounds; fail "nanosleep calls $calls, expected $n"; }
awk -v s="$secs" -v n="$n" 'BEGIN { exit !(s >= 0.020 * n) }' ||
	{ show got; fail "$n naps of 20 ms counted $secs s of wall-clock time"; }

# -S wall-time: largest wall total first.
"$SLTRACE" -c -S wall-time -U wall-total-time,name -o got ls / > /dev/null
expect_rc 0 $? "tracer (-S wall-time)"
sed -n '3,/^---/p' got | grep -v '^---' | awk '{ print $1 }' > col
sort -rn col | diff -u - col >&2 || { show got; fail "-S wall-time order"; }
for s in wall-min-time wall-max-time wall-avg-time wall-time-percent wall-longest; do
	"$SLTRACE" -c -S "$s" -o got true
	expect_rc 0 $? "tracer (-S $s)"
done
check_no_stopped
