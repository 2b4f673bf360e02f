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

runs=${LIBCALL_THREAD_RUNS:-10}
lc_build pie b threads

for run in $(seq "$runs"); do
	rm -f trace exp
	"$SLTRACE" -f -e trace=none -l bar_add -o trace b/threads 16 2000 exp > out
	expect_rc 0 $? "run $run: tracer"
	expect_line out "ok 16 threads x 2000 calls"
	lc_no_traps trace
	lc_tid_norm trace | grep -vE '^[0-9]+ \+\+\+ exited with 0 \+\+\+$' |
		sort -s -n -k1,1 > got
	sort -s -n -k1,1 exp > want
	if ! diff want got > calls.diff; then
		head -n 40 calls.diff >&2
		fail "run $run: the calls in the trace differ from the calls made (diff above: < made, > traced)"
	fi
done
note "$runs runs of 16 x 2000 calls: all reported"
