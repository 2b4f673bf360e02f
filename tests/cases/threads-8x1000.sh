#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# 8 threads x 1,000 getppid calls under -f: every call of every thread is
# in the trace (a whole line or an unfinished/resumed pair, counted once),
# each thread's "+++ exited with 0 +++" and the process's exit.
. "$SRCDIR/tests/lib.sh"
need_progs threads

"$SLTRACE" -f -o trace "$PROGS/threads" 8 1000 > out
expect_rc 0 $? "tracer"
expect_line out "joined 8"
tids=$(sed -n 's/^tid //p' out)
[ "$(echo "$tids" | wc -w)" = 8 ] || { show out; fail "not 8 threads"; }
pid=$(head -n 1 trace | sed -E 's/^([0-9]+) .*/\1/')
# getppid returns the tracer's pid; the program checks it never changes.
awk '
	$2 == "getppid()" && $3 == "=" && $4 ~ /^[0-9]+$/ { done[$1]++ }
	$2 == "<..." && $3 == "getppid" && $4 == "resumed>)" && $5 == "=" && $6 ~ /^[0-9]+$/ { done[$1]++; res[$1]++ }
	$2 == "getppid(" && $3 == "<unfinished" { unf[$1]++ }
	END { for (t in done) print t, done[t], unf[t] + 0, res[t] + 0 }' trace > counts
for t in $tids; do
	set -- $(grep "^$t " counts)
	[ "${2:-0}" = 1000 ] || { show counts; fail "thread $t: ${2:-0} getppid calls, expected 1000"; }
	[ "$3" = "$4" ] || { show counts; fail "thread $t: $3 unfinished but $4 resumed"; }
	expect_match trace "^$t +\+\+\+ exited with 0 \+\+\+$"
done
[ "$(tail -n 1 trace)" = "$pid +++ exited with 0 +++" ] ||
	[ "$(tail -n 1 trace | sed -E 's/ +/ /')" = "$pid +++ exited with 0 +++" ] ||
	{ tail -n 5 trace >&2; fail "the last line is not the process's exit"; }
