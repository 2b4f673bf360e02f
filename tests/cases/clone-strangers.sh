#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Without -f, a CLONE_PTRACE child (attached to us by the kernel) is let
# go at once and unharmed, and a CLONE_PARENT child (ours to reap) is
# reaped: strace's "Detached unknown pid" and "Exit of unknown pid N
# ignored", each unless -q/-qq quiets it (-o FILE implies -q, as in
# strace: the trace goes to stderr here); nothing of either in the trace.
# With -f both are followed as any child.
. "$SRCDIR/tests/lib.sh"

for q in "" -q -qq; do
	"$SLTRACE" $q "$PROGS/strangers" > out 2> err
	expect_rc 0 $? "tracer $q"
	sed 's/[^ ]*: \(Detached\|Exit of\) unknown pid.*//' err > trace
	grep -qx ok out || fail "$q: the program saw a difference: $(cat out)"
	p1=$(sed -n 's/^ptrace //p' out)
	p2=$(sed -n 's/^parent //p' out)
	grep -q "^$p1 \|pid $p1\]\|+++ killed" trace &&
		fail "$q: the CLONE_PTRACE child shows in the trace"
	# A message may land inside a line of the trace, as in strace.
	det=": Detached unknown pid $p1\$"
	ex=": Exit of unknown pid $p2 ignored\$"
	case $q in
	"")	expect_match err "$det"; expect_match err "$ex" ;;
	-q)	expect_no_match err "$det"; expect_match err "$ex" ;;
	-qq)	expect_no_match err "$det"; expect_no_match err "$ex" ;;
	esac
	# The CLONE_PTRACE child's syscalls are not in the trace.
	expect_no_match trace 'open.*"/dev/null"'
done

"$SLTRACE" -f -o trace "$PROGS/strangers" > out 2> err
expect_rc 0 $? "tracer -f"
grep -qx ok out || fail "-f: the program saw a difference: $(cat out)"
p1=$(sed -n 's/^ptrace //p' out)
expect_match trace "^$p1 +\+\+\+ killed by SIGUSR1 \+\+\+\$"
expect_match trace "^$p1 +openat\(AT_FDCWD, \"/dev/null\", O_WRONLY"
expect_no_match err 'unknown pid'
