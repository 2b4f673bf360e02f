#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The USDT points <sys/sdt.h> wrote into tests/progs/probe_usdt (64-bit
# and -m32): probe_resolve() finds each note readelf -n shows, at its pc
# with its semaphore, and usdt_args_parse() reads every argument spec gcc
# wrote, as many arguments as readelf shows, each symbol found in the
# program's symbol table.  Skips where sdt.h was missing at configure.
. "$SRCDIR/tests/lib.sh"
need_progs probe_resolve_dump
command -v readelf > /dev/null || skip "no readelf"
[ -x "$PROGS/probe_usdt" ] || skip "probe_usdt not built (no <sys/sdt.h>)"

for prog in probe_usdt probe_usdt32; do
	p=$PROGS/$prog
	[ -x "$p" ] || { note "$prog not built"; continue; }
	# readelf: "PC SEMAPHORE NARGS" a note, as the dump prints them.
	readelf -n "$p" | awk '
		/Provider: / { prov = $2 }
		/Location: / { pc = $2; sub(",", "", pc); sema = $NF }
		/Arguments:/ {
			if (prov == "sltest")
				printf "%#x %#x %d\n", strtonum(pc),
					strtonum(sema), NF - 1
		}' | sort > want
	[ "$(wc -l < want)" = 7 ] || { show want; fail "$prog: not 7 notes"; }
	"$PROGS/probe_resolve_dump" 'sdt:sltest:*' "$p" > dump ||
		fail "$prog: sdt:sltest:* refused"
	awk '{ print $1, $7, $9 }' dump | sort > got
	diff -u want got >&2 || { show dump; fail "$prog: notes differ"; }
	grep -v ' args ' dump && fail "$prog: a note without its args"
	grep -w 'bad' dump && fail "$prog: an argument spec refused"
	grep '!' dump && fail "$prog: a symbol without an address"
	# Every kind is there: constants, registers, memory, a global.
	for k in c r m; do
		awk '{ for (i = 10; i <= NF; i++) print $i }' dump |
			grep -qx $k || fail "$prog: no argument of kind $k"
	done
	readelf -n "$p" | grep -q 'Arguments:.*@counter' ||
		fail "$prog: gcc wrote no global's argument"
	[ "$(awk '$7 != 0' dump | wc -l)" = 1 ] ||
		fail "$prog: not one point with a semaphore"
done
exit 0
