#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# --tips takes strace 6.1's argument syntax (the same words accepted and
# refused, the same error), prints its tip on stderr at the end and not
# in the -o file, none for format:none, the same tip for the same id,
# and an example more with format:full.  The syntax part runs against
# strace too (TOOL=strace); the tips themselves are sltrace's own.
. "$SRCDIR/tests/lib.sh"
need_progs simple

for arg in id id: -1 2147483648 id:rand id:randomm 2,3,radomm,4 format \
	   format: id:format id:format:full format:id:0; do
	"$SLTRACE" --tips="$arg" "$PROGS/simple" > out 2> err
	expect_rc 1 $? "--tips=$arg"
	printf '%s\n' "$TOOL: invalid --tips argument: '$arg'" \
		"Try '$TOOL -h' for more information." | diff -u - err >&2 ||
		fail "--tips=$arg: not refused as strace refuses it"
done
for args in "--tips" "--tips=" "--tips=0" "--tips=id:0 --tips" \
	    "--tips=1,id:42" "--tips=random" "--tips=id:random,23" \
	    "--tips=format:none" "--tips --tips=format:full,3,none,id:42,compact"; do
	# shellcheck disable=SC2086
	"$SLTRACE" $args > out 2> err
	expect_rc 1 $? "$args without PROG"
	expect_line err "$TOOL: must have PROG [ARGS] or -p PID"
done
[ "$TOOL" = sltrace ] || exit 0

"$SLTRACE" --tips=id:2 -o trace "$PROGS/simple" > out 2> err1
expect_rc 0 $? "--tips=id:2"
grep -q 'sltrace tip:' err1 || { show err1; fail "no tip on stderr"; }
grep -q 'tip' trace && { show trace; fail "the tip went into the -o file"; }
grep -q '^exit_group(0)' trace || { show trace; fail "no trace with --tips"; }
"$SLTRACE" --tips=2 -o /dev/null "$PROGS/simple" 2> err2
cmp -s err1 err2 || fail "id:2 and 2 gave different tips"
"$SLTRACE" --tips=id:2,format:full -o /dev/null "$PROGS/simple" 2> err3
grep -q 'For example:' err3 || { show err3; fail "format:full: no example"; }
[ "$(wc -l < err3)" -gt "$(wc -l < err1)" ] || fail "full is not longer"
grep -q 'For example:' err1 && fail "compact has the example"
"$SLTRACE" --tips=format:none -o /dev/null "$PROGS/simple" 2> err4
[ -s err4 ] && { show err4; fail "format:none printed something"; }
# Each tip fits its box: every line of every tip is as wide as the first.
for id in 0 1 2 3 4 5 6 7 8 9 10 11 12; do
	"$SLTRACE" --tips=id:$id,full -o /dev/null "$PROGS/simple" 2> tip
	awk 'NR == 1 { w = length($0) } length($0) != w { bad = 1 }
	     END { exit bad }' tip || { show tip; fail "tip $id is ragged"; }
done
exit 0
