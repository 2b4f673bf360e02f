#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# At most two ptrace stops per traced call (one at the entry, one at the
# return): the stop count of -d ("N ptrace stops") for N calls of
# bar_add, less that of the same program making none, is at most 2 N
# plus a few (lazy binding of the first call), the run without calls
# takes at most 200, and the trace holds the N calls.  With -l (a PLT
# slot) and at the function's entry.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"

n=5000
lc_build pie b loop

# stops FILE: the count in the last "N ptrace stops" debug line.
stops() {
	sed -nE 's/.* ([0-9]+) ptrace stops$/\1/p' "$1" | tail -n 1
}

check() {
	local what=$1 s0 sn
	shift
	"$SLTRACE" -d -e trace=none "$@" -o trace0 b/loop count 0 > out0 2> err0
	expect_rc 0 $? "$what: tracer, 0 calls"
	"$SLTRACE" -d -e trace=none "$@" -o trace b/loop count $n > out 2> err
	expect_rc 0 $? "$what: tracer, $n calls"
	expect_line out "ok $((n * (n + 1) / 2))"
	s0=$(stops err0)
	sn=$(stops err)
	if [ -z "$s0" ] || [ -z "$sn" ]; then
		tail -n 3 err0 err >&2
		fail "$what: no 'N ptrace stops' line from -d"
	fi
	note "$what: $s0 stops for 0 calls, $sn for $n"
	lc_norm trace > trace.norm
	expect_count $n trace.norm '^bar_add\([0-9]+, 1\) = [0-9]+$'
	[ $((sn - s0)) -le $((2 * n + 10)) ] ||
		fail "$what: $((sn - s0)) stops for $n calls (at most $((2 * n + 10)))"
	# Start-up (exec, the trap page, the link map) and exit, no calls.
	[ "$s0" -le 200 ] || fail "$what: $s0 stops for a run without calls"
}

check plt -l bar_add
check entry "$LC_ENTRY_OPT" bar_add
