#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The trace cannot be written: -o onto a full disk (/dev/full), -o |cmd
# whose command exits early, a trace on stderr whose reader is gone
# (2>&1 | head), stderr closed.  sltrace says so once, ends the trace
# and lets the program run on to its own end, whose exit status is
# sltrace's (tests/progs/openloop.c: 3000 opens and strtol calls, a
# child every 500, then exit 5).  Untraced at the end, its breakpoints
# gone -- or, under sltrace's seccomp filter (whose syscalls would fail
# with ENOSYS without a tracer), still followed, silently.
. "$SRCDIR/tests/lib.sh"
need_progs openloop
[ "$TOOL" = strace ] && exit 0	# sltrace's behaviour

N=3000
prog=("$PROGS/openloop" $N 5)

# check TAG TRACED: TAG.out is the program's result; TAG.rc 5.
check() {
	expect_line "$1.out" "ok $N"
	expect_line "$1.out" "traced at the end: $2"
	expect_rc 5 "$(cat "$1.rc")" "$1: sltrace"
}

# said TAG WHERE ERROR: the message, strace's "WHERE: ERROR", once, on
# TAG.err.
said() {
	expect_line "$1.err" "$TOOL: $2: $3"
	expect_count 1 "$1.err" ": $3\$"
}

# A full disk.
for way in "" "-l strtol" "-k" "-f -e trace=openat" "-f -e trace=openat -l strtol"; do
	note "-o /dev/full $way"
	# shellcheck disable=SC2086
	"$SLTRACE" -o /dev/full $way "${prog[@]}" > full.out 2> full.err
	echo $? > full.rc
	case $way in
	-f*) check full yes ;;
	*) check full no ;;
	esac
	said full /dev/full "No space left on device"
done

# A pipe whose reader exits after its first line.
for way in "" "-f -l strtol" "-f -e trace=openat"; do
	note "-o '|head -n 1' $way"
	# shellcheck disable=SC2086
	"$SLTRACE" -o '|head -n 1 > head.out' $way "${prog[@]}" \
		> pipe.out 2> pipe.err
	echo $? > pipe.rc
	case $way in
	*trace=*) check pipe yes ;;
	*) check pipe no ;;
	esac
	said pipe '|head -n 1 > head.out' "Broken pipe"
	expect_match head.out "^([0-9]+ +)?(execve|openat)\\("
done

# The trace on stderr, whose reader is gone: no one hears the message.
note "2>&1 | head -c 100"
{ "$SLTRACE" -f "${prog[@]}" 2>&1 > gone.out; echo $? > gone.rc; } |
	head -c 100 > /dev/null
check gone no

# stderr closed, no -o: nothing is traced, the command runs in our place.
note "2>&-"
"$SLTRACE" -f -l strtol "${prog[@]}" > closed.out 2>&-
echo $? > closed.rc
check closed no
expect_line closed.out "descriptor 2: closed"

# stderr closed, -o FILE: the whole trace; the command starts without a
# descriptor 2, as it would untraced; a message goes to the trace file.
note "-o FILE 2>&-"
"$SLTRACE" -o trace -f "${prog[@]}" > file.out 2>&-
echo $? > file.rc
check file yes
expect_line file.out "descriptor 2: closed"
expect_match trace '^[0-9]+ +fcntl\(2, F_GETFD\) += -1 EBADF '
expect_match trace '^[0-9]+ +\+\+\+ exited with 5 \+\+\+$'
"$PROGS/openloop" 100000 > att.out &
pid=$!
"$SLTRACE" -o atttrace -p $pid 2>&- &
tracer=$!
wait_for_match atttrace "^$TOOL: Process $pid attached$"
kill -INT $tracer
wait $tracer
expect_match atttrace "^$TOOL: Process $pid detached$"
kill $pid

# All three closed, -o |cmd: the pipe must not take descriptor 0 (and be
# closed by its own close-on-exec in the command).
note "-o '|cat' 0<&- 1>&- 2>&-"
"$SLTRACE" -o '|cat > cat.out' -f "${prog[@]}" <&- >&- 2>&-
echo $? > cat.rc
expect_rc 5 "$(cat cat.rc)" "sltrace, 0 1 2 closed"
expect_match cat.out '^[0-9]+ +\+\+\+ exited with 5 \+\+\+$'
