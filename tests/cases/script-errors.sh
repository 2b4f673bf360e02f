#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A bad script is refused before anything runs (issue 13): the place of
# the error, the source line and a caret, as a compiler shows them, exit
# status 1, the command never started.  A fault at run time is said once
# per clause and the trace goes on.
. "$SRCDIR/tests/lib.sh"
need_progs script_prog
P=$PROGS/script_prog

# refused NAME WANT-FIRST-LINE SCRIPT-ARGS...: status 1, the message's
# first line exactly WANT, nothing run (the program would write a line).
refused() {
	local name=$1 want=$2
	shift 2
	"$SLTRACE" "$@" -- $P open 1 /dev/null > "$name.prog" 2> "$name.err"
	rc=$?
	[ "$rc" = 1 ] || { show "$name.err"; fail "$name: exit status $rc, expected 1"; }
	expect_empty "$name.prog"
	[ "$(head -1 "$name.err")" = "$want" ] ||
		{ show "$name.err"; fail "$name: first line is not: $want"; }
}

refused syntax "$TOOL: script:1:56: error: expected ';' or '}' after a statement" \
	--script 'syscall:read:exit /retval > 0/ { @bytes = hist(retval) @x = 1; }'
# The source line and the caret under column 56.
[ "$(sed -n 2p syntax.err)" = 'syscall:read:exit /retval > 0/ { @bytes = hist(retval) @x = 1; }' ] ||
	{ show syntax.err; fail "syntax: the source line"; }
[ "$(sed -n 3p syntax.err)" = "$(printf '%55s^' '')" ] ||
	{ show syntax.err; fail "syntax: the caret"; }

# A file's name in the message, its line and column.
printf 'BEGIN { printf("hi\\n"); }\n\nsyscall:openat { @[comm] = cnt(); }\n' > bad.bt
refused file "$TOOL: bad.bt:3:28: error: unknown function 'cnt'" --script-file bad.bt

# DTrace's names are answered with ours.
refused dtrace "$TOOL: script:1:20: error: unknown value 'execname' (DTrace's name): use 'comm'" \
	--script 'syscall:openat { @[execname] = count(); }'

# An unknown kind of probe lists those that exist.
"$SLTRACE" --script 'kprobe:do_sys_open { @ = count(); }' -- $P > kind.prog 2> kind.err
expect_rc 1 $? kind
expect_match kind.err "unknown probe 'kprobe': expected syscall:, call:, probe:"

# A syscall name no table has.
"$SLTRACE" --script 'syscall:opneat { @ = count(); }' -- $P open 1 /dev/null > name.prog 2> name.err
expect_rc 1 $? name
expect_empty name.prog
expect_match name.err 'opneat'

# system() needs --unsafe; tampering needs -w.
"$SLTRACE" --script 'BEGIN { system("true"); }' -- $P > unsafe.prog 2> unsafe.err
expect_rc 1 $? unsafe
expect_match unsafe.err 'unsafe'
# With --unsafe, system() runs its command (formatted as printf).
"$SLTRACE" --unsafe --script 'END { system("echo %s %d > sys.out", "ran", 42); }' -- $P > sysok.prog 2> sysok.err
expect_rc 0 $? "system() with --unsafe"
expect_line sys.out 'ran 42'
"$SLTRACE" --script 'syscall:openat:entry { override(-1); }' -- $P > w.prog 2> w.err
expect_rc 1 $? destructive
expect_match w.err 'it needs -w'

# Faults at run time: a division by zero and an argument past the
# syscall's, each said once for its clause however often it fires; the
# trace goes on (the third clause counts every call).
"$SLTRACE" -f -o rt.out --script '
syscall:getppid { @x = 1 / (pid - pid); }
syscall:getppid { @y = arg5 + 0; @z = 1; }
syscall:getppid { @n = count(); }' -- $P threads 1 20 > rt.prog 2> rt.err
expect_rc 0 $? runtime
expect_line rt.out '@n: 20'
expect_count 2 rt.err '.'
expect_match rt.err 'script:2:.*division by zero'
exit 0
