#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# --list-probes FUNC: prints add_one()'s source lines as perf probe -L
# does: a header <FUNC@OBJ:FILE:LINE>, then each line, numbered from the
# function's first line where the line table has an address for it.  The
# source marks each line that must have code ("L:code") or none ("L:none").
. "$SRCDIR/tests/lib.sh"

src=$SRCDIR/tests/progs/probe_list.c
"$SLTRACE" --list-probes 'add_one:' -- "$PROGS/probe_list" > out 2> err
expect_rc 0 $? "add_one:"
expect_empty err
decl=$(grep -n ' add_one(int x)$' "$src" | cut -d: -f1)
[ -n "$decl" ] || fail "no add_one in $src"
head -1 out | grep -qx "<add_one@probe_list:.*/tests/progs/probe_list.c:$decl>" ||
	fail "header: $(head -1 out)"
n=0
while IFS= read -r line; do
	n=$((n + 1))
	case $line in
	*"/* L:code"*)
		rel=$((n - decl))
		grep -qxF "$(printf '%7d  %s' "$rel" "$line")" out ||
			fail "line $n not numbered $rel: $line"
		;;
	*"/* L:none"*)
		grep -qxF "         $line" out || fail "line $n numbered: $line"
		;;
	esac
done < "$src"
[ "$(grep -c 'L:code' out)" = 3 ] || fail "not 3 code lines"

# Nothing matches: a one-line error, exit 1.
"$SLTRACE" --list-probes 'no_such_function:' -- "$PROGS/probe_list" > out 2> err
expect_rc 1 $? "no_such_function:"
[ "$(wc -l < err)" = 1 ] || fail "not one line: $(cat err)"
expect_match err "^$TOOL: no source lines of 'no_such_function'"
exit 0
