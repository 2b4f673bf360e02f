#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Administration syscalls (init/finit/delete_module, swapon/swapoff,
# reboot, kexec_load/kexec_file_load, sethostname/setdomainname,
# pivot_root, acct, modify_ldt) decode as strace shows them: the lines of
# tests/progs/decode_admin traced by strace and by the tracer agree, with
# no options, -v, -X verbose, -X raw, -s 5, -s 300 (reboot's 255-byte
# command) and -y.
. "$SRCDIR/tests/lib.sh"
need_progs decode_admin
need_strace

cmp=$SRCDIR/tests/progs/decode_proc_cmp
prog=$PROGS/decode_admin
for flags in "" "-v" "-X verbose" "-X raw" "-s 5" "-s 300" "-y"; do
	note "flags: ${flags:-(none)}"
	# shellcheck disable=SC2086
	"$STRACE" $flags -o strace.out "$prog" 2>/dev/null ||
		fail "strace $flags failed"
	# shellcheck disable=SC2086
	"$SLTRACE" $flags -o sltrace.out "$prog" || fail "$TOOL $flags failed"
	"$cmp" strace.out sltrace.out >&2 ||
		fail "lines differ with flags '$flags'"
done
