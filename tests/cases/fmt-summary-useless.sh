#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# backends: auto ptrace
# With -c the line prefixes and times mean nothing: strace warns of each
# (-i, -n, -r, -t, -T, in that order) and then prints the -P note; with
# no command, the usage error comes and the note does not.
. "$SRCDIR/tests/lib.sh"
need_progs exitwith

echo x > f.txt
"$SLTRACE" -T -t -r -n -i -c -P f.txt "$PROGS/exitwith" 0 > out 2> err
expect_rc 0 $? tracer
cat > want <<EOT
$TOOL: -i/--instruction-pointer has no effect with -c/--summary-only
$TOOL: -n/--syscall-number has no effect with -c/--summary-only
$TOOL: -r/--relative-timestamps has no effect with -c/--summary-only
$TOOL: -t/--absolute-timestamps has no effect with -c/--summary-only
$TOOL: -T/--syscall-times has no effect with -c/--summary-only
$TOOL: Requested path "f.txt" resolved into "$(realpath f.txt)"
EOT
head -n 6 err > got
diff want got > /dev/null || { show err want; fail "wrong warnings"; }

"$SLTRACE" -P f.txt > out 2> err
expect_rc 1 $? "tracer (no command)"
expect_line err "$TOOL: must have PROG [ARGS] or -p PID"
expect_no_match err 'Requested path'
