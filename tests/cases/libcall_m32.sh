#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# i386 programs (built -m32, traced in compat mode): the caller in every
# link mode the toolchain links, checked as libcall_modes.sh does (-l on
# the four functions main calls, entry breakpoints on bar_*: exactly the
# calls the program wrote down); then the threads program, 16 x 2,000
# calls of bar_add under -f in the PIE, no-PIE, -z now and static modes
# (static: -L bar_add, it has no PLT), each call reported once under its
# thread's tid (libcall_threads.sh's check); an exec from a 64-bit
# program into a 32-bit one and back (libcall_exec.sh's check: the call
# before the exec and the one after, nothing else).  Skipped without
# gcc-multilib.
# timeout-factor: 4
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"

lc_m32_supported || skip "$CC cannot build and run i386 programs"
LC_M32=1

# shellcheck disable=SC2086
( lc_caller_matrix $LC_MODES ) || fail "the caller, -m32: see above"

runs=${LIBCALL_THREAD_RUNS:-3}
for mode in pie nopie now static; do
	lc_mode_supported "$mode" || { note "$mode: not supported here"; continue; }
	note "threads, -m32 $mode"
	lc_build "$mode" "t-$mode" threads
	if [ "$mode" = static ]; then
		lc_threads_check "t-$mode/threads" "$runs" -L bar_add
	else
		lc_threads_check "t-$mode/threads" "$runs"
	fi
done

# exec across classes: the breakpoint core is rebuilt for the new image.
LC_M32='' lc_build pie x64 forks
LC_M32=1 lc_build pie x32 forks
for from in 64 32; do
	to=$((96 - from))
	note "exec from $from-bit to $to-bit"
	rm -f exp
	FORKS_EXEC=$PWD/x$to/forks "$SLTRACE" -e trace=none -l bar_add \
		-o "exec$from.trace" "x$from/forks" exec exp > out
	expect_rc 0 $? "exec $from -> $to: tracer"
	expect_line out "ok exec"
	lc_no_traps "exec$from.trace"
	sed -E 's/^[0-9]+ //' exp > "exec$from.want"
	lc_compare "exec$from.want" "exec$from.trace"
done
