#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Native AIO (io_setup, io_submit and its control blocks of every
# opcode, io_getevents, io_pgetevents and its signal set, io_cancel,
# io_destroy) decodes as strace shows it: the lines of
# tests/progs/decode_aio traced by strace and by the tracer agree, with
# no options, -v, -X verbose, -X raw, -s 5 and -y.
. "$SRCDIR/tests/lib.sh"
need_progs decode_aio
need_strace

cmp=$SRCDIR/tests/progs/decode_proc_cmp
prog=$PROGS/decode_aio
for flags in "" "-v" "-X verbose" "-X raw" "-s 5" "-y" "-e verbose=none"; do
	note "flags: ${flags:-(none)}"
	# shellcheck disable=SC2086
	"$STRACE" $flags -o strace.out "$prog" 2>/dev/null ||
		fail "strace $flags failed"
	# shellcheck disable=SC2086
	"$SLTRACE" $flags -o sltrace.out "$prog" || fail "$TOOL $flags failed"
	"$cmp" strace.out sltrace.out >&2 ||
		fail "lines differ with flags '$flags'"
done
