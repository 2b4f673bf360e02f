#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# vfork under -f: the parent's vfork returns the child's pid, the child's
# getppid and _exit are traced under its pid, and it exits 4.
. "$SRCDIR/tests/lib.sh"
need_progs forker

"$SLTRACE" -f -o trace "$PROGS/forker" vfork 0 4 > out
expect_rc 0 $? "tracer"
child=$(sed -n 's/^child \([0-9]*\) exited 4$/\1/p' out)
[ -n "$child" ] || { show out; fail "the vfork child did not exit 4"; }
parent=$(head -n 1 trace | sed -E 's/^([0-9]+) .*/\1/')
lines_of "$parent" trace > parent.trace
grep -qE "^(vfork\(|<\.\.\. vfork resumed>).*\) += $child$" parent.trace ||
	{ show parent.trace; fail "no vfork() = $child"; }
cat > expected <<EOT
$(ptline "$child" 'getppid()' "$parent")
$(ptline "$child" 'exit_group(4)' '?')
$(pfx "$child")+++ exited with 4 +++
EOT
expect_in_order trace expected
