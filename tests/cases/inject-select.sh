#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# What -e inject= acts on and how it counts, as strace 6.1 does: only
# calls that are traced (-e trace=, -P), counted per task and per
# syscall; a new task counts from 1, execve keeps the counts; for each
# syscall the last -e inject naming it wins.
. "$SRCDIR/tests/lib.sh"
need_progs inject_calls

# Not traced, not touched.
"$SLTRACE" -o trace -e trace=getppid -e inject=chdir:error=EPERM "$PROGS/inject_calls" chdir 2 > out
expect_rc 0 $? "tracer (chdir not traced)"
printf 'chdir %s\n' '1: 0 0' '2: 0 0' > want
diff want out > /dev/null || { show out; fail "an untraced call was tampered with"; }

# -P: only the calls on that path are touched, and counted.
"$SLTRACE" -o trace -P /nonexistent-sltrace -e inject=chdir:error=EPERM \
	"$PROGS/inject_calls" chdir 2 > out
expect_rc 0 $? "tracer (-P elsewhere)"
diff want out > /dev/null || { show out; fail "-P: a call on another path was tampered with"; }
"$SLTRACE" -o trace -P / -e inject=chdir:error=EPERM:when=2 "$PROGS/inject_calls" chdir 2 > out
expect_rc 0 $? "tracer (-P /)"
printf 'chdir %s\n' '1: 0 0' '2: -1 1' > want
diff want out > /dev/null || { show out; fail "-P /: what the program saw"; }

# Per task: the child's third call is its own third.
"$SLTRACE" -f -o trace -e trace=chdir -e inject=chdir:error=EPERM:when=3 \
	"$PROGS/inject_calls" fork 2 > out
expect_rc 0 $? "tracer (fork)"
printf '%s\n' 'parent 1: 0 0' 'parent 2: 0 0' 'child 1: 0 0' 'child 2: 0 0' \
	'parent 1: -1 1' 'parent 2: 0 0' > want
diff want out > /dev/null || { show out; fail "fork: counts are per task"; }

# execve keeps the count.
"$SLTRACE" -o trace -e trace=chdir -e inject=chdir:error=EPERM:when=3 \
	"$PROGS/inject_calls" exec 2 > out
expect_rc 0 $? "tracer (exec)"
printf '%s\n' 'before 1: 0 0' 'before 2: 0 0' 'chdir 1: -1 1' 'chdir 2: 0 0' > want
diff want out > /dev/null || { show out; fail "exec: counts go on"; }

# Per syscall, and the last -e inject naming a syscall replaces the
# earlier one for it only.
"$SLTRACE" -o trace -e trace=chdir,getppid -e inject=chdir,getppid:error=EPERM:when=1 \
	-e inject=chdir:retval=5:when=2 "$PROGS/inject_calls" chdir 2 > out
expect_rc 0 $? "tracer (two sets)"
printf 'chdir %s\n' '1: 0 0' '2: 5 0' > want
diff want out > /dev/null || { show out; fail "two sets: what the program saw"; }
expect_line trace "$(tline 'chdir("/")' '5 (INJECTED)')"
