#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# With core dumps allowed, the tracee's death reads "+++ killed by SIGSEGV
# (core dumped) +++", yet the tracer itself dies of SIGSEGV without
# dumping a core of its own.
. "$SRCDIR/tests/lib.sh"
need_progs exitwith reaper

ulimit -c unlimited 2>/dev/null || skip "cannot raise RLIMIT_CORE"
# An AddressSanitizer build of the tracer would set RLIMIT_CORE to 0 at
# start-up, for the tracee too.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}disable_coredump=0"
# Does this system dump cores at all (core_pattern may discard them)?
"$PROGS/reaper" probe.out "$PROGS/exitwith" segv
grep -q 'killed SIGSEGV core$' probe.out || skip "no core dumps on this system"
rm -f core core.*

"$PROGS/reaper" reaper.out "$SLTRACE" -o trace "$PROGS/exitwith" segv
expect_rc 139 $? "tracer"
tracer=$(sed -n 's/^child //p' reaper.out)
expect_line reaper.out "$tracer killed SIGSEGV"
[ "$(tail -n 1 trace)" = "+++ killed by SIGSEGV (core dumped) +++" ] || {
	show trace; fail "last line"; }
rm -f core core.*
