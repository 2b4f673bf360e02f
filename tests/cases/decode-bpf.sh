#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# bpf(2) decodes as strace shows it: each command's attr at sizes that
# cut it, non-zero bytes past it (-v: extra_data), NULL, size 0, more
# than a page, unreadable attrs; traced from tests/progs/decode_bpf by
# strace and by the tracer, with no options, -v, -X verbose, -X raw,
# -y and -s 5.
. "$SRCDIR/tests/lib.sh"
need_progs decode_bpf
need_strace

prog=$PROGS/decode_bpf
cmp=$SRCDIR/tests/progs/decode_proc_cmp
# Both tracers' stderr goes to /dev/null: -y shows what fd 2 is.
for flags in "" "-v" "-X verbose" "-X raw" "-y" "-s 5"; do
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
