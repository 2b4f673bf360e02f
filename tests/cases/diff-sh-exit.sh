#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Differential test: a shell exiting 3 after running a program
# traced by strace and by the tracer, with and without -f (tests/difftest).
. "$SRCDIR/tests/lib.sh"

difftest sh -c '/bin/true; exit 3'
