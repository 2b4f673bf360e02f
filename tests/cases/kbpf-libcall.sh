#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The BPF back end counts library calls (-c -l) with uprobes on the
# program's PLT entries: the same function rows and calls as the ptrace
# back end in every link mode with a PLT (lazy, -z now, non-PIE, IBT's
# .plt.sec), with syscalls beside them or without, nested calls (a
# callback calling out again) and recursion; -fno-plt has no PLT entry
# to probe: ptrace under auto, a one-line error when forced.
# Some 30 traces, each putting in and taking out uprobes (a few tenths
# of a second in the kernel): half a minute on an idle machine.
# timeout-factor: 2
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"
command -v python3 > /dev/null || skip "no python3"
need_kbpf

# rows FILE: "name calls errors" of every table row, sorted.
rows() {
	python3 - "$1" <<'PY'
import re, sys
out = []
for line in open(sys.argv[1]):
    m = re.match(r"^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(\d*)\s*(\S+)$", line)
    if m:
        out.append("%s %s %s" % (m.group(3), m.group(1), m.group(2) or "0"))
print("\n".join(sorted(out)))
PY
}

same() {
	local flags=()
	while [ "$1" != -- ]; do flags+=("$1"); shift; done
	shift
	"$SLTRACE" --backend=ptrace "${flags[@]}" -o want "$@" > /dev/null 2>&1
	"$SLTRACE" --backend=bpf "${flags[@]}" -o got "$@" > /dev/null 2>&1 ||
		{ show got; fail "bpf failed: ${flags[*]} -- $*"; }
	rows want > want.rows
	rows got > got.rows
	grep -q bar_ want.rows || { show want; fail "no bar_ row: ${flags[*]} -- $*"; }
	diff -u want.rows got.rows ||
		{ show want got; fail "the back ends differ: ${flags[*]} -- $*"; }
}

for mode in pie nopie now ibt; do
	lc_build "$mode" "$mode" caller loop recurse
	same -c -e trace=none -l 'bar_*' -- "$mode/caller" plt.exp entry.exp
	same -c -e trace=none -l bar_add -- "$mode/loop" count 300
	same -c -l 'bar_*' -- "$mode/recurse" 20 rec.exp
done
# bar_cb calls back into the program, which calls bar_add: nested.
same -c -e trace=none -l 'bar_*' -- pie/loop count 50

# A script's call: clauses that only aggregate: the same probes, the
# ptrace back end's maps (every link mode, nested calls, recursion).
script='call:bar_* { @[name] = count(); @t = stats(latency * 0); } call:bar_*:entry { @e[name, comm] = count(); }'
for run in "pie/caller plt.exp entry.exp" "now/caller plt.exp entry.exp" \
	   "nopie/loop count 50" "ibt/recurse 20 rec.exp"; do
	# shellcheck disable=SC2086
	"$SLTRACE" --backend=ptrace -o want --script "$script" $run > /dev/null
	# shellcheck disable=SC2086
	"$SLTRACE" --backend=bpf -d -o got --script "$script" $run > /dev/null 2> err ||
		{ show err; fail "script, bpf failed: $run"; }
	expect_match err 'script: clause 2 \(script:1:60\) runs in the kernel'
	expect_match got '^@\[bar_'
	diff -u want got || fail "script: the back ends differ: $run"
done
# Beside a clause on ptrace, ptrace's breakpoints and the kernel's probes
# would share the PLT entries: call: goes to ptrace.
"$SLTRACE" -d -o got --script 'call:bar_add { @ = count(); } syscall:write { printf("w\n"); }' pie/loop count 3 2> err
expect_rc 0 $? "script beside ptrace"
expect_match err 'script: clause 1 \(script:1:1\) needs ptrace: call: beside clauses on ptrace'
expect_line got '@: 3'
# Beside an option that needs ptrace (-k) no uprobe goes in: ptrace's.
"$SLTRACE" -d -k -o got --script 'call:bar_add { @ = count(); }' pie/loop count 3 2> err
expect_rc 0 $? "script beside -k"
expect_match err 'script: clause 1 \(script:1:1\) needs ptrace: call: beside -k$'
expect_line got '@: 3'
"$SLTRACE" --backend=bpf -o got --script 'call:bar_add { @[retval] = count(); }' pie/loop count 3 2> err
expect_rc 1 $? "a call's retval, forced"
expect_match err "a call's retval"

# Functions that return twice keep their return address: a uretprobe
# there would have the kernel kill the program at the second return
# (SIGILL).  -c counts none of their calls, as ptrace counts none (it
# never sees them end); a script's call: on them fires at the entry,
# which stays on ptrace.
lc_build pie tw twice
for f in _setjmp vfork '*jmp*'; do
	"$SLTRACE" --backend=bpf -c -e trace=none -l "$f" -o got tw/twice > out
	expect_rc 0 $? "-c -l $f on setjmp and vfork"
	expect_line out "ok 3 7"
	"$SLTRACE" --backend=ptrace -c -e trace=none -l "$f" -o want tw/twice > /dev/null
	diff -u <(rows want) <(rows got) || fail "-c -l $f: the back ends differ"
done
"$SLTRACE" -d -o got --script 'call:*jmp { @[name] = count(); }' tw/twice > out 2> err
expect_rc 0 $? "call:*jmp"
expect_line out "ok 3 7"
expect_match err "needs ptrace: _setjmp returns twice or never"
expect_line got '@[_setjmp]: 1'

# The calls the program knows it made.
"$SLTRACE" --backend=bpf -c -e trace=none -l bar_add -o got pie/loop count 1000 > /dev/null
expect_rc 0 $? "loop"
expect_match got '^ *[0-9.]+ +[0-9.]+ +[0-9]+ +1000 +bar_add$'

lc_build noplt noplt caller
"$SLTRACE" -d -c -e trace=none -l 'bar_*' -o got noplt/caller plt.exp entry.exp 2> err
expect_rc 0 $? "noplt, auto"
grep -q 'BPF back end not used: .*GOT' err || { show err; fail "noplt: -d says nothing"; }
"$SLTRACE" --backend=bpf -c -e trace=none -l 'bar_*' noplt/caller plt.exp entry.exp > out 2> err
expect_rc 1 $? "noplt, forced"
[ "$(wc -l < err)" = 1 ] || { show err; fail "noplt forced: not one line"; }
# What needs the library: ptrace.
"$SLTRACE" -d -c -e trace=none -l 'bar_*@libbar.so' -o got pie/caller plt.exp entry.exp 2> err
grep -q 'BPF back end not used: -l PATTERN@LIB needs ptrace' err ||
	{ show err; fail "@LIB under auto"; }
# -p: the probes go into the running program, never stopping it, and come
# out at the end: the program finds its code as it was (it compares) and
# ends well; the table holds the calls made while counting.
lc_loop_start
lc_loop_detach --backend=bpf -c -e trace=none -l 'bar_*'
expect_match trace '^ *[0-9.]+ +[0-9.]+ +[0-9]+ +[0-9]+ +bar_add$'
expect_match trace '^ *[0-9.]+ +[0-9.]+ +[0-9]+ +[0-9]+ +bar_cb$'
lc_loop_finish
check_no_stopped
