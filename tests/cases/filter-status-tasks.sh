#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -e status= with several tasks: a syscall that was killed in its course
# is "unfinished" ("kill(PID, SIGKILL) = ?" of a process that kills
# itself), and under -f the lines that pass the filter come whole:
# sltrace holds each line until its syscall ends, so another task's
# line never cuts one ("<unfinished ...>" / "<... resumed>" do not
# appear; strace 6.1 leaves fragments there, so that part is sltrace's).
. "$SRCDIR/tests/lib.sh"
need_progs exitwith forker

"$SLTRACE" -e status=unfinished -o trace "$PROGS/exitwith" kill
expect_rc 137 $? "tracer (unfinished)"
expect_match trace '^kill\([0-9]+, SIGKILL\) += \?$'
expect_line trace "+++ killed by SIGKILL +++"
expect_no_match trace ' = [0-9-]'

"$SLTRACE" -z -o trace "$PROGS/exitwith" kill
expect_rc 137 $? "tracer (-z)"
expect_no_match trace '^kill\('
expect_line trace "+++ killed by SIGKILL +++"

for opt in -z -Z "-e status=successful,failed"; do
	rm -f child.out
	# shellcheck disable=SC2086
	"$SLTRACE" -f $opt -o trace "$PROGS/forker" fork 0 3 > out
	expect_rc 0 $? "tracer -f $opt"
	child=$(sed -n 's/^child //p' child.out)
	expect_line trace "$(pfx "$child")+++ exited with 3 +++"
	case $opt in
	-Z)	expect_no_match trace ' = [0-9]' ;;
	*)	expect_match trace "^$child +getppid\\(\\) += [0-9]+\$"
		expect_match trace '^[0-9]+ +wait4\(.*\) += [0-9]+$' ;;
	esac
	if [ "$TOOL" != strace ]; then
		expect_no_match trace 'resumed>|<unfinished \.\.\.>'
	fi
done
