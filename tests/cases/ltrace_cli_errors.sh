#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# ltrace mode's command line: sltrace run through a link named "ltrace"
# parses ltrace's options and refuses bad ones with Debian's ltrace 0.7.3
# messages (observed: `ltrace -n x true`...), exit 1, the command not run.
# Like ltrace, the messages name the program as argv[0] spells it.
. "$SRCDIR/tests/lib.sh"

case $TOOL in strace) skip "ltrace mode is sltrace's own" ;; esac
ln -sf "$SLTRACE_PATH" .bin/ltrace || fail "cannot link ltrace"

try="Try \`ltrace --help' for more information."

# bad WANT-LINES... -- ARGS...: "ltrace ARGS touch ran" prints exactly the
# lines (one per argument, "TRY" for ltrace's second line), exits 1 and
# does not run the command.
bad() {
	local l
	: > want
	while [ "$1" != -- ]; do
		l=$1
		[ "$l" = TRY ] && l=$try
		printf '%s\n' "$l" >> want
		shift
	done
	shift
	rm -f ran
	ltrace "$@" touch ran > out 2> err
	expect_rc 1 $? "ltrace $*"
	expect_empty out
	diff -u want err >&2 || fail "message for ltrace $*"
	[ ! -e ran ] || fail "ltrace $*: the command ran"
}

# getopt's own messages, then ltrace's "Try" line.
bad "ltrace: invalid option -- 'j'" TRY -- -j
bad "ltrace: unrecognized option '--foo'" TRY -- --foo
bad "ltrace: option '--demangle' doesn't allow an argument" TRY -- --demangle=1
bad "ltrace: option '--d' is ambiguous; possibilities: '--debug' '--demangle'" TRY -- --d
# strace's options are not ltrace's: -y, -k, -Z.
bad "ltrace: invalid option -- 'y'" TRY -- -y
bad "ltrace: invalid option -- 'Z'" TRY -- -Z
# Numbers: strtol's base 0, all of the argument, no "ltrace:" prefix.
bad "Invalid argument to -n: 'x'.  Use integer 0..20." -- -n x
bad "Invalid argument to -n: '21'.  Use integer 0..20." -- -n 21
bad "Invalid argument to -n: '-1'.  Use integer 0..20." -- --indent=-1
bad "Invalid argument to -s: 'x'.  Use integer >=0." -- -s x
bad "Invalid argument to -s: '-1'.  Use integer >=0." -- -s -1
bad "Invalid argument to -A: '-2'.  Use integer >=0." -- -A -2
bad "Invalid argument to -a: '5x'.  Use integer >=0." -- --align=5x
bad "Invalid argument to -p: 'x'.  Use integer >=1." -- -p x
bad "Invalid argument to -p: '0'.  Use integer >=1." -- -p 0
bad "Invalid argument to -p: '1x'.  Use integer >=1." -- -p 1x
bad "ltrace: --debug requires an octal argument" TRY -- -D 8
bad "ltrace: --debug requires an octal argument" TRY -- --debug=x
# -L goes with -l, not with -e (whatever the message says).
bad "ltrace: Option -L can't be used with -e or -l." TRY -- -L -e malloc
bad "ltrace: Option -L can't be used with -e or -l." TRY -- -e malloc -L

# Missing things: the command (ltrace reads every option first), an
# option's argument.
ltrace > out 2> err
expect_rc 1 $? "ltrace alone"
printf '%s\n' "ltrace: too few arguments" "$try" |
	diff -u - err >&2 || fail "message for ltrace alone"
ltrace -f -S -C -e malloc > out 2> err
expect_rc 1 $? "ltrace without a command"
printf '%s\n' "ltrace: too few arguments" "$try" |
	diff -u - err >&2 || fail "message without a command"
ltrace -o > out 2> err
expect_rc 1 $? "ltrace -o"
printf '%s\n' "ltrace: option requires an argument -- 'o'" "$try" |
	diff -u - err >&2 || fail "message for -o"
ltrace --output > out 2> err
expect_rc 1 $? "ltrace --output"
printf '%s\n' "ltrace: option '--output' requires an argument" "$try" |
	diff -u - err >&2 || fail "message for --output"

# Called by a path, ltrace names itself by that path.
"$PWD/.bin/ltrace" -j > out 2> err
expect_rc 1 $? "path/ltrace -j"
printf '%s\n' "$PWD/.bin/ltrace: invalid option -- 'j'" \
	"Try \`$PWD/.bin/ltrace --help' for more information." |
	diff -u - err >&2 || fail "message for path/ltrace -j"
check_no_stopped
