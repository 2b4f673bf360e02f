#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Scripts in the kernel (issue 14): a script whose syscall clauses only
# aggregate (count, sum, min, max, avg, stats, hist of pid, tid, name,
# comm, retval, errno, errname, latency, cpu, under comparisons joined
# by &&)
# runs on the BPF back end, BEGIN and END in sltrace.  Its maps are the
# ptrace back end's, key for key and value for value, wherever the
# value is not a time: the same workload (script_prog with children,
# threads, failures) run under each back end in turn.  A script that
# needs ptrace is a one-line error when the BPF back end is forced, and
# -d says which clause and why under auto.
. "$SRCDIR/tests/lib.sh"
need_progs script_prog stats_calls32

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

# same TAG SCRIPT...: the script's output under each back end, alike;
# with -f unless F is set (empty: without).
same() {
	local tag=$1 script=$2 b
	shift 2
	for b in ptrace bpf; do
		SLTRACE_BACKEND=$b "$SLTRACE" ${F--f} -o "$tag.$b" --script "$script" "$@" > out
		echo "exit $?" >> out
		# pids differ from run to run
		sed -E 's/[0-9]{3,}/PID/g' out > "$tag.$b.res"
	done
	diff -u "$tag.ptrace.res" "$tag.bpf.res" >&2 || fail "$tag: the program's output differs"
	# -e trace= lines start with the pid
	sed -Ei 's/^[0-9]+ /PID /' "$tag.ptrace" "$tag.bpf"
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
# i386: socketcall and ipc as the calls they carry, named and selected
# as under ptrace (accept has a row of its own, no number of its own).
if have_32bit; then
	same i386 'syscall:* { @[name] = count(); } syscall:* /retval < 0/ { @e[name, errname] = count(); } syscall:socket,syscall:semget { @s[name] = count(); }' "$PROGS/stats_calls32" subcalls
	expect_line i386.bpf '@[accept]: 1'
	expect_line i386.bpf '@s[semget]: 1'
else
	note "stats_calls32 does not run (no 32-bit support): i386 unchecked"
fi

# Times are the kernel's, and the machine's to stretch: in whole
# seconds, 0 for both; the count is compared.
same times 'syscall:nanosleep,syscall:clock_nanosleep { @n = count(); @l = stats(latency / 1000000000); @h = hist(latency / 1000000000); }' "$PROGS/script_prog" sleep 30 10
expect_match times.bpf '^@l: count 2, average 0, total 0$'

# pid and tid are the program's own.
SLTRACE_BACKEND=bpf "$SLTRACE" -o ids --script 'syscall:getppid { @[pid, tid] = count(); }' \
	"$PROGS/script_prog" ppid 4 > ids.res
expect_match ids '^@\[[0-9]+, [0-9]+\]: 4$'
read -r a b < <(sed -nE 's/^@\[([0-9]+), ([0-9]+)\].*/\1 \2/p' ids)
[ "$a" = "$b" ] || fail "pid $a and tid $b of a single-threaded program"

# cpu: where the event happened, on both back ends; pinned to the last
# CPU (tracer and program: taskset's mask is inherited), all are there.
last=$(( $(nproc) - 1 ))
for b in ptrace bpf; do
	SLTRACE_BACKEND=$b taskset -c "$last" "$SLTRACE" -o "cpu.$b" \
		--script 'syscall:getppid { @[cpu] = count(); }' \
		"$PROGS/script_prog" ppid 4 > cpu.res
	expect_line "cpu.$b" "@[$last]: 4"
done

# A script that mixes: its aggregations in the kernel, its other
# clauses (printf, an interval, a map they read) and -e trace= lines on
# ptrace, at once; the output is the ptrace back end's alone.
same mixed 'syscall:* { @[comm, name] = count(); } syscall:openat /retval < 0/ { printf("failed %d\n", retval); @f = count(); } syscall:openat { @o = count(); } syscall:close { @c = count(); } syscall:getppid { printf("%d\n", @c); } END { print(@); }' "$@"
expect_line mixed.bpf 'failed -2'
same mixed-lines 'syscall:getppid,syscall:close { @[name] = count(); }' -e trace=openat "$@"
expect_match mixed-lines.bpf '^PID +openat\(AT_FDCWD, "/nonexistent", O_RDONLY\) = -1 ENOENT'
F= same mixed-nof 'syscall:getppid { @[comm] = count(); } syscall:openat { printf("open\n"); }' "$PROGS/script_prog" threads 2 5 open 1 /dev/null ppid 3
expect_line mixed-nof.bpf '@[script_prog]: 3'
"$SLTRACE" -d -o out --script 'syscall:openat { @ = count(); } syscall:read { printf("r\n"); } syscall:close { @c = count(); } syscall:getppid { @p = count(); } interval:s:9 { print(@c); }' true 2> err
expect_match err "script: clause 1 \(script:1:1\) runs in the kernel"
expect_match err "script: clause 2 \(script:1:33\) needs ptrace: a statement other than"
expect_match err "script: clause 3 \(script:1:65\) needs ptrace: its map @c is read by clause 5, on ptrace"
expect_match err "script: clause 4 \(script:1:97\) runs in the kernel"
expect_match err "script: clause 5 \(script:1:131\) needs ptrace: a probe other than syscall:"
expect_match err "the script's aggregations in the kernel: BPF back end"

# What needs ptrace alone: forced, one line and exit 1; auto, -d says.
"$SLTRACE" --backend=bpf --script 'syscall:read { printf("r\n"); }' true 2> err
expect_rc 1 $? "forced, printf"
[ "$(wc -l < err)" = 1 ] || { show err; fail "forced: not one line"; }
expect_match err "the script needs ptrace: clause 1 \(script:1:1\): a statement other than"
"$SLTRACE" --backend=bpf --script 'BEGIN { printf("b\n"); }' true 2> err
expect_rc 1 $? "forced, BEGIN alone"
expect_line err "$TOOL: --backend=bpf: the script needs ptrace: BEGIN and END alone"
"$SLTRACE" -d -o out --script 'signal:SIGUSR1 { @m = count(); }' true 2> err
expect_rc 0 $? "auto, signal:"
expect_match err "BPF back end not used: the script needs ptrace: clause 1 .*a probe other than syscall: and call:"
"$SLTRACE" -d -o out --script 'syscall:openat { @ = count(); }' true 2> err
expect_match err "the script in the kernel, BEGIN and END here: BPF back end"
"$SLTRACE" --backend=bpf --syscall-limit 5 --script 'syscall:openat { @ = count(); } syscall:read { printf("r\n"); }' true 2> err
expect_rc 1 $? "forced, --syscall-limit"
expect_match err "^sltrace: --backend=bpf: --syscall-limit needs ptrace alone$"
exit 0
