#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Patterns of library calls on the command line.  sltrace's -l and -L
# refuse a pattern that does not compile (exit 1, nothing run); ltrace
# mode, as Debian's ltrace 0.7.3 does, warns of such a rule of -e, -l or
# -x and goes on without it (observed: `ltrace -e 'a+/[/+b' true`).
# tests/unit/rules_test.c checks what the rules select.
. "$SRCDIR/tests/lib.sh"
need_progs simple

case $TOOL in strace) skip "-l, -L and ltrace mode are sltrace's own" ;; esac
ln -sf "$SLTRACE_PATH" .bin/ltrace || fail "cannot link ltrace"

ebrack="Unmatched [, [^, [:, [., or [="

# own_bad MESSAGE -- ARGS...
own_bad() {
	local msg=$1
	shift 2
	rm -f ran
	"$SLTRACE" "$@" touch ran > out 2> err
	expect_rc 1 $? "$*"
	expect_empty out
	echo "$TOOL: $msg" | diff -u - err >&2 || fail "message for $*"
	[ ! -e ran ] || fail "$*: the command ran"
}
own_bad "invalid library call pattern 'str[': $ebrack" -- -l 'str['
own_bad "invalid library call pattern '!f@lib[': $ebrack" -- -l '!f@lib['
own_bad "invalid library call pattern '/(/': Unmatched ( or \\(" -- -L '/(/'
own_bad "invalid library call pattern '/x': Unmatched '/' in symbol name" -- --lib-call=/x
own_bad "invalid library call pattern 'f@/': Unmatched '/' in library name" -- --lib-entry=f@/

# Good patterns of every form are taken, with syscalls as before.  (They
# name no function of the program: what is traced is for other tests.)
"$SLTRACE" -l 'zz_str*' -l '!zz_strlen' -l '*@libzz.so*' \
	-l '/^zz_mem/@/^libzz/' -l 'zz@/usr/lib/zz/*' -L 'zz_main@MAIN' \
	-L '!*' --lib-call='' --lib-entry=zz@ -l '!*' --demangle \
	--proto-file=/dev/null -e trace=exit_group "$PROGS/simple" > out 2> err
expect_rc 0 $? "good patterns"
expect_match err '^exit_group\(0\) += \?$'

# ltrace mode: warnings, then the trace as usual (syscalls are off).
ltrace -o trace -e 'a+/[/+b' -e '/x+/' -e '@/' -l '/' -l 'lib[' \
	-x 'ba[z' "$PROGS/simple" > out 2> err
expect_rc 0 $? "ltrace with bad rules"
{
	echo "Rule near 'b' will be ignored: $ebrack."
	echo "Unmatched '/' in symbol name."
	echo "Unmatched '/' in symbol name."
	echo "Unmatched '/' in library name."
	echo "Unmatched '/' in library name."
	echo "Rule near '' will be ignored: $ebrack."
	echo "Rule near '' will be ignored: $ebrack."
} > want
diff -u want err >&2 || fail "warnings of ltrace mode"
expect_no_match trace '^(exit_group|SYS_)'
