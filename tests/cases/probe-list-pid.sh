#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# --list-probes PATTERN -p PID: what a running process has mapped (its
# /proc/PID/exe and the files of its executable mappings) lists as the
# same files read from PROG do: functions of the program and of libc,
# a site spec.  The process is only read, never stopped.  A PID that
# does not exist, or -p with PROG or twice: one line, exit status 1.
. "$SRCDIR/tests/lib.sh"
need_progs stopme
prog=$PROGS/stopme

"$prog" > /dev/null &
pid=$!
trap 'touch go; wait $pid 2> /dev/null' EXIT
wait_for_file stopme.pid

for pat in 'mall*@libc.so.6' '*@stopme' 'main+0' 'nanosleep'; do
	"$SLTRACE" --list-probes "$pat" -- "$prog" > want 2> err
	expect_rc 0 $? "$pat -- PROG"
	"$SLTRACE" --list-probes "$pat" -p "$pid" > got 2> err
	expect_rc 0 $? "$pat -p PID"
	expect_empty err
	[ -s got ] || fail "$pat -p PID lists nothing"
	diff -u want got >&2 || fail "$pat: -p PID and PROG differ"
	[ "$pat" != 'mall*@libc.so.6' ] || expect_line got 'malloc@libc.so.6'
done
# The process was not stopped: it still runs, in state S or R.
state=$(awk '{ print $3 }' "/proc/$pid/stat")
case $state in S|R) ;; *) fail "the process is in state $state" ;; esac

# A pid that does not exist: the highest possible pid plus one.
max=$(cat /proc/sys/kernel/pid_max)
"$SLTRACE" --list-probes 'main' -p "$max" > out 2> err
expect_rc 1 $? "no such pid"
expect_empty out
expect_count 1 err "^$TOOL: cannot read the objects of pid $max: no such process\$"
[ "$(wc -l < err)" = 1 ] || { show err; fail "more than one line"; }

for args in "-p $pid -p $$" "-p $pid -- $prog"; do
	# shellcheck disable=SC2086
	"$SLTRACE" --list-probes 'main' $args > out 2> err
	expect_rc 1 $? "--list-probes $args"
	expect_match err "^$TOOL: --list-probes reads a program's files: it needs PROG, or one -p PID"
done
exit 0
