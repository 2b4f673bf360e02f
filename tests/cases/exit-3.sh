#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A command that exits 3: the tracer exits 3, "+++ exited with 3 +++".
. "$SRCDIR/tests/lib.sh"
need_progs exitwith

"$SLTRACE" -o trace "$PROGS/exitwith" 3
expect_rc 3 $? "tracer"
expect_line trace "$(tline 'exit_group(3)' '?')"
[ "$(tail -n 1 trace)" = "+++ exited with 3 +++" ] || { show trace; fail "last line"; }

# Every exit code gets through, not only small ones.
"$SLTRACE" -o trace "$PROGS/exitwith" 255
expect_rc 255 $? "tracer (exit 255)"
expect_line trace "+++ exited with 255 +++"
