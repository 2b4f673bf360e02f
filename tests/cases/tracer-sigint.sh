#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# As tracer-sigterm, with SIGINT.
TRACER_SIG=INT
. "$SRCDIR/tests/cases/tracer-sigterm.sh"
