#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -e trace=SET prints only the syscalls in SET, whatever way SET is
# written (names, classes, regexes, '!', '?', none, the long option, a
# bare -e NAME); a later -e trace= replaces an earlier one; a syscall
# number no table knows is printed whatever SET is, as strace does.
. "$SRCDIR/tests/lib.sh"
need_progs simple rawsys

# run_set WANT ARGS...: trace simple with ARGS; of its getppid, write
# and close(987) lines ("expected"), those named in WANT are there and
# no others, and every other line is one of WANT's syscalls (the
# loader's close(3)) or the exit line.
run_set() {
	local want=$1 l name re='^\+\+\+ exited with 0 \+\+\+$'
	shift
	"$SLTRACE" -o trace "$@" "$PROGS/simple" expected > out
	expect_rc 0 $? "tracer ($*)"
	while read -r l; do
		name=${l%%(*}
		case " $want " in
		*" $name "*) expect_line trace "$l" ;;
		*) grep -qxF -- "$l" trace && { show trace; fail "$* printed: $l"; } ;;
		esac
	done < expected
	for name in $want; do
		re="$re|^$name\("
	done
	if grep -vE "$re" trace > other; then
		show trace
		fail "$* printed other syscalls: $(head -n 1 other)"
	fi
	[ "$(tail -n 1 trace)" = "+++ exited with 0 +++" ] || fail "last line ($*)"
}

run_set "getppid close" -e trace=getppid,close
run_set "write" --trace=write
run_set "write" -e write
run_set "close" -e t=close
run_set "getppid" -e 'trace=/^getppid$'
run_set "close" -e trace=?nosuchcall,close
run_set "close" -e trace=getppid -e trace=close
run_set "close" -e trace=close@64
run_set "" -e trace=close@32
run_set "" -e trace=none
run_set "" -e 'trace=!all'

# Negated: everything else is there, execve and exit_group included.
"$SLTRACE" -o trace -e 'trace=!write' "$PROGS/simple" expected > out
expect_rc 0 $? "tracer (!write)"
expect_no_match trace '^write\('
expect_line trace "$(grep '^getppid(' expected)"
expect_line trace "$(grep '^close(' expected)"
expect_match trace '^execve\('
expect_line trace "$(tline 'exit_group(0)' '?')"

# A class: %desc has write and close, not getppid.
"$SLTRACE" -o trace -e trace=%desc "$PROGS/simple" expected > out
expect_line trace "$(grep '^write(' expected)"
expect_line trace "$(grep '^close(' expected)"
expect_no_match trace '^getppid\('
expect_no_match trace '^execve\('

# A number without a name is never filtered out.
"$SLTRACE" -o trace -e trace=none "$PROGS/rawsys" 1000 > out
expect_line trace "$(tline 'syscall_0x3e8(0x1, 0x2, 0x3, 0x4, 0x5, 0x6)' '-1 ENOSYS (Function not implemented)')"
expect_count 2 trace '.'
