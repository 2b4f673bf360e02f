#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# i386 programs (built -m32, traced in compat mode): the caller in every
# link mode the toolchain links, checked as libcall_modes.sh does (-l on
# the four functions main calls, entry breakpoints on bar_*: exactly the
# calls the program wrote down); then the threads program, 16 x 2,000
# calls of bar_add under -f in the PIE, no-PIE, -z now and static modes
# (static: -L bar_add, it has no PLT), each call reported once under its
# thread's tid (libcall_threads.sh's check).  Skipped without
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
