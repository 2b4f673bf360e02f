#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Library calls and probes as a script's sources (issue 13): the threads
# program writes each bar_add call it makes ("TID bar_add(A, B) = R"),
# and each script's maps must hold exactly those calls — by thread, by
# argument, summed — whether the calls come through the PLT (call:FUNC,
# as -l), at the function's entry (call:FUNC@LIB, as -L) or as probes
# (probe:FUNC and %return, with the parameters by name).  -c counts the
# same run's calls as the script does.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"
. "$SRCDIR/tests/cases/script.inc"

lc_build pie b threads

# want_map NAME AWK-KEY AWK-COND: "@NAME[KEY]: N" lines of exp's calls
# (fields: 1 tid, 2 a, 3 b, 4 r), sorted.
want_map() {
	sed -E 's/^([0-9]+) bar_add\((-?[0-9]+), (-?[0-9]+)\) = (-?[0-9]+)$/\1 \2 \3 \4/' exp |
		awk "$3 { n[$2]++ } END { for (k in n) print \"@$1[\" k \"]: \" n[k] }" | sort
}

run() {
	local name=$1
	shift
	"$SLTRACE" -f -o "$name.out" "$@" b/threads 4 50 exp > "$name.prog" 2> "$name.err"
	expect_rc 0 $? "$name: tracer"
	expect_line "$name.prog" "ok 4 threads x 50 calls"
	lc_no_traps "$name.out"
}

# 1. call:FUNC, by thread, by first argument, summed, and a predicate;
#    -c -l bar_add counts the same calls in the same run.
run plt -c -l bar_add --script '
call:bar_add { @bytid[tid] = count(); @s = sum(retval); }
call:bar_add:entry { @bya[arg0] = count(); }
call:bar_add:entry /arg0 == 3 && arg1 > 1/ { @sel = count(); }'
want_map bytid '$1' 1 > want
grep -E '^@bytid\[' plt.out | sort > got
diff -u want got >&2 || fail "call: @bytid differs from the calls made"
want_map bya '$2' 1 > want
grep -E '^@bya\[' plt.out | sort > got
diff -u want got >&2 || fail "call: @bya differs from the calls made"
sum=$(awk '{ s += $NF } END { print s }' exp)
[ "$(map_value plt.out @s)" = "$sum" ] || { show plt.out; fail "call: @s is not $sum"; }
sel=$(sed -E 's/.*\((-?[0-9]+), (-?[0-9]+)\).*/\1 \2/' exp | awk '$1 == 3 && $2 > 1' | wc -l)
[ "$(map_value plt.out @sel)" = "$sel" ] || { show plt.out; fail "call: @sel is not $sel"; }
calls=$(awk '$NF == "bar_add" { print $4 }' plt.out)
[ "$calls" = "$(wc -l < exp)" ] || { show plt.out; fail "call: -c counts $calls, the program made $(wc -l < exp)"; }
# Only the script's output and the table: no call line.
expect_no_match plt.out 'bar_add\('

# 2. call:FUNC@LIB: the function's entry in the library, as -L.
run entry --script 'call:bar_add@libbar.so { @n = count(); @lat = stats(latency); }'
[ "$(map_value entry.out @n)" = "$(wc -l < exp)" ] || { show entry.out; fail "call@lib: @n"; }
expect_match entry.out "^@lat: count $(wc -l < exp), average [0-9]+, total [0-9]+$"

# 3. Probes: the entry with its parameters by name, and %return's value.
run probe --script '
probe:bar_add { @bya[args.a] = count(); }
probe:bar_add%return { @r = sum(retval); }'
want_map bya '$2' 1 > want
grep -E '^@bya\[' probe.out | sort > got
diff -u want got >&2 || fail "probe: @bya differs from the calls made"
[ "$(map_value probe.out @r)" = "$sum" ] || { show probe.out; fail "probe: @r is not $sum"; }

# 4. A probe's variables through DWARF, by their paths under args
#    (args.it->len, a struct member through a pointer), against the
#    --probe lines of the same run showing the same values.
need_progs probe_vars
"$SLTRACE" -e trace=none -o dw.out --probe 'sink it->len it->name' --script '
probe:sink { printf("script %d %s\n", args.it->len, str(args.it->name)); }' \
	"$PROGS/probe_vars" > dw.prog 2> dw.err
expect_rc 0 $? "dwarf: tracer"
sed -nE 's/^--- probe sink \{it->len=([0-9]+), it->name="(.*)"\} ---$/script \1 \2/p' dw.out > want
grep '^script ' dw.out > got
[ -s want ] || { show dw.out; fail "dwarf: no probe line"; }
diff -u want got >&2 || fail "dwarf: the script's values differ from the probe's"
expect_empty dw.err

# 5. A USDT point's arguments as arg0..argN (bpftrace's numbering: the
#    probe's line names them from 1), against --probe's line of the
#    same run.
need_progs probe_usdt
"$SLTRACE" -e trace=none -o sdt.out --probe 'sdt:sltest:consts' --script '
sdt:sltest:consts { printf("script {arg1=%d, arg2=%d, arg3=%d, arg4=%d}\n", arg0, arg1, arg2, arg3); }' \
	"$PROGS/probe_usdt" > sdt.prog 2> sdt.err
expect_rc 0 $? "sdt: tracer"
sed -nE 's/^--- probe sdt:sltest:consts (\{.*\}) ---$/script \1/p' sdt.out > want
grep '^script ' sdt.out > got
[ -s want ] || { show sdt.out; fail "sdt: no probe line"; }
diff -u want got >&2 || fail "sdt: the script's arguments differ from the probe's"
exit 0
