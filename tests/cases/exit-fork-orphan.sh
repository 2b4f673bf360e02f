#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Under -f the tracer goes on until every tracee is gone, also children
# that outlive the launched process; its exit status stays that of the
# launched process.
. "$SRCDIR/tests/lib.sh"

"$SLTRACE" -f -o trace sh -c '(sleep 0.3; echo done > child.txt; exit 7) & exit 5'
expect_rc 5 $? "tracer"
# The child had finished when the tracer returned.
[ "$(cat child.txt 2>/dev/null)" = done ] || fail "the tracer did not wait for the child"
main=$(head -n 1 trace | sed -E 's/^([0-9]+) .*/\1/')
expect_match trace "^$main +\+\+\+ exited with 5 \+\+\+$"
expect_match trace '^[0-9]+ +\+\+\+ exited with 7 \+\+\+$'
