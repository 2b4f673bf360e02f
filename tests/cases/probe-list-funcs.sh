#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# --list-probes FUNC[@OBJ]: the program's functions (static ones from
# its symbol table and DWARF) and libc's, by glob, sorted, the program
# never run.  Oracle for libc: readelf's defined FUNC symbols of the
# libc.so.6 ldd names.
. "$SRCDIR/tests/lib.sh"

prog=$PROGS/probe_list
"$SLTRACE" --list-probes 'probe_list_*' -- "$prog" > out 2> err
expect_rc 0 $? "probe_list_*"
expect_empty err
printf '%s\n' 'probe_list_twice@probe_list' | diff -u - out >&2 ||
	fail "probe_list_* lists probe_list_twice only"

"$SLTRACE" --list-probes '*@probe_list' -- "$prog" > out 2> err
expect_rc 0 $? "*@probe_list"
for f in main add_one probe_list_twice; do
	grep -qx "$f@probe_list" out || fail "$f@probe_list not listed"
done
sort -c out || fail "not sorted"
[ "$(sort -u out | wc -l)" = "$(wc -l < out)" ] || fail "a line twice"
grep -v '@probe_list$' out && fail "an object other than probe_list"

libc=$(ldd "$prog" | awk '$1 == "libc.so.6" { print $3 }')
[ -r "$libc" ] || skip "no libc.so.6 in ldd's output"
"$SLTRACE" --list-probes 'mem*@libc.so*' -- "$prog" > out 2> err
expect_rc 0 $? "mem*@libc.so*"
readelf -W --dyn-syms "$libc" |
	awk '($4 == "FUNC" || $4 == "IFUNC") && $7 != "UND" { sub(/@.*/, "", $8); print $8 }' |
	grep '^mem' | sort -u > want
[ -s want ] || fail "readelf found no mem* function in $libc"
while read -r f; do
	grep -qx "$f@libc.so.6" out || fail "$f@libc.so.6 not listed"
done < want
grep -v '^mem.*@libc\.so\.6$' out && fail "a line mem*@libc.so* does not match"

# No OBJ: every object, the dynamic linker too.
"$SLTRACE" --list-probes 'getpid' -- "$prog" > out 2> err
expect_rc 0 $? "getpid"
grep -qx 'getpid@libc.so.6' out || fail "getpid@libc.so.6 not listed"

# PROG is found in PATH and not run.
PATH=$PROGS:$PATH "$SLTRACE" --list-probes 'main@probe_list' -- probe_list > out 2> err
expect_rc 0 $? "PROG from PATH"
printf '%s\n' 'main@probe_list' | diff -u - out >&2 || fail "main from PATH"
exit 0
