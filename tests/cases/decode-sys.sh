#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Assorted syscalls (memfd_create, memfd_secret, userfaultfd, pkey_*,
# setns, unshare, ioprio_*, getcpu, kcmp, syslog, fadvise64,
# readahead, sync_file_range, process_madvise, process_mrelease,
# fanotify_*, and round 3: futex ops left unnamed, ustat, ioperm,
# lookup_dcookie, sched_setaffinity, sched_setattr, setgroups, sendfile,
# timer values, mq_open, _sysctl) decode as strace shows them: the lines of
# tests/progs/decode_sys agree, with no options, -v, -X verbose, -X raw,
# -s 5, -yy (pidfds as "pid:N") and -yy -Y.
. "$SRCDIR/tests/lib.sh"
need_progs decode_sys
need_strace

cmp=$SRCDIR/tests/progs/decode_proc_cmp
prog=$PROGS/decode_sys
for flags in "" "-v" "-X verbose" "-X raw" "-s 5" "-yy" "-yy -Y" "-e verbose=none"; do
	note "flags: ${flags:-(none)}"
	# shellcheck disable=SC2086
	"$STRACE" $flags -o strace.out "$prog" 2>/dev/null ||
		fail "strace $flags failed"
	# shellcheck disable=SC2086
	"$SLTRACE" $flags -o sltrace.out "$prog" || fail "$TOOL $flags failed"
	"$cmp" strace.out sltrace.out >&2 ||
		fail "lines differ with flags '$flags'"
done
