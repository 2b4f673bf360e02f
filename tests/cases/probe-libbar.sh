#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# --probe on a library function in every link mode (PIE, non-PIE, -z now,
# -fno-plt, IBT, static): the threads program's bar_add calls (which it
# writes down itself, "TID bar_add(A, B) = R") must each give exactly one
# entry hit with A and B ($arg1/$arg2 from the ABI registers, and the
# DWARF parameters a and b) and one %return hit with R, under the tid
# of the thread that made the call; then 16 threads x 2,000 calls, exact
# in PROBE_THREAD_RUNS runs (default 10, the figure).  No trap
# may reach the program.
# All of it again built -m32 (i386) when the toolchain can.
# timeout-factor: 5
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"

# "TID bar_add(A, B) = R" as the probe lines it must give.
want_lines() {
	sed -E 's/^([0-9]+) bar_add\((-?[0-9]+), (-?[0-9]+)\) = (-?[0-9]+)$/\1 --- probe bar_add {$arg1=\2, $arg2=\3, a=\2, b=\3} ---\
\1 --- probe bar_add%return {$retval=\4} ---/' "$1" | sort
}

check_run() {
	local label=$1 exp=$2 trace=$3
	lc_no_traps "$trace"
	want_lines "$exp" > want
	lc_probe_lines "$trace" > got
	if ! diff want got > hits.diff; then
		head -n 20 hits.diff >&2
		fail "$label: the hits differ from the calls made (< made, > traced)"
	fi
}

# probe_threads LABEL PROG THREADS CALLS: run PROG THREADS CALLS under
# the two bar_add probes; the hits must be the calls it wrote down.
probe_threads() {
	rm -f trace exp
	"$SLTRACE" -f -e trace=none -o trace \
		--probe 'bar_add $arg1:s32 $arg2:s32 a b' \
		--probe 'bar_add%return $retval:s32' "$2" "$3" "$4" exp > out
	expect_rc 0 $? "$1: tracer"
	expect_line out "ok $3 threads x $4 calls"
	check_run "$1" exp trace
}

# The same built -m32 (i386, in compat mode: $argN from the stack), when
# the toolchain can.
bits="64"
if lc_m32_supported; then
	bits="64 32"
else
	note "no -m32 toolchain: i386 skipped"
fi

for b in $bits; do
	LC_M32=
	[ "$b" = 32 ] && LC_M32=1
	for mode in $LC_MODES; do
		lc_mode_supported "$mode" ||
			{ note "$mode ($b-bit): not supported here"; continue; }
		d=b$b-$mode
		lc_build "$mode" "$d" threads
		probe_threads "$mode ($b-bit)" "$d/threads" 4 50
	done

	runs=${PROBE_THREAD_RUNS:-10}
	for run in $(seq "$runs"); do
		probe_threads "16 x 2000, run $run ($b-bit)" "b$b-pie/threads" 16 2000
	done
	note "$b-bit: $runs runs of 16 x 2000 calls: every entry and return hit once"
done
