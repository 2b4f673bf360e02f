#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -Y / --decode-pids=comm: the pid prefix of a -f trace carries the
# task's command name, "PID<comm> " with -o, "[pid PID<comm>] " on
# stderr; '<' and '>' in the name are escaped in octal.  The exit line
# keeps the name of the task it reports.
. "$SRCDIR/tests/lib.sh"
need_progs forker

# A command name with a '>' (the kernel takes it from the file name).
ln -s "$PROGS/forker" 'a>b' || fail "cannot make the link"
NAME='a\76b'
NAME_RE='a\\76b'

check() {
	local tracer=$1 child
	shift
	rm -f child.out
	"$tracer" "$@" -f -o trace './a>b' fork 0 3 > out
	expect_rc 0 $? "$tracer $* (-o)"
	child=$(sed -n 's/^child //p' child.out)
	[ -n "$child" ] || { show out child.out; fail "no child pid"; }
	# Parent lines from its execve on; the name is the program's then.
	expect_match trace "^[0-9]+<$NAME_RE> exit_group\\(0\\) += \\?\$"
	expect_line trace "$child<$NAME> +++ exited with 3 +++"
	expect_match trace "^$child<$NAME_RE> getppid\\(\\) +="
	if grep -qvE "^[0-9]+(<[^>]*>)? " trace; then
		show trace; fail "$tracer $*: a line without a pid prefix"
	fi
	expect_no_match trace "^$child +[a-z+]"

	rm -f child.out
	"$tracer" "$@" -f './a>b' fork 0 3 > out 2> err
	expect_rc 0 $? "$tracer $* (stderr)"
	child=$(sed -n 's/^child //p' child.out)
	expect_match err "^\\[pid +$child<$NAME_RE>\\] getppid\\(\\) +="
	expect_line err "[pid $(printf '%5d' "$child")<$NAME>] +++ exited with 3 +++"
}

run() {
	check "$1" -Y
	check "$1" --decode-pids=comm
	check "$1" --decode-pids=all
}

run "$SLTRACE"
[ -x "$STRACE" ] && run "$STRACE"
exit 0
