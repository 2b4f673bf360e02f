#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Differential test: wc of a file
# traced by strace and by the tracer, with and without -f (tests/difftest).
. "$SRCDIR/tests/lib.sh"

printf "a b\nc\n" > file
difftest wc "$PWD/file"
