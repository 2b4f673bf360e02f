#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -X raw|abbrev|verbose (--const-print-style=) changes how constants and
# flags print, as strace prints them: compared with strace's own lines
# for the same openat of /dev/null.
. "$SRCDIR/tests/lib.sh"
need_strace

open_line() {
	"$1" -o trace "${@:2}" -e trace=openat cat /dev/null > out
	expect_rc 0 $? "$1 ${*:2}"
	grep '"/dev/null"' trace
}

for args in "-X raw" "-X abbrev" "-X verbose" "-Xraw" "--const-print-style=verbose"; do
	# shellcheck disable=SC2086
	want=$(open_line "$STRACE" $args)
	# shellcheck disable=SC2086
	got=$(open_line "$SLTRACE" $args)
	[ -n "$want" ] || fail "strace printed no openat of /dev/null ($args)"
	[ "$got" = "$want" ] || fail "$args: got '$got', strace printed '$want'"
done
# The styles differ from each other, or the test proves nothing.
[ "$(open_line "$SLTRACE" -X raw)" != "$(open_line "$SLTRACE" -X verbose)" ] ||
	fail "-X raw and -X verbose print the same"
