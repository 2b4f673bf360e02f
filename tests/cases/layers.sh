#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The include graph between the modules of src/ (one directory each) has
# no circle, and the engine, the bottom floor, includes nothing of what
# is built on it: a new capability registers with the engine (taps,
# consumers), the engine does not call it (doc/INTERNALS.md).  src/util/
# (small text helpers) is below everything and includes no module.
. "$SRCDIR/tests/lib.sh"

cd "$SRCDIR/src" || fail "no src/"
# "from to" for every #include "to/..." in from/*.[ch] (subdirectories too).
for d in */; do
	d=${d%/}
	grep -rhoE '^#include "[a-z_]+/' --include='*.[ch]' "$d" |
		sed -E 's/^#include "//; s|/$||' | sort -u |
		while read -r to; do
			[ "$to" != "$d" ] && echo "$d $to"
		done
done > "$OLDPWD/edges"
cd "$OLDPWD" || exit 1
[ -s edges ] || fail "no includes between modules found"
note "$(wc -l < edges) module edges"
tsort edges > order 2> tsort.err || { show edges tsort.err; fail "the include graph has a circle"; }
bad=$(awk '$1 == "engine" && $2 !~ /^(arch|filter|sysent|util)$/' edges)
[ -z "$bad" ] || fail "the engine includes what is built on it: $bad"
bad=$(awk '$1 == "util"' edges)
[ -z "$bad" ] || fail "util includes another module: $bad"
for m in engine bp libcall output; do
	grep -q "^$m " edges || fail "module $m includes no other (the check would be empty)"
done
exit 0
