#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# vfork then execve in the child, under -f: the execve of the new program
# succeeds in the child's pid, the new program's exit is traced, and its
# exit code reaches the parent.
. "$SRCDIR/tests/lib.sh"
need_progs forker exitwith

"$SLTRACE" -f -o trace "$PROGS/forker" vfork-exec 0 6 "$PROGS/exitwith" 6 > out
expect_rc 0 $? "tracer"
child=$(sed -n 's/^child \([0-9]*\) exited 6$/\1/p' out)
[ -n "$child" ] || { show out; fail "the exec'd child did not exit 6"; }
lines_of "$child" trace > child.trace
grep -qE "^execve\(\"$PROGS/exitwith\", .*\) += 0$|^<\.\.\. execve resumed>.*\) += 0$" child.trace ||
	{ show child.trace; fail "no successful execve in the child"; }
cat > expected <<EOT
$(ptline "$child" 'exit_group(6)' '?')
$(pfx "$child")+++ exited with 6 +++
EOT
expect_in_order trace expected
