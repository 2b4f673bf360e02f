#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Options that shape the launched command and the engine: -E, -u, -b
# execve, --syscall-limit, -I, --kill-on-exit.  Each states what the
# command itself saw, or what strace prints for the same case.
. "$SRCDIR/tests/lib.sh"

# -E sets and unsets variables of the command only.
HOME=/h FOO=old "$SLTRACE" -o /dev/null -E FOO=bar -E HOME -E NEW=1 \
	/usr/bin/env > env.out || fail "-E: exit status $?"
expect_line env.out "FOO=bar"
expect_line env.out "NEW=1"
expect_no_match env.out '^HOME='

# -u runs the command as that user; an unknown user starts nothing.
if id nobody >/dev/null 2>&1; then
	"$SLTRACE" -o /dev/null -u nobody /usr/bin/id -u > id.out ||
		fail "-u: exit status $?"
	expect_line id.out "$(id -u nobody)"
fi
"$SLTRACE" -u no_such_user_xyz /bin/true 2> u.err && fail "-u: bad user accepted"
expect_line u.err "$TOOL: Cannot find user 'no_such_user_xyz'"

# -b execve: the command's own first execve is traced, a later one is
# where sltrace lets go (" <detached ...>", nothing after it).  It says
# "Process N detached" unless the trace goes to a file (strace's quiet
# default for a launched command); the status of a command let go is not
# known: exit status 0, as strace's.
"$SLTRACE" -o b.trace -b execve /bin/sh -c 'exec /bin/echo hi' > b.out 2> b.err ||
	fail "-b: exit status $?"
wait_for_match b.out '^hi$'
expect_no_match b.err 'detached'
"$SLTRACE" -e trace=none -b execve /bin/sh -c 'exec /bin/true' 2> b2.err ||
	fail "-b: exit status $?"
expect_match b2.err "^$TOOL: Process [0-9]+ detached\$"
# --seccomp-bpf is turned off by -b, said before anything about -f.
"$SLTRACE" --seccomp-bpf -e trace=none -b execve /bin/true 2> b3.err ||
	fail "-b --seccomp-bpf: exit status $?"
expect_line b3.err "$TOOL: --seccomp-bpf is not enabled because it is not compatible with -b"
"$SLTRACE" -o /dev/null -b execve /bin/sh -c 'exec /bin/sh -c "exit 7"' 2>/dev/null
expect_rc 0 $? "-b execve, command exiting 7"
expect_match b.trace '^execve\("/bin/sh"'
expect_match b.trace '^execve\("/bin/echo", .* <detached \.\.\.>$'
expect_no_match b.trace '^write\(1, "hi'
"$SLTRACE" -b open /bin/true 2> bb.err && fail "-b open accepted"
expect_line bb.err "$TOOL: Syscall 'open' for -b isn't supported"

# The command inherits an ignored SIGPIPE, as it would untraced.
(trap '' PIPE; grep SigIgn /proc/self/status) > ign0.out
(trap '' PIPE; "$SLTRACE" -o /dev/null grep SigIgn /proc/self/status) > ign.out
expect_line ign.out "$(cat ign0.out)"

# -I: a bad level is a usage error; names are accepted.
"$SLTRACE" -I 5 /bin/true 2> i.err && fail "-I 5 accepted"
expect_match i.err "invalid -I argument: '5'"
"$SLTRACE" -o /dev/null -I never_tstp /bin/true || fail "-I never_tstp: $?"
# ... in any case, and "always" as strace takes it.
for i in --interruptible=always -IAnywhere -INEVER_TSTP; do
	"$SLTRACE" -o /dev/null $i /bin/true || fail "$i: $?"
done
"$SLTRACE" -I alw /bin/true 2> i2.err && fail "-I alw accepted"
expect_match i2.err "invalid -I argument: 'alw'"

# -D, -DD, -DDD: the command is this shell's own child (it exits with its
# status straight to us) and is traced all the same, by a grandchild.
for d in -D -DD -DDD; do
	rm -f d.trace
	bash -c 'echo "$$" > shell.pid; exec "$@"' sh \
		"$SLTRACE" $d -o d.trace /bin/sh -c 'echo "$PPID" > ppid; exit 5'
	rc=$?
	expect_rc 5 "$rc" "$d"
	# The command took over the pid of the process that ran sltrace.
	[ "$(cat ppid)" = "$$" ] || fail "$d: the command's parent is $(cat ppid), not $$"
	wait_for_match d.trace '^\+\+\+ exited with 5 \+\+\+'
	expect_match d.trace '^execve\("/bin/sh"'
done

[ "$TOOL" = strace ] && exit 0	# the rest is sltrace's own

# --syscall-limit=N: N syscalls shown, then everything runs on untraced.
"$SLTRACE" -o l.trace --syscall-limit=3 /bin/sh -c 'echo one; echo two' \
	> l.out || fail "--syscall-limit: exit status $?"
expect_line l.out "two"
[ "$(grep -c ' = ' l.trace)" = 3 ] || { show l.trace; fail "--syscall-limit: not 3 syscalls"; }

# --kill-on-exit: when sltrace is killed, so is the command.
"$SLTRACE" -o /dev/null --kill-on-exit "$PROGS/worker" sleep 30 &
tracer=$!
wait_for_file worker.pid
wpid=$(cat worker.pid)
kill -KILL "$tracer"
wait "$tracer" 2>/dev/null
wait_gone "$wpid" || fail "--kill-on-exit: the command survived"
