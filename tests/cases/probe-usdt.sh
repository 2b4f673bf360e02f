#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# --probe 'sdt:sltest:NAME' on each USDT point of tests/progs/probe_usdt:
# the program says on stderr what it gave each point ("NAME arg1=V ..."),
# and each of its 3 passes must give one hit per point with those values
# (constants, registers, the stack, globals, an index, a pointer).  The
# guarded point (probe_usdt_sema.c) fires only because sltrace set its
# semaphore: the program prints the semaphore where it tests it, and sees
# 0 untraced and under probes of the other points, 1 under its probe.
# glibc's points: Debian 12's glibc has none (noted, nothing tested).
# The program is built only with <sys/sdt.h>: CI has it, so a missing
# program fails there (CI set) and skips elsewhere.
. "$SRCDIR/tests/lib.sh"

if [ ! -x "$PROGS/probe_usdt" ]; then
	[ -n "${CI:-}" ] && fail "probe_usdt not built (no <sys/sdt.h>: install systemtap-sdt-dev)"
	skip "probe_usdt not built (no <sys/sdt.h>)"
fi

points="consts regs globals indexed pointer guarded noargs"

# The program's stderr as the probe lines it must give, in order.
want_lines() {
	sed -nE '/^semaphore=/d
		s/^noargs$/--- probe sdt:sltest:noargs ---/p
		s/^([a-z]+) (.*)$/--- probe sdt:sltest:\1 {\2} ---/p' "$1" |
		sed -E ':a; s/(\{[^}]*=[^ ,}]+) ([^}]*\})/\1, \2/; ta'
}

got_lines() {
	grep -vE '^\+\+\+ exited with 0 \+\+\+$|^\[ Process PID=[0-9]+ runs in' "$1"
}

# check_prog PROG: every point at once, then each alone.
check_prog() {
	local p=$PROGS/$1 pt args=() n
	for pt in $points; do
		args+=(--probe "sdt:sltest:$pt")
	done
	"$SLTRACE" -e trace=none -o trace "${args[@]}" "$p" loop 3 \
		> out 2> said
	expect_rc 0 $? "$1: tracer"
	[ "$(cat out)" = 45 ] || { show out; fail "$1: the program's result is wrong"; }
	if [ "$1" = probe_usdt32 ] && ! grep -q 'probe' trace; then
		# The core arms breakpoints in 64-bit processes only so far.
		note "$1: no hit at all (no probe placed in an i386 process)"
		return 1
	fi
	[ "$(grep -c '^semaphore=1$' said)" = 3 ] ||
		{ show said; fail "$1: the program did not see the semaphore set"; }
	grep -q '^semaphore=0$' said && fail "$1: the semaphore was 0 under the probe"
	want_lines said > want
	n=$(grep -c . want)
	[ "$n" = 21 ] || { show said want; fail "$1: $n points said, not 21"; }
	got_lines trace > got
	diff -u want got >&2 || fail "$1: the hits differ from what the program passed"

	for pt in $points; do
		"$SLTRACE" -e trace=none -o trace --probe "sdt:sltest:$pt" \
			"$p" loop 3 > out 2> said
		expect_rc 0 $? "$1: tracer, $pt"
		want_lines said | grep -F "sdt:sltest:$pt " > want
		[ "$(grep -c . want)" = 3 ] || { show said; fail "$1: $pt not said 3 times"; }
		got_lines trace > got
		diff -u want got >&2 || fail "$1: sdt:sltest:$pt: wrong hits"
		if [ "$pt" = guarded ]; then
			[ "$(grep -c '^semaphore=1$' said)" = 3 ] ||
				fail "$1: guarded: the semaphore was not set"
		else
			# Nobody asked for guarded: its semaphore stays 0.
			[ "$(grep -c '^semaphore=0$' said)" = 3 ] ||
				{ show said; fail "$1: $pt: the semaphore was set"; }
		fi
	done
	return 0
}

# Untraced, the point is off.
"$PROGS/probe_usdt" loop 3 > out 2> said || fail "probe_usdt failed untraced"
[ "$(grep -c '^semaphore=0$' said)" = 3 ] || { show said; fail "untraced: semaphore not 0"; }
grep -q '^guarded ' said && fail "untraced: the guarded point ran"

check_prog probe_usdt
if [ -x "$PROGS/probe_usdt32" ] && have_32bit; then
	check_prog probe_usdt32 || true
fi

libc=$(ldd "$PROGS/probe_usdt" | awk '$1 == "libc.so.6" { print $3 }')
if [ -n "$libc" ] && readelf -n "$libc" 2>/dev/null | grep -q stapsdt; then
	note "$libc has USDT points: not tested here yet"
else
	note "${libc:-libc.so.6} has no USDT point: none tested"
fi
exit 0
