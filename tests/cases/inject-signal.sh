#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -e inject=SET:signal=SIG: the task gets SIG (si_code SI_KERNEL), and the
# call itself is left alone unless error= or retval= is given too.
. "$SRCDIR/tests/lib.sh"
need_progs inject_calls

"$SLTRACE" -o trace -e trace=chdir -e inject=chdir:signal=USR1 "$PROGS/inject_calls" signal > out
expect_rc 0 $? "tracer (signal=)"
printf '%s\n' 'chdir 1: 0 0' 'handler: 10' > want
diff want out > /dev/null || { show out; fail "signal=: what the program saw"; }
{
	tline 'chdir("/")' '0'
	echo '--- SIGUSR1 {si_signo=SIGUSR1, si_code=SI_KERNEL} ---'
	echo '+++ exited with 0 +++'
} > want
diff want trace > /dev/null || { show trace want; fail "signal=: the trace"; }

# With error=: both.  Names in any case, numbers too.
for sig in sigusr1 10; do
	"$SLTRACE" -o trace -e trace=chdir -e "inject=chdir:error=EIO:signal=$sig" \
		"$PROGS/inject_calls" signal > out
	expect_rc 0 $? "tracer (error=, signal=$sig)"
	printf '%s\n' 'chdir 1: -1 5' 'handler: 10' > want
	diff want out > /dev/null || { show out; fail "error=, signal=$sig: what the program saw"; }
	expect_in_order trace <(
		tline 'chdir("/")' '-1 EIO (Input/output error) (INJECTED)'
		echo '--- SIGUSR1 {si_signo=SIGUSR1, si_code=SI_KERNEL} ---')
done

# A fatal signal: the program dies of it, and so does the tracer's exit
# status say.
"$SLTRACE" -o trace -e trace=chdir -e inject=chdir:error=EIO:signal=KILL:when=2 \
	"$PROGS/inject_calls" chdir 3 > out
expect_rc 137 $? "tracer (signal=KILL)"
expect_count 1 trace '^chdir\("/"\) += 0$'
expect_line trace '+++ killed by SIGKILL +++'
expect_no_match out 'chdir 2'
