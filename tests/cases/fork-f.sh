#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# fork under -f: the child is traced from its first syscall, its lines
# carry its pid, and the parent's clone/wait4 return the child's pid.
. "$SRCDIR/tests/lib.sh"
need_progs forker

"$SLTRACE" -f -o trace "$PROGS/forker" fork 0 7 > out
expect_rc 0 $? "tracer"
child=$(sed -n 's/^child \([0-9]*\)$/\1/p' child.out)
[ -n "$child" ] || fail "the child did not run"
expect_line out "child $child exited 7"
parent=$(head -n 1 trace | sed -E 's/^([0-9]+) .*/\1/')
cat > expected <<EOT
$(ptline "$child" 'getppid()' "$parent")
$(ptline "$child" 'exit_group(7)' '?')
$(pfx "$child")+++ exited with 7 +++
EOT
expect_in_order trace expected
expect_match trace "^$child +write\([0-9]+, \"child $child\\\\n\", [0-9]+\) += [0-9]+\$"
lines_of "$parent" trace > parent.trace
# clone may be split by the child's first lines; either way it returns
# the child's pid.
grep -qE "^(clone\(.*|<\.\.\. clone resumed>.*)\) += $child$" parent.trace ||
	{ show parent.trace; fail "no clone() = $child"; }
grep -qE "^(wait4\(.*|<\.\.\. wait4 resumed>.*) += $child$" parent.trace ||
	{ show parent.trace; fail "no wait4() = $child"; }
expect_line parent.trace "+++ exited with 0 +++"
