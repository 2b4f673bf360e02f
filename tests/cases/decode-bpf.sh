#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# bpf(2) decodes as strace shows it: each command's attr at sizes that
# cut it, non-zero bytes past it (-v: extra_data), NULL, size 0, more
# than a page, unreadable attrs, eBPF instructions (-v), and what the
# kernel writes back (counts, next ids, info structs with -v); traced
# from tests/progs/decode_bpf by strace and by the tracer, with no
# options, -v, -X verbose, -X raw, -y, -s 5, and with each call's
# success or failure injected.
. "$SRCDIR/tests/lib.sh"
need_progs decode_bpf
need_strace

prog=$PROGS/decode_bpf
cmp=$SRCDIR/tests/progs/decode_proc_cmp
# Both tracers' stderr goes to /dev/null: -y shows what fd 2 is.
# The ids the kernel gives maps and programs, and their load times,
# change from run to run.
norm='s/\b(id|next_id)=[0-9]+/\1=N/g; s/(next_id=[0-9N]+) => [0-9]+/\1 => N/g
s/load_time=[0-9]+( \/\* [^*]* \*\/)?/load_time=N/g
s/map_ids=\[[0-9, ]*\]/map_ids=[N]/g'
# Injected success and failure show what the kernel left in the attr.
for flags in "" "-v" "-X verbose" "-X raw" "-y" "-s 5" "-v -X raw" "-y -v" \
	"-v -e inject=bpf:retval=0" "-v -e inject=bpf:error=EFAULT"; do
	note "flags: ${flags:-(none)}"
	# shellcheck disable=SC2086
	"$STRACE" $flags -o strace.out "$prog" 2>/dev/null ||
		fail "strace $flags failed"
	# shellcheck disable=SC2086
	"$SLTRACE" $flags -o sltrace.out "$prog" 2>/dev/null ||
		fail "$TOOL $flags failed"
	sed -i -E "$norm" strace.out sltrace.out
	"$cmp"  strace.out sltrace.out >&2 ||
		fail "lines differ with flags '$flags'"
done
