#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The -k options: --stack-trace-frame-limit cuts each stack, -c makes -k
# useless (with strace's warning, and no frame printed), bad arguments
# are refused.
. "$SRCDIR/tests/lib.sh"
need_progs stack_chain

"$SLTRACE" -c -k -o c.trace "$PROGS/stack_chain" > /dev/null 2> c.err
expect_rc 0 $? "-c -k"
expect_line c.err \
	"$TOOL: -k/--stack-traces has no effect with -c/--summary-only"
expect_no_match c.trace '^ > '

# strace 6.1 has none of what follows.
[ "$TOOL" = strace ] && exit 0

for n in 1 3; do
	"$SLTRACE" -k --stack-trace-frame-limit=$n -e trace=write -o l$n.trace \
		"$PROGS/stack_chain" > /dev/null
	expect_rc 0 $? "limit $n"
	expect_count $n l$n.trace '^ > '
done

"$SLTRACE" --stack-trace -e trace=write -o k.trace "$PROGS/stack_chain" \
	> /dev/null
expect_rc 0 $? "--stack-trace"
expect_match k.trace '^ > .*\(c\+0x[0-9a-f]+\) \[0x[0-9a-f]+\]$'

for bad in "--stack-trace=lines" "--stack-trace-frame-limit=0" \
	   "--stack-trace-frame-limit=x"; do
	"$SLTRACE" "$bad" true > /dev/null 2> bad.err
	expect_rc 1 $? "$bad"
	expect_match bad.err "^$TOOL: invalid --stack-trace(-frame-limit)? argument: "
done
exit 0
