#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# 16 threads x 2,000 calls of bar_add with distinct arguments, under -f:
# every call is reported exactly once, whole or as unfinished + resumed,
# under the tid of the thread that made it; no signal line, no killed
# task, the program's own checks pass.  Repeated LIBCALL_THREAD_RUNS
# times (default 10): a race that loses or mixes calls shows in some runs
# only.
# timeout-factor: 3
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"

lc_build pie b threads
lc_threads_check b/threads "${LIBCALL_THREAD_RUNS:-10}"
