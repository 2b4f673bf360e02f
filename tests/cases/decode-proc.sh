#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Process, resource, scheduling, credential and system-information
# syscalls (wait4, waitid, clone, clone3, execve, prctl, arch_prctl,
# prlimit64, uname, futex, capget, ptrace, pidfd_*...) decode as strace
# shows them: the lines of tests/progs/decode_proc agree, with no
# options, -v, -X verbose, -X raw and -s 5 (siginfo structs are masked
# under -X: the signal printer is not this family's).
. "$SRCDIR/tests/lib.sh"
need_progs decode_proc
need_strace

cmp=$SRCDIR/tests/progs/decode_proc_cmp
prog=$PROGS/decode_proc
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
