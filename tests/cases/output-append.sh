#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -A/--output-append-mode: the -o file keeps what it held and gets the
# new trace after it (with -ff, each file); without -o, said once and
# the trace goes to stderr as usual.  Run against strace too
# (TOOL=strace): the same words.
. "$SRCDIR/tests/lib.sh"
need_progs simple

echo "old content" > trace
"$SLTRACE" -A -o trace "$PROGS/simple" expected > out 2> err
expect_rc 0 $? "tracer -A"
expect_empty err
"$SLTRACE" --output-append-mode -o trace "$PROGS/simple" expected > out 2> err
expect_rc 0 $? "tracer --output-append-mode"
[ "$(head -n 1 trace)" = "old content" ] || { show trace; fail "the old content is gone"; }
expect_count 2 trace '^\+\+\+ exited with 0 \+\+\+$'
expect_count 2 trace '^execve\('

# -ff: each task's file is appended to
rm -f ff.*
"$SLTRACE" -ff -o ff "$PROGS/simple" expected > /dev/null 2>&1
f=$(ls ff.*)
[ "$(echo "$f" | wc -l)" = 1 ] || fail "-ff files: $f"
cp "$f" saved
"$SLTRACE" -A -ff -o ff "$PROGS/simple" expected > /dev/null 2>&1
# the new run's pid differs: a new file, the old one untouched
cmp -s "$f" saved || fail "-A -ff changed another task's file"

# without -o: a warning, then the trace on stderr
"$SLTRACE" -A "$PROGS/simple" expected > out 2> err
expect_rc 0 $? "tracer -A without -o"
[ "$(head -n 1 err)" = "$TOOL: -A/--output-append-mode has no effect without -o/--output" ] ||
	{ show err; fail "no warning"; }
expect_match err '^execve\('
