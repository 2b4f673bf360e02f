#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Netlink messages in the data of sendto/sendmsg on NETLINK_ROUTE and
# NETLINK_SOCK_DIAG sockets decode as strace shows them: the lines of
# tests/progs/decode_netlink (valid, truncated, several in a buffer,
# unmapped tails) traced by strace and by the tracer agree, with no
# options, -v, -X verbose, -X raw and -s 5; then what `ip addr`,
# `ip route` and `ss -x` send and receive, when they are installed.
. "$SRCDIR/tests/lib.sh"
need_progs decode_netlink
need_strace

cmp=$SRCDIR/tests/progs/decode_proc_cmp
prog=$PROGS/decode_netlink
for flags in "" "-v" "-X verbose" "-X raw" "-s 5"; do
	note "flags: ${flags:-(none)}"
	# shellcheck disable=SC2086
	"$STRACE" $flags -o strace.out "$prog" 2>/dev/null ||
		fail "strace $flags failed"
	# shellcheck disable=SC2086
	"$SLTRACE" $flags -o sltrace.out "$prog" || fail "$TOOL $flags failed"
	"$cmp" strace.out sltrace.out >&2 ||
		fail "lines differ with flags '$flags'"
done

# The tools' own lines: ports, sequence numbers and counters change
# between the two runs, the rest must not.  What ip receives holds
# attributes not decoded yet (IFLA_STATS64...): its requests only.
norm() {
	sed -E 's/(nl_pid|nlmsg_pid|nlmsg_seq)=[0-9]+/\1=N/g;
		s/[0-9]+/N/g; s/ +=/ =/' "$1"
}
for cmd in "ip addr" "ip route" "ss -t" "ss -x"; do
	calls=%network
	[ "${cmd%% *}" = ip ] && calls=sendto,sendmsg
	command -v "${cmd%% *}" >/dev/null || { note "no ${cmd%% *}"; continue; }
	note "$cmd"
	# The machine's sockets and routes may change between the two runs
	# (a connection opened or closed): a difference must last 3 tries.
	for try in 1 2 3; do
		# shellcheck disable=SC2086
		"$STRACE" -e trace=$calls -o strace.out $cmd >/dev/null 2>&1 ||
			continue 2
		# shellcheck disable=SC2086
		"$SLTRACE" -e trace=$calls -o sltrace.out $cmd >/dev/null ||
			fail "$TOOL failed on $cmd"
		cmp -s <(norm strace.out) <(norm sltrace.out) && break
		[ $try = 3 ] || { note "try $try: the lines differ"; continue; }
		diff <(norm strace.out) <(norm sltrace.out) >&2
		fail "lines of $cmd differ"
	done
done
