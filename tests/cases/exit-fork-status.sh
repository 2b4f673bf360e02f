#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# With -f the tracer's exit status is the launched process's, not that of
# a child that ends later or differently: parent 5 / child 7 gives 5,
# parent 0 / child 7 gives 0.  Both exits are in the trace.
. "$SRCDIR/tests/lib.sh"
need_progs forker

for codes in "5 7" "0 7"; do
	set -- $codes
	"$SLTRACE" -f -o trace "$PROGS/forker" fork $1 $2 > out
	expect_rc $1 $? "tracer (parent $1, child $2)"
	child=$(sed -n 's/^child \([0-9]*\)$/\1/p' child.out)
	expect_line out "child $child exited $2"
	expect_match trace "^$child +\+\+\+ exited with $2 \+\+\+$"
	parent=$(head -n 1 trace | sed -E 's/^([0-9]+) .*/\1/')
	expect_match trace "^$parent +\+\+\+ exited with $1 \+\+\+$"
done
