#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# --decode-pids=pidns (--pidns-translation): a tracee in a pid namespace
# of its own shows its pids (arguments, returns, struct fields) as it
# sees them, each followed by its number in the tracer's namespace, as
# strace 6.1 prints it: "getpid() = 1 /* 1234 in strace's PID NS */".
# The -ff traces of tests/progs/pidns_translation agree with strace's
# with the option, with -Y (names of the translated pids) and with both;
# and with the option when the tracer itself runs in a pid namespace
# whose /proc is the outer one ("unshare -Urpf sltrace ...": /proc then
# numbers the tasks otherwise than the tracer does).  Skipped when this
# machine permits no new pid namespace.
. "$SRCDIR/tests/lib.sh"
need_progs pidns_translation
need_strace

"$PROGS/pidns_translation"
rc=$?
[ $rc = 77 ] && skip "no pid namespace can be made here"
expect_rc 0 $rc "pidns_translation untraced"

calls=getpid,getppid,gettid,getpgrp,setsid,getsid,setpgid,getpgid,kill
calls=$calls,tgkill,tkill,sched_getscheduler,getpriority,prlimit64,fcntl
calls=$calls,getsockopt,wait4,clone,clone3,rt_sigqueueinfo,exit_group

# check WRAP FLAGS PROG: both tracers, run by WRAP, agree.
check() {
	local wrap=$1 flags=$2 prog=$3
	note "${wrap:+$wrap }tracer $flags $(basename "$prog")"
	rm -rf s l && mkdir s l || fail "cannot make the trace directories"
	# shellcheck disable=SC2086
	$wrap "$STRACE" $flags -ff -e trace=$calls -o s/t "$prog" ||
		fail "strace $flags failed"
	# shellcheck disable=SC2086
	$wrap "$SLTRACE" $flags -ff -e trace=$calls -o l/t "$prog" ||
		fail "$TOOL $flags failed"
	"$SRCDIR/tests/progs/pidns_cmp" s l >&2 || fail "traces differ: ${wrap:+$wrap }$flags"
}

progs=$PROGS/pidns_translation
if have_32bit && [ -x "$PROGS/pidns_translation32" ]; then
	progs="$progs $PROGS/pidns_translation32"
else
	note "no 32-bit run"
fi

for prog in $progs; do
	for flags in --pidns-translation --decode-pids=pidns -Y \
		"--decode-pids=pidns,comm"; do
		check "" "$flags" "$prog"
	done
	# strace's -Y reads names by its own pids in the outer /proc: only
	# the translation is compared there.
	if unshare -Urpf true 2>/dev/null; then
		check "unshare -Urpf" --pidns-translation "$prog"
	else
		note "no nested run: unshare -Urpf fails"
	fi
done
exit 0
