#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Differential test: env (the environment reaches the command unchanged)
# traced by strace and by the tracer, with and without -f (tests/difftest).
. "$SRCDIR/tests/lib.sh"

difftest env
