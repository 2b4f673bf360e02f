#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Stacks of library calls made by threads nobody follows (no -f): such a
# call once printed its stack to a NULL stream (out_write from
# unwind_print_limit from lc_print_return) and sltrace died of SIGSEGV
# under `--ltrace -w 3` and `-k -l malloc`.  A program of three threads
# (tests/progs/ltcorpus/threads.c: strdup, strcat, free and the mutex in
# the threads, pthread_create and pthread_join in main) is traced five
# times under each command line: sltrace exits as the program does, no
# task is killed, and in ltrace's mode (which shows a thread's calls only
# with -f) no call of the threads is printed.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"

lc_run_cc "$CC" -g -O1 -pthread -o threaded \
	"$SRCDIR/tests/progs/ltcorpus/threads.c" || fail "cannot build threaded"
./threaded > want.out
want=$?

run() {
	local name=$1 i rc
	shift
	for i in 1 2 3 4 5; do
		"$SLTRACE" "$@" -o "$name.trace" ./threaded > "$name.out" 2> "$name.err"
		rc=$?
		[ "$rc" = "$want" ] || { show "$name.err"; show "$name.trace"; }
		expect_rc "$want" "$rc" "sltrace $*"
		cmp -s want.out "$name.out" || fail "sltrace $*: the program's output differs"
		expect_no_match "$name.err" 'Segmentation|SIGSEGV|core dumped'
		expect_no_match "$name.trace" '\+\+\+ killed|--- SIGSEGV'
	done
}

run lt-w --ltrace -w 3
expect_match lt-w.trace '^pthread_create\('
expect_match lt-w.trace '^ > .*threaded\(main\+'
expect_no_match lt-w.trace '^(strdup|strcat|free|pthread_mutex_lock|pthread_mutex_unlock)\('
expect_no_match lt-w.trace 'worker\+'

run lt-S --ltrace -S
expect_match lt-S.trace '^pthread_join\('
expect_no_match lt-S.trace '^(strdup|strcat|free|pthread_mutex_lock|pthread_mutex_unlock)\('

run k-malloc -k -l malloc
expect_match k-malloc.trace '^\+\+\+ exited with 0 \+\+\+$'

run k-strdup -k -l strdup
expect_match k-strdup.trace '^\+\+\+ exited with 0 \+\+\+$'

run c-w-malloc -l malloc -c -w
expect_match c-w-malloc.trace 'total'
