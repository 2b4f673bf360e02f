#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The differential corpus (tests/corpus/run): ~60 real commands under
# seven flag sets, traced by strace and by sltrace.  Fails when sltrace
# reproduces a smaller share of strace's lines than tests/corpus/threshold
# says.  The per-command scores and the most missed syscalls are in the
# log; `tests/corpus/run -v NAME` shows the lines.
# timeout-factor: 5
. "$SRCDIR/tests/lib.sh"
need_strace
command -v python3 > /dev/null || skip "no python3"

python3 "$SRCDIR/tests/corpus/run" --sltrace "$SLTRACE_PATH" \
	--strace "$STRACE" --progs "$PROGS" --jobs 2 \
	--threshold "$SRCDIR/tests/corpus/threshold" > corpus.out 2>&1
rc=$?
cat corpus.out >&2
[ $rc = 2 ] && fail "the corpus could not run"
grep -q '^agreement: ' corpus.out || fail "no agreement line"
[ $rc = 0 ] || fail "agreement below tests/corpus/threshold"
