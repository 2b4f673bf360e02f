#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -k beyond a plain syscall: the stack under a signal's "---" line and
# under the kill that sent it; under exit_group, which never returns
# (taken at its entry); in a second thread under -f; for 64-bit and
# -m32 builds.  The frames are c, b, a, then main (or the thread's
# function), right under libc's.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/stack.sh"
need_progs stack_chain stack_chain32

progs=stack_chain
if [ "$TOOL" = strace ]; then
	:
elif have_32bit; then
	progs="$progs stack_chain32"
else
	note "no 32-bit support: stack_chain32 not checked"
fi

for p in $progs; do
	prog=$PROGS/$p
	obj=$(realpath "$prog")

	"$SLTRACE" -k -e trace=kill -o "$p.sig.trace" "$prog" signal
	expect_rc 0 $? "$p signal: tracer"
	stack_after "$p.sig.trace" '^kill\(' > "$p.kill.frames"
	expect_chain "$p kill" "$p.kill.frames" "$obj" c b a main
	stack_after "$p.sig.trace" '^--- SIGURG ' > "$p.sig.frames"
	expect_chain "$p SIGURG" "$p.sig.frames" "$obj" c b a main

	"$SLTRACE" -k -e trace=exit_group -o "$p.exit.trace" "$prog" exit
	expect_rc 0 $? "$p exit: tracer"
	stack_after "$p.exit.trace" '^exit_group\(0\) += \?' > "$p.exit.frames"
	expect_chain "$p exit_group" "$p.exit.frames" "$obj" c b a main

	"$SLTRACE" -f -k -e trace=write -o "$p.thr.trace" "$prog" thread \
		> /dev/null
	expect_rc 0 $? "$p thread: tracer"
	strip_pid "$p.thr.trace" > "$p.thr.lines"
	stack_after "$p.thr.lines" '^write\(1, "chain' > "$p.thr.frames"
	expect_chain "$p thread" "$p.thr.frames" "$obj" c b a thread_main
done
exit 0
