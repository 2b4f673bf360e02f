#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -q keeps the exit line; -qq also drops "+++ exited with N +++" (the
# exit status of the tracer is unchanged).
. "$SRCDIR/tests/lib.sh"
need_progs exitwith

"$SLTRACE" -q -o trace "$PROGS/exitwith" 5
expect_rc 5 $? "tracer (-q)"
expect_line trace "+++ exited with 5 +++"

"$SLTRACE" -qq -o trace "$PROGS/exitwith" 5
expect_rc 5 $? "tracer (-qq)"
expect_no_match trace '^\+\+\+ '
expect_line trace "$(tline 'exit_group(5)' '?')"
