#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Differential test: head of a file
# traced by strace and by the tracer, with and without -f (tests/difftest).
. "$SRCDIR/tests/lib.sh"

seq 100 > file
difftest head -n 3 "$PWD/file"
