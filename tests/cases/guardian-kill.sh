#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# kill -9 of sltrace at a random moment of a -p library-call trace of 8
# busy threads (tests/progs/libcall/busy.c: bar_add, and bar_cb calling
# back into bar_add, without a pause): its guardian puts back every
# breakpoint and return address and lets the program go, which then
# finishes with the right results, every executable segment as it was
# before the attach.  20 runs: with -e trace=none and with every syscall
# traced (where a thread stops at its stub's syscall), some with -f,
# killed from the attach on.  (Killed while a thread ran one of the
# syscalls that map the trap page, the program once died of the
# gadget's int3: the gadget now ends at the syscall's exit stop.)
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"
need_progs reaper
need_attach

[ "$TOOL" = strace ] && exit 0	# library calls are sltrace's own

lc_build pie b busy
trap 'printf 1 | dd of=flag bs=1 count=1 conv=notrunc status=none 2>/dev/null' EXIT
for run in $(seq 1 20); do
	rm -f busy.pid result
	b/busy 8 result > busy.out 2>&1 &
	BUSY_PID=$!
	wait_for_file busy.pid
	case $((run % 4)) in
	0) opts="-e trace=none" ;;
	1) opts="" ;;
	2) opts="-f -e trace=none" ;;
	3) opts="-f" ;;
	esac
	# shellcheck disable=SC2086
	start_tracer $opts -l bar_add -l bar_cb -o trace -p "$BUSY_PID"
	# From the attach on: before, during and after the arming (every
	# other run within its first 60 ms, where the trap page is mapped
	# by syscalls run in a thread of the program).
	sleep "0.$(printf '%03d' $((RANDOM % (run % 2 ? 60 : 800))))"
	lc_kill_tracer "$BUSY_PID" "run $run ($opts)"
	rc=$LC_PROG_RC
	if [ $rc != 0 ] || ! grep -qE '^ok [0-9]+$' result; then
		show busy.out result tracer.err
		fail "run $run ($opts): the program exited $rc"
	fi
	note "run $run ($opts): $(cat result); $(grep -c . trace) lines; $(sed -n 's/.*its guardian //p' tracer.err)"
done
exit 0
