#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A command that does not exist, by name (PATH search) or by path: one
# line "TOOL: Can't stat 'X': No such file or directory", exit 1, no
# trace written, nothing left stopped.
. "$SRCDIR/tests/lib.sh"

for cmd in no-such-command-sltrace ./no-such-file /no/such/dir/prog; do
	"$SLTRACE" -o trace "$cmd" arg > out 2> err
	expect_rc 1 $? "tracer ($cmd)"
	printf '%s\n' "$TOOL: Can't stat '$cmd': No such file or directory" |
		diff -u - err >&2 || fail "message for $cmd"
	expect_empty out
	check_no_stopped
done
