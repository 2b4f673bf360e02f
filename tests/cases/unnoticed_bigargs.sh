#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A program started with 100,000-character arguments and environment
# variables (tests/progs/bigargs.c), which it execs again with the same:
# it prints a hash of each and of its whole environment.  Traced, they
# must all be the same, also with sltrace printing every byte (-s).
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/unnoticed.sh"
need_progs bigargs

# Three arguments and two variables of 100,000 characters (an argument
# or variable may have up to 32 pages, MAX_ARG_STRLEN), not all alike.
a=$(printf '%.0s0123456789' {1..10000})
b=$(printf '%.0sxyz.,;:!?=' {1..10})
b=$(printf "%.0s$b" {1..1000})
c=$(printf '%.0s\t"\\\001\377' {1..20000})
[ ${#a} = 100000 ] && [ ${#b} = 100000 ] || fail "test strings are ${#a} and ${#b} long"
[ "$(printf %s "$c" | wc -c)" = 100000 ] || fail "the third test string is not 100000 bytes"
export BIG_A="$a" BIG_B="${b:0:99994}"
un_base "$PROGS/bigargs" exec "$a" "$b" "$c" short ""
for i in 1 2 3; do
	expect_match base.res "^arg $i: length 100000 hash "
done
expect_match base.res "^arg 5: length 0 hash "
expect_match base.res "^env BIG_A: length 100006 hash "
expect_match base.res "^env BIG_B: length 100000 hash "
expect_line base.res "exit 5"

un_ways execve strlen 'main' "$PROGS/bigargs" exec "$a" "$b" "$c" short ""
expect_count 2 f.trace '^[0-9]+ +execve\(.*\) += 0$'

# Every byte of the arguments in the trace.
if [ "$TOOL" != strace ]; then
	un_traced all -f -v -s 200000 -- "$PROGS/bigargs" exec "$a" "$b" "$c" short ""
	printf '"%s", "%s"\n' "$a" "$b" > args.pat
	grep -F -f args.pat all.trace |
		grep -qE '^[0-9]+ +execve\("/proc/self/exe", \["[^"]*bigargs", "print", "0123' ||
		fail "the second execve's arguments are not all in the trace"
	printf '"BIG_A=%s"\n' "$a" > env.pat
	n=$(grep -F -f env.pat all.trace | grep -cE '^[0-9]+ +execve\(')
	[ "$n" = 2 ] || fail "BIG_A is all in $n execve lines, not 2"
fi
