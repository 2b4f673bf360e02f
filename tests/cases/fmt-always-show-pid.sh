#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# --always-show-pid: the pid prefix even when one task is traced, in the
# form of the output it goes to ("[pid N] " on stderr, "N     " in a -o
# file).  strace 6.1 has no such option (it came with strace 6.9).
. "$SRCDIR/tests/lib.sh"
need_progs simple

"$SLTRACE" --always-show-pid -o trace "$PROGS/simple" expected > out 2> err
rc=$?
if [ "$rc" != 0 ] && grep -q "unrecognized option" err; then
	skip "$TOOL has no --always-show-pid"
fi
expect_rc 0 "$rc" tracer
pid=$(sed -nE 's/^([0-9]+) +execve\(.*/\1/p' trace)
[ -n "$pid" ] || { show trace; fail "no pid on the execve line"; }
if grep -qvE "^$pid +" trace; then
	show trace
	fail "a line without the pid prefix"
fi
sed -E 's/^[0-9]+ +//' trace > rest
squeeze expected > want
squeeze rest > got
expect_in_order got want
expect_line trace "$(pfx "$pid")+++ exited with 0 +++"

"$SLTRACE" --always-show-pid "$PROGS/simple" > out 2> err
expect_rc 0 $? "tracer (stderr)"
expect_match err '^\[pid +[0-9]+\] getppid\(\) += [0-9]+$'
expect_match err '^\[pid +[0-9]+\] \+\+\+ exited with 0 \+\+\+$'
