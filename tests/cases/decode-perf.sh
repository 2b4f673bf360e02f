#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# perf_event_open(2) and ioctl(PERF_EVENT_IOC_MODIFY_ATTRIBUTES) decode
# as strace shows them: struct perf_event_attr of every version's size,
# each event type and config, the size the kernel writes back, NULL and
# unreadable attrs; traced from tests/progs/decode_perf by strace and by
# the tracer, abbreviated and with -v, in each -X style, with -y and
# with -e verbose=none.
. "$SRCDIR/tests/lib.sh"
need_progs decode_perf
need_strace

prog=$PROGS/decode_perf
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
