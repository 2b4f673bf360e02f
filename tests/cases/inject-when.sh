#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -e inject=...:when=FIRST[..LAST][+[STEP]]: which calls of a syscall are
# tampered with, by what the program saw and by the lines marked
# (INJECTED).  Twelve calls each time.
. "$SRCDIR/tests/lib.sh"
need_progs inject_calls

# failed_calls OUT: the numbers of the calls that failed, on one line.
failed_calls() {
	sed -n 's/^chdir \([0-9]*\): -1 1$/\1/p' "$1" | tr '\n' ' '
}

check() {
	local when=$1 want=$2 got n
	"$SLTRACE" -o trace -e trace=chdir -e "inject=chdir:error=EPERM:when=$when" \
		"$PROGS/inject_calls" chdir 12 > out
	expect_rc 0 $? "tracer (when=$when)"
	got=$(failed_calls out)
	[ "$got" = "$want" ] || { show out; fail "when=$when: calls '$got' failed, expected '$want'"; }
	# The same calls, in the same places, are the marked lines.
	got=$(grep -n '(INJECTED)$' trace | cut -d: -f1 | tr '\n' ' ')
	[ "$got" = "$want" ] || { show trace; fail "when=$when: lines '$got' marked, expected '$want'"; }
	n=$(grep -c '^chdir' trace)
	[ "$n" = 12 ] || { show trace; fail "when=$when: $n chdir lines"; }
}

check 5 "5 "
check 4..6 "4 5 6 "
check 3+ "3 4 5 6 7 8 9 10 11 12 "
check 2+3 "2 5 8 11 "
check 2..7+2 "2 4 6 "
check 2..10+4 "2 6 10 "
check 1..3+ "1 2 3 "
check 10..65534 "10 11 12 "
check 13 ""
# strtoul's syntax for each number: a sign and blanks may lead.
check 2..+3 "2 3 "
check '+011+ 1' "11 12 "

# Given twice, the last when= counts; none means every call.
"$SLTRACE" -o trace -e trace=chdir -e inject=chdir:error=EPERM:when=2:when=5 \
	"$PROGS/inject_calls" chdir 6 > out
expect_rc 0 $? "tracer (two when=)"
[ "$(failed_calls out)" = "5 " ] || { show out; fail "two when=: the last one counts"; }
"$SLTRACE" -o trace -e trace=chdir -e inject=chdir:error=EPERM \
	"$PROGS/inject_calls" chdir 3 > out
expect_rc 0 $? "tracer (no when=)"
[ "$(failed_calls out)" = "1 2 3 " ] || { show out; fail "no when=: every call"; }
