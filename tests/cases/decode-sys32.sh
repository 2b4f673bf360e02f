#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The assorted syscalls of decode-sys.sh in a 32-bit tracee: 64-bit
# offsets, lengths and fanotify masks in two registers joined
# (fadvise64, fadvise64_64, readahead, sync_file_range, fanotify_mark),
# longs of 32 bits (tests/progs/decode_sys built -m32), as strace shows
# them.
. "$SRCDIR/tests/lib.sh"
[ -x "$PROGS/decode_sys32" ] ||
	skip "no 32-bit test program (gcc -m32 with gcc-multilib)"
have_32bit || skip "this kernel runs no 32-bit programs"
need_strace

cmp=$SRCDIR/tests/progs/decode_proc_cmp
prog=$PROGS/decode_sys32
for flags in "" "-v" "-X verbose" "-X raw" "-s 5" "-yy" "-yy -Y" "-e verbose=none"; do
	note "flags: ${flags:-(none)}"
	# shellcheck disable=SC2086
	"$STRACE" $flags -o strace.out "$prog" 2>/dev/null ||
		fail "strace $flags failed"
	# shellcheck disable=SC2086
	"$SLTRACE" $flags -o sltrace.out "$prog" || fail "$TOOL $flags failed"
	"$cmp" strace.out sltrace.out >&2 ||
		fail "lines differ with flags '$flags'"
done
