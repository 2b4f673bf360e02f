#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Differential test: cat of a file
# traced by strace and by the tracer, with and without -f (tests/difftest).
. "$SRCDIR/tests/lib.sh"

printf "line %s\n" 1 2 3 4 5 > file
difftest cat "$PWD/file"
