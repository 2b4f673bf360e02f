#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The NUMA syscalls and futex_waitv (src/syscall/numa.c, futex2.c):
# tests/progs/decode_numa performs set_mempolicy, get_mempolicy, mbind,
# migrate_pages, move_pages and futex_waitv with valid arguments,
# errors, NULL and unmapped pointers, unknown modes and flags; the lines
# must be those Debian's strace prints, without flags and with -v,
# -X raw, -X verbose, -e verbose=none, -s 2, -s 300.  Addresses and the
# pids of migrate_pages and move_pages are masked in both.
# decode-numa32.sh runs the same with the -m32 build.
. "$SRCDIR/tests/lib.sh"
need_strace

prog=${DECODE_NUMA_PROG:-decode_numa}
if [ "$prog" = decode_numa32 ]; then
	[ -x "$PROGS/$prog" ] || skip "no $prog (gcc -m32 cannot link)"
	have_32bit || skip "this kernel runs no 32-bit programs"
else
	need_progs "$prog"
fi

names=set_mempolicy,get_mempolicy,mbind,migrate_pages,move_pages
names+=,futex_waitv

# trace TRACER OUT FLAGS...: the program's lines, masked.
trace() {
	local tracer=$1 out=$2
	shift 2
	# shellcheck disable=SC2086
	"$tracer" -e trace=$names "$@" -o "$out.raw" "$PROGS/$prog"
	expect_rc 0 $? "$tracer $* $prog"
	sed -E -e 's/0x[0-9a-f]{5,}/ADDR/g' \
		-e 's/^((migrate|move)_pages\()[1-9][0-9]*/\1PID/' \
		-e 's/ +=/ =/' "$out.raw" > "$out"
}

for flags in "" "-v" "-X raw" "-X verbose" "-e verbose=none" "-s 2" \
	"-s 300"; do
	note "flags: '$flags'"
	# shellcheck disable=SC2086
	trace "$STRACE" want $flags
	# shellcheck disable=SC2086
	trace "$SLTRACE" got $flags
	[ "$(wc -l < want)" -gt 50 ] || { show want; fail "too few strace lines"; }
	if ! cmp -s want got; then
		diff want got >&2
		fail "lines differ from strace's with flags '$flags'"
	fi
done

