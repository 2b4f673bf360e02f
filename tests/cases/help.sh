#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -h and --help print the usage on stdout and exit 0; it names the options
# of this issue.
. "$SRCDIR/tests/lib.sh"

for opt in -h --help; do
	"$SLTRACE" $opt > out 2> err
	expect_rc 0 $? "tracer ($opt)"
	expect_empty err
	[ "$(head -n 1 out | cut -d' ' -f1-2)" = "Usage: $TOOL" ] || { show out; fail "first line"; }
	for o in '-f, --follow-forks' '-ff, --follow-forks --output-separately' \
		 '-o FILE, --output=FILE' '-p PID, --attach=PID' \
		 '-s STRSIZE, --string-limit=STRSIZE' '-a COLUMN, --columns=COLUMN' \
		 '-q, --quiet' '-d, --debug' '-h, --help' '-V, --version'; do
		grep -qF -- "$o" out || { show out; fail "usage lacks '$o'"; }
	done
done
