#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -d (and --debug) writes diagnostics prefixed "TOOL: " to stderr and
# changes nothing else: same trace file, same exit code.
. "$SRCDIR/tests/lib.sh"
need_progs simple

for opt in -d --debug; do
	"$SLTRACE" $opt -o trace "$PROGS/simple" expected > out 2> err
	expect_rc 0 $? "tracer ($opt)"
	[ "$(cat out)" = hello ] || fail "stdout"
	expect_match err "^$TOOL: "
	expect_in_order trace expected
done
