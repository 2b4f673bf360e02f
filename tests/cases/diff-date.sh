#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Differential test: date of a fixed time
# traced by strace and by the tracer, with and without -f (tests/difftest).
. "$SRCDIR/tests/lib.sh"

difftest date -u -d @1000000000
