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
	    "-yy" "--decode-fds=all" "--decode-fds=none" "--decode-fds=socket"; do
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
