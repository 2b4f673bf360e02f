#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -e signal=SET prints only the "--- SIG" lines of the signals in SET;
# the signals themselves are delivered as always.
. "$SRCDIR/tests/lib.sh"
need_progs sigs

# count N ARGS...: sigs sends itself SIGUSR1 twice; N lines show it.
count() {
	local n=$1
	shift
	"$SLTRACE" -o trace "$@" "$PROGS/sigs" handler 2 > out
	expect_rc 0 $? "tracer ($*)"
	grep -q 'handled 2' out || { show out; fail "the handler did not run twice ($*)"; }
	expect_count "$n" trace '^--- SIGUSR1 \{'
	expect_line trace "+++ exited with 0 +++"
}

count 2
count 2 -e signal=all
count 2 -e signal=usr1
count 2 -e signal=SIGUSR1,SIGCHLD
count 2 -e signal=10
count 2 --signal='!SIGUSR2'
count 0 -e signal=none
count 0 -e signal=SIGUSR2
count 0 -e 'signal=!usr1'
count 0 -e signal=usr1 -e signal=chld
