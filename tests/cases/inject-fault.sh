#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -e fault=SET[:error=ERRNO][:syscall=SYSCALL][:when=WHEN] is -e inject=
# with ENOSYS when no error= is given; --fault= and --inject= are the
# long forms.
. "$SRCDIR/tests/lib.sh"
need_progs inject_calls

"$SLTRACE" -o trace -e trace=chdir -e fault=chdir:when=2 "$PROGS/inject_calls" chdir 3 > out
expect_rc 0 $? "tracer (fault)"
printf 'chdir %s\n' '1: 0 0' '2: -1 38' '3: 0 0' > want
diff want out > /dev/null || { show out; fail "fault: what the program saw"; }
expect_line trace "$(tline 'chdir("/")' '-1 ENOSYS (Function not implemented) (INJECTED)')"
expect_count 1 trace 'INJECTED'

"$SLTRACE" -o trace -e trace=chdir --fault=chdir:error=EACCES:when=1+2 \
	"$PROGS/inject_calls" chdir 3 > out
expect_rc 0 $? "tracer (--fault)"
printf 'chdir %s\n' '1: -1 13' '2: 0 0' '3: -1 13' > want
diff want out > /dev/null || { show out; fail "--fault: what the program saw"; }
expect_nlines 2 trace "$(tline 'chdir("/")' '-1 EACCES (Permission denied) (INJECTED)')"

# syscall=: a pure call runs instead of nothing; the result is still the
# injected one.
"$SLTRACE" -o trace -e trace=chdir --inject=chdir:syscall=getpid:error=EROFS \
	"$PROGS/inject_calls" chdir 1 > out
expect_rc 0 $? "tracer (--inject, syscall=)"
expect_line out "chdir 1: -1 30"
expect_line trace "$(tline 'chdir("/")' '-1 EROFS (Read-only file system) (INJECTED)')"
"$SLTRACE" -o trace -e trace=chdir -e fault=chdir:syscall=gettid \
	"$PROGS/inject_calls" chdir 1 > out
expect_rc 0 $? "tracer (fault, syscall=)"
expect_line out "chdir 1: -1 38"
