#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# As tracer-sigterm, with SIGHUP.
TRACER_SIG=HUP
. "$SRCDIR/tests/cases/tracer-sigterm.sh"
