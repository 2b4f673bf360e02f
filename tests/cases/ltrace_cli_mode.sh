#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# How ltrace mode is entered: a link named "ltrace" (by any path), or
# "sltrace --ltrace" as the first argument; -h, -V and -Dh exit 0 with
# their text on stdout; -L, -w and the long forms are accepted.  sltrace's
# own mode is untouched: -L takes an argument there and --ltrace must come
# first.
. "$SRCDIR/tests/lib.sh"

case $TOOL in strace) skip "ltrace mode is sltrace's own" ;; esac
ln -sf "$SLTRACE_PATH" .bin/ltrace || fail "cannot link ltrace"
mkdir -p sub && ln -sf "$SLTRACE_PATH" sub/ltrace || fail "cannot link sub/ltrace"

for cmd in "ltrace" "sub/ltrace" "$SLTRACE --ltrace"; do
	$cmd -V > out 2> err
	expect_rc 0 $? "$cmd -V"
	expect_empty err
	expect_match out '^sltrace -- version .*, in ltrace mode'
	$cmd -h > out 2> err
	expect_rc 0 $? "$cmd -h"
	expect_empty err
	name=${cmd%% *}
	[ "$(head -n 1 out)" = "Usage: $name [option ...] [command [arg ...]]" ] ||
		{ show out; fail "$cmd -h: first line"; }
	for o in '-e FILTER' '-l, --library=LIB' '-x FILTER' '-S ' '-n, --indent=NR' \
		 '-w, --where=NR' '-F, --config=FILE' '-C, --demangle'; do
		grep -qF -- "$o" out || { show out; fail "$cmd -h lacks '$o'"; }
	done
	$cmd -Dh > out 2> err
	expect_rc 0 $? "$cmd -Dh"
	expect_empty err
	[ -s out ] || fail "$cmd -Dh printed nothing"
	# -V wins over what follows, as in ltrace.
	$cmd -V -j > out 2> err
	expect_rc 0 $? "$cmd -V -j"
done

# sltrace --ltrace names itself as invoked.
"$SLTRACE" --ltrace -j > out 2> err
expect_rc 1 $? "--ltrace -j"
printf '%s\n' "$TOOL: invalid option -- 'j'" "Try \`$TOOL --help' for more information." |
	diff -u - err >&2 || fail "message for --ltrace -j"

# Elsewhere, --ltrace is refused.
"$SLTRACE" -f --ltrace true > out 2> err
expect_rc 1 $? "-f --ltrace"
printf '%s\n' "$TOOL: --ltrace must be the first argument" "Try '$TOOL -h' for more information." |
	diff -u - err >&2 || fail "message for -f --ltrace"

# In sltrace's own mode -L needs its pattern, and strace's -x stays.
"$SLTRACE" -L > out 2> err
expect_rc 1 $? "-L"
printf '%s\n' "$TOOL: option requires an argument -- 'L'" "Try '$TOOL -h' for more information." |
	diff -u - err >&2 || fail "message for -L"
"$SLTRACE" -h > out 2> err
expect_rc 0 $? "-h"
for o in '-l [!]PATTERN[@LIB], --lib-call=[!]PATTERN[@LIB]' \
	 '-L [!]PATTERN[@LIB], --lib-entry=[!]PATTERN[@LIB]' '--demangle' \
	 '--proto-file=FILE' '--ltrace' '-x, --strings-in-hex=non-ascii' \
	 '-C, --summary'; do
	grep -qF -- "$o" out || { show out; fail "sltrace -h lacks '$o'"; }
done
