#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The tracer holds no end of the command's stdin or stdout: when the
# command closes them, the program writing into its stdin gets EPIPE and
# the reader of its stdout gets EOF, while the command still runs -- as
# without a tracer.  Messages start with the name the tracer was run as
# (argv[0]), and "-o |cmd" with -ff is refused, as strace does.  Runs
# against strace too (TOOL=strace).
. "$SRCDIR/tests/lib.sh"

# The command closes both and lives 3 s more; the writer (yes) must end
# at once, not when the tracer does.
start=$(date +%s%N)
{ yes; echo "yes ended" > writer.done; } | "$SLTRACE" -qq -e none -e signal=none \
	sh -c 'exec <&- >&-; sleep 3' &
pid=$!
for _ in $(seq 100); do
	[ -f writer.done ] && break
	sleep 0.02
done
[ -f writer.done ] || fail "the writer into the command's closed stdin went on"
wait $pid
expect_rc 0 $? "tracer (stdin closed)"

# Its stdout: cat sees EOF while the command still runs.
"$SLTRACE" -qq -e none -e signal=none sh -c 'exec >&-; sleep 3; echo x >&2' \
	2> err | { cat > /dev/null; echo "eof" > reader.done; } &
pid=$!
for _ in $(seq 100); do
	[ -f reader.done ] && break
	sleep 0.02
done
[ -f reader.done ] || fail "the reader of the command's closed stdout saw no EOF"
wait $pid
grep -q '^x$' err || { show err; fail "the command did not run to its end"; }

# The trace itself may still go to stdout through /dev/stdout or a pipe.
"$SLTRACE" -o '|cat' -e trace=exit_group sh -c 'exec >&-; exit 3' > out
expect_rc 3 $? "tracer -o |cat"
expect_line out "exit_group(3)                           = ?"

"$SLTRACE" -ff -o '|cat' true > out 2> err
expect_rc 1 $? "-ff -o |cat"
printf '%s\n' "$TOOL: piping the output and -ff/--output-separately are mutually exclusive" \
	"Try '$TOOL -h' for more information." | diff -u - err >&2 ||
	fail "-ff with a pipe not refused"

# argv[0], whatever it is, prefixes the messages.
ln -s "$(command -v "$SLTRACE")" ./my-tracer || fail "cannot link"
./my-tracer -p 0 > out 2> err
expect_rc 1 $? "./my-tracer -p 0"
expect_line err "./my-tracer: Invalid process id: '0'"
check_no_stopped
