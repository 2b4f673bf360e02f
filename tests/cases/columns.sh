#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -a COL moves the "=" to column COL (one space after a longer call);
# -a 0 leaves one space everywhere; --columns=COL is the same.
. "$SRCDIR/tests/lib.sh"
need_progs simple

for col in 20 60 0; do
	for opt in "-a $col" "--columns=$col"; do
		"$SLTRACE" $opt -o trace "$PROGS/simple" expected > out
		expect_rc 0 $? "tracer ($opt)"
		# Re-pad the lines the program wrote for column 40.
		squeeze expected | sed -E 's/^(.*\)) = (.*)$/\1\t\2/' |
			while IFS=$'\t' read -r call ret; do
				tline "$call" "$ret" "$col"
			done > want
		tline 'exit_group(0)' '?' "$col" >> want
		expect_in_order trace want
	done
done
