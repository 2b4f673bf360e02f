#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# seccomp(2) and prctl(PR_SET_SECCOMP) decode as strace shows them: the
# operations, flags and the classic BPF filter program (shown with -v),
# traced from tests/progs/decode_seccomp by strace and by the tracer,
# with no options, -v, -X verbose, -X raw and both.
. "$SRCDIR/tests/lib.sh"
need_progs decode_seccomp
need_strace

cmp=$SRCDIR/tests/progs/decode_proc_cmp
prog=$PROGS/decode_seccomp
for flags in "" "-v" "-X verbose" "-X raw" "-v -X verbose" "-v -X raw" \
	"-y"; do
	note "flags: ${flags:-(none)}"
	# shellcheck disable=SC2086
	"$STRACE" $flags -o strace.out "$prog" 2>/dev/null ||
		fail "strace $flags failed"
	# shellcheck disable=SC2086
	"$SLTRACE" $flags -o sltrace.out "$prog" || fail "$TOOL $flags failed"
	"$cmp"  strace.out sltrace.out >&2 ||
		fail "lines differ with flags '$flags'"
done
