#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The ioctl families of a 32-bit tracee (namespaces, userfaultfd, perf, seccomp notifications,
# random, loop devices, BLKPG, BLKTRACESETUP, FITRIM, fsxattr, FIEMAP,
# evdev and the parameterised command names, HDIO, RTC, watchdogs,
# counters, GPIO, the console's KD*, NBD, LIRC, UBI, MTD, PTP, TEE, SCSI
# generic, Video4Linux2, socket ifreq/ifconf, device mapper, SG_IO, KVM)
# decode as strace shows them: the lines of tests/progs/decode_ioctl traced
# by strace and by the tracer agree under several flag sets.  The program
# needs no device: most calls go to fd -1.
. "$SRCDIR/tests/lib.sh"
[ -x "$PROGS/decode_ioctl32" ] ||
	skip "no 32-bit test program (gcc -m32 with gcc-multilib)"
have_32bit || skip "this kernel runs no 32-bit programs"
need_strace

cmp=$SRCDIR/tests/progs/decode_proc_cmp
prog=$PROGS/decode_ioctl32
for flags in "" "-v" "-X verbose" "-X raw" "-yy" "-e verbose=none" "-s 5"; do
	note "flags: ${flags:-(none)}"
	# shellcheck disable=SC2086
	"$STRACE" -e trace=ioctl,write $flags -o strace.out "$prog" 2>/dev/null ||
		fail "strace $flags failed"
	# shellcheck disable=SC2086
	"$SLTRACE" -e trace=ioctl,write $flags -o sltrace.out "$prog" ||
		fail "$TOOL $flags failed"
	"$cmp" strace.out sltrace.out >&2 ||
		fail "lines differ with flags '$flags'"
done
# The sections whose read commands decode at exit, once more with every
# ioctl "succeeding": the output is what the program put there.
sections="input dev gpio kd dev2 dev3 scsi v4l2"
for flags in "" "-v" "-X raw" "-X verbose -v"; do
	flags="$flags -e inject=ioctl:retval=64"
	note "flags: $flags, sections: $sections"
	# shellcheck disable=SC2086
	"$STRACE" -e trace=ioctl,write $flags -o strace.out "$prog" $sections \
		2>/dev/null || fail "strace $flags failed"
	# shellcheck disable=SC2086
	"$SLTRACE" -e trace=ioctl,write $flags -o sltrace.out "$prog" $sections ||
		fail "$TOOL $flags failed"
	"$cmp" strace.out sltrace.out >&2 ||
		fail "lines differ with flags '$flags'"
done
# Socket getters on a real socket and SIOCGIFCONF (named section only:
# -yy would show the socket's inode, which differs between the runs).
for flags in "" "-v" "-X raw" "-e verbose=none" "-s 5"; do
	note "flags: ${flags:-(none)}, section: netsock"
	# shellcheck disable=SC2086
	"$STRACE" -e trace=ioctl,write $flags -o strace.out "$prog" netsock \
		2>/dev/null || fail "strace $flags failed"
	# shellcheck disable=SC2086
	"$SLTRACE" -e trace=ioctl,write $flags -o sltrace.out "$prog" netsock ||
		fail "$TOOL $flags failed"
	"$cmp" strace.out sltrace.out >&2 ||
		fail "lines differ with flags '$flags'"
done
