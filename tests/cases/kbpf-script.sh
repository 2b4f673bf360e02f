#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Scripts in the kernel (issue 14): a script whose syscall clauses only
# aggregate (count, sum, min, max, avg, stats, hist of pid, tid, name,
# comm, retval, errno, errname, latency, under comparisons joined by &&)
# runs on the BPF back end, BEGIN and END in sltrace.  Its maps are the
# ptrace back end's, key for key and value for value, wherever the
# value is not a time: the same workload (script_prog with children,
# threads, failures) run under each back end in turn.  A script that
# needs ptrace is a one-line error when the BPF back end is forced, and
# -d says which clause and why under auto.
. "$SRCDIR/tests/lib.sh"
need_progs script_prog

if [ "$(id -u)" != 0 ]; then
	"$SLTRACE" -d -o /dev/null --script 'syscall:* { @ = count(); }' true 2> err
	expect_rc 0 $? "auto, not root"
	grep -q 'BPF back end not used' err || { show err; fail "-d says nothing"; }
	exit 0
fi
if "$SLTRACE" --backend=bpf -o /dev/null --script 'syscall:* { @ = count(); }' true 2> err; then :; else
	grep -q 'built without' err && skip "sltrace built without the BPF back end"
	show err
	fail "the BPF back end does not run a counting script as root"
fi

set -- "$PROGS/script_prog" open 5 /dev/null open 3 /nonexistent read 10 100 4096 \
	fail fail fork 3 ppid 7 signal 2

# same TAG SCRIPT...: the script's output under each back end, alike.
same() {
	local tag=$1 script=$2 b
	shift 2
	for b in ptrace bpf; do
		SLTRACE_BACKEND=$b "$SLTRACE" -f -o "$tag.$b" --script "$script" "$@" > out
		echo "exit $?" >> out
		# pids differ from run to run
		sed -E 's/[0-9]{3,}/PID/g' out > "$tag.$b.res"
	done
	diff -u "$tag.ptrace.res" "$tag.bpf.res" >&2 || fail "$tag: the program's output differs"
	diff -u "$tag.ptrace" "$tag.bpf" >&2 || fail "$tag: the maps differ"
	[ -s "$tag.bpf" ] || fail "$tag: no map"
}

same names 'syscall:* { @[comm, name] = count(); }' "$@"
expect_match names.bpf '^@\[script_prog, getppid\]: [0-9]+$'
# Threads wait for each other (futex) as they happen to: getppid only.
same threads 'syscall:getppid { @[comm] = count(); @n = count(); }' "$PROGS/script_prog" threads 3 20 ppid 2
expect_line threads.bpf '@n: 62'
same errors 'syscall:* /retval < 0/ { @[name, errname] = count(); @e[errno] = count(); }' "$@"
expect_line errors.bpf '@[close, EBADF]: 2'
expect_line errors.bpf '@[openat, ENOENT]: 3'
same values 'syscall:read { @s = sum(retval); @lo = min(retval); @hi = max(retval); @st = stats(retval); @h = hist(retval); @a[errno] = avg(retval * 2); @d = sum(retval / 100); }' "$@"
expect_line values.bpf '@hi: 4096'
expect_line values.bpf '@lo: 10'
same where 'BEGIN { printf("begin\n"); } syscall:openat:entry { @in = count(); } syscall:close:exit /retval == 0 && errno == 0/ { @ok = count(); } syscall:exit_group { @out[comm] = count(); } syscall:getppid /pid != 0/ { @p = count(); } END { printf("end %d\n", 1); print(@in); }' "$@"
expect_line where.bpf 'begin'
expect_line where.bpf '@out[script_prog]: 4'
# Times are the kernel's: only their count is compared.
same times 'syscall:nanosleep,syscall:clock_nanosleep { @n = count(); @l = stats(latency / 1000000); }' "$PROGS/script_prog" sleep 30 10
expect_match times.bpf '^@l: count 2, average 20, total 40$'

# pid and tid are the program's own.
SLTRACE_BACKEND=bpf "$SLTRACE" -o ids --script 'syscall:getppid { @[pid, tid] = count(); }' \
	"$PROGS/script_prog" ppid 4 > ids.res
expect_match ids '^@\[[0-9]+, [0-9]+\]: 4$'
read -r a b < <(sed -nE 's/^@\[([0-9]+), ([0-9]+)\].*/\1 \2/p' ids)
[ "$a" = "$b" ] || fail "pid $a and tid $b of a single-threaded program"

# What needs ptrace: forced, one line and exit 1; auto, -d says which.
"$SLTRACE" --backend=bpf --script 'syscall:openat { @ = count(); } syscall:read { printf("r\n"); }' true 2> err
expect_rc 1 $? "forced, printf"
[ "$(wc -l < err)" = 1 ] || { show err; fail "forced: not one line"; }
expect_match err "clause 2 \(script:1:33\): .*needs the ptrace back end"
"$SLTRACE" -d -o out --script 'syscall:openat { @ = count(); } call:malloc { @m = count(); }' true 2> err
expect_rc 0 $? "auto, call:"
expect_match err "BPF back end not used: the script's clause 2 .*a probe other than syscall:"
"$SLTRACE" -d -o out --script 'syscall:openat { @ = count(); }' true 2> err
expect_match err "script: its syscall clauses run in the kernel"
"$SLTRACE" --backend=bpf -e trace=openat --script 'syscall:openat { @ = count(); }' true 2> err
expect_rc 1 $? "forced, beside -e trace="
expect_match err "beside a script needs the ptrace back end"
exit 0
