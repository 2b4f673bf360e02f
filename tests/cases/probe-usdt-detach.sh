#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A USDT semaphore under -p: attach to probe_usdt running its points every
# millisecond ("spin"), probe the guarded point: the program sees its
# semaphore set (it prints the value where it tests it) and the probe
# hits; SIGINT the tracer: after the detach the semaphore must be back at
# 0 (the program prints it at the end, on SIGUSR1) and the program must
# end well, untraced.  64-bit and -m32 builds.
. "$SRCDIR/tests/lib.sh"
need_progs reaper
need_attach

if [ ! -x "$PROGS/probe_usdt" ]; then
	[ -n "${CI:-}" ] && fail "probe_usdt not built (no <sys/sdt.h>: install systemtap-sdt-dev)"
	skip "probe_usdt not built (no <sys/sdt.h>)"
fi

for prog in probe_usdt probe_usdt32; do
	[ -x "$PROGS/$prog" ] || continue
	case $prog in *32) have_32bit || { note "no i386 programs here: $prog unchecked"; continue; } ;; esac
	rm -f spin.out spin.err trace
	"$PROGS/$prog" spin > spin.out 2> spin.err &
	pid=$!
	wait_for_match spin.out '^pid '
	grep -q '^semaphore=0$' spin.err || fail "$prog: semaphore not 0 before the attach"
	start_tracer -e trace=none --probe 'sdt:sltest:guarded' -o trace -p "$pid"
	wait_attached "$pid"
	wait_for_match trace '^--- probe sdt:sltest:guarded \{arg1=1002, arg2=40\} ---$'
	wait_for_match spin.err '^semaphore=1$'
	kill -INT "$TRACER_PID"
	wait_tracer
	expect_rc 130 "$TRACER_RC" "$prog: tracer"
	wait_untraced "$pid"
	kill -USR1 "$pid"
	wait "$pid"
	expect_rc 0 $? "$prog: the program"
	expect_line spin.out "semaphore=0"
	check_no_stopped
done
