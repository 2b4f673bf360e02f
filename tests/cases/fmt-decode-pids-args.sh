#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -Y on pids in arguments and return values, as strace shows them:
# getpid() = N<pidcalls>, kill(N<pidcalls>, 0), clone's and fork's child,
# wait4's and getsid's pid argument.  (si_pid is decorated too, but only
# while the child is not yet reaped: whether SIGCHLD comes before wait4
# is timing, so those lines are left out of the comparison.)
. "$SRCDIR/tests/lib.sh"
need_progs pidcalls
need_strace

set_='getpid,getppid,gettid,kill,tgkill,clone,fork,vfork,wait4,getsid'
norm() {	# pids and addresses vary; the tracer's own name differs
	sed -E '/^--- SIGCHLD/d; s/0x[0-9a-f]+/ADDR/g; s/[0-9]+</N</g;
		s/(= |\()[0-9]+/\1N/g; s/<(strace|sltrace)>/<TRACER>/g;
		s/ +=/ =/' "$1"
}
"$STRACE" -Y -o ref -e trace="$set_" "$PROGS/pidcalls" || fail "strace: $?"
"$SLTRACE" -Y -o got -e trace="$set_" "$PROGS/pidcalls" || fail "sltrace: $?"
expect_match got '^getpid\(\) += [0-9]+<pidcalls>$'
expect_match got '^kill\([0-9]+<pidcalls>, 0\)'
diff -u <(norm ref) <(norm got) >&2 || fail "-Y lines differ from strace"
