#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -c -l with -f on the BPF back end: the kernel counts every library call
# of every task, forked children by the probes their parent's program
# has, and a program a task execs by probes put into it at its exec stop
# (ptrace follows the tasks for their execs, nothing else), before its
# first instruction.  The calls are the ones each program knows it made
# (its EXPECT file) and the rows the ptrace back end's.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"
command -v python3 > /dev/null || skip "no python3"
need_kbpf

# calls FILE FUNC: the calls of FUNC's row of a -c table, else 0.
calls() {
	awk -v f="$2" '$NF == f && NF >= 5 { print $4; found = 1 }
		END { if (!found) print 0 }' "$1"
}

# run NAME WANT FLAGS... -- COMMAND...: both back ends count WANT calls
# of bar_add, and the bpf one says it counts in the kernel.
run() {
	local name=$1 want=$2 flags=()
	shift 2
	while [ "$1" != -- ]; do flags+=("$1"); shift; done
	shift
	rm -f exp
	"$SLTRACE" --backend=ptrace "${flags[@]}" -o ptrace.out "$@" > out.p 2>&1
	expect_rc 0 $? "$name: ptrace"
	rm -f exp
	"$SLTRACE" --backend=bpf -d "${flags[@]}" -o bpf.out "$@" > out.b 2> err
	expect_rc 0 $? "$name: bpf"
	expect_match err 'counting in the kernel, ptrace at execs: BPF back end'
	grep -q '^ok' out.b || { show out.b err; fail "$name: the program failed"; }
	[ -n "$want" ] || want=$(wc -l < exp)
	[ "$(calls bpf.out bar_add)" = "$want" ] ||
		{ show bpf.out exp err; fail "$name: bpf counted not $want calls"; }
	[ "$(calls ptrace.out bar_add)" = "$want" ] ||
		{ show ptrace.out exp; fail "$name: ptrace counted not $want calls"; }
	# No line of the kernel's about a program it could not probe.
	grep -q 'not counted' err && { show err; fail "$name: calls not counted"; }
	# The tables and nothing else: no line of a syscall ptrace stopped at.
	grep -q '(' bpf.out && { show bpf.out; fail "$name: a trace line"; }
	return 0
}

lc_build pie pie forks loop
lc_build nopie nopie forks loop
# Forked children: their parent's probes, in each child.
run fork "" -f -c -e trace=none -l bar_add -- pie/forks fork 12 exp
# vfork children share the parent's memory and return through its stack.
run vfork "" -f -c -e trace=none -l bar_add -- pie/forks vfork 6 exp
# The same program exec'd again: its probes are there already.
run exec-self "" -f -c -e trace=none -l bar_add -- pie/forks exec exp
# Another program exec'd (a non-PIE build: other file, other offsets).
FORKS_EXEC=$PWD/nopie/forks run exec-other "" -f -c -e trace=none \
	-l bar_add -- pie/forks exec exp
# A shell, whose PLT has no bar_add, runs two programs one after the
# other: 5 + 7 calls, the syscalls counted beside.
run shell 12 -f -c -l bar_add -- sh -c 'pie/loop count 5 && nopie/loop count 7 && echo ok'
expect_match bpf.out '^ *[0-9.]+ +[0-9.]+ +[0-9]+ +[0-9]+ +([0-9]+ +)?execve$'

# A script's call: clauses the same way: the maps are ptrace's.
script='call:bar_* { @[name, comm] = count(); @t = stats(latency * 0); } call:bar_add:entry { @e = count(); }'
same_script() {
	rm -f exp
	"$SLTRACE" --backend=ptrace -f -o want --script "$script" "$@" > /dev/null
	rm -f exp
	"$SLTRACE" --backend=bpf -d -f -o got --script "$script" "$@" > /dev/null 2> err ||
		{ show err; fail "script, bpf failed: $*"; }
	expect_match err 'the script in the kernel, ptrace at execs: BPF back end'
	expect_match got '^@e: [1-9]'
	diff -u want got || fail "script: the back ends differ: $*"
}
same_script pie/forks fork 9 exp
same_script pie/forks vfork 4 exp
FORKS_EXEC=$PWD/nopie/forks same_script pie/forks exec exp
same_script sh -c 'pie/loop count 5 && nopie/loop count 7'
expect_line got '@e: 12'

# A program exec'd that calls through its GOT alone has nothing to
# probe: said in one line, the other programs' calls counted.
lc_build noplt noplt forks
FORKS_EXEC=$PWD/noplt/forks "$SLTRACE" --backend=bpf -f -c -e trace=none \
	-l bar_add -o bpf.out pie/forks exec exp > out 2> err
expect_rc 0 $? "exec of -fno-plt"
expect_line out "ok exec"
[ "$(wc -l < err)" = 1 ] || { show err; fail "-fno-plt: not one line"; }
expect_match err 'the library calls of forks \(pid [0-9]+\) are not counted: forks calls bar_add through its GOT'
[ "$(calls bpf.out bar_add)" = 1 ] || { show bpf.out; fail "-fno-plt: not the 1 call before it"; }

# -p with -f: the running program's probes go in at the attach, ptrace
# lets go at the end, and the program finds its code as it was.
lc_loop_start
lc_loop_detach --backend=bpf -f -c -e trace=none -l 'bar_*'
expect_match trace '^ *[0-9.]+ +[0-9.]+ +[0-9]+ +[0-9]+ +bar_add$'
expect_match trace '^ *[0-9.]+ +[0-9.]+ +[0-9]+ +[0-9]+ +bar_cb$'
lc_loop_finish
