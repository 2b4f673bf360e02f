#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -e quiet=SET / --quiet=SET silences each kind of informational message:
# attach ("Process N attached" for a -f child), exit ("+++ exited"),
# personality ("[ Process PID=N runs in 32 bit mode. ]"), thread-execve
# ("+++ superseded by execve"); --quiet alone is attach,personality.
# -q, -qq, -qqq are the same levels, and strace refuses -q with quiet=.
. "$SRCDIR/tests/lib.sh"
need_progs forker fmtcalls32 execer simple

# fork_run OPTS...: forker under -f, the trace on stderr (file err).
fork_run() {
	rm -f child.out
	"$SLTRACE" -f "$@" -e trace=exit_group "$PROGS/forker" fork 0 3 > out 2> err
	expect_rc 0 $? "tracer $*"
	CHILD=$(sed -n 's/^child //p' child.out)
}

fork_run
expect_line err "$TOOL: Process $CHILD attached"
expect_match err '^\+\+\+ exited with 0 \+\+\+$'
fork_run -e quiet=attach
expect_no_match err 'attached$'
expect_match err '^\+\+\+ exited with 0 \+\+\+$'
fork_run --quiet=exit
expect_line err "$TOOL: Process $CHILD attached"
expect_no_match err '^(\[pid +[0-9]+\] )?\+\+\+ exited'
fork_run -e quiet=exits
expect_no_match err '\+\+\+ exited'
fork_run --silent=attach,exit
expect_no_match err 'attached$|\+\+\+ exited'
fork_run -e 'quiet=!exit'
expect_no_match err 'attached$'
expect_match err '\+\+\+ exited'
fork_run -e quiet=none
expect_line err "$TOOL: Process $CHILD attached"
fork_run -q
expect_no_match err 'attached$'
expect_match err '\+\+\+ exited'
fork_run -qq
expect_no_match err 'attached$|\+\+\+ exited'
# The last quiet= counts.
fork_run -e quiet=exit -e quiet=attach
expect_match err '\+\+\+ exited'

# pers_run OPTS...: the 32-bit program, trace on stderr.
pers_run() {
	"$SLTRACE" "$@" -e trace=exit_group "$PROGS/fmtcalls32" calls nrs > out 2> err
	expect_rc 0 $? "tracer $*"
}
PERS='^\[ Process PID=[0-9]+ runs in 32 bit mode\. \]$'
if have_32bit; then
	pers_run
	expect_match err "$PERS"
	pers_run -e quiet=personality
	expect_no_match err "$PERS"
	expect_match err '\+\+\+ exited'
	pers_run --quiet
	expect_no_match err "$PERS"
	expect_match err '\+\+\+ exited'
	pers_run -q
	expect_no_match err "$PERS"
else
	note "no 32-bit support: quiet=personality not checked"
fi

# exec_run OPTS...: execve from a non-leader thread, under -f -o.
exec_run() {
	"$SLTRACE" -f "$@" -o trace "$PROGS/execer" thread "$PROGS/simple" > out
	expect_rc 0 $? "tracer $*"
}
SUPER='^[0-9]+ +\+\+\+ superseded by execve in pid [0-9]+ \+\+\+$'
exec_run
expect_match trace "$SUPER"
exec_run -e quiet=thread-execve
expect_no_match trace "$SUPER"
expect_match trace '\+\+\+ exited with 0 \+\+\+$'
exec_run -qq
expect_match trace "$SUPER"
expect_no_match trace '\+\+\+ exited'
exec_run -qqq
expect_no_match trace "$SUPER"

# -q and quiet= do not mix, in either order.
for opts in "-q -e quiet=exit" "-e quiet=exit -qq" "-q --quiet" "--quiet=attach -q"; do
	# shellcheck disable=SC2086
	"$SLTRACE" $opts "$PROGS/simple" > out 2> err
	expect_rc 1 $? "tracer $opts"
	expect_line err "$TOOL: -q and -e quiet/--quiet cannot be provided simultaneously"
	expect_count 1 err .
done
"$SLTRACE" -e quiet=bogus "$PROGS/simple" > out 2> err
expect_rc 1 $? "tracer (bad quiet)"
expect_line err "$TOOL: invalid quiet 'bogus'"
