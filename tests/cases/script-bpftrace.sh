#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The same one-liner under bpftrace and under sltrace, on the same
# program: the maps agree, printed byte for byte alike (issue 13).
# bpftrace needs root, BPF and tracefs: without them the case skips,
# saying which.  As root it mounts tracefs when it is not (and takes it
# away after).
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"
need_progs script_prog
P=$PROGS/script_prog

BPFTRACE=${BPFTRACE:-/usr/bin/bpftrace}
[ -x "$BPFTRACE" ] || skip "no bpftrace at $BPFTRACE"
[ "$(id -u)" = 0 ] || skip "bpftrace needs root"
mounted=
if [ ! -e /sys/kernel/tracing/events ]; then
	mount -t tracefs nodev /sys/kernel/tracing 2> /dev/null ||
		skip "no tracefs at /sys/kernel/tracing"
	mounted=1
fi
cleanup() { [ -z "$mounted" ] || umount /sys/kernel/tracing 2> /dev/null; }
trap cleanup EXIT
ulimit -l unlimited 2> /dev/null

# bpftrace sees the whole machine: its programs keep to the command's
# process (cpid), other tests may run script_prog at the same time.
# bt NAME PROGRAM CMD...: bpftrace's maps (its first line, "Attaching N
# probes...", left out) in NAME.bt.
bt() {
	local name=$1 prog=$2
	shift 2
	timeout 60 "$BPFTRACE" -e "$prog" -c "$*" > "$name.raw" 2> "$name.bterr"
	[ $? = 0 ] || { show "$name.bterr"; skip "bpftrace cannot run here: $(head -1 "$name.bterr")"; }
	# The program's own lines go to the same stdout: keep the maps.
	sed -n '/^@/,$p' "$name.raw" > "$name.bt"
}

# sl NAME SCRIPT CMD...: sltrace's maps in NAME.sl.
sl() {
	local name=$1 script=$2
	shift 2
	"$SLTRACE" -f -o "$name.out" --script "$script" "$@" > /dev/null 2> "$name.err"
	expect_rc 0 $? "$name: sltrace"
	sed -n '/^@/,$p' "$name.out" > "$name.sl"
}

same() {
	diff -u "$1.bt" "$1.sl" >&2 || fail "$1: bpftrace and sltrace differ (- bpftrace, + sltrace)"
}

# The same rows, in any order: bpftrace leaves rows of equal value in
# its hash table's order, sltrace sorts them by key.
same_rows() {
	sort "$1.bt" > "$1.bts"
	sort "$1.sl" > "$1.sls"
	diff -u "$1.bts" "$1.sls" >&2 || fail "$1: bpftrace and sltrace differ (- bpftrace, + sltrace)"
}

# Opens by command (bpftrace's lesson 2, on one program).
bt opens 'tracepoint:syscalls:sys_enter_openat /pid == cpid && comm == "script_prog"/ { @[comm] = count(); }' \
	$P open 5 /dev/null open 2 /nonexistent
sl opens 'syscall:openat:entry /comm == "script_prog"/ { @[comm] = count(); }' \
	$P open 5 /dev/null open 2 /nonexistent
same opens

# Read sizes as a histogram (lesson 5), the sizes the program reads.
bt hist 'tracepoint:syscalls:sys_exit_read /pid == cpid && comm == "script_prog" && args->ret > 0/ { @bytes = hist(args->ret); }' \
	$P read 1 2 3 5 9 17 100 1000 4096 4096 65536
sl hist 'syscall:read:exit /comm == "script_prog" && retval > 0/ { @bytes = hist(retval); }' \
	$P read 1 2 3 5 9 17 100 1000 4096 4096 65536
same hist

# Linear histogram, sum, min, max, avg and stats of the same values.
aggs='@l = lhist(R, 0, 5000, 1000); @s = sum(R); @mi = min(R); @ma = max(R); @a = avg(R); @st = stats(R);'
bt aggs "tracepoint:syscalls:sys_exit_read /pid == cpid && comm == \"script_prog\" && args->ret > 0/ { ${aggs//R/args->ret} }" \
	$P read 1 2 3 5 9 17 100 1000 4096 4096 65536
sl aggs "syscall:read:exit /comm == \"script_prog\" && retval > 0/ { ${aggs//R/retval} }" \
	$P read 1 2 3 5 9 17 100 1000 4096 4096 65536
same aggs

# getppid by 4 threads: the count over every thread (-f).
bt threads 'tracepoint:syscalls:sys_enter_getppid /pid == cpid && comm == "script_prog"/ { @ = count(); }' \
	$P threads 4 250
sl threads 'syscall:getppid /comm == "script_prog"/ { @ = count(); }' \
	$P threads 4 250
same threads

# A library function: bpftrace's uprobe against call:FUNC@LIB.
lc_build pie b threads
# (The main thread's bar_add(-1, -1) is left out: bpftrace shows an
# int's register as a 64-bit number, sltrace cuts it to the prototype's
# int.)
bt calls "uprobe:$PWD/b/libbar.so:bar_add /pid == cpid && comm == \"threads\" && arg0 >= 0 && arg0 < 1000/ { @[arg0] = count(); }" b/threads 2 20 exp
sl calls 'call:bar_add@libbar.so:entry /arg0 >= 0 && arg0 < 1000/ { @[arg0] = count(); }' b/threads 2 20 exp
same_rows calls
exit 0
