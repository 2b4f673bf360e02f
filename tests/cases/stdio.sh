#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The traced command keeps the tracer's stdin, stdout and stderr: data
# piped in comes out unchanged, and its own stderr is not mixed with a
# trace written to a file.
. "$SRCDIR/tests/lib.sh"

printf 'one\ntwo\n' | "$SLTRACE" -o trace cat > out 2> err
expect_rc 0 $? "tracer"
printf 'one\ntwo\n' | diff -u - out >&2 || fail "stdin to stdout"
expect_empty err
"$SLTRACE" -o trace sh -c 'echo to-stderr >&2' > out 2> err
expect_line err to-stderr
expect_count 1 err .
expect_empty out
