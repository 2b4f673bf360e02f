#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -p with something that is not a process id: "Invalid process id: 'X'",
# exit 1.
. "$SRCDIR/tests/lib.sh"

for arg in abc 0 -5 12x; do
	"$SLTRACE" -p "$arg" > out 2> err
	expect_rc 1 $? "tracer (-p $arg)"
	printf '%s\n' "$TOOL: Invalid process id: '$arg'" |
		diff -u - err >&2 || fail "message for -p $arg"
done
