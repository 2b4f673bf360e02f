#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# As tracer-sigterm, with SIGQUIT.
TRACER_SIG=QUIT
. "$SRCDIR/tests/cases/tracer-sigterm.sh"
