#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The perf_event_open decoder for a 32-bit tracee (tests/progs/decode_perf
# built -m32): the same struct, and a flags argument of 32 bits.
. "$SRCDIR/tests/lib.sh"
[ -x "$PROGS/decode_perf32" ] ||
	skip "no 32-bit test program (gcc -m32 with gcc-multilib)"
have_32bit || skip "this kernel runs no 32-bit programs"
need_strace

prog=$PROGS/decode_perf32
cmp=$SRCDIR/tests/progs/decode_proc_cmp
# Both tracers' stderr goes to /dev/null: -y shows what fd 2 is.
for flags in "" "-v" "-X verbose" "-X raw" "-v -X verbose" "-v -X raw" \
	"-y" "-e verbose=none"; do
	note "flags: ${flags:-(none)}"
	# shellcheck disable=SC2086
	"$STRACE" $flags -o strace.out "$prog" 2>/dev/null ||
		fail "strace $flags failed"
	# shellcheck disable=SC2086
	"$SLTRACE" $flags -o sltrace.out "$prog" 2>/dev/null ||
		fail "$TOOL $flags failed"
	"$cmp"  strace.out sltrace.out >&2 ||
		fail "lines differ with flags '$flags'"
done
