#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The descriptor decoders (src/syscall/desc.c, io.c, fcntl.c, poll.c,
# epoll.c, fdmisc.c, ioctl.c): the program decode_desc performs each
# syscall of the family with valid arguments, errors, NULL pointers and
# buffers that end at an unmapped page, unknown flags and commands;
# every line of those syscalls must be the line Debian's strace prints,
# without flags and with -v, -X raw, -X verbose, -s 5, -x, -yy and
# -e verbose=none.
# What differs from run to run (addresses, times, inode and pty numbers,
# the process group) is masked in both.
# decode-desc32.sh runs the same with the -m32 build, decode-desc-dump.sh
# checks the -e read= / -e write= hex dumps.
# Sourced again by decode-desc-dump.sh for its 32-bit run: lib.sh once.
if [ -z "${DECODE_DESC_LIB:-}" ]; then
	. "$SRCDIR/tests/lib.sh"
	DECODE_DESC_LIB=1
fi
need_strace

prog=${DECODE_DESC_PROG:-decode_desc}
if [ "$prog" = decode_desc32 ]; then
	[ -x "$PROGS/$prog" ] || skip "no $prog (gcc -m32 cannot link)"
	"$PROGS/$prog" none > /dev/null 2>&1 ||
		skip "$prog does not run (no 32-bit support)"
else
	need_progs "$prog"
fi
: "${DECODE_DESC_FLAGS:=\"\" -v \"-X raw\" \"-X verbose\" \"-s 5\" -x -yy \"-e verbose=none\"}"

# The syscalls of the family, as strace names them (64- and 32-bit),
# and the dump lines under them.
names='read|write|pread64|pwrite64|readv|writev|preadv|pwritev|preadv2'
names+='|pwritev2|close|dup|dup2|dup3|pipe|pipe2|fcntl|fcntl64'
names+='|close_range|lseek|_llseek|poll|ppoll|select|_newselect|pselect6'
names+='|epoll_create|epoll_create1|epoll_ctl|epoll_wait|epoll_pwait'
names+='|epoll_pwait2|eventfd|eventfd2|signalfd|signalfd4|timerfd_create'
names+='|timerfd_settime|timerfd_gettime|inotify_init|inotify_init1'
names+='|inotify_add_watch|inotify_rm_watch|sendfile|sendfile64|splice'
names+='|tee|vmsplice|copy_file_range|flock|ioctl'

# trace TRACER OUT FLAGS...: the program's run in a fresh ./work (the
# same path each time: -y shows it).
trace() {
	local tracer=$1 out=$2
	shift 2
	rm -rf work && mkdir work || fail "cannot make ./work"
	# shellcheck disable=SC2086
	(cd work && "$tracer" "$@" -o "../$out" "$PROGS/$prog" > /dev/null)
	expect_rc 0 $? "$tracer $* $prog"
}

# select_lines FILE: the family's lines (and dumps) after the program's
# first marker, with what differs between two runs masked.
select_lines() {
	sed -n '/^write(-1, "DESC-/,$p' "$1" |
		grep -E "^(($names)\(| \| | \* )" | sed -E \
		-e 's#(TIOCGPTN|TIOCGDEV|TIOCSPGRP|0x80045430|0x80045432|0x5410)( /\* [A-Z_]+ \*/)?, \[[0-9]+\]#\1\2, [N]#' \
		-e 's/0x[0-9a-f]{5,}/ADDR/g' \
		-e 's/(tv_nsec|tv_usec)=[0-9]+/\1=N/g' \
		-e 's/:\[[0-9]+\]/:[INO]/g' \
		-e 's#/dev/pts/[0-9]+#/dev/pts/N#g' \
		-e 's/<char 136:[0-9]+>/<char 136:N>/g' \
		-e 's/ +=/ =/'
}

eval "set -- $DECODE_DESC_FLAGS"
for flags in "$@"; do
	note "flags: '$flags'"
	# shellcheck disable=SC2086
	trace "$STRACE" strace.out $flags
	# shellcheck disable=SC2086
	trace "$SLTRACE" sltrace.out $flags
	select_lines strace.out > want
	select_lines sltrace.out > got
	[ "$(wc -l < want)" -gt 300 ] || { show strace.out; fail "too few strace lines"; }
	if ! cmp -s want got; then
		diff want got >&2
		fail "lines differ from strace's with flags '$flags'"
	fi
done
