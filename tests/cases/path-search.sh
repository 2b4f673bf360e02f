#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A command name without a slash is looked up in PATH, in order, and the
# execve line names the file found; arguments are passed through.
. "$SRCDIR/tests/lib.sh"
need_progs simple

# Earlier PATH entries hold a directory and a non-executable file of
# that name: a search skips both, as execvp does.
mkdir -p bin0/sltrace-test-prog bin1 bin2
printf 'not a program\n' > bin1/sltrace-test-prog
cp "$PROGS/simple" bin2/sltrace-test-prog
PATH=$PWD/bin0:$PWD/bin1:$PWD/bin2:$PATH "$SLTRACE" -o trace sltrace-test-prog expected > out
expect_rc 0 $? "tracer"
[ "$(cat out)" = hello ] || fail "stdout"
expect_match trace "^execve\(\"$PWD/bin2/sltrace-test-prog\", .*\) += 0$"
# The program got its argument: it wrote the file named by it.
expect_in_order trace expected
