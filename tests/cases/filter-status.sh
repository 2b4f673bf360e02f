#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -z / --successful-only, -Z / --failed-only and -e status=SET print only
# the syscalls that ended the way asked for: successful (getppid, write),
# failed (close(987): EBADF), unfinished (exit_group never returns).
# Event lines are not filtered.  Of -z and -Z the last wins, with
# strace's warning; -e status= given later wins as well.
. "$SRCDIR/tests/lib.sh"
need_progs simple

GETPPID='^getppid\(\) += [0-9]+$'
WRITE='^write\(1, "hello\\n", 6\) += 6$'
CLOSE='^close\(987\) += -1 EBADF \(Bad file descriptor\)$'
EXIT='^exit_group\(0\) += \?$'

# shows NS OPTS...: run simple; NS lists which of s(uccessful: getppid and
# write), f(ailed: close) and u(nfinished: exit_group) must be in the trace,
# and no other syscall line may be.
shows() {
	local want=$1 n=0
	shift
	"$SLTRACE" -e trace=getppid,write,close,exit_group "$@" -o trace \
		"$PROGS/simple" > out 2> err
	expect_rc 0 $? "tracer $*"
	expect_line trace "+++ exited with 0 +++"
	case $want in *s*)
		expect_count 1 trace "$GETPPID"; expect_count 1 trace "$WRITE"
		n=$((n + 2)) ;;
	*)	expect_no_match trace "$GETPPID"; expect_no_match trace "$WRITE" ;;
	esac
	case $want in *f*)
		expect_count 1 trace "$CLOSE"; n=$((n + 1)) ;;
	*)	expect_no_match trace "$CLOSE" ;;
	esac
	case $want in *u*)
		expect_count 1 trace "$EXIT"; n=$((n + 1)) ;;
	*)	expect_no_match trace "$EXIT" ;;
	esac
	# Other lines: the loader's close(3) calls, which succeed.
	if [ "$want" = f ] || [ "$want" = u ] || [ "$want" = fu ] ||
	   [ -z "$want" ]; then
		expect_count "$n" trace '^[a-z_0-9]+\('
	fi
	case $want in *s*) ;; *) expect_no_match trace ' = [0-9]' ;; esac
	case $want in *f*) ;; *) expect_no_match trace ' = -1 ' ;; esac
}

shows s -z
shows s --successful-only
shows f -Z
shows f --failed-only
shows s -e status=successful
shows f -e status=failed
shows u -e status=unfinished
shows "" -e status=unavailable
shows "" -e status=detached
shows "" -e status=none
shows sfu -e status=all
shows fu -e 'status=!successful'
shows su --status=successful,unfinished

# Every syscall traced: still no successful line with -Z.
"$SLTRACE" -Z -o trace "$PROGS/simple" > out
expect_rc 0 $? "tracer -Z"
expect_match trace "$CLOSE"
expect_no_match trace ' = [0-9?]'

# The last of -z and -Z counts, and strace says so.
WARN="$TOOL: Only the last of -z/--successful-only/-Z/--failed-only options will take effect. See status qualifier for more complex filters."
shows f -z -Z
expect_line err "$WARN"
expect_count 1 err .
shows s -Z --successful-only
expect_line err "$WARN"
shows s -z -z -z
expect_count 1 err .
# -e status= is one more setting of the same set: the last one counts.
shows f -z -e status=failed
expect_empty err
shows s -e status=failed -z
