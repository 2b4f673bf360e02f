#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Every library call of a C++ program that throws through frames with
# cleanups (-l '*', -L '*', both): the unwinder's entry points
# (__cxa_throw, _Unwind_Resume, called through the program's PLT while it
# unwinds) keep their return addresses, so every throw still reaches its
# catch and the program prints what it prints untraced.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"

[ "$TOOL" = strace ] && exit 0	# library calls are sltrace's own

lc_build pie b unwind
b/unwind > want || fail "the program fails untraced"
expect_line want "sum 1607"
for opts in "-l *" "-L *" "-l * -L *"; do
	set -f
	# shellcheck disable=SC2086
	"$SLTRACE" -e trace=none $opts -o trace b/unwind > out
	rc=$?
	set +f
	expect_rc 0 $rc "tracer $opts"
	expect_line out "sum 1607"
	expect_count 10 trace '__cxa_throw\(.* <no return \.\.\.>$'
	expect_count 10 trace '^__cxa_begin_catch\('
	expect_count 0 trace 'SIGTRAP|SIGABRT'
done
exit 0
