#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Memory syscalls (mmap, mprotect, mremap, madvise, msync, mlock*,
# mincore, brk, membarrier...) decode as strace shows them: the lines
# of tests/progs/decode_mem traced by strace and by the tracer agree,
# with no options, -v, -X verbose, -X raw and -s 5.
. "$SRCDIR/tests/lib.sh"
need_progs decode_mem
need_strace

cmp=$SRCDIR/tests/progs/decode_proc_cmp
prog=$PROGS/decode_mem
for flags in "" "-v" "-X verbose" "-X raw" "-s 5"; do
	note "flags: ${flags:-(none)}"
	# shellcheck disable=SC2086
	"$STRACE" $flags -o strace.out "$prog" 2>/dev/null ||
		fail "strace $flags failed"
	# shellcheck disable=SC2086
	"$SLTRACE" $flags -o sltrace.out "$prog" || fail "$TOOL $flags failed"
	"$cmp"  strace.out sltrace.out >&2 ||
		fail "lines differ with flags '$flags'"
done
