#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# io_uring_setup, io_uring_enter and the io_uring_register operations
# (probe, files, buffers, resources, restrictions, io-wq, ring fds,
# buffer rings) decode as strace shows them: the lines of
# tests/progs/decode_uring traced by strace and by the tracer agree,
# with no options, -y, -v, -X verbose, -X raw, -s 5 and with every
# io_uring_register call made to succeed (what it wrote back, " => ").
. "$SRCDIR/tests/lib.sh"
need_progs decode_uring
need_strace

cmp=$SRCDIR/tests/progs/decode_proc_cmp
prog=$PROGS/decode_uring
for flags in "" "-y" "-v" "-X verbose" "-X raw" "-s 5" \
	"-e inject=io_uring_register:retval=42"; do
	note "flags: ${flags:-(none)}"
	# shellcheck disable=SC2086
	"$STRACE" $flags -o strace.out "$prog" 2>/dev/null ||
		fail "strace $flags failed"
	# shellcheck disable=SC2086
	"$SLTRACE" $flags -o sltrace.out "$prog" || fail "$TOOL $flags failed"
	"$cmp" strace.out sltrace.out >&2 ||
		fail "lines differ with flags '$flags'"
done
