#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A command killed by SIGSEGV (a real fault): the trace shows the signal
# and "+++ killed by SIGSEGV +++" (no core: RLIMIT_CORE is 0 here), and
# the tracer dies of SIGSEGV too (139 seen from a shell) without a core.
. "$SRCDIR/tests/lib.sh"
need_progs exitwith reaper

ulimit -c 0
"$PROGS/reaper" reaper.out "$SLTRACE" -o trace "$PROGS/exitwith" segv
expect_rc 139 $? "tracer"
tracer=$(sed -n 's/^child //p' reaper.out)
expect_line reaper.out "$tracer killed SIGSEGV"
expect_line trace "--- SIGSEGV {si_signo=SIGSEGV, si_code=SEGV_MAPERR, si_addr=0x10} ---"
[ "$(tail -n 1 trace)" = "+++ killed by SIGSEGV +++" ] || { show trace; fail "last line"; }
[ ! -e core ] || fail "a core file appeared"
