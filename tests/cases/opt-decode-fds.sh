#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -y, --decode-fds[=path] print a descriptor's path after it: close(3)
# becomes close(3</dev/null>), and the fd returned by openat too; without
# them nothing is added.  Compared with strace's lines for cat /dev/null.
. "$SRCDIR/tests/lib.sh"
need_strace

fd_lines() {
	"$1" -o trace "${@:2}" -e trace=openat,close cat /dev/null > out
	expect_rc 0 $? "$1 ${*:2}"
	# From the open of /dev/null to its close.
	sed -n '/"\/dev\/null"/,/^close(/p' trace
}

for args in "" "-y" "--decode-fds" "--decode-fds=path" "-e decode-fds=path" \
	    "-yy" "--decode-fds=all" "--decode-fds=none" "--decode-fds=socket" \
	    "--decode-fds=dev"; do
	# shellcheck disable=SC2086
	want=$(fd_lines "$STRACE" $args)
	# shellcheck disable=SC2086
	got=$(fd_lines "$SLTRACE" $args)
	[ -n "$want" ] || fail "strace printed no open of /dev/null ($args)"
	[ "$got" = "$want" ] || {
		printf 'strace:\n%s\nsltrace:\n%s\n' "$want" "$got" >&2
		fail "lines differ with '$args'"
	}
done
fd_lines "$SLTRACE" -y | grep -qF '</dev/null>' || fail "-y added no path"

# A path is quoted as strace quotes a string ('<' and '>' in octal too),
# and a file whose own name ends in " (deleted)" is not an unlinked one.
name=$(printf 'a\tb<c>"d\\e\001f\0027 (deleted)')
: > "$name"
for args in "-y" "-yy" "-xy"; do
	# shellcheck disable=SC2086
	"$STRACE" $args -o want.trace -e trace=read cat "$name" > /dev/null
	# shellcheck disable=SC2086
	"$SLTRACE" $args -o got.trace -e trace=read cat "$name" > /dev/null
	grep '^read(3<' want.trace > want.lines
	grep '^read(3<' got.trace > got.lines
	[ -s want.lines ] || fail "strace read no such file ($args)"
	diff -u want.lines got.lines >&2 || fail "the path differs with '$args'"
done
