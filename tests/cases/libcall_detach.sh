#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Detach mid-run: attach with -p to a program looping over bar_cb ->
# callback -> bar_add, bar_nap (so it is most often inside two traced
# calls), let some calls be traced, SIGINT the tracer.  The program must
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
lc_loop_detach -e trace=none -l bar_cb -l bar_add -l bar_nap
lc_norm trace > trace.norm
expect_match trace.norm '^bar_add\([0-9]+, 1\) = [0-9]+$'
expect_match trace.norm '^(<\.\.\. bar_nap resumed> \)|bar_nap\(1\)) = 1$'
expect_match trace.norm '^<\.\.\. bar_cb resumed> \) = [0-9]+$'
lc_loop_finish
