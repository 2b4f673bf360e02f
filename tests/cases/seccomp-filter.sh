#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Automatic seccomp-BPF: with -f and -e trace= leaving syscalls out, a
# launched command stops only at the traced ones.  The trace is the same
# as without the filter, the program sees the same results, and the stop
# count (the -d statistic) shows the saving.  Without -f there is no
# filter (it would be inherited by children nobody follows, whose traced
# syscalls would then fail with ENOSYS): the child runs untraced, as it
# would without sltrace.  no_new_privs is set only where the kernel
# demands it (a user without CAP_SYS_ADMIN), and only under the filter.
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

# norm TRACE: what each line is (a syscall's name, or the event), sorted:
# threads interleave and split lines differently from run to run.
norm() {
	sed -E 's/^[0-9]+ +//; /^<\.\.\. .* resumed>/d; s/^([a-z0-9_]+)\(.*/\1/; s/^(---|\+\+\+) ([A-Za-z]+).*/\1 \2/' "$1" | sort
}

if [ "$(id -u)" = 0 ]; then nnp=0; else nnp=1; fi

for set in openat 'openat,getppid' '%file'; do
	run on -f -e trace="$set"
	run off -f --seccomp-bpf=off -e trace="$set"
	grep -q 'seccomp filter' on.err || fail "$set: no filter installed"
	grep -q 'seccomp filter' off.err && fail "$set: filter despite =off"
	diff -u <(norm off.trace) <(norm on.trace) >&2 || fail "$set: traces differ"
	printf '%s\n' "parent open ok" "child open ok" "child traced yes" \
		"child status 0" > want.out
	head -4 on.out | diff -u want.out - >&2 || fail "$set: program saw other results"
	expect_line on.out "no_new_privs $nnp"
	expect_line off.out "no_new_privs 0"
	echo "$set: $(cat on.stops) stops with the filter, $(cat off.stops) without" >&2
done

# A negated set: everything but getppid, under the filter.
run on -f -e trace='!getppid'
grep -q 'seccomp filter' on.err || fail "!getppid: no filter installed"
expect_no_match on.trace '^[0-9]+ +getppid'
expect_match on.trace '^[0-9]+ +execve\('
expect_match on.trace '^[0-9]+ +exit_group\(0\) += \?'

# 60000 getppid calls in three threads: two stops each without the
# filter, none with it.
run on -f -e trace=openat
run off -f --seccomp-bpf=off -e trace=openat
[ "$(cat on.stops)" -lt 1000 ] || fail "filtered: $(cat on.stops) stops"
[ "$(cat off.stops)" -gt 120000 ] || fail "unfiltered: $(cat off.stops) stops"

# Without -f: no filter, the child is nobody's tracee, the main thread
# stops at every syscall.
run nof -e trace=openat
grep -q 'seccomp filter' nof.err && fail "a filter without -f"
printf '%s\n' "parent open ok" "child open ok" "child traced no" \
	"child status 0" "no_new_privs 0" > want.out
diff -u want.out nof.out >&2 || fail "without -f: the program saw other results"
[ "$(cat nof.stops)" -gt 40000 ] || fail "without -f: $(cat nof.stops) stops"
expect_count 1 nof.trace '^openat\(.*"/dev/null"'
# strace's words when the filter is asked for where it cannot be.
"$SLTRACE" --seccomp-bpf -e trace=openat -o /dev/null "$PROGS/filtered" 10 \
	> /dev/null 2> err || fail "--seccomp-bpf without -f: exit status $?"
expect_line err "$TOOL: --seccomp-bpf cannot be used without -f/--follow-forks, disabling"

# -f: the threads' and the child's traced calls are all there.
"$SLTRACE" -f -o f.trace -e trace=getppid,openat "$PROGS/filtered" 1000 > f.out ||
	fail "-f: exit status $?"
expect_count 3000 f.trace '^[0-9]+ +getppid\('
expect_count 2 f.trace '^[0-9]+ +openat\(.*"/dev/null"'
