#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -e inject=SET:error=ERRNO: the chosen calls do not run and fail with
# ERRNO, which the program sees; the line ends in " (INJECTED)".  In both
# personalities, with errno names and numbers.
. "$SRCDIR/tests/lib.sh"
need_progs inject_calls inject_calls32 exitwith

progs=inject_calls
if have_32bit; then progs="$progs inject_calls32"; else note "no 32-bit support: inject_calls only"; fi
for prog in $progs; do
	"$SLTRACE" -o trace -e trace=chdir -e inject=chdir:error=ENOENT:when=2..3 \
		"$PROGS/$prog" chdir 4 > out
	expect_rc 0 $? "tracer ($prog)"
	printf 'chdir %s\n' '1: 0 0' '2: -1 2' '3: -1 2' '4: 0 0' > want
	diff want out > /dev/null || { show out; fail "$prog: what the program saw"; }
	{
		tline 'chdir("/")' '0'
		tline 'chdir("/")' '-1 ENOENT (No such file or directory) (INJECTED)'
		tline 'chdir("/")' '-1 ENOENT (No such file or directory) (INJECTED)'
		tline 'chdir("/")' '0'
		echo '+++ exited with 0 +++'
	} > want
	diff want trace > /dev/null || { show trace want; fail "$prog: the trace"; }
done

# A number and a lower-case name; for a syscall the last -e inject that
# names it is the one (the first, error=13 at call 1, is gone).
"$SLTRACE" -o trace -e trace=chdir -e inject=chdir:error=13:when=1 \
	-e inject=chdir:error=eperm:when=2 "$PROGS/inject_calls" chdir 2 > out
expect_rc 0 $? "tracer (numbers)"
expect_line out "chdir 1: 0 0"
expect_line out "chdir 2: -1 1"
expect_line trace "$(tline 'chdir("/")' '-1 EPERM (Operation not permitted) (INJECTED)')"
expect_no_match trace EACCES

# A number without a name, and a kernel-internal errno shown as strace
# shows a restart.
"$SLTRACE" -o trace -e trace=chdir -e inject=chdir:error=4095:when=1 \
	"$PROGS/inject_calls" chdir 2 > out
expect_rc 0 $? "tracer (unnamed)"
expect_line out "chdir 1: -1 4095"
expect_line out "chdir 2: 0 0"
expect_line trace "$(tline 'chdir("/")' '-1 (errno 4095) (INJECTED)')"

"$SLTRACE" -o trace -e trace=chdir -e inject=chdir:error=ERESTARTSYS:when=1 \
	"$PROGS/inject_calls" chdir 1 > out
expect_rc 0 $? "tracer (ERESTARTSYS)"
expect_line out "chdir 1: -1 512"
expect_line trace "$(tline 'chdir("/")' '? ERESTARTSYS (To be restarted if SA_RESTART is set) (INJECTED)')"

# An injected exit_group does not run: it returns like any other call
# (strace's qual_fault-exit_group), and the exit after it ends the task.
for spec in "fault=exit_group" "inject=exit_group:error=ENOSYS" \
	    "inject=exit_group:retval=5"; do
	"$SLTRACE" -o trace -e trace=exit_group,exit -e "$spec" \
		"$PROGS/exitwith" 42 > out
	expect_rc 42 $? "tracer ($spec)"
	case $spec in
	*retval*) r='5 (INJECTED)' ;;
	*) r='-1 ENOSYS (Function not implemented) (INJECTED)' ;;
	esac
	expect_line trace "$(tline 'exit_group(42)' "$r")"
	expect_line trace "$(tline 'exit(42)' '?')"
done
