#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# --list-vars=SPEC -- PROG (src/probe/dwscope.c: dv_list_vars): each site
# of SPEC as --list-probes prints it, then the variables visible there,
# innermost scope first, each "\tTYPE NAME" with the type as the source
# declares it; the names and their order are gdb's "info scope" at that
# address.  At -O2, a variable without a location there is marked
# <optimized out>; an inlined copy lists its own parameters.
. "$SRCDIR/tests/lib.sh"
need_progs probe_vars probe_vars_O2
src=$SRCDIR/tests/progs/probe_vars.c
block=$(grep -n '/\* P:block \*/' "$src" | cut -d: -f1)
[ -n "$block" ] || fail "no P:block mark in $src"
tab=$(printf '\t')

# The site's header is --list-probes's line for the same spec.
"$SLTRACE" --list-vars="probe_vars.c:$block" -- "$PROGS/probe_vars" > out 2> err
expect_rc 0 $? "--list-vars probe_vars.c:$block"
expect_empty err
"$SLTRACE" --list-probes "probe_vars.c:$block" -- "$PROGS/probe_vars" > sites
grep -v "^$tab" out | diff -u sites - >&2 || fail "headers differ from --list-probes"
expect_count 1 sites .
cat > want <<EOF
$(cat sites)
${tab}int inblock
${tab}struct item * hdr
${tab}int k
${tab}int total
EOF
diff -u want out >&2 || fail "variables at P:block"

# process's entry: its parameters, then its local.
"$SLTRACE" --list-vars=process -- "$PROGS/probe_vars" > out 2> err
expect_rc 0 $? "--list-vars process"
sed -n '2,$p' out > got
printf '\t%s\n' 'struct item * hdr' 'int k' 'int total' | diff -u - got >&2 ||
	fail "variables at process's entry"
grep -qE '^\*0x[0-9a-f]+@probe_vars in process\+0x[0-9a-f]+ at .*probe_vars\.c:[0-9]+$' out ||
	{ show out; fail "process's header"; }

# main: every type spelling of its locals.
"$SLTRACE" --list-vars=main -- "$PROGS/probe_vars" > out 2> err
expect_rc 0 $? "--list-vars main"
sed -n '2,$p' out > got
printf '\t%s\n' 'int argc' 'char ** argv' 'struct item s' 'struct item * hdr' \
	'char * name' 'int len' 'int r' | diff -u - got >&2 || fail "main's variables"

# The names, in order, against gdb's info scope.
if command -v gdb > /dev/null; then
	for spec in "probe_vars.c:$block" process main; do
		"$SLTRACE" --list-vars="$spec" -- "$PROGS/probe_vars" > out
		addr=$(sed -n '1s/^\*\(0x[0-9a-f]*\)@.*/\1/p' out)
		gdb -batch -nx -ex "info scope *$addr" "$PROGS/probe_vars" 2>&1 |
			sed -n 's/^Symbol \([A-Za-z_0-9]*\) is .*/\1/p' > want
		[ -s want ] || continue
		sed -n 's/^\t.* \([A-Za-z_0-9]*\)$/\1/p' out | diff -u want - >&2 ||
			fail "$spec: names differ from gdb's info scope *$addr"
	done
fi

# -O2: the inlined copies of twice each list v and t, and t has no
# location at a copy's entry yet; total none at process's first byte.
"$SLTRACE" --list-vars=twice -- "$PROGS/probe_vars_O2" > out 2> err
expect_rc 0 $? "--list-vars twice at -O2"
expect_count 2 out '^\*0x[0-9a-f]+@probe_vars_O2 in (main|process)\+'
expect_count 2 out "^${tab}int v\$"
expect_count 2 out "^${tab}int t${tab}<optimized out>\$"
"$SLTRACE" --list-vars='process+0' -- "$PROGS/probe_vars_O2" > out 2> err
expect_rc 0 $? "--list-vars process+0 at -O2"
expect_line out "${tab}int total${tab}<optimized out>"
expect_line out "${tab}struct item * hdr"

# Errors: one line, exit status 1.
"$SLTRACE" --list-vars=nosuch -- "$PROGS/probe_vars" > out 2> err
expect_rc 1 $? "a spec that lands nowhere"
expect_empty out
expect_count 1 err "^$TOOL: probe 'nosuch' matches nothing in "
"$SLTRACE" --list-vars='process:' -- "$PROGS/probe_vars" > out 2> err
expect_rc 1 $? "FUNC: is no place"
expect_count 1 err "^$TOOL: invalid probe 'process:'"
"$SLTRACE" --list-vars=process -p $$ -- "$PROGS/probe_vars" > out 2> err
expect_rc 1 $? "-p and PROG with --list-vars"
expect_match err "^$TOOL: --list-vars reads a program's files"

# -p PID: the same places and variables from what the process mapped.
need_progs probe_step
rm -f flag && printf 0 > flag
"$PROGS/probe_step" wait flag > step.out 2>&1 &
step=$!
trap 'printf 1 > flag; wait' EXIT
wait_for_file probe_step.pid
"$SLTRACE" --list-vars=worker -- "$PROGS/probe_step" > want 2> err
expect_rc 0 $? "--list-vars=worker -- PROG"
expect_match want "^${tab}void \\* arg\$"
"$SLTRACE" --list-vars=worker -p "$step" > got 2> err
expect_rc 0 $? "--list-vars=worker -p PID"
diff -u want got >&2 || fail "--list-vars -p differs from the PROG form"
exit 0
