#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Scripts on syscalls (issue 13): the bpftrace one-liner tutorial's
# lessons and DTrace's drill-downs, each checked against what the same
# run shows another way — the -c table, the -e trace= lines sltrace
# prints beside the script, or what script_prog says it did.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/cases/script.inc"

# 1. Opens counted by command, against -c's row in the same run.
run count -f -c -e trace=openat \
	--script 'syscall:openat { @[comm] = count(); }' \
	$P open 7 /dev/null open 3 /nonexistent
calls=$(awk '$NF == "openat" { print $4 }' count.out)
errs=$(awk '$NF == "openat" { print $5 }' count.out)
[ -n "$calls" ] || { show count.out; fail "count: no openat row in -c's table"; }
got=$(map_value count.out '@[script_prog]')
[ "$got" = "$calls" ] || { show count.out; fail "count: the map says $got opens, -c $calls"; }
[ "$errs" = 3 ] || { show count.out; fail "count: -c says $errs errors, the program made 3"; }

# 2. DTrace's drill-down by process and by path: every openat line of the
#    same run (-e trace=openat) counted per path by awk.
run drill -e trace=openat --script \
	'syscall:openat { @bypid[pid, comm] = count(); @bypath[str(args.filename)] = count(); @byarg[str(arg1)] = count(); }' \
	$P open 4 /dev/null open 2 /nonexistent
n=$(grep -cE '^openat\(' drill.out)
[ "$n" -ge 6 ] || { show drill.out; fail "drill: $n openat lines"; }
got=$(grep -E '^@bypid\[[0-9]+, script_prog\]: ' drill.out | sed -E 's/.*: //')
[ "$got" = "$n" ] || { show drill.out; fail "drill: @bypid says $got, the trace has $n lines"; }
grep -oE '^openat\([A-Z_]+, "[^"]*"' drill.out | sed -E 's/.*"(.*)"/\1/' |
	sort | uniq -c | awk '{ print "@bypath[" $2 "]: " $1 }' | sort > want.path
grep -E '^@bypath\[' drill.out | sort > got.path
diff want.path got.path > path.diff || { show drill.out path.diff; fail "drill: @bypath differs from the trace's lines"; }
# DTrace's @[copyinstr(arg0)] of open(2) is str(arg1) of openat: the same.
sed 's/^@bypath/@byarg/' want.path > want.arg
grep -E '^@byarg\[' drill.out | sort > got.arg
diff want.arg got.arg > arg.diff || { show drill.out arg.diff; fail "drill: @byarg differs from the trace's lines"; }

# 3. The read size distribution (bpftrace's hist), against the read
#    lines of the same run; the program reads SIZES from /dev/zero.
run hist -e trace=read --script \
	'syscall:read:exit /retval > 0/ { @bytes = hist(retval); }' \
	$P read 1 2 3 7 100 4096 4096 65536
# bucket of each read's return: [0] [1] [2, 4) [4, 8) ... as bpftrace.
awk -F'= ' '/^read\(/ && $NF+0 > 0 { v = $NF + 0; b = 1; while (b * 2 <= v) b *= 2; n[b]++ }
	END { for (b in n) print b, n[b] }' hist.out | sort -n > want.hist
# a bucket's line: "[LOW]" or "[LOW, HIGH)", then its count; K and M
# are 1024 and 1048576 (bpftrace's labels).
sed -nE 's/^\[([0-9]+)([KM]?)[],].* ([0-9]+) \|.*/\1 \2: \3/p' hist.out |
	awk -F': ' '$2 > 0 { split($1, a, " "); m = a[2] == "K" ? 1024 : a[2] == "M" ? 1048576 : 1; print a[1] * m, $2 }' |
	sort -n > got.hist
diff want.hist got.hist > hist.diff || { show hist.out hist.diff; fail "hist: the histogram differs from the read lines"; }
expect_match hist.out '^@bytes: *$'

# 4. Latency: entry to exit of each nanosleep, with self-> variables,
#    and the latency builtin; three sleeps of at least 1, 20 and 50 ms.
run lat --script '
syscall:clock_nanosleep:entry { self->ts = nsecs; }
syscall:clock_nanosleep:exit /self->ts/ {
	@ns = hist(nsecs - self->ts);
	@min = min(nsecs - self->ts);
	delete(self->ts);
}
syscall:clock_nanosleep { @lat = stats(latency); }' \
	$P sleep 1 20 50
expect_match lat.out '^@lat: count 3, average [0-9]+, total [0-9]+$'
total=$(sed -nE 's/^\[[^]]*\) +([0-9]+) \|.*/\1/p' lat.out | awk '{ s += $1 } END { print s }')
[ "$total" = 3 ] || { show lat.out; fail "lat: the histogram holds $total sleeps, not 3"; }
min=$(map_value lat.out '@min')
[ "$min" -ge 1000000 ] || { show lat.out; fail "lat: the shortest sleep took $min ns (< 1 ms)"; }

# 5. A predicate selects exactly the failing opens; retval, errno names.
run pred --script 'syscall:openat /str(args.filename) == "/nonexistent"/ {
	printf("%s %d %s\n", str(args.filename), retval, errname); }' \
	$P open 5 /dev/null open 3 /nonexistent
expect_count 3 pred.out '^/nonexistent -2 ENOENT$'
expect_count 3 pred.out '.'

# 6. Processes and signals: fork children exiting 0, 1, 2; SIGUSR1 x5.
run proc -f --script '
process:fork { @forks = count(); }
process:exit { @status[arg0] = count(); }
signal:SIGUSR1 { @usr1 = count(); }
signal:SIGCHLD { @chld = count(); }' \
	$P fork 3 signal 5
[ "$(map_value proc.out '@forks')" = 3 ] || { show proc.out; fail "proc: forks"; }
[ "$(map_value proc.out '@usr1')" = 5 ] || { show proc.out; fail "proc: SIGUSR1"; }
[ "$(map_value proc.out '@chld')" = 3 ] || { show proc.out; fail "proc: SIGCHLD"; }
expect_line proc.out '@status[0]: 2'
expect_line proc.out '@status[1]: 1'
expect_line proc.out '@status[2]: 1'

# 7. BEGIN before any event, END after the last, in that order, and a
#    map read as a value.
t0=$(date +%s)
run ends -f --script 'BEGIN { printf("begin\n"); }
syscall:getppid { @n = count(); @wall = max(walltime / 1000000000); }
END { printf("end %d\n", @n); }' \
	$P threads 4 25
t1=$(date +%s)
expect_in_order ends.out <(printf 'begin\nend 100\n')
expect_line ends.out '@n: 100'
# walltime: the seconds of the clock the run was in.
w=$(map_value ends.out '@wall')
[ -n "$w" ] && [ "$w" -ge "$t0" ] && [ "$w" -le "$t1" ] ||
	{ show ends.out; fail "ends: walltime $w is not between $t0 and $t1"; }

# 7b. comm follows a rename (prctl PR_SET_NAME) under the seccomp
#     filter too: prctl is a stop of its own when a script reads comm.
run rename -f --script 'syscall:openat { @[comm] = count(); }' \
	$P open 2 /dev/null rename renamed open 3 /dev/null
expect_line rename.out '@[renamed]: 3'
expect_match rename.out '^@\[script_prog\]: [2-9]$'

# 8. exit() ends the trace after the fifth call: the program runs on
#    untraced and ends as it would (status 0, all its lines).
run stop -f --script 'syscall:getppid { @n = count(); if (@n == 5) { exit(); } }' \
	$P threads 2 200
expect_line stop.out '@n: 5'
expect_line stop.prog 'threads 2 200'

# 8b. interval: fires while the program sleeps (at least once in its
#     600 ms, a lower bound only), and print() shows a map there.
run tick --script 'syscall:clock_nanosleep:entry { @sleeps = count(); }
interval:100ms { @ticks = count(); print(@sleeps); }' $P sleep 600
n=$(map_value tick.out '@ticks')
[ -n "$n" ] && [ "$n" -ge 1 ] || { show tick.out; fail "tick: interval:100ms fired ${n:-0} times in 600 ms"; }
expect_match tick.out '^@sleeps: 1$'

# 9. JSON: the script's output as "print" records of their task, its
#    maps as "map" records (a count by path, a hist, a stack key); all
#    valid under doc/trace-schema.json.
"$SLTRACE" -f -o json --output-format=json --script '
BEGIN { printf("begin\n"); }
syscall:openat /retval < 0/ { printf("%s failed\n", str(args.filename)); }
syscall:openat { @opens[str(args.filename)] = count(); @st[ustack] = count(); }
syscall:read:exit /retval > 0/ { @bytes = hist(retval); }' \
	$P open 2 /nonexistent read 1 100 > json.prog 2> json.err
expect_rc 0 $? json
python3 "$SRCDIR/tests/json_check.py" validate "$SRCDIR/doc/trace-schema.json" json >&2 ||
	{ show json; fail "json: the trace does not validate"; }
expect_count 1 json '^\{"type":"print".*"text":"begin\\n"\}$'
expect_count 2 json '^\{"type":"print".*"pid":[0-9]+,"tid":[0-9]+,"text":"/nonexistent failed\\n"\}$'
expect_count 3 json '^\{"type": ?"map"'
expect_match json '"name": ?"@opens".*"key": ?\["/nonexistent"\], ?"value": ?2'
expect_match json '"name": ?"@st".*"symbol": ?"main\+[0-9]+"'

# 9b. Folded stacks: a map keyed by ustack, with --output-format=folded,
#     one line per stack, outermost frame first, its count last.
run folded --output-format=folded --script 'syscall:openat { @[ustack] = count(); }' \
	$P open 3 /dev/null
expect_match folded.out '^(.*;)?main\+[0-9]+;.*openat[a-z0-9_]*\+[0-9]+ 3$'

# 9c. -p: a script on a process already running, until it ends.
$P sleep 1500 open 4 /dev/null > attach.prog &
pid=$!
sleep 0.1
"$SLTRACE" -o attach.out -p "$pid" --script 'syscall:openat { @n = count(); }' 2> attach.err
expect_rc 0 $? "attach: tracer"
wait "$pid"
expect_line attach.out '@n: 4'

# 9d. An i386 program: its syscalls by its own table (openat's argument
#     names, read sizes), against its trace lines in the same run.
if have_32bit; then
	need_progs script_prog32
	run m32 -e trace=openat --script \
		'syscall:openat { @bypath[str(args.filename)] = count(); }' \
		$PROGS/script_prog32 open 3 /dev/null open 2 /nonexistent
	grep -oE '^openat\([A-Z_]+, "[^"]*"' m32.out | sed -E 's/.*"(.*)"/\1/' |
		sort | uniq -c | awk '{ print "@bypath[" $2 "]: " $1 }' | sort > want.m32
	grep -E '^@bypath\[' m32.out | sort > got.m32
	[ -s want.m32 ] || { show m32.out; fail "m32: no openat line"; }
	diff want.m32 got.m32 > m32.diff || { show m32.out m32.diff; fail "m32: @bypath differs from the trace's lines"; }
	expect_line m32.out '@bypath[/nonexistent]: 2'
else
	note "this kernel runs no i386 program: the -m32 part is skipped"
fi

# 10. The script's output alone: no syscall, signal or exit lines.
run quiet -f --script 'syscall:getppid { @n = count(); }' $P threads 1 3 signal 1
expect_count 1 quiet.out '.'
expect_line quiet.out '@n: 3'
exit 0
