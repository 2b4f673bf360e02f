#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# execve drops every breakpoint and resolves them again in the new image:
# the call made before the exec and the call made by the new image are
# both reported, and nothing else.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"

lc_build pie b forks
"$SLTRACE" -e trace=none -l bar_add -o trace b/forks exec exp > out
expect_rc 0 $? "tracer"
expect_line out "ok exec"
lc_no_traps trace
sed -E 's/^[0-9]+ //' exp > want
lc_compare want trace
