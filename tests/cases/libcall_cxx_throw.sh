#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# C++ exceptions through traced calls: barx_inner throws through
# barx_outer to the program's catch, or to barx_catch's inside the
# library.  The unwinder must find every frame (a return address left
# pointing at the tracer's trap page would make it call terminate): the
# program catches every throw where it should, prints "ok", and the calls
# made after a throw are reported with their right values.  Traced with
# -l (the program's PLT) and at the functions' entries.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"

command -v "$CXX" > /dev/null || skip "no C++ compiler ($CXX)"
lc_build_lib b pie || fail "cannot build libbar"
lc_build_lib b pie barxx || fail "cannot build libbarxx"
lc_build_prog b pie throw -lbarxx || fail "cannot build throw"

b/throw native.plt native.entry > out
expect_rc 0 $? "throw, untraced"

check() {
	local what=$1
	shift
	note "$what"
	"$SLTRACE" -e trace=none "$@" -o "trace.$what" b/throw exp.plt exp.entry > out
	rc=$?
	[ $rc = 0 ] || show out
	expect_rc 0 $rc "$what: tracer"
	expect_line out "ok"
	lc_no_traps "trace.$what"
	# A tracer may close a call it saw abandoned with "= ?".
	grep -vE '^<\.\.\. barx_[a-z]+ resumed> *\) += \?$' "trace.$what" > "calls.$what"
	lc_compare "exp.$what" "calls.$what"
}

failed=''
( check plt -l barx_outer -l barx_catch ) || failed="$failed plt"
( check entry "$LC_ENTRY_OPT" 'barx_*' ) || failed="$failed entry"
[ -z "$failed" ] || fail "failed:$failed"
