#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Probes follow the processes and the objects they map.  The forks and
# dlopener programs write each call they make ("[PID ]NAME(A, B) = R"),
# and the hits must be those calls, an entry hit with A and B and a
# %return hit with R, under the pid that made them, in its order:
# - under -f, fork children (each its own copy of the breakpoints) and
#   vfork children (sharing the parent's), each exiting 0;
# - after execve, the new image is probed again (with and without -f);
# - a library loaded with dlopen: hits while it is loaded, none after
#   dlclose (the program also checks that the page it left keeps the
#   bytes it writes there), hits again once it is loaded a second time;
# - without -f, fork and vfork children run untouched: no trap, every
#   child exits 0 (the parent checks), and only the parent's hits show.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"

lc_build pie b forks dlopener
lc_build_lib b pie baz || fail "cannot build libbaz"

PROBES=(--probe 'bar_add a b' --probe 'bar_add%return')

# hits_of EXPECTED: "[PID ]NAME(A, B) = R" as the two lines of its hits
# ("[PID ]--- probe NAME {a=A, b=B} ---", then %return's).  NAME@libbaz.so
# is how a probe with that @OBJ is named.
hits_of() {
	sed -E 's/^([0-9]+ )?(baz_mul)\(/\1\2@libbaz.so(/
		s/^([0-9]+ )?([a-z_@.]+)\((-?[0-9]+), (-?[0-9]+)\) = (-?[0-9]+)$/\1--- probe \2 {a=\3, b=\4} ---\
\1--- probe \2%return {$retval=\5} ---/' "$1"
}

# hit_lines TRACE: the probe lines of TRACE, "[pid N] " as "N ", in order.
hit_lines() {
	sed -E 's/^\[pid +([0-9]+)\] /\1 /; s/^([0-9]+) +/\1 /' "$1" |
		grep -E '^([0-9]+ )?--- probe '
}

# check_hits LABEL EXPECTED TRACE: the hits of TRACE are the calls of
# EXPECTED, each pid's in its order.
check_hits() {
	lc_no_traps "$3.nochld"
	hits_of "$2" | sort -s -n -k1,1 > want
	hit_lines "$3" | sort -s -n -k1,1 > got
	diff -u want got > hits.diff ||
		{ show hits.diff; fail "$1: the hits differ from the calls made"; }
}

# run_f MODE N: forks MODE N under -f; every process exits 0, seen.
run_f() {
	"$SLTRACE" -f -e trace=none "${PROBES[@]}" -o trace b/forks "$1" "$2" exp > out
	expect_rc 0 $? "-f $1 $2: tracer"
	expect_line out "ok $1 $2"
	grep -v -- '--- SIGCHLD ' trace > trace.nochld
	check_hits "-f $1 $2" exp trace
	expect_count $(($2 + 1)) trace '^[0-9]+ +\+\+\+ exited with 0 \+\+\+$'
}
run_f fork 20
run_f vfork 5

# exec: the line before and the line after are one pid's.
for f in -f ""; do
	"$SLTRACE" $f -e trace=none "${PROBES[@]}" -o trace b/forks exec exp > out
	expect_rc 0 $? "exec $f: tracer"
	expect_line out "ok exec"
	[ "$(wc -l < exp)" = 2 ] || { show exp; fail "exec $f: not 2 calls made"; }
	cp trace trace.nochld
	[ -n "$f" ] || sed -i -E 's/^[0-9]+ //' exp
	check_hits "exec $f" exp trace
done

# dlopen: baz_mul's hits fall between the right bar_add hits.
"$SLTRACE" -e trace=none "${PROBES[@]}" --probe 'baz_mul@libbaz.so a b' \
	--probe 'baz_mul@libbaz.so%return' -o trace b/dlopener exp > out
rc=$?
[ $rc = 0 ] || show out
expect_rc 0 $rc "dlopen: tracer"
expect_line out "ok"
expect_count 2 exp '^baz_mul\('
cp trace trace.nochld
check_hits dlopen exp trace

# Without -f: the children are not traced and must not see a breakpoint.
for m in "fork 20" "vfork 5"; do
	# shellcheck disable=SC2086
	"$SLTRACE" -e trace=none "${PROBES[@]}" -o trace b/forks $m exp > out
	rc=$?
	[ $rc = 0 ] || show out
	expect_rc 0 $rc "$m without -f: tracer"
	expect_line out "ok $m"
	grep -v -- '--- SIGCHLD ' trace > trace.nochld
	parent=$(head -n 1 exp | cut -d ' ' -f 1)
	sed -n "s/^$parent //p" exp > want.calls
	[ "$(wc -l < want.calls)" = 2 ] || { show exp; fail "$m: the parent made not 2 calls"; }
	check_hits "$m without -f" want.calls trace
	expect_count 1 trace '^\+\+\+ exited with 0 \+\+\+$'
done
exit 0
