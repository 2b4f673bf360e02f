#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -p "A B" (a space-separated list, as from pidof): both attached.
PFLAGS=space
. "$SRCDIR/tests/cases/attach-multi-comma.sh"
