#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Bad --list-probes patterns and programs: one line on stderr in
# strace's style, exit 1, nothing on stdout.
. "$SRCDIR/tests/lib.sh"

prog=$PROGS/probe_list
bad() {
	local spec=$1 why=$2

	"$SLTRACE" --list-probes "$spec" -- "$prog" > out 2> err
	expect_rc 1 $? "$spec"
	expect_empty out
	printf '%s\n' "$TOOL: invalid probe '$spec': $why" | diff -u - err >&2 ||
		fail "message for '$spec'"
}
bad 'f:x' "expected a line number after ':'"
bad 'f+' "expected an offset after '+'"
bad 'f+1%return' "%return takes no +OFFSET"
bad 'f%ret' "expected %return"
bad '*0x' "expected an address after '*'"
bad '*12zz' "expected an address after '*'"
bad '@libc.so.6' "expected a function name"
bad 'f@' "expected an object after '@'"
bad 'a b' "expected a function name"
bad 'parse.c:0' "expected a line number after ':'"
bad 'sdt:a:' "expected sdt:PROVIDER:NAME"
bad 'sdt::b' "expected sdt:PROVIDER:NAME"

# A site spec that lands nowhere: nothing listed, no error.
"$SLTRACE" --list-probes 'no_such_function%return' -- "$prog" > out 2> err
expect_rc 0 $? "no_such_function%return"
expect_empty out
expect_empty err

"$SLTRACE" --list-probes 'main' -- /no/such/prog > out 2> err
expect_rc 1 $? "missing program"
printf '%s\n' "$TOOL: cannot read /no/such/prog: No such file or directory" |
	diff -u - err >&2 || fail "missing program"

"$SLTRACE" --list-probes 'main' -- "$SRCDIR/tests/cases/probe-list-bad.sh" > out 2> err
expect_rc 1 $? "not ELF"
expect_match err "^$TOOL: cannot read .*: not an ELF file$"

"$SLTRACE" --list-probes 'main' > out 2> err
expect_rc 1 $? "no PROG"
expect_match err "^$TOOL: --list-probes reads a program's files"
exit 0
