#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -e inject=SET:poke_enter=@argN=HEX / poke_exit=: the bytes land where
# the argument points before the syscall runs (entry) or before the
# program sees the result (exit), in writable and read-only memory, and
# the line ends "(INJECTED: args)" or "(INJECTED: args, retval)".  An
# unmapped address or a missing argument is reported and not marked.
# Lines, the program's output and the messages agree with strace's.
. "$SRCDIR/tests/lib.sh"
need_progs poke_calls
need_strace

prog=$PROGS/poke_calls
norm() {
	sed -E -e 's/0x[0-9a-f]{6,}/ADDR/g' -e 's/process [0-9]+/process PID/' \
	       -e 's/^[^:]*(strace|sltrace)(: poke_tcb)?: /TOOL: /' "$@"
}
run_both() {
	"$STRACE" -o strace.out "$@" "$prog" > strace.stdout 2> strace.err ||
		fail "strace $* failed"
	"$SLTRACE" -o sltrace.out "$@" "$prog" > sltrace.stdout 2> sltrace.err
	expect_rc 0 $? "$TOOL $*"
	for f in out stdout err; do
		norm "strace.$f" > "s.$f"
		norm "sltrace.$f" > "l.$f"
		diff -u "s.$f" "l.$f" >&2 || fail "$f differs with: $*"
	done
}

run_both -e trace=chdir,getcwd,sendfile \
	-e inject=chdir:poke_enter=@arg1=2f00 \
	-e inject=getcwd:poke_exit=@arg1=2f786100 \
	-e inject=sendfile:poke_enter=@arg3=0000000000000000:poke_exit=@arg3=ffffffffffffffff
expect_line sltrace.stdout "chdir rw: 0 path=/"
expect_line sltrace.stdout "getcwd: 0 cwd=/xa"
expect_match sltrace.out '^chdir\("/"\) += 0 \(INJECTED: args\)$'

# With error=: both marks; a missing argument and when=.
run_both -e trace=chdir \
	-e inject=chdir:error=ENOENT:poke_enter=@arg1=2f00,@arg2=00:when=2+
expect_match sltrace.out '^chdir\("/"\) += -1 ENOENT \(No such file or directory\) \(INJECTED: args, retval\)$'
expect_line sltrace.err "$TOOL: Failed to tamper with process $(sed -n 's/.*process \([0-9]*\):.*/\1/p' sltrace.err | head -1): requested to tamper with argument #2, but system call 'chdir' has only 1 arguments"

# JSON keeps the mark, and its replay gives the line back.
"$SLTRACE" --output-format=json -o trace.json -e trace=chdir \
	-e inject=chdir:error=ENOENT:poke_enter=@arg1=2f00 "$prog" > /dev/null
grep -q '"poked":true,"injected":true' trace.json || { show trace.json; fail "JSON has no poked mark"; }
"$SLTRACE" --replay=trace.json -o replayed > /dev/null 2>&1
expect_match replayed '^chdir\("/"\) += -1 ENOENT \(No such file or directory\) \(INJECTED: args, retval\)$'

# Malformed pokes are refused as strace refuses them.
for arg in "@arg0=00" "@arg8=00" "@arg1=0" "@arg1=" "@arg1=00,@arg1=01" "arg1=00" \
	   "@arg1=00:poke_enter=@arg2=00"; do
	"$SLTRACE" -e inject=chdir:poke_enter="$arg" true > out 2> err
	expect_rc 1 $? "poke_enter=$arg"
	expect_line err "$TOOL: invalid inject argument 'chdir:poke_enter=$arg'"
done
"$SLTRACE" -e fault=chdir:poke_enter=@arg1=00 true > out 2> err
expect_rc 1 $? "fault= with poke_enter"
expect_line err "$TOOL: invalid fault argument 'chdir:poke_enter=@arg1=00'"
check_no_stopped
