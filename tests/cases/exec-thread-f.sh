#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# execve from a non-leader thread of a 5-thread process, under -f: the
# other threads vanish, the leader is "+++ superseded by execve in pid
# TID +++", and the new program runs under the leader's pid (the process
# id) with its syscalls traced there, its output and exit code intact.
. "$SRCDIR/tests/lib.sh"
need_progs execer simple

"$SLTRACE" -f -o trace "$PROGS/execer" thread "$PROGS/simple" expected > out
expect_rc 0 $? "tracer"
pid=$(sed -n 's/^pid //p' out)
tid=$(sed -n 's/^tid //p' out)
expect_line out hello
expect_match trace "^$pid +\+\+\+ superseded by execve in pid $tid \+\+\+$"
# After that line, the new program's calls belong to pid.
sed -n "/^$pid \{1,\}+++ superseded/,\$p" trace | sed -nE "s/^$pid +//p" > after
tline 'exit_group(0)' '?' >> expected
echo "+++ exited with 0 +++" >> expected
# The program padded its lines for a trace without prefixes.
squeeze after > after.sq
squeeze expected > expected.sq
expect_in_order after.sq expected.sq
expect_no_match trace "^$tid +(getppid|exit_group)"
# The three sleeping threads end with the exec.
others=$(grep -E '^[0-9]+ +\+\+\+ exited with 0 \+\+\+$' trace |
	awk -v p="$pid" -v t="$tid" '$1 != p && $1 != t' | wc -l)
[ "$others" = 3 ] || { show trace; fail "$others other threads exited, expected 3"; }
[ "$(tail -n 1 trace | sed -E 's/ +/ /')" = "$pid +++ exited with 0 +++" ] || fail "last line"

# The leader gone first and no other task in a syscall: the thread's
# execve line is ended by the pid change itself, as strace ends it.
"$SLTRACE" -f -s 256 -o trace -e trace=execve "$PROGS/execer" alone "$PROGS/simple" > out
expect_rc 0 $? "tracer (alone)"
pid=$(sed -n 's/^pid //p' out)
tid=$(sed -n 's/^tid //p' out)
squeeze trace > trace.sq
expect_match trace.sq "^$tid +execve\(\"$PROGS/simple\", \[\"$PROGS/simple\"\], 0x[0-9a-f]+ /\* [0-9]+ vars \*/ <pid changed to $pid \.\.\.>$"
expect_match trace.sq "^$pid +\+\+\+ superseded by execve in pid $tid \+\+\+$"
expect_match trace.sq "^$pid +<\.\.\. execve resumed>\) = 0$"
