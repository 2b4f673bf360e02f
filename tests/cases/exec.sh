#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# execve of another program: the execve line names it and succeeds, the
# new program's syscalls follow in the same trace, its output and exit
# code are right.
. "$SRCDIR/tests/lib.sh"
need_progs execer simple exitwith

"$SLTRACE" -o trace "$PROGS/execer" exec "$PROGS/simple" expected > out
expect_rc 0 $? "tracer"
printf '%s\n' "pid $(sed -n 's/^pid //p' out)" hello | diff -u - out >&2 ||
	fail "output of the programs"
expect_count 2 trace '^execve\('
expect_match trace "^execve\(\"$PROGS/simple\", .*\) += 0$"
# The lines of the new program come after its execve.
sed -n "\|^execve(\"$PROGS/simple\"|,\$p" trace > after
tline 'exit_group(0)' '?' >> expected
echo "+++ exited with 0 +++" >> expected
expect_in_order after expected

"$SLTRACE" -o trace "$PROGS/execer" exec "$PROGS/exitwith" 9 > out
expect_rc 9 $? "tracer (exec'd program exits 9)"
[ "$(tail -n 1 trace)" = "+++ exited with 9 +++" ] || fail "last line"
