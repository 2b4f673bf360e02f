#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Differential test: id
# traced by strace and by the tracer, with and without -f (tests/difftest).
. "$SRCDIR/tests/lib.sh"

difftest id
