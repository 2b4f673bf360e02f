#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -V and --version print "TOOL -- version X.Y..." on stdout and exit 0.
. "$SRCDIR/tests/lib.sh"

for opt in -V --version; do
	"$SLTRACE" $opt > out 2> err
	expect_rc 0 $? "tracer ($opt)"
	expect_empty err
	head -n 1 out | grep -qE "^$TOOL -- version [0-9]+\.[0-9]+" || { show out; fail "version line"; }
done
