#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Probes and -p: attach to a program looping over bar_cb ->
# callback -> bar_add, bar_nap (so it is most often inside a probed
# return), let some hits be seen, SIGINT the tracer.  The program must
# be left untraced and running, with every breakpoint byte restored (it
# compares the executable segments of every loaded object with a copy
# taken before the attach) and every hooked return address put back (the
# calls in flight return where they must), and finish with the right
# results and exit status 0.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"
need_progs reaper
need_attach

lc_loop_start
lc_loop_detach -e trace=none --probe 'bar_cb' --probe 'bar_add $arg1:s32 $arg2:s32' \
	--probe 'bar_nap%return $retval:s32'
expect_match trace '^--- probe bar_add \{\$arg1=[0-9]+, \$arg2=1\} ---$'
expect_match trace '^--- probe bar_nap%return \{\$retval=1\} ---$'
expect_match trace '^--- probe bar_cb \{f=0x[0-9a-f]+, arg=[0-9]+\} ---$'
lc_loop_finish
