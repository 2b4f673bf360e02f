#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Bad -e expressions and bad values of the decoding options are refused
# with strace's messages, exit status 1 and nothing traced.  (The parser's
# own unit test, tests/unit/filter_test.c, covers the grammar in depth.)
. "$SRCDIR/tests/lib.sh"
need_progs simple

# bad MESSAGE [usage] -- ARGS...: the tracer prints "$TOOL: MESSAGE" (and
# strace's "Try" line with usage) and exits 1.
bad() {
	local msg=$1 usage=
	shift
	[ "$1" = usage ] && { usage=1; shift; }
	shift
	"$SLTRACE" "$@" "$PROGS/simple" > out 2> err
	expect_rc 1 $? "tracer ($*)"
	expect_empty out
	{
		echo "$TOOL: $msg"
		[ -n "$usage" ] && echo "Try '$TOOL -h' for more information."
	} > want
	diff -u want err >&2 || fail "message for $*"
}

bad "invalid system call 'nosuchcall'" -- -e trace=nosuchcall
bad "invalid system call 'nosuchcall'" -- -e '!nosuchcall'
bad "invalid system call 'foo=bar'" -- -e foo=bar
bad "invalid system call ''" -- -e trace=
bad "invalid system call '!,'" -- -e 'trace=!,'
bad "invalid system call 'none'" -- -e trace=read,none
bad "invalid system call '%FILE'" -- --trace=%FILE
bad "invalid system call 'stat64@64'" -- -e trace=stat64@64
bad "invalid system call '/^nosuch'" -- -e 'trace=/^nosuch'
bad "incorrect personality designator '16' in qualification 'read@16'" usage -- -e trace=read@16
bad "regcomp: (: Unmatched ( or \\(" -- -e 'trace=/('
bad "invalid system call 'foo'" -- -e abbrev=foo
bad "invalid system call 'foo'" -- --verbose=foo
bad "invalid system call 'foo'" -- -e raw=foo
bad "invalid descriptor 'foo'" -- -e read=foo
bad "invalid descriptor '-1'" -- --write=-1
bad "invalid signal 'SIGFOO'" -- -e signal=SIGFOO
bad "invalid signal '256'" -- --signal=256
bad "invalid status 'success'" -- -e status=success
bad "invalid quiet 'detach'" -- -e quiet=detach
bad "invalid quiet ''" -- --quiet=
bad "invalid decode-fds 'signalfd'" -- --decode-fds=signalfd
bad "invalid -X argument: 'RAW'" usage -- -X RAW
bad "invalid --const-print-style argument: 'foo'" usage -- --const-print-style=foo
bad "invalid --strings-in-hex argument: 'foo'" usage -- --strings-in-hex=foo
bad "-x and --strings-in-hex cannot be provided simultaneously" -- -x --strings-in-hex=none
bad "-y and --decode-fds cannot be provided simultaneously" -- -y --decode-fds=path
bad "-y and --decode-fds cannot be provided simultaneously" -- -e decode-fds=path -y
bad "option '--no-abbrev' doesn't allow an argument" usage -- --no-abbrev=1
