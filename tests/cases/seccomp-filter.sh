#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Automatic seccomp-BPF: with -e trace= leaving syscalls out, a launched
# command stops only at the traced ones.  The trace is the same as
# without the filter, the program sees the same results (its unfollowed
# child is not broken by ENOSYS), no_new_privs is set only under the
# filter, and the stop count (the -d statistic) shows the saving.
. "$SRCDIR/tests/lib.sh"
need_progs filtered
[ "$TOOL" = strace ] && skip "sltrace-specific: strace's filter is opt-in"

run() {	# run NAME FLAGS...: trace, stdout and the stop count
	local name=$1
	shift
	"$SLTRACE" -d -o "$name.trace" "$@" "$PROGS/filtered" 20000 \
		> "$name.out" 2> "$name.err" || fail "$name: exit status $?"
	sed -n 's/.*\[debug\] \([0-9]*\) ptrace stops.*/\1/p' "$name.err" > "$name.stops"
	[ -s "$name.stops" ] || { show "$name.err"; fail "$name: no stop count"; }
}

for set in openat 'openat,getppid' '%file'; do
	run on -e trace="$set"
	run off --seccomp-bpf=off -e trace="$set"
	grep -q 'seccomp filter' on.err || fail "$set: no filter installed"
	grep -q 'seccomp filter' off.err && fail "$set: filter despite =off"
	sed -i -E 's/si_pid=[0-9]+/si_pid=PID/; s/0x[0-9a-f]{6,}/ADDR/g; s/^(getppid\(\) += )[0-9]+/\1PPID/' on.trace off.trace
	diff -u off.trace on.trace >&2 || fail "$set: traces differ"
	printf '%s\n' "parent open ok" "child open ok" "child status 0" \
		> want.out
	head -3 on.out | diff -u want.out - >&2 || fail "$set: program saw other results"
	expect_line on.out "no_new_privs 1"
	expect_line off.out "no_new_privs 0"
	echo "$set: $(cat on.stops) stops with the filter, $(cat off.stops) without" >&2
done

# A negated set: everything but getppid, under the filter.
run on -e trace='!getppid'
grep -q 'seccomp filter' on.err || fail "!getppid: no filter installed"
expect_no_match on.trace '^getppid'
expect_match on.trace '^execve\('
expect_match on.trace '^exit_group\(0\) += \?'

# 20000 getppid calls in the traced main thread: two stops each without
# the filter, none with it.
run on -e trace=openat
run off --seccomp-bpf=off -e trace=openat
[ "$(cat on.stops)" -lt 1000 ] || fail "filtered: $(cat on.stops) stops"
[ "$(cat off.stops)" -gt 40000 ] || fail "unfiltered: $(cat off.stops) stops"

# -f: the threads' and the child's traced calls are all there.
"$SLTRACE" -f -o f.trace -e trace=getppid,openat "$PROGS/filtered" 1000 > f.out ||
	fail "-f: exit status $?"
expect_count 3000 f.trace '^[0-9]+ +getppid\('
expect_count 2 f.trace '^[0-9]+ +openat\(.*"/dev/null"'
