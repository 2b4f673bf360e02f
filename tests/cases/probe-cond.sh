#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Conditions select exactly the hits they name: the threads program
# writes each bar_add call it makes ("TID bar_add(A, B) = R"), and each
# condition's hits (under their tids) must be the calls that satisfy it,
# computed here from those lines: && and ||, !, parentheses, a signed
# cast, %return's value.  On the caller program: string comparison
# (==, !=, >) of bar_len's argument, and an unreadable value ($arg2, a
# small int, read as a string): false, its != false too, alone false,
# and !(...) of it true.  Several probes on one function share its
# breakpoint: each must still see its own hits.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"

lc_build pie b threads caller

# cond_case NAME SPEC AWK-TEST: the hits of SPEC are the lines of exp
# (fields: 1 tid, 2 a, 3 b, 4 r) where AWK-TEST holds.
specs=() tests=() names=()
cond_case() {
	names+=("$1") specs+=("$2") tests+=("$3")
}
cond_case and 'bar_add a b if a == 3 && b > 1' '$2 == 3 && $3 > 1'
cond_case or 'bar_add a b if a < 2 || b == 3' '$2 < 2 || $3 == 3'
cond_case not 'bar_add a b if !(a > 5 || b != 1)' '!($2 > 5 || $3 != 1)'
cond_case nest 'bar_add a b if (a == 7 || a == 9) && !(b == 0)' \
	'($2 == 7 || $2 == 9) && !($3 == 0)'
cond_case neg 'bar_add a b if $arg1:s32 < 0' '$2 < 0'
cond_case ret 'bar_add%return $retval:s32 if $retval:s32 >= 50' '$4 >= 50'

# exp_calls: the calls of exp into calls, as "TID A B R".
exp_calls() {
	sed -E 's/^([0-9]+) bar_add\((-?[0-9]+), (-?[0-9]+)\) = (-?[0-9]+)$/\1 \2 \3 \4/' exp > calls
}

# want_hits I: the hit lines that the Ith case's probe must give, sorted:
# one per line of calls where its AWK-TEST holds.
want_hits() {
	local spec=${specs[$1]} name

	name=${spec%% *}
	if [ "${spec#bar_add%return}" != "$spec" ]; then
		awk "${tests[$1]} { print \$1, \"--- probe $name {\$retval=\" \$4 \"} ---\" }" calls
	else
		awk "${tests[$1]} { print \$1, \"--- probe $name {a=\" \$2 \", b=\" \$3 \"} ---\" }" calls
	fi | sort
}

args=()
for s in "${specs[@]}"; do
	args+=(--probe "$s")
done
"$SLTRACE" -f -e trace=none -o trace "${args[@]}" b/threads 4 50 exp > out
expect_rc 0 $? "threads: tracer"
expect_line out "ok 4 threads x 50 calls"
lc_no_traps trace
exp_calls
for i in "${!specs[@]}"; do
	name=${specs[$i]%% *}
	want_hits "$i" > want-$i
	[ -s "want-$i" ] || fail "${names[$i]}: the program made no call that holds"
	grep -F -- "--- probe $name " trace > /dev/null || fail "${names[$i]}: no hit"
done
# Every probe's lines at once (they share one breakpoint): a call that
# holds for two conditions is two lines.
sort want-* > want
lc_probe_lines trace > got
diff -u want got >&2 || fail "the hits differ from the calls that hold (- made, + traced)"
# And each alone, so that one condition's extra hit is not hidden by
# another's rightful one.
for i in "${!specs[@]}"; do
	"$SLTRACE" -f -e trace=none -o trace --probe "${specs[$i]}" \
		b/threads 4 50 exp > out
	expect_rc 0 $? "${names[$i]}: tracer"
	exp_calls
	want_hits "$i" > want
	lc_probe_lines trace > got
	diff -u want got >&2 || fail "${names[$i]}: '${specs[$i]}': wrong hits"
done

# Strings, and a value that cannot be read.  The caller calls
# bar_len("hello") and bar_len(""), and bar_add 13 times (entry file e).
"$SLTRACE" -e trace=none -o trace \
	--probe 'bar_len s if $arg1:string == "hello"' \
	--probe 'bar_len s if s != "hello"' \
	--probe 'bar_len s if s > "a"' \
	--probe 'bar_add if $arg2:string == "x"' \
	--probe 'bar_add if $arg2:string != "x"' \
	--probe 'bar_add if $arg2:string' \
	--probe 'bar_add $arg1:s32 if !($arg2:string == "x")' \
	b/caller p e > out
expect_rc 0 $? "caller: tracer"
expect_match out '^ok '
lc_no_traps trace
grep -c '^bar_len("hello")' e > /dev/null || fail "caller: no bar_len(\"hello\")"
{
	echo '--- probe bar_len {s="hello"} ---'	# == "hello"
	echo '--- probe bar_len {s="hello"} ---'	# > "a"
	echo '--- probe bar_len {s=""} ---'		# != "hello"
	sed -nE 's/^bar_add\((-?[0-9]+), (-?[0-9]+)\) = .*/--- probe bar_add {$arg1=\1} ---/p' e
} | sort > want
[ "$(grep -c 'bar_add' want)" -ge 10 ] || { show e; fail "caller: too few bar_add calls"; }
grep -vE '^\+\+\+ exited with 0 \+\+\+$' trace | sort > got
diff -u want got >&2 || fail "caller: string and unreadable conditions: wrong hits"

# %return's value in a condition (alone: an entry probe at the same
# address would take its breakpoint, which the core gives one client).
"$SLTRACE" -e trace=none -o trace \
	--probe 'bar_len%return $retval if $retval == 0' b/caller p e > out
expect_rc 0 $? "caller, %return: tracer"
echo '--- probe bar_len%return {$retval=0} ---' > want
grep -vE '^\+\+\+ exited with 0 \+\+\+$' trace > got
diff -u want got >&2 || fail "caller: bar_len%return if \$retval == 0: wrong hits"
exit 0
