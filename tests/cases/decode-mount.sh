#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The new mount API and Landlock (src/syscall/mount.c, landlock.c):
# tests/progs/decode_mount performs fsopen, fsconfig (each command),
# fsmount, fspick, move_mount, open_tree, mount_setattr and the three
# landlock syscalls with valid arguments, errors, NULL and
# unmapped pointers and unknown flags; the lines must be those Debian's
# strace prints, without flags and with -v, -X raw, -X verbose,
# -e verbose=none, -s 5, -s 300, -y, and -P /dev/full (which of these
# calls name the path or its descriptor).  Addresses are masked.
# decode-mount32.sh runs the same with the -m32 build.
. "$SRCDIR/tests/lib.sh"
need_strace

prog=${DECODE_MOUNT_PROG:-decode_mount}
if [ "$prog" = decode_mount32 ]; then
	[ -x "$PROGS/$prog" ] || skip "no $prog (gcc -m32 cannot link)"
	have_32bit || skip "this kernel runs no 32-bit programs"
else
	need_progs "$prog"
fi

names=fsopen,fsconfig,fsmount,fspick,move_mount,open_tree,mount_setattr
names+=,landlock_create_ruleset,landlock_add_rule,landlock_restrict_self

# trace TRACER OUT FLAGS...: the program's lines, addresses masked.
trace() {
	local tracer=$1 out=$2
	shift 2
	# shellcheck disable=SC2086
	"$tracer" -e trace=$names "$@" -o "$out.raw" "$PROGS/$prog"
	expect_rc 0 $? "$tracer $* $prog"
	sed -E -e 's/0x[0-9a-f]{5,}/ADDR/g' -e 's/ +=/ =/' "$out.raw" > "$out"
}

for flags in "" "-v" "-X raw" "-X verbose" "-e verbose=none" "-s 5" \
	"-s 300" "-y" "-y -P /dev/full"; do
	note "flags: '$flags'"
	# shellcheck disable=SC2086
	trace "$STRACE" want $flags
	# shellcheck disable=SC2086
	trace "$SLTRACE" got $flags
	[ "$(wc -l < want)" -gt 20 ] || { show want; fail "too few strace lines"; }
	if ! cmp -s want got; then
		diff want got >&2
		fail "lines differ from strace's with flags '$flags'"
	fi
done
