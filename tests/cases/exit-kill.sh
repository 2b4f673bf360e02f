#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A command that kills itself with SIGKILL: kill() never returns ("= ?"),
# "+++ killed by SIGKILL +++", and the tracer dies of SIGKILL (137).
. "$SRCDIR/tests/lib.sh"
need_progs exitwith reaper

"$PROGS/reaper" reaper.out "$SLTRACE" -o trace "$PROGS/exitwith" kill
expect_rc 137 $? "tracer"
tracer=$(sed -n 's/^child //p' reaper.out)
expect_line reaper.out "$tracer killed SIGKILL"
expect_match trace '^kill\([0-9]+, (SIGKILL|9)\) += \?$'
[ "$(tail -n 1 trace)" = "+++ killed by SIGKILL +++" ] || { show trace; fail "last line"; }
