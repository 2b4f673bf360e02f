#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -s and -a with a bad number: "invalid -s argument: 'X'" and the Try
# line, exit 1, the command not run.
. "$SRCDIR/tests/lib.sh"

for opt in s a; do
	for arg in abc -1 10x ''; do
		"$SLTRACE" -$opt "$arg" touch ran > out 2> err
		expect_rc 1 $? "tracer (-$opt '$arg')"
		printf '%s\n' "$TOOL: invalid -$opt argument: '$arg'" "Try '$TOOL -h' for more information." |
			diff -u - err >&2 || fail "message for -$opt '$arg'"
		[ ! -e ran ] || fail "the command ran"
	done
done
check_no_stopped
