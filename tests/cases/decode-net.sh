#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Socket syscalls (socket, bind, connect, accept4, send*/recv* with msghdr
# and control messages, get/setsockopt, shutdown...) and the sockaddr
# layouts decode as strace shows them:
# the lines of tests/progs/decode_net traced by strace and by the
# tracer agree (tests/progs/decode_net_cmp), with several options.
. "$SRCDIR/tests/lib.sh"
need_progs decode_net
need_strace
command -v python3 > /dev/null || skip "no python3"

cmp=$SRCDIR/tests/progs/decode_net_cmp
prog=$PROGS/decode_net
for flags in "" "-f -e verbose=none" "-f" "-f -yy" "-f -v" "-f -X verbose" "-f -X raw" "-f -s 5" "-f -x" \
	"-f -e read=all -e write=all"; do
	note "flags: ${flags:-(none)}"
	# shellcheck disable=SC2086
	"$STRACE" $flags -o strace.out "$prog" > /dev/null 2>&1 ||
		fail "strace $flags failed"
	# shellcheck disable=SC2086
	"$SLTRACE" $flags -o sltrace.out "$prog" > /dev/null ||
		fail "$TOOL $flags failed"
	python3 "$cmp" net strace.out sltrace.out >&2 ||
		fail "lines differ with flags '$flags'"
done
