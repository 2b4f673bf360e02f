#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -e inject=SET:delay_enter=T / delay_exit=T: the line ends in
# " (DELAYED)" and the program still completes (no time is measured).
# A task held for ever does not hold the others: the tracer keeps
# serving them, so a parent can kill its held child and finish.
. "$SRCDIR/tests/lib.sh"
need_progs inject_calls inject_calls32

progs=inject_calls
if have_32bit; then progs="$progs inject_calls32"; else note "no 32-bit support: inject_calls only"; fi
for prog in $progs; do
	"$SLTRACE" -o trace -e trace=chdir -e inject=chdir:delay_enter=10ms:when=2 \
		"$PROGS/$prog" chdir 3 > out
	expect_rc 0 $? "tracer ($prog, delay_enter)"
	printf 'chdir %s\n' '1: 0 0' '2: 0 0' '3: 0 0' > want
	diff want out > /dev/null || { show out; fail "$prog: what the program saw"; }
	{
		tline 'chdir("/")' '0'
		tline 'chdir("/")' '0 (DELAYED)'
		tline 'chdir("/")' '0'
		echo '+++ exited with 0 +++'
	} > want
	diff want trace > /dev/null || { show trace want; fail "$prog: delay_enter trace"; }
done

# With an error, and both delays; units.
for delay in 'delay_exit=1ms' 'delay_enter=0.002s:delay_exit=1000ns' 'delay_exit=1500us'; do
	"$SLTRACE" -o trace -e trace=chdir -e "inject=chdir:error=EIO:$delay:when=1" \
		"$PROGS/inject_calls" chdir 2 > out
	expect_rc 0 $? "tracer ($delay)"
	expect_line out "chdir 1: -1 5"
	expect_line out "chdir 2: 0 0"
	expect_line trace "$(tline 'chdir("/")' '-1 EIO (Input/output error) (INJECTED) (DELAYED)')"
	expect_count 1 trace DELAYED
done

# -T: the suffixes come before the time.
"$SLTRACE" -o trace -T -e trace=chdir -e inject=chdir:retval=7:delay_exit=1ms \
	"$PROGS/inject_calls" chdir 1 > out
expect_rc 0 $? "tracer (-T)"
expect_match trace '^chdir\("/"\) += 7 \(INJECTED\) \(DELAYED\) <[0-9]+\.[0-9]{6}>$'

# strace 6.1 hangs when a task it holds is killed ("dispatch_event: pid
# ... has delayed wait data set already").
[ "$TOOL" = strace ] && exit 0

for delay in delay_enter delay_exit; do
	"$SLTRACE" -f -o trace -e trace=chdir,getppid -e "inject=chdir:$delay=1000s" \
		"$PROGS/inject_calls" hold > out
	expect_rc 0 $? "tracer (hold, $delay)"
	expect_line out "child: killed"
	expect_match trace '^[0-9]+ +(getppid\(|<\.\.\. getppid resumed>)\) += [0-9]+$'
	expect_match trace '^[0-9]+ +\+\+\+ killed by SIGKILL \+\+\+$'
done
