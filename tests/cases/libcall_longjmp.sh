#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# longjmp out of traced calls: bar_cb calls back into the program, which
# jumps past one bar_cb, two nested ones, or only the inner of two (the
# outer then returns normally), 20 times in a row too.  Every call made
# after a jump is reported with its right return value, the calls jumped
# out of get no return value, and the program's own checks pass.  Traced
# with -l (the program's PLT) and at the functions' entries.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"

lc_build pie b jump

check() {
	local what=$1
	shift
	note "$what"
	"$SLTRACE" -e trace=none "$@" -o "trace.$what" b/jump "exp.$what" > out
	expect_rc 0 $? "$what: tracer"
	expect_line out "ok"
	lc_no_traps "trace.$what"
	# A tracer may close a call it saw abandoned with "= ?".
	grep -vE '^<\.\.\. bar_cb resumed> *\) += \?$' "trace.$what" > "calls.$what"
	lc_compare "exp.$what" "calls.$what"
}

failed=''
( check plt -l bar_cb -l bar_add ) || failed="$failed plt"
( check entry "$LC_ENTRY_OPT" 'bar_*' ) || failed="$failed entry"
[ -z "$failed" ] || fail "failed:$failed"
