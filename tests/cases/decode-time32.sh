#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Clock, sleep and timer syscalls (clock_*, nanosleep, gettimeofday,
# time, timer_*, alarm, *itimer, adjtimex) decode as strace shows them:
# the lines of tests/progs/decode_time32 traced by strace and by the
# tracer agree (tests/progs/decode_net_cmp), with several options.
# This is the 32-bit tracee (gcc -m32): i386 layouts (32-bit timespec, timex).
. "$SRCDIR/tests/lib.sh"
[ -x "$PROGS/decode_time32" ] ||
	skip "no 32-bit test program (gcc -m32 with gcc-multilib)"
have_32bit || skip "this kernel runs no 32-bit programs"
need_strace
command -v python3 > /dev/null || skip "no python3"

cmp=$SRCDIR/tests/progs/decode_net_cmp
prog=$PROGS/decode_time32
for flags in "" "-v" "-X verbose" "-X raw" "-e verbose=none"; do
	note "flags: ${flags:-(none)}"
	# shellcheck disable=SC2086
	"$STRACE" $flags -o strace.out "$prog" > /dev/null 2>&1 ||
		fail "strace $flags failed"
	# shellcheck disable=SC2086
	"$SLTRACE" $flags -o sltrace.out "$prog" > /dev/null ||
		fail "$TOOL $flags failed"
	python3 "$cmp" time strace.out sltrace.out >&2 ||
		fail "lines differ with flags '$flags'"
done
