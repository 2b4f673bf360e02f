#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The link-mode matrix: libbar and tests/progs/libcall/caller built PIE
# (lazy), no-PIE, -z now, -fno-plt, -fno-plt -z now, IBT (.plt.sec), IBT
# with -z now, and static.  In each dynamic mode, -l on the four functions
# main calls reports exactly the calls main made; in every mode, entry
# breakpoints on bar_* (static: through .symtab) report exactly every
# entry, bar_rec's recursion nested.  The caller writes both lists.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"

# shellcheck disable=SC2086
lc_caller_matrix $LC_MODES
