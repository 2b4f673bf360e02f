#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# --list-probes sdt:PROV:NAME: the USDT points of .note.stapsdt, of the
# test program (one with a semaphore), with readelf -n as the oracle
# (probe-list-sdt-libc.sh: libc.so.6's).
. "$SRCDIR/tests/lib.sh"

. "$SRCDIR/tests/cases/probe-list-sdt.inc"

prog=$PROGS/probe_list
"$SLTRACE" --list-probes 'sdt:sltest:*' -- "$prog" > out 2> err
expect_rc 0 $? "sdt:sltest:*"
expect_empty err
notes_of "$prog" > want
[ "$(wc -l < want)" = 2 ] || fail "readelf: not 2 notes in $prog"
diff -u want out >&2 || fail "sdt:sltest:* differs from readelf -n"
grep -q '^sdt:sltest:guarded@probe_list .* semaphore=0x' out ||
	fail "no semaphore for sltest:guarded"

"$SLTRACE" --list-probes 'sdt:*:guard?d@probe_*' -- "$prog" > out 2> err
expect_rc 0 $? "sdt:*:guard?d@probe_*"
grep sltest:guarded want | diff -u - out >&2 || fail "globs"
exit 0
