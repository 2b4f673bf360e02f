#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Probes on an inlined function (src/probe/resolve.c): tests/progs/
# probe_vars_O2 inlines twice() into process() and main(); probe_vars
# (-O0) calls it out of line.
# - --probe twice: one site at each inlined copy's entry (gdb's "break
#   twice" goes to the same addresses), and its parameter v at each hit,
#   that copy's: the values the program's constants give;
# - --list-probes twice names it (a name listed is a name with sites);
# - FUNC%return and FUNC+OFF stay with the out-of-line copy only;
# - the line of twice's asm: at -O2 its two rows lie at the end of each
#   inlined copy's range, in the caller's scope (gdb's "info scope" says
#   so too), where v is not visible: the probe is refused, naming it.
. "$SRCDIR/tests/lib.sh"
need_progs probe_vars probe_vars_O2 probe_resolve_dump
src=$SRCDIR/tests/progs/probe_vars.c

# The values, from the source: main sets s.len, calls process(hdr, K)
# (total = len + K; inblock = 3 * total; total += inblock + hidden;
# twice(total)), then twice(len) with len = s.len (argc is 1).
slen=$(sed -n 's/^[[:space:]]*s\.len = \([0-9][0-9]*\);.*/\1/p' "$src")
k=$(sed -n 's/.*r = process(hdr, \([0-9][0-9]*\));.*/\1/p' "$src")
hidden=$(sed -n 's/^static long hidden = \(-\{0,1\}[0-9][0-9]*\);.*/\1/p' "$src")
[ -n "$slen" ] && [ -n "$k" ] && [ -n "$hidden" ] ||
	fail "constants not found in $src"
total=$((slen + k))
total=$((total + 3 * total + hidden))
v1=$total
v2=$slen
line=$(grep -n '/\* P:inline \*/' "$src" | cut -d: -f1)
[ -n "$line" ] || fail "no P:inline mark in $src"

for p in probe_vars_O2 probe_vars; do
	prog=$PROGS/$p
	"$SLTRACE" --list-probes 'twice' -- "$prog" > out 2> err
	expect_rc 0 $? "$p: --list-probes twice"
	expect_empty err
	printf 'twice@%s\n' "$p" | diff -u - out >&2 ||
		fail "$p: --list-probes twice"

	"$SLTRACE" -e trace=none --probe 'twice' "$prog" > out 2>&1
	expect_rc 0 $? "$p: --probe twice"
	printf -- '--- probe twice {v=%s} ---\n' "$v1" "$v2" > want
	grep '^--- probe' out | diff -u want - >&2 ||
		{ show out; fail "$p: v of each copy"; }

	# $args, a parameter by name, and a condition on it, at each copy.
	"$SLTRACE" -e trace=none --probe "twice v if v == $v2" "$prog" > out 2>&1
	expect_rc 0 $? "$p: --probe twice if"
	printf -- '--- probe twice {v=%s} ---\n' "$v2" > want
	grep '^--- probe' out | diff -u want - >&2 ||
		{ show out; fail "$p: a condition on v"; }
done

# The sites: two inlined copies at -O2, none out of line; one at -O0.
"$PROGS/probe_resolve_dump" 'twice' "$PROGS/probe_vars_O2" > sites ||
	fail "probe_resolve_dump twice"
expect_count 2 sites '.'
awk '{ print $2 }' sites | sort > got
printf '%s\n' main process | diff -u - got >&2 ||
	{ show sites; fail "the copies are not in main and process"; }
"$PROGS/probe_resolve_dump" 'twice' "$PROGS/probe_vars" > sites0 ||
	fail "probe_resolve_dump twice -O0"
expect_count 1 sites0 '^0x[0-9a-f]+ twice '
# Each inlined copy's DW_AT_entry_pc, from objdump.
if command -v objdump > /dev/null; then
	objdump --dwarf=info "$PROGS/probe_vars_O2" |
		awk '
		# the abstract twice: "<1><off>: ... DW_TAG_subprogram", then its name
		/^ <1><[0-9a-f]+>/ { match($0, /<1><[0-9a-f]+>/); cur = substr($0, RSTART + 4, RLENGTH - 5) }
		/DW_AT_name/ && $NF == "twice" && cur != "" { twice = cur }
		/DW_TAG_inlined_subroutine/ { inl = 1; next }
		inl && /DW_AT_abstract_origin/ { origin = $NF; gsub(/[<>]|0x/, "", origin) }
		inl && /DW_AT_entry_pc/ { entry[n++] = origin " " $NF; inl = 0 }
		END { for (i = 0; i < n; i++) { split(entry[i], e, " "); if (e[1] == twice) printf "0x%x\n", strtonum(e[2]) } }' |
		sort > want_addrs
	awk '{ print $1 }' sites | sort > got_addrs
	[ -s want_addrs ] || fail "objdump shows no inlined copy of twice"
	diff -u want_addrs got_addrs >&2 ||
		fail "sites are not the copies' DW_AT_entry_pc"
fi
if command -v gdb > /dev/null; then
	gdb -batch -nx -ex 'break twice' -ex 'info breakpoints' \
		"$PROGS/probe_vars_O2" 2> /dev/null |
		sed -nE 's/^[0-9.]+ +y +0x0*([0-9a-f]+) in twice .*/0x\1/p' |
		sort > gdb_addrs
	if [ -s gdb_addrs ]; then
		diff -u gdb_addrs got_addrs >&2 ||
			fail "sites differ from gdb's break twice"
	fi
fi

# %return and +OFF: the out-of-line copy only, which -O2 does not have.
for spec in 'twice%return' 'twice+0'; do
	"$SLTRACE" -e trace=none --probe "$spec" "$PROGS/probe_vars_O2" > out 2>&1
	expect_rc 1 $? "$spec at -O2"
	grep -qF "probe '$spec' matches nothing" out || { show out; fail "$spec at -O2"; }
	"$SLTRACE" -e trace=none --probe "$spec" "$PROGS/probe_vars" > out 2>&1
	expect_rc 0 $? "$spec at -O0"
	[ "$(grep -cF -- "--- probe $spec" out)" = 2 ] || { show out; fail "$spec at -O0: two hits"; }
done

# The asm's line: at -O0 in twice's own body, v and t at each call.
"$SLTRACE" -e trace=none --probe "probe_vars.c:$line v t" \
	"$PROGS/probe_vars" > out 2>&1
expect_rc 0 $? "probe_vars.c:$line at -O0"
printf -- '--- probe probe_vars.c:%s {v=%s, t=%s} ---\n' \
	"$line" "$v1" $((2 * v1)) "$line" "$v2" $((2 * v2)) > want
grep '^--- probe' out | diff -u want - >&2 || { show out; fail "v t at -O0"; }

# At -O2 the asm emits no instruction: the line's rows are at each
# copy's end, in the caller's scope, where gdb sees no v either.
"$SLTRACE" --list-probes "probe_vars.c:$line" -- "$PROGS/probe_vars_O2" > sites2
expect_count 2 sites2 " at .*probe_vars.c:$line\$"
if command -v gdb > /dev/null; then
	for a in $(awk '{ sub(/^\*/, "", $1); sub(/@.*/, "", $1); print $1 }' sites2); do
		gdb -batch -nx -ex "info scope *$a" "$PROGS/probe_vars_O2" \
			> scope 2>&1
		expect_no_match scope '^Symbol v '
	done
fi
"$SLTRACE" -e trace=none --probe "probe_vars.c:$line v" \
	"$PROGS/probe_vars_O2" > out 2>&1
expect_rc 1 $? "probe_vars.c:$line v at -O2"
expect_match out "no variable 'v' at "
# One line above, twice's first line, is inside each copy: v is there.
"$SLTRACE" -e trace=none --probe "probe_vars.c:$((line - 2)) v" \
	"$PROGS/probe_vars_O2" > out 2>&1
expect_rc 0 $? "probe_vars.c:$((line - 2)) v at -O2"
printf -- '--- probe probe_vars.c:%s {v=%s} ---\n' \
	$((line - 2)) "$v1" $((line - 2)) "$v2" > want
grep '^--- probe' out | diff -u want - >&2 || { show out; fail "v at -O2"; }
exit 0
