#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# backends: auto ptrace
# One table per personality: stats_calls makes its calls, then execs its
# -m32 build, which makes others.  -c gives the native table, then the
# line "System call usage summary for 32 bit mode:" and the 32-bit
# table; compared with strace's.  With only 32-bit calls traced, only the
# 32-bit table is printed, still under its title.
. "$SRCDIR/tests/lib.sh"
need_strace
need_progs stats_calls
command -v python3 > /dev/null || skip "no python3"
[ -x "$PROGS/stats_calls32" ] || skip "no stats_calls32 (gcc -m32 cannot link)"
"$PROGS/stats_calls32" calls 0 0 || skip "stats_calls32 does not run (no 32-bit support)"

run=("$PROGS/stats_calls" calls 4 1 "$PROGS/stats_calls32" calls 6 2)
for flags in "-c" "-c -S calls" "-C" "-f -c" "-c -e trace=getppid,close"; do
	# shellcheck disable=SC2086
	"$STRACE" $flags -o want "${run[@]}" > /dev/null 2>&1
	# shellcheck disable=SC2086
	"$SLTRACE" $flags -o got "${run[@]}" > /dev/null 2>&1
	expect_rc 0 $? "tracer ($flags)"
	python3 "$SRCDIR/tests/progs/stats_cmp" --time-order want got ||
		{ show want got; fail "tables differ: $flags"; }
done

# i386's socketcall and ipc count as their sub-calls, in rows after all
# the syscalls' (strace's order), apart from the socket syscall's row.
for flags in "-c -S nothing" "-c -S name" "-C -S nothing" "-c"; do
	# shellcheck disable=SC2086
	"$STRACE" $flags -o want "$PROGS/stats_calls32" subcalls > /dev/null 2>&1
	# shellcheck disable=SC2086
	"$SLTRACE" $flags -o got "$PROGS/stats_calls32" subcalls > /dev/null 2>&1
	expect_rc 0 $? "tracer ($flags subcalls)"
	order=
	[ "$flags" = -c ] && order=--time-order
	python3 "$SRCDIR/tests/progs/stats_cmp" $order want got ||
		{ show want got; fail "tables differ: $flags subcalls"; }
done
expect_count 2 got ' socket$'

"$SLTRACE" -c -U calls,errors,name -o got "${run[@]}"
expect_rc 0 $? "tracer"
expect_count 1 got '^System call usage summary for 32 bit mode:$'
expect_count 2 got '^    calls    errors syscall$'
# The 32-bit table comes second, with the 32-bit program's counts (the
# dynamic loader's successful close calls are counted too).
sed -n '/^System call usage summary for 32 bit mode:$/,$p' got > t32
sed -n '1,/^System call usage summary/p' got > t64
expect_line t32 "        6           getppid"
expect_match t32 '^ +[0-9]+         2 close$'
expect_line t64 "        4           getppid"
expect_match t64 '^ +[0-9]+         1 close$'

"$SLTRACE" -c -e trace=getppid@32 -U calls,name -o got "${run[@]}"
expect_rc 0 $? "tracer (getppid@32)"
printf '%s\n' "System call usage summary for 32 bit mode:" \
	"    calls syscall" "--------- ----------------" "        6 getppid" \
	"--------- ----------------" "        6 total" | diff -u - got >&2 ||
	fail "only the 32-bit table"
check_no_stopped
