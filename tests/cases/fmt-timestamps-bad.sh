#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Bad -t / -r / -T arguments are refused with strace's messages, exit 1.
. "$SRCDIR/tests/lib.sh"
need_progs exitwith

# refused MESSAGE-LINES OPTS...: the tracer prints exactly these lines.
refused() {
	local want=$1
	shift
	"$SLTRACE" "$@" "$PROGS/exitwith" 0 > out 2> err
	expect_rc 1 $? "$SLTRACE $*"
	printf '%s\n' "$want" > want
	diff want err > /dev/null || { show err want; fail "$*: wrong message"; }
}

TRY="Try '$TOOL -h' for more information."
for a in bogus format:bogus precision:bogus time,bogus format: precision: \
	format:ms precision:time; do
	refused "$TOOL: invalid --absolute-timestamps argument: '$a'
$TRY" --absolute-timestamps="$a"
done
refused "$TOOL: -t and --absolute-timestamps cannot be provided simultaneously" \
	-t --absolute-timestamps=ms
refused "$TOOL: -t and --absolute-timestamps cannot be provided simultaneously" \
	--timestamps -ttt
for a in bad '' 1e-6 sec; do
	refused "$TOOL: invalid --relative-timestamps argument: '$a'
$TRY" --relative-timestamps="$a"
	refused "$TOOL: invalid --syscall-times argument: '$a'
$TRY" --syscall-times="$a"
done
