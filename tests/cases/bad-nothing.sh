#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Neither a command nor -p: "must have PROG [ARGS] or -p PID" and the Try
# line, exit 1.
. "$SRCDIR/tests/lib.sh"

for args in "" "-f" "-o trace -s 10"; do
	"$SLTRACE" $args > out 2> err
	expect_rc 1 $? "tracer ($args)"
	printf '%s\n' "$TOOL: must have PROG [ARGS] or -p PID" "Try '$TOOL -h' for more information." |
		diff -u - err >&2 || fail "message for '$args'"
done
check_no_stopped
