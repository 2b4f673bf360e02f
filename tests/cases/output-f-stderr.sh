#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -f with the trace on stderr: lines get "[pid %5d] " prefixes once there
# is more than one tracee; the child's lines carry its pid.
. "$SRCDIR/tests/lib.sh"
need_progs forker

"$SLTRACE" -f "$PROGS/forker" fork 0 2 > out 2> err
expect_rc 0 $? "tracer"
child=$(sed -n 's/^child \([0-9]*\)$/\1/p' child.out)
pfx=$(printf '[pid %5d] ' "$child")
expect_line err "$(tline "$pfx"'exit_group(2)' '?')"
expect_line err "$pfx+++ exited with 2 +++"
# A single tracee at the start: the execve line has no prefix.
expect_match err "^execve\(\"$PROGS/forker\", "
