#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# An unknown option: getopt's message, then "Try 'TOOL -h' for more
# information.", exit 1, the command not run.
. "$SRCDIR/tests/lib.sh"

"$SLTRACE" -j touch ran > out 2> err
expect_rc 1 $? "tracer (-j)"
printf '%s\n' "$TOOL: invalid option -- 'j'" "Try '$TOOL -h' for more information." |
	diff -u - err >&2 || fail "message for -j"
[ ! -e ran ] || fail "the command ran"

"$SLTRACE" --no-such-option touch ran > out 2> err
expect_rc 1 $? "tracer (--no-such-option)"
printf '%s\n' "$TOOL: unrecognized option '--no-such-option'" "Try '$TOOL -h' for more information." |
	diff -u - err >&2 || fail "message for --no-such-option"

"$SLTRACE" -o > out 2> err
expect_rc 1 $? "tracer (-o without argument)"
printf '%s\n' "$TOOL: option requires an argument -- 'o'" "Try '$TOOL -h' for more information." |
	diff -u - err >&2 || fail "message for -o"
[ ! -e ran ] || fail "the command ran"
check_no_stopped
