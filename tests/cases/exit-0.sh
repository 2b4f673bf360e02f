#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A command that exits 0: the tracer exits 0 and the trace ends with the
# exit_group line and "+++ exited with 0 +++".
. "$SRCDIR/tests/lib.sh"
need_progs exitwith

"$SLTRACE" -o trace "$PROGS/exitwith" 0
expect_rc 0 $? "tracer"
expect_line trace "$(tline 'exit_group(0)' '?')"
[ "$(tail -n 1 trace)" = "+++ exited with 0 +++" ] || { show trace; fail "last line"; }
