#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Signal syscalls (rt_sigaction, rt_sigprocmask, rt_sigpending,
# sigaltstack, rt_sigtimedwait, rt_sig*queueinfo, rt_sigsuspend, kill,
# tkill, tgkill) and rt_sigreturn with the mask read from the signal
# frame decode as strace shows them (tests/progs/decode_sig).
. "$SRCDIR/tests/lib.sh"
need_progs decode_sig
need_strace

cmp=$SRCDIR/tests/progs/decode_proc_cmp
prog=$PROGS/decode_sig
for flags in "" "-v" "-X verbose" "-X raw" "-s 5" "-e verbose=none"; do
	note "flags: ${flags:-(none)}"
	# shellcheck disable=SC2086
	"$STRACE" $flags -o strace.out "$prog" 2>/dev/null ||
		fail "strace $flags failed"
	# shellcheck disable=SC2086
	"$SLTRACE" $flags -o sltrace.out "$prog" || fail "$TOOL $flags failed"
	"$cmp" --mask-siginfo strace.out sltrace.out >&2 ||
		fail "lines differ with flags '$flags'"
done
