#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -f -o FILE: every line starts with the pid, left-aligned in 5 columns,
# then a space ("%-5d "); unfinished/resumed halves pair up per pid.
. "$SRCDIR/tests/lib.sh"
need_progs forker

"$SLTRACE" -f -o trace "$PROGS/forker" fork 0 2 > out
expect_rc 0 $? "tracer"
awk '
	!match($0, /^[0-9]+ +/) { print "no prefix: " $0; bad = 1; next }
	{
		pid = $1; want = sprintf("%-5d ", pid)
		if (substr($0, 1, length(want)) != want || substr($0, length(want) + 1, 1) == " ") {
			print "bad prefix: " $0; bad = 1
		}
		body = substr($0, length(want) + 1)
		if (body ~ /<unfinished \.\.\.>$/) open[pid]++
		else if (body ~ /^<\.\.\. [a-z0-9_]+ resumed>/) {
			if (!open[pid]) { print "resumed without start: " $0; bad = 1 }
			open[pid]--
		}
	}
	END { for (p in open) if (open[p]) { print "unfinished never resumed in " p; bad = 1 }
	      exit bad }' trace >&2 || fail "pid prefixes"
