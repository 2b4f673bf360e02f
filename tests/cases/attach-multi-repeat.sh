#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -p A -p B (repeated option): both attached and traced.
PFLAGS=repeat
. "$SRCDIR/tests/cases/attach-multi-comma.sh"
