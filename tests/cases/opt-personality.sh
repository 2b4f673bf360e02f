#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A task that execs a 32-bit program gets strace's note
# "[ Process PID=N runs in 32 bit mode. ]" right after the execve line,
# with its pid prefix under -f.  -e quiet=personality, -q and (as in
# strace) -o FILE with a launched command leave it out; -e quiet=none
# brings it back with -o.
. "$SRCDIR/tests/lib.sh"
[ -x "$PROGS/decode_file32" ] || skip "no 32-bit test program (gcc -m32)"
"$PROGS/decode_file32" access > /dev/null 2>&1 || skip "cannot run 32-bit programs"
prog=$PROGS/decode_file32
note_re='^\[ Process PID=[0-9]+ runs in 32 bit mode\. \]$'

# On stderr: the note follows the execve line.
"$SLTRACE" -e trace=execve "$prog" access > out 2> trace
expect_rc 0 $? "tracer"
sed -n 1p trace | grep -qE "^execve\(\".*\", \[.*\) += 0$" ||
	{ show trace; fail "first line is not the execve"; }
sed -n 2p trace | grep -qE "$note_re" || { show trace; fail "no note after the execve"; }
expect_count 1 trace 'runs in'

# Every way to be quiet about it.
for args in "-e quiet=personality" "-q" "--quiet=attach,personality" "-e quiet=all"; do
	# shellcheck disable=SC2086
	"$SLTRACE" $args -e trace=execve "$prog" access > out 2> trace
	expect_count 0 trace 'runs in'
done
"$SLTRACE" -o trace -e trace=execve "$prog" access > out
expect_count 0 trace 'runs in'
"$SLTRACE" -o trace -e quiet=none -e trace=execve "$prog" access > out
sed -n 2p trace | grep -qE "$note_re" || { show trace; fail "-e quiet=none -o: no note"; }

# Printed whatever -e trace= says.
"$SLTRACE" -o trace -e quiet=none -e trace=none "$prog" access > out
expect_count 1 trace "$note_re"

# -f: with the pid prefix, after the child's execve line, its own pid.
"$SLTRACE" -f -o trace -e quiet=none -e trace=execve sh -c "$prog access; true" > out
expect_rc 0 $? "tracer (-f)"
pid=$(sed -nE 's/^([0-9]+) +\[ Process PID=([0-9]+) runs in 32 bit mode\. \]$/\1 \2/p' trace)
set -- $pid
[ $# = 2 ] && [ "$1" = "$2" ] || { show trace; fail "-f: no note with its own pid"; }
grep -A1 "^$1 \+execve(\"$prog\"" trace | tail -n 1 | grep -qE "^$1 +\[ Process" ||
	{ show trace; fail "-f: the note does not follow the execve"; }
