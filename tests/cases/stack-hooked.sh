#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -k inside a call whose return address is hooked: the library-call core
# replaces it on the stack with an address in its trap page, where the
# unwinders know no code; the stack must go on through the real return
# address.  Under the clock_nanosleep that loop's cb -> bar_nap makes,
# the frames with -l bar_nap, -l on bar_nap and its caller bar_cb (two
# hooked frames), -L bar_nap (an entry breakpoint) and a --probe
# bar_nap%return are those of the same syscall traced without any hook,
# down to the program's main.  And at a probe's %return of a call whose
# return -l hooked first (the task stops with its pc at the -l's return
# slot), and at that probe's entry, the stack is the one without -l.
# 64-bit, and i386 (libdw's unwinder) when -m32 builds work.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/stack.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"

NAP_RE='^clock_nanosleep(_time64)?\('

# run_loop DIR NAME SLTRACE-ARG...: NAME.trace, -k of DIR/loop's wait
# mode, let go at its start (it then runs 200 iterations more).
run_loop() {
	local dir=$1 name=$2 pid
	shift 2
	rm -f loop.pid flag
	"$SLTRACE" -k -e trace=clock_nanosleep,clock_nanosleep_time64 \
		-o "$name.trace" "$@" "$dir/loop" wait "$name.res" \
		> "$name.out" 2>&1 &
	pid=$!
	wait_for_file loop.pid
	# loop wrote "0" to flag before its pid: this write comes after.
	printf 1 | dd of=flag bs=1 count=1 conv=notrunc status=none
	wait "$pid"
	expect_rc 0 $? "$name: tracer"
	expect_match "$name.res" '^ok [0-9]+$'
}

# same_stack WHAT WANT GOT: the frame lists (stack_after's) are equal.
same_stack() {
	diff -u "$2" "$3" >&2 || {
		show "$2" "$3"
		fail "$1: the stack differs from the one without a hook"
	}
}

check() {	# check DIR: every case for the programs built in DIR
	local dir=$1 loop caller name
	loop=$(realpath "$dir/loop")
	caller=$(realpath "$dir/caller")

	run_loop "$dir" "$dir-none"
	stack_after "$dir-none.trace" "$NAP_RE" > "$dir-none.frames"
	# The stack without a hook goes from the syscall down to main.
	expect_match "$dir-none.frames" "^$loop cb "
	expect_match "$dir-none.frames" "^$loop main "
	for hook in "-l bar_nap" "-l bar_nap -l bar_cb" "$LC_ENTRY_OPT bar_nap" \
		"--probe bar_nap%return"; do
		name=$dir-$(echo "$hook" | tr -c 'a-z_\n' _)
		# shellcheck disable=SC2086
		run_loop "$dir" "$name" $hook
		expect_match "$name.trace" "$NAP_RE"
		stack_after "$name.trace" "$NAP_RE" > "$name.frames"
		same_stack "$dir: $hook" "$dir-none.frames" "$name.frames"
	done

	"$SLTRACE" -k -e trace=none --probe 'bar_len' --probe 'bar_len%return' \
		-o "$dir-p.trace" "$dir/caller" plt entry > /dev/null
	expect_rc 0 $? "$dir: probes: tracer"
	"$SLTRACE" -k -e trace=none --probe 'bar_len' --probe 'bar_len%return' \
		-l bar_len -o "$dir-pl.trace" "$dir/caller" plt entry > /dev/null
	expect_rc 0 $? "$dir: probes and -l: tracer"
	for re in '^--- probe bar_len \{' '^--- probe bar_len%return \{'; do
		stack_after "$dir-p.trace" "$re" > "$dir-p.frames"
		stack_after "$dir-pl.trace" "$re" > "$dir-pl.frames"
		expect_match "$dir-p.frames" "^$caller main "
		same_stack "$dir: -l bar_len, at $re" "$dir-p.frames" \
			"$dir-pl.frames"
	done
}

lc_build pie b loop caller
check b

if lc_m32_supported; then
	LC_M32=1 lc_build pie b32 loop caller
	check b32
else
	note "$CC cannot build and run i386 programs: -m32 not checked"
fi
exit 0
