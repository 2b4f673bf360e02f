#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# fork without -f: the child runs untraced but does all its work; the
# trace has only the parent's lines (no pid prefixes, no child exit).
. "$SRCDIR/tests/lib.sh"
need_progs forker

"$SLTRACE" -o trace "$PROGS/forker" fork 0 7 > out
expect_rc 0 $? "tracer"
child=$(sed -n 's/^child \([0-9]*\)$/\1/p' child.out)
[ -n "$child" ] || fail "the child did not do its work"
expect_line out "child $child exited 7"
expect_match trace "^clone\(.*\) += $child$"
expect_match trace "^wait4\($child, .*\) += $child$"
expect_no_match trace "exited with 7"
expect_no_match trace '^[0-9]+ |^\[pid'
[ "$(tail -n 1 trace)" = "+++ exited with 0 +++" ] || fail "last line"
