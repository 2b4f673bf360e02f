#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# --output-format=json beyond single syscalls: children under -f (attach
# records, exits, a syscall record per task), signals with their
# siginfo, -k stacks in the records, -c and --hist as summary and hist
# records, -e write= dumps, library calls (call and return records,
# nested), -ff files and -o |cmd, sltrace's own notes.  Every record of every run must be
# accepted by doc/trace-schema.json; the values checked are those the
# programs know they made.
# timeout-factor: 2
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"
need_progs forker sigs writestr inner_ptrace

. "$SRCDIR/tests/json.sh"
J="$SLTRACE --output-format=json"

# get FILE EXPR: EXPR over each record r, as json_check.py get prints it.
get() {
	$check get "$1" "$2"
}

# children: forker's child exits 3, the parent 0
$J -f -o fork.json "$PROGS/forker" fork 0 3 > out
expect_rc 0 $? "forker under -f"
child=$(sed -n 's/^child \([0-9]*\) exited 3$/\1/p' out)
[ -n "$child" ] || { show out; fail "forker did not say its child"; }
expect_line <(get fork.json 'r["how"] + " " + str(r["pid"]) if r["type"] == "attach" else 1/0') "follow $child"
expect_line <(get fork.json 'str(r["pid"]) + " " + str(r["status"]) if r["type"] == "exit" else 1/0') "$child 3"
[ "$(get fork.json 'r["pid"] if r["type"] == "syscall" and r["name"] == "getppid" else 1/0')" = "$child" ] ||
	fail "the child's getppid is not a record of the child"
get fork.json 'r["name"] if r["type"] == "syscall" and r["pid"] != r["tid"] else 1/0' > threads
expect_empty threads
# the fork as a record of the parent, before the child's first; the
# exec of the command, with the name the kernel gave it
expect_line <(get fork.json 'r["how"] + " " + str(r["child"]) + " " + str(r["pid"]) if r["type"] == "fork" else 1/0') \
	"fork $child $(get fork.json 'r["pid"] if r["type"] == "exec" else 1/0')"
expect_line <(get fork.json 'r["type"] if r["pid"] == '"$child"' else 1/0' | head -1) "attach"
expect_line <(get fork.json 'r["comm"] + " " + r["exe"] if r["type"] == "exec" else 1/0') "forker $PROGS/forker"
# threads: a clone record each, with CLONE_THREAD; the execve's record
# follows its exec record and is whole
$J -f -o thr.json "$PROGS/threads" 3 2 > /dev/null
expect_rc 0 $? "threads under json"
expect_count 3 <(get thr.json 'r["how"] + " " + str(r.get("thread")) if r["type"] == "fork" else 1/0') "^clone True$"
expect_line <(get thr.json 'r["type"] if r["type"] == "exec" or r.get("name") == "execve" else 1/0' | tr '\n' ' ') "exec syscall "
expect_line <(get thr.json 'str(r["retval"]) if r.get("name") == "execve" else 1/0') "0"

# signals: three SIGUSR1 the program sends itself and handles
$J -e trace=kill,tgkill,rt_sigreturn -o sig.json "$PROGS/sigs" handler 3 > out
expect_rc 0 $? "sigs under json"
expect_count 3 <(get sig.json 'r["signal"] if r["type"] == "signal" else 1/0') "SIGUSR1"
expect_count 3 <(get sig.json 'r["siginfo"]["si_signo"]["names"] if r["type"] == "signal" else 1/0') "SIGUSR1"
expect_count 3 <(get sig.json 'str(r["siginfo"]["si_signo"]["value"]) if r["type"] == "signal" else 1/0') "10"

# -k: the write record carries the stack, innermost frame first
$J -k -e trace=write -o k.json "$PROGS/writestr" hello > out
expect_rc 0 $? "writestr under -k"
expect_line <(get k.json 'r["args"]["buf"] if r["type"] == "syscall" else 1/0') "hello"
n=$(get k.json 'len(r["stack"]) if r["type"] == "syscall" else 1/0')
[ "${n:-0}" -ge 2 ] || fail "a stack of ${n:-no} frames"
expect_match <(get k.json 'r["stack"][-1]["module"] if r["type"] == "syscall" else 1/0') "writestr$"

# -e write=1: the bytes written, in a dump record after the syscall's
$J -e trace=write -e write=1 -o w.json "$PROGS/writestr" -x 41000a > out
expect_rc 0 $? "writestr -x"
expect_line <(get w.json 'r["bytes"] if r["type"] == "dump" else 1/0') "41000a"
expect_line <(get w.json 'r["type"]') "dump"

# -c and --hist: tables as records
$J -f -c --hist -o c.json "$PROGS/forker" fork 0 3 > /dev/null
expect_rc 0 $? "forker under -c"
expect_line <(get c.json 'r["type"]') "summary"
expect_line <(get c.json 'str([x["calls"] for x in r["rows"] if x["name"] == "wait4"][0]) if r["type"] == "summary" else 1/0') "1"
expect_line <(get c.json 'str(r["total"]["calls"] == sum(x["calls"] for x in r["rows"])) if r["type"] == "summary" else 1/0') "True"
expect_line <(get c.json 'r["name"] if r["type"] == "hist" else 1/0') "wait4"
get c.json 'r["type"]' | grep -v -E '^(summary|hist)$' > other
expect_empty other

# -ff and -o |cmd: records whole in each file and through a pipe
$J -ff -o ff "$PROGS/forker" fork 0 3 > /dev/null
expect_rc 0 $? "forker under -ff"
[ "$(ls ff.* | wc -l)" = 2 ] || fail "$(ls ff.* | wc -l) -ff files"
$J -o '|cat > piped.json' "$PROGS/writestr" hi > /dev/null
expect_rc 0 $? "writestr -o |cat"
expect_line <(get piped.json 'r["type"]') "exit"

# sltrace's own notes: the one of -f about a program's own ptrace
$J -f -o note.json "$PROGS/inner_ptrace" traceme > /dev/null 2> note.err
expect_match note.err 'cannot be traced by pid'
expect_match <(get note.json 'r["text"] if r["type"] == "note" else 1/0') \
	'^pid [0-9]+ cannot be traced by pid [0-9]+ \(ptrace PTRACE_TRACEME'

# library calls: bar_rec(3) nests 4 calls; each returns n (n + 1) / 2;
# the argument is named as libbar's DWARF names it (bar_rec(int n))
lc_build pie b recurse
$J -e trace=none -L bar_rec -o lc.json b/recurse 3 exp > out
expect_rc 0 $? "recurse"
expect_line out "ok 6"
get lc.json 'r["type"] + " " + str(r["depth"]) + " " + str(r.get("retval", r["args"].get("n"))) if r["type"] in ("call", "return") else 1/0' > calls
printf '%s\n' "call 0 3" "call 1 2" "call 2 1" "call 3 0" \
	"return 3 0" "return 2 1" "return 1 3" "return 0 6" > want
expect_in_order calls want
expect_line <(get lc.json 'r["function"] if r["type"] == "call" and r["depth"] == 1 else 1/0') "bar_rec"
expect_line <(get lc.json '" ".join(r["args"]) if r["type"] == "call" and r["depth"] == 0 else 1/0') "n"

# floating-point arguments and results are JSON numbers, with the digits
# text shows; --replay writes those digits again (2.500000 in ltrace's
# mode, 2.5 in strace's)
lc_build pie b caller
$J -e trace=none -l bar_scale -o fl.json b/caller fl.plt fl.entry > out
expect_rc 0 $? "caller"
expect_line <(get fl.json 'repr(r["args"]["x"]) + " " + repr(r["args"]["k"]) if r["type"] == "call" else 1/0') "2.5 0.5"
expect_line <(get fl.json 'repr(r["retval"]) if r["type"] == "return" else 1/0') "1.25"
"$SLTRACE" --replay fl.json -o fl.re
expect_match fl.re '^bar_scale\(2\.5, 0\.5\) += 1\.25$'
# (ltrace's mode knows bar_scale's types from an ltrace file only)
"$SLTRACE" --ltrace -F "$SRCDIR/tests/progs/libcall/bar.ltrace.conf" \
	-e bar_scale --output-format=json -o flt.json b/caller fl.plt fl.entry > out
"$SLTRACE" --ltrace -e bar_scale --replay=flt.json -o flt.re
expect_match flt.re 'bar_scale\(2\.500000, 0\.500000\) += 1\.250000$'

# ltrace's mode: its JSON trace, replayed with the same ltrace options,
# is ltrace's text of the same run (another run: addresses, pids and
# times masked), its -S syscalls and their "<no return ...>" included.
ltmask() {
	sed -E -e 's/0x[0-9a-f]{4,}/ADDR/g' -e 's/\b[0-9]{3,}\b/NUM/g' \
		-e 's/<[0-9]+\.[0-9]+>/<T>/' "$1"
}
for flags in "" "-S" "-n 2 -x bar_rec" "-i -T" "-S -e bar_rec"; do
	# shellcheck disable=SC2086
	"$SLTRACE" --ltrace $flags --output-format=json -o lt.json b/recurse 3 exp > /dev/null
	# shellcheck disable=SC2086
	"$SLTRACE" --ltrace $flags -o lt.txt b/recurse 3 exp > /dev/null
	# shellcheck disable=SC2086
	"$SLTRACE" --ltrace $flags --replay=lt.json -o lt.re
	expect_rc 0 $? "--ltrace $flags --replay"
	ltmask lt.txt > lt.want
	ltmask lt.re > lt.got
	[ "$(wc -l < lt.want)" -gt 5 ] || { show lt.txt; fail "--ltrace $flags: few lines"; }
	cmp -s lt.want lt.got || { diff lt.want lt.got | head -10 >&2
		fail "--ltrace $flags: the replay is not ltrace's text"; }
	cp lt.json "lt-$(echo "$flags" | tr -dc 'a-zA-Z').json"
done
note "ltrace's mode: replayed as ltrace's text under 5 option sets"

$check validate "$SRCDIR/doc/trace-schema.json" fork.json sig.json k.json \
	w.json c.json ff.* piped.json note.json lc.json lt*.json fl.json \
	flt.json > check.out 2>&1 || {
	head -40 check.out >&2
	fail "records the schema refuses"
}
note "$(tail -1 check.out)"
exit 0
