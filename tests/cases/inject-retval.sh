#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -e inject=SET:retval=VALUE: the call does not run and "succeeds" with
# VALUE, printed unsigned as strace prints it.  A VALUE that the program
# takes for an error draws strace's warning, for 64-bit programs and for
# 32-bit ones, as does a VALUE too wide for a 32-bit register.
. "$SRCDIR/tests/lib.sh"
need_progs inject_calls inject_calls32

# run PROG VALUE: trace one chdir that returns VALUE.
run() {
	"$SLTRACE" -o trace -e trace=chdir -e "inject=chdir:retval=$2" \
		"$PROGS/$1" chdir 1 > out 2> err
	expect_rc 0 $? "tracer ($1, retval=$2)"
}

run inject_calls 42
expect_line out "chdir 1: 42 0"
expect_line trace "$(tline 'chdir("/")' '42 (INJECTED)')"
expect_empty err

# C syntax: octal and hexadecimal.
run inject_calls 010
expect_line out "chdir 1: 8 0"
run inject_calls 0x10
expect_line out "chdir 1: 16 0"

run inject_calls -1
expect_line out "chdir 1: -1 1"
expect_line trace "$(tline 'chdir("/")' '18446744073709551615 (INJECTED)')"
expect_line err "$TOOL: Inadvertent injection of error 1 is possible for retval=18446744073709551615"

run inject_calls -4096
expect_line out "chdir 1: -4096 0"
expect_line trace "$(tline 'chdir("/")' '18446744073709547520 (INJECTED)')"
expect_line err "$TOOL: Injected return value 18446744073709547520 will be clipped to 4294963200 in compat personality"

if have_32bit; then
	run inject_calls32 4294967295
	expect_line out "chdir 1: -1 1"
	expect_line trace "$(tline 'chdir("/")' '4294967295 (INJECTED)')"
	expect_line err "$TOOL: Inadvertent injection of error 1 is possible in compat personality for retval=4294967295"

	run inject_calls32 4294967296
	expect_line out "chdir 1: 0 0"
	expect_line trace "$(tline 'chdir("/")' '0 (INJECTED)')"
	expect_line err "$TOOL: Injected return value 4294967296 will be clipped to 0 in compat personality"
else
	note "no 32-bit support: compat clipping not checked"
fi

# The warning comes as the retval= part is read, even if a later part
# is wrong; and once per -e inject.
"$SLTRACE" -e inject=chdir:retval=-1:when=0 true 2> err
expect_rc 1 $? "tracer (bad when=)"
printf '%s\n' "$TOOL: Inadvertent injection of error 1 is possible for retval=18446744073709551615" \
	"$TOOL: invalid inject argument 'chdir:retval=-1:when=0'" > want
diff want err > /dev/null || { show err; fail "warning, then error"; }
"$SLTRACE" -o trace -e trace=chdir -e inject=chdir:retval=-2 -e inject=chdir:retval=-2 \
	"$PROGS/inject_calls" chdir 1 > out 2> err
expect_rc 0 $? "tracer (two warnings)"
expect_nlines 2 err "$TOOL: Inadvertent injection of error 2 is possible for retval=18446744073709551614"
