#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Bad --probe input: one line in strace's style on stderr, exit status 1,
# nothing traced and nothing left running.  Launched (the program must
# not run: probe_vars, traced, would print its exit) and, for what needs
# no program file, under -p (the attach must not happen: the target is
# never traced and keeps running).
. "$SRCDIR/tests/lib.sh"
need_progs probe_vars
P=$PROGS/probe_vars

# bad SPEC MESSAGE: launched, one line and status 1.
bad() {
	rm -f trace
	"$SLTRACE" -e trace=none -o trace --probe "$1" "$P" > out 2> err
	expect_rc 1 $? "--probe '$1'"
	[ "$(wc -l < err)" = 1 ] || { show err; fail "'$1': not one line"; }
	expect_line err "$TOOL: $2"
	[ -s trace ] && { show trace; fail "'$1': something was traced"; }
	expect_empty out
}

bad 'process+1%return' \
	"invalid probe 'process+1%return': %return takes no +OFFSET"
bad 'nosuch_fn_xyz' \
	"probe 'nosuch_fn_xyz' matches nothing in $P or its libraries"
bad 'nosuch.c:12' \
	"probe 'nosuch.c:12' matches nothing in $P or its libraries"
bad 'process $retval' \
	"probe 'process': \$retval is only known at %return"
bad 'process %rzz' "probe 'process': no register '%rzz'"
bad 'process $arg1:q7' "probe 'process': unknown cast in '\$arg1:q7'"
bad 'process $nope' "probe 'process': unknown value '\$nope'"
bad 'process nosuchvar' \
	"probe 'process' in $P: no variable 'nosuchvar' at probe_vars.c:72"
bad 'process if $arg1 > 1 &&' \
	"probe 'process': at column 13: expected an operand after '&&'"
bad 'process if $arg1 = 1' \
	"probe 'process': at column 7: '=' is not a comparison: use '=='"
bad 'process if (nosuchvar == 1' \
	"probe 'process': at column 1: '(' is not closed"
bad 'process if nosuchvar == 1' \
	"probe 'process' in $P: no variable 'nosuchvar' at probe_vars.c:72"
bad 'process if' "probe 'process': 'if' without a condition"
bad 'process if   ' "probe 'process': 'if' without a condition"

# Under -p, what needs no file is refused before the attach.
sleep 30 &
SP=$!
for spec in 'nanosleep $retval' 'nanosleep %rzz' 'nanosleep if $arg1 =' \
	'clock_nanosleep if'; do
	"$SLTRACE" -e trace=none -o trace --probe "$spec" -p "$SP" > out 2> err &
	TP=$!
	# A tracer that attached would run until the sleep ends: 5 s is a hang.
	for i in $(seq 50); do
		kill -0 "$TP" 2> /dev/null || break
		sleep 0.1
	done
	if kill -0 "$TP" 2> /dev/null; then
		kill "$TP"
		kill "$SP"
		show err
		fail "-p, '$spec': the tracer is still running"
	fi
	wait "$TP"
	expect_rc 1 $? "-p, '$spec'"
	[ "$(wc -l < err)" = 1 ] || { show err; kill "$SP"; fail "-p, '$spec': not one line"; }
	expect_match err "^$TOOL: probe '[a-z_]+': "
done
[ "$(proc_state "$SP")" = S ] || fail "the sleep is in state $(proc_state "$SP")"
is_traced "$SP" && fail "the sleep is traced"
kill "$SP"
wait "$SP" 2> /dev/null
check_no_stopped
exit 0
