#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The BPF back end (--backend=bpf): its -c tables are the ptrace back
# end's on calls and errors, row for row (64-bit, i386 with its
# socketcall and ipc sub-calls, -f with threads and children, -e trace=,
# --hist counts); -p counts a running program without tracing it
# (TracerPid stays 0) and leaves it to finish unharmed; exit statuses
# and signals pass through; what it cannot do is a one-line error when
# forced and ptrace otherwise, as -d says.  Not root: the fallback.
. "$SRCDIR/tests/lib.sh"
need_progs stats_calls stats_calls32 threads forker worker
command -v python3 > /dev/null || skip "no python3"

if [ "$(id -u)" != 0 ]; then
	"$SLTRACE" -d -c -o got true 2> err
	expect_rc 0 $? "auto, not root"
	grep -q 'BPF back end not used' err || { show err; fail "-d says nothing"; }
	"$SLTRACE" --backend=bpf -c true 2> err
	expect_rc 1 $? "forced, not root"
	[ "$(wc -l < err)" = 1 ] || { show err; fail "not one line"; }
	exit 0
fi
if "$SLTRACE" --backend=bpf -c -o /dev/null true 2> err; then :; else
	grep -q 'built without' err && skip "sltrace built without the BPF back end"
	show err
	fail "the BPF back end does not work as root"
fi

# rows FILE: "name calls errors" per row of the tables, and the totals,
# sorted (the rows are ordered by time).
rows() {
	python3 - "$1" <<'PY'
import re, sys
out = []
title = "64"
for line in open(sys.argv[1]):
    if "32 bit mode" in line:
        title = "32"
    m = re.match(r"^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(\d*)\s*(\S+)$", line)
    if m:
        out.append("%s %s %s %s" % (title, m.group(3), m.group(1), m.group(2) or "0"))
print("\n".join(sorted(out)))
PY
}

# same FLAGS... -- CMD...: both back ends, the same rows, but those
# matching $IGNORE.
IGNORE='^$'
same() {
	local flags=()
	while [ "$1" != -- ]; do flags+=("$1"); shift; done
	shift
	"$SLTRACE" --backend=ptrace "${flags[@]}" -o want "$@" > /dev/null 2>&1
	"$SLTRACE" --backend=bpf "${flags[@]}" -o got "$@" > /dev/null 2>&1
	rows want | grep -vE "$IGNORE" > want.rows
	rows got | grep -vE "$IGNORE" > got.rows
	[ -s want.rows ] || { show want; fail "no table: ${flags[*]} -- $*"; }
	diff -u want.rows got.rows ||
		{ show want got; fail "the back ends differ: ${flags[*]} -- $*"; }
}

same -c -- "$PROGS/stats_calls" calls 7 3
same -c -- ls /
same -c -e trace=openat,close,getppid -- "$PROGS/stats_calls" calls 2 5
if have_32bit; then
	same -c -- "$PROGS/stats_calls32" calls 4 2
	same -c -- "$PROGS/stats_calls32" subcalls
	same -c -e trace=socket,semget -- "$PROGS/stats_calls32" subcalls
else
	note "stats_calls32 does not run (no 32-bit support): i386 unchecked"
fi
# A command the kernel cannot exec: its failed execve, and nothing of
# the launcher that says so.
printf 'not a program\n' > junk && chmod +x junk
same -c -- ./junk
# How often threads wait for each other (futex) is up to the timing, and
# how many pieces of a new thread arena's double-size mapping glibc
# gives back (munmap) to where the kernel put it.
IGNORE=' (futex|munmap|total) '
same -c -f -- "$PROGS/threads" 4 500
same -c -- "$PROGS/threads" 3 200
IGNORE='^$'
same -c -f -- "$PROGS/forker" fork 3 4
same -c -f -- sh -c 'ls / > /dev/null; true'
same -c -w -S calls -- "$PROGS/stats_calls" calls 5 1
same -c -O 1us -- "$PROGS/stats_calls" calls 5 1

# The program knows what it did: 4 threads x 500 getppid.
"$SLTRACE" --backend=bpf -c -f -o got "$PROGS/threads" 4 500 > /dev/null
expect_rc 0 $? "threads"
expect_match got '^ *[0-9.]+ +[0-9.]+ +[0-9]+ +2000 +getppid$'

# --hist: as many samples as calls, per outcome with --hist-by-errno.
"$SLTRACE" --backend=bpf -c --hist=getppid,close --hist-by-errno -o got \
	"$PROGS/stats_calls" calls 7 3
expect_rc 0 $? "hist"
python3 - got <<'PY' || { show got; fail "histogram counts"; }
import re, sys
counts, key = {}, None
for line in open(sys.argv[1]):
    m = re.match(r"^@usecs\[(.*)\]:", line)
    if m:
        key = m.group(1); counts[key] = 0; continue
    m = re.match(r"^\[.*\)?\s+(\d+) \|", line) or re.match(r"^\[\d+\]\s+(\d+) \|", line)
    if m and key:
        counts[key] += int(m.group(1))
want = {"getppid, success": 7, "close, EBADF": 3}
for k, v in want.items():
    if counts.get(k) != v:
        sys.exit("%s: %s, want %d (%s)" % (k, counts.get(k), v, counts))
PY

# auto picks it, and says so.
"$SLTRACE" -d -c -o /dev/null true 2> err
grep -q 'counting in the kernel' err || { show err; fail "auto did not take bpf"; }
# -C: ptrace prints the lines, the kernel counts beside it; the lines
# are ptrace's alone, the table the same as ever.
"$SLTRACE" -d -C -o got.C "$PROGS/stats_calls" calls 7 3 2> err
grep -q 'counting in the kernel beside ptrace' err || { show err; fail "-C under auto"; }
"$SLTRACE" --backend=ptrace -C -o want.C "$PROGS/stats_calls" calls 7 3
lines() {
	grep -vE '^( +[0-9]|-{6}|% time|100\.00)' "$1" |
		sed -E 's/0x[0-9a-f]+/ADDR/g; s/= [0-9]{3,}$/= PID/'
}
[ "$(lines got.C | grep -c '^openat(')" = 5 ] || { show got.C; fail "-C: no lines"; }
diff <(lines want.C) <(lines got.C) ||
	fail "-C: the lines differ"
same -C -- "$PROGS/stats_calls" calls 7 3
same -C -f -- "$PROGS/forker" fork 3 4
# What it cannot do: ptrace under auto, an error when forced.
"$SLTRACE" -d -C -l getppid -o /dev/null true 2> err
grep -q 'BPF back end not used: -C with -l needs ptrace' err || { show err; fail "-C -l under auto"; }
"$SLTRACE" --backend=bpf -C -l getppid true > out 2> err
expect_rc 1 $? "forced -C -l"
[ "$(wc -l < err)" = 1 ] && grep -q -- '-C with -l needs the ptrace back end' err ||
	{ show err; fail "forced -C -l: not a one-line error"; }
"$SLTRACE" --backend=bpf -C --syscall-limit 3 true > out 2> err
expect_rc 1 $? "forced -C --syscall-limit"
expect_match err '^sltrace: --backend=bpf counts only: --syscall-limit needs the ptrace back end$'
"$SLTRACE" --backend=nonsense -c true 2> err
expect_rc 1 $? "bad --backend"
SLTRACE_BACKEND=nonsense "$SLTRACE" -c true 2> err
expect_rc 1 $? "bad SLTRACE_BACKEND"

# Exit statuses and deaths pass through.
"$SLTRACE" --backend=bpf -c -o /dev/null sh -c 'exit 3'
expect_rc 3 $? "exit 3"
"$SLTRACE" --backend=bpf -c -o /dev/null sh -c 'kill -TERM $$'
expect_rc 143 $? "killed by SIGTERM"

# As another user (the program run by -u): not privileged.
if setpriv --reuid=65534 --regid=65534 --clear-groups true 2> /dev/null; then
	setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$SLTRACE" --backend=bpf -c true > out 2> err
	expect_rc 1 $? "forced, unprivileged"
	grep -q 'not privileged' err || { show err; fail "unprivileged: no reason"; }
	setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$SLTRACE" -d -c -o /dev/null true 2> err
	expect_rc 0 $? "auto, unprivileged"
	grep -q 'BPF back end not used: not privileged' err ||
		{ show err; fail "unprivileged auto: -d says nothing"; }
fi

# -p: counted while it runs, never traced, and it ends well.
start_worker syscalls 4
wpid=$WORKER_PID
"$SLTRACE" --backend=bpf -c -p "$wpid" -o got 2> att &
spid=$!
for _ in $(seq 200); do grep -q attached att 2> /dev/null && break; sleep 0.05; done
sleep 0.3
grep -q '^TracerPid:[[:space:]]*0$' /proc/"$wpid"/status ||
	{ cat /proc/"$wpid"/status; fail "-p traced the program"; }
finish_worker syscalls 4
wait "$spid"
expect_rc 0 $? "tracer -p"
grep -q "Process $wpid attached with 4 threads" att || { show att; fail "no attach message"; }
python3 - got <<'PY' || { show got; fail "-p counts"; }
import re, sys
for line in open(sys.argv[1]):
    m = re.match(r"^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+\d*\s*getppid$", line)
    if m and int(m.group(1)) >= 400:
        sys.exit(0)
sys.exit("fewer than 400 getppid")
PY
check_no_stopped
