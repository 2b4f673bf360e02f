#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# execve from a thread that is not the leader while the other threads
# call strtol() through the PLT without end (tests/progs/exec_lib.c): the
# new program must keep the leader's pid, be alone and run its own calls.
# Under -l the breakpoints of the old image are in flight on every thread
# at the exec; the kernel throws those threads away, and sltrace must
# hook the new image as if it had just started.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/unnoticed.sh"
need_progs exec_lib

set -- "$PROGS/exec_lib" start
un_base "$@"
expect_line base.res "after the exec: same pid yes, threads 1, sum 420"
un_ways execve strtol strtol "$@"
# The exec comes from a thread; the trace says the leader's pid took
# its place, and the calls go on in the new image.
expect_match f.trace '\+\+\+ superseded by execve in pid [0-9]+ \+\+\+$'
expect_match plt.trace '^[0-9]+ +strtol\("42", NULL, 10\) += 42$'
un_traced nof -- "$@"
[ "$TOOL" = strace ] || un_traced nofl -l strtol -- "$@"

[ "$TOOL" = strace ] && exit 0

# The line left open at the exec is a thread's that the exec throws
# away (exec_lib blocked): the thread is gone, and freed, before the
# leader's line is cut by the exec; nothing may read it after.
set -- "$PROGS/exec_lib" blocked
un_base "$@"
expect_line base.res "after the exec: same pid yes, threads 1, sum 420"
un_traced blocked -l sleep -- "$@"
expect_match blocked.trace '^sleep\(1000 <no return \.\.\.>$'
expect_match blocked.trace '^\+\+\+ superseded by execve in pid [0-9]+ \+\+\+$'
