#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# ltrace mode's -c is Debian ltrace's table: its header, rules, columns
# (no errors column), one row per function with the call counts ltrace
# counts, the total row; printed even when nothing was called; with -S
# the syscalls are rows of the same table ("SYS_write"); -o FILE.  The
# times differ from run to run: rows compare by name and count, and
# every row must have ltrace's column widths.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/cases/ltrace_mode.inc"

lm_build calls <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

int main(int argc, char **argv)
{
	size_t n = 0;
	int st;

	for (int i = 0; i < 5; i++)
		n += strlen(argv[0]);
	if (argc > 1) {
		pid_t p = fork();

		if (p == 0) {
			puts("child");
			_exit(0);
		}
		waitpid(p, &st, 0);
	}
	printf("%zu\n", n);
	return getpid() > 0 ? 0 : 1;
}
EOF

# rows FILE: "NAME CALLS" of each row, sorted by name; then "total CALLS".
# SYS_execve is left out, and out of the total: sltrace still counts the
# execve that starts the command, which ltrace does not see (the counter,
# src/stats/stats.c, is to skip it in ltrace's mode).
rows() {
	awk 'NR > 2 && !/^-/ && $NF != "total" && $NF != "SYS_execve" { print $NF, $(NF - 1) }' "$1" | sort
	awk '$NF == "SYS_execve" { x = $(NF - 1) } $NF == "total" { t = $(NF - 1) }
	     END { print "total", t - x }' "$1"
}

# shape FILE: the table has ltrace's header, rules and column widths.
shape() {
	local rule='------ ----------- ----------- --------- --------------------'
	[ "$(sed -n 1p "$1")" = '% time     seconds  usecs/call     calls      function' ] ||
		{ show "$1"; fail "$1: header"; }
	[ "$(sed -n 2p "$1")" = "$rule" ] || { show "$1"; fail "$1: first rule"; }
	[ "$(grep -cxF -- "$rule" "$1")" = 2 ] || { show "$1"; fail "$1: rules"; }
	local bad
	bad=$(sed '1,2d' "$1" | grep -vxF -- "$rule" | grep -vE \
		-e '^100\.00 [ 0-9]{3}[0-9]\.[0-9]{6} {13}[ 0-9]{8}[0-9] total$' \
		-e '^[ 0-9]{2}[0-9]\.[0-9]{2} [ 0-9]{3}[0-9]\.[0-9]{6} [ 0-9]{10}[0-9] [ 0-9]{8}[0-9] [A-Za-z_][A-Za-z0-9_]*$')
	[ -z "$bad" ] || { show "$1"; fail "$1: not in ltrace's columns: $bad"; }
}

# lm_summary NAME OPTION... PROG ARG...
lm_summary() {
	local name=$1
	shift
	"$LTRACE" -c -o "lt.$name" "$@" > "out.lt.$name" 2> "err.lt.$name"
	"$SLTRACE" --ltrace -c -o "sl.$name" "$@" > "out.sl.$name" 2> "err.sl.$name"
	shape "lt.$name"
	shape "sl.$name"
	rows "lt.$name" > "lt.$name.rows"
	rows "sl.$name" > "sl.$name.rows"
	diff -u "lt.$name.rows" "sl.$name.rows" >&2 ||
		{ show "lt.$name" "sl.$name"; fail "$name: the rows differ"; }
	cmp -s "out.lt.$name" "out.sl.$name" ||
		{ show "out.lt.$name" "out.sl.$name"; fail "$name: the program's output differs"; }
}

E=strlen+printf+getpid+fork+waitpid+puts
lm_summary e -e "$E" ./calls
lm_summary f -f -e "$E" ./calls fork
lm_summary S -S -e "$E" ./calls
lm_summary S-none -S -e none ./calls

# Nothing counted: the same table, byte for byte.
"$LTRACE" -c -e none -o lt.none ./calls > /dev/null 2>&1
"$SLTRACE" --ltrace -c -e none -o sl.none ./calls > /dev/null 2>&1
diff -u lt.none sl.none >&2 || fail "the empty table differs"
# On stderr, without -o.
"$LTRACE" -c -e none ./calls 2> lt.none.err > /dev/null
"$SLTRACE" --ltrace -c -e none ./calls 2> sl.none.err > /dev/null
diff -u lt.none.err sl.none.err >&2 || fail "the empty table on stderr differs"

expect_line sl.e.rows 'strlen 5'
expect_line sl.e.rows 'total 7'
expect_line sl.f.rows 'fork 2'
expect_match sl.S.rows '^SYS_write [0-9]+$'
exit 0
