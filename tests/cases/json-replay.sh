#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# JSON loses nothing: a JSON trace of each decoder test program, written
# back as text by --replay with the same flags, is the text trace of the
# same program, line for line (two runs: what differs from run to run —
# addresses, pids, times, ports, System V IPC ids, the moment an
# untraced child's SIGCHLD comes — is masked in both; numbers of 3 digits and more, as pids may
# have any length, are masked too).  Then a multi-threaded -f trace, where
# text splits lines into "<unfinished ...>" and "resumed" halves: the
# replay holds the same whole lines, each task's in its order.  Last,
# the events: signals, a fork, exit codes, deaths by a signal.
# timeout-factor: 6
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/json.sh"
progs=$JSON_PROGS
# shellcheck disable=SC2086
need_progs $progs threads

mask() {
	grep -v -e '^--- SIGCHLD ' "$1" | sed -E \
		-e 's/0x[0-9a-f]{5,}/ADDR/g' \
		-e 's/"(\\x[0-9a-f]{2})+"/HEXSTR/g' \
		-e 's/(st_ino|stx_ino|d_ino|d_off)=(0x)?[0-9a-f]+/\1=N/g' \
		-e 's/(st_[amc]time(_nsec)?)=[0-9]+/\1=T/g' \
		-e 's/(stx_[abcm]time)=\{[^}]*\}/\1=T/g' \
		-e 's#/\* [0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+[+-][0-9]{4} \*/#/* T */#g' \
		-e 's/(f_bfree|f_bavail|f_ffree|freeram|procs|sharedram|bufferram)=[0-9]+/\1=N/g' \
		-e 's/(si_utime|si_stime|ru_maxrss|ru_minflt|ru_majflt|ru_inblock|ru_oublock|ru_nvcsw|ru_nivcsw|tms_[a-z]+)=[0-9]+( \/\* [0-9.]+ s \*\/)?/\1=N/g' \
		-e 's/(tv_sec|tv_nsec|tv_usec)=[0-9]+/\1=T/g' \
		-e 's/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}[+-][0-9]{4}/DATE/g' \
		-e 's/f_handle="[^"]*"/f_handle=H/g' \
		-e 's/#[0-9]+/#INO/g' \
		-e 's/\b[0-9]{3,10}\b/NUM/g' \
		-e 's/ +=/ =/' -e 's/ <[0-9]+\.[0-9]+>$/ <T>/' \
		-e 's/((IPC|MSG|SEM|SHM)_INFO( \*\/)?, .*\) = )[0-9]+/\1N/' \
		-e 's/^((msg|sem|shm)(ctl|snd|rcv|at|op|timedop)\()[0-9]+/\1ID/' \
		-e 's/^((msg|sem|shm)get\(.*\) = )[0-9]+$/\1ID/' \
		-e 's#pts/[0-9]+#pts/N#g' -e 's/<char ([0-9A-Z]+):[0-9]+>/<char \1:N>/g' \
		-e 's/TIOCGPTN, \[[0-9]+\]/TIOCGPTN, [N]/'
}

# replayed PROG FLAGS...: PROG's JSON trace replayed with FLAGS is its
# text trace with FLAGS (another run: masked), in $n.txt and $n.re.
n=0
replayed() {
	local prog=$1
	shift
	n=$((n + 1))
	json_run "$prog" json "$n.json" "$@"
	json_run "$prog" text "$n.txt" "$@"
	"$SLTRACE" --replay "$n.json" "$@" -o "$n.re"
	expect_rc 0 $? "--replay $n.json $*"
	mask "$n.txt" > want
	mask "$n.re" > got
	[ "$(wc -l < want)" -gt 20 ] || { show "$n.txt"; fail "$prog: few lines"; }
	if ! cmp -s want got; then
		diff want got | head -20 >&2
		fail "$prog $*: the replay differs from the text trace"
	fi
}

for prog in $progs; do
	for flags in "" "-v" "-X verbose" "-xx" "-yy" "-s 5" "-T"; do
		# shellcheck disable=SC2086
		replayed "$prog" $flags
	done
	note "$prog: replayed as its text trace under 7 flag sets"
done

# The i386 builds, where the machine runs them: personality records,
# 32-bit layouts; into a file, as live, without the personality message.
if have_32bit; then
	for prog in $progs; do
		[ -x "$PROGS/${prog}32" ] || continue
		replayed "${prog}32"
		replayed "${prog}32" -v
	done
	note "the i386 builds: replayed as their text traces"
else
	note "this machine runs no i386 program: their replay not checked"
fi

# -e read=/write= dumps, vectors' heads included, unreadable buffers too
for prog in decode_desc decode_net; do
	replayed "$prog" -e read=all -e write=all
	grep -q '^ | 00000 ' "$n.txt" || fail "$prog: no dump in the text trace"
	grep -q '^ \* [0-9]* bytes in buffer' "$n.txt" || [ "$prog" != decode_desc ] ||
		fail "$prog: no vector in the text trace"
done
note "dumps: replayed as their text traces"

# -C and --hist-by-errno: the tables come back as the printers write
# them, from the records' numbers (a live table of another run would have
# other times): the rows in the record's order with its calls, errors and
# times, the total, and each histogram's buckets.
json_run decode_file json s.json -C -S calls --hist-by-errno
"$SLTRACE" --replay s.json -U name,calls,errors,max-time,total-time -o s.re
expect_rc 0 $? "--replay s.json"
$py - s.json s.re <<'PY' || fail "the replayed tables are not the records'"
import json, re, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
text = open(sys.argv[2]).read().split("\n")
summ = [r for r in recs if r["type"] == "summary"]
hists = [r for r in recs if r["type"] == "hist"]
assert len(summ) == 1 and len(hists) > 3, (len(summ), len(hists))
# seconds with 6 decimals, rounded as printf's %.6f (and strace) round
sec = lambda ns: "%.6f" % (ns / 1e9)
want = ["%s %d %s %s %s" % (r["name"], r["calls"], r["errors"] or "",
        sec(r["max_ns"]), sec(r["time_ns"])) for r in summ[0]["rows"]]
t = summ[0]["total"]
want.append("total %d %d %s %s" % (t["calls"], t["errors"], sec(t["max_ns"]), sec(t["time_ns"])))
i = text.index(next(l for l in text if l.startswith("syscall ")))
got = [" ".join(l.split()) for l in text[i + 2:] if l and not l.startswith("-") and not l.startswith("@")]
got = got[:len(want)]
# the errors column is empty where there were none
want = [" ".join(w.split()) for w in want]
assert got == want, "\n".join("%s | %s" % x for x in zip(want, got) if x[0] != x[1])
heads = [l for l in text if l.startswith("@usecs[")]
assert len(heads) == len(hists), (len(heads), len(hists))
for h, r in zip(heads, hists):
    assert h == "@usecs[%s, %s]:" % (r["name"], r["errno"]), (h, r["name"], r["errno"])
    j = text.index(h)
    counts = [int(l.split("|")[0].split()[-1]) for l in text[j + 1:j + 1 + len(r["buckets"])]]
    assert counts == [b["count"] for b in r["buckets"]], (h, counts)
print(len(want) - 1, "rows,", len(hists), "histograms")
PY
note "-C --hist-by-errno: $($py -c 'import json,sys; print(sum(1 for l in open(sys.argv[1]) if json.loads(l)["type"] in ("summary","hist")))' s.json) table records replayed as tables"

# -f, 4 threads: whole lines per task, in each task's order
"$SLTRACE" --output-format=json -f -o t.json "$PROGS/threads" 4 200 > /dev/null
expect_rc 0 $? "threads under json"
"$SLTRACE" -f -o t.txt "$PROGS/threads" 4 200 > /dev/null
expect_rc 0 $? "threads under text"
"$SLTRACE" --replay t.json -f -o t.re
expect_rc 0 $? "--replay t.json -f"
grep -q 'resumed>' t.txt || note "(no line of t.txt was split this time)"
# Which thread does what first (stdio's buffer, malloc's arenas, which
# it may trim) and whether the threads' futex calls meet differ between
# the runs (those syscalls are left out of the comparison): the
# two runs' whole lines as multisets; and in the replay, each task's
# lines are in the order of its records.
for f in t.txt t.re; do
	$check join "$f" | cut -f2 | grep -v -E '^(futex|mmap|munmap|mprotect|madvise)\(' |
		sed -E -e 's/0x[0-9a-f]{5,}/ADDR/g' -e 's/"(\\x[0-9a-f]{2})+"/HEXSTR/g' \
		-e 's/\b[0-9]{3,10}\b/NUM/g' -e 's/ +=/ =/' | sort > "$f.joined"
done
if ! cmp -s t.txt.joined t.re.joined; then
	diff t.txt.joined t.re.joined | head -20 >&2
	fail "the -f replay differs from the joined text trace"
fi
$check get t.json 'str(r["tid"]) + "\t" + r["name"] if r["type"] == "syscall" else 1/0' > t.order
$check join t.re | grep -v -P '^[0-9]+\t(--- |\+\+\+ )' | sed -E 's/\(.*//' > t.re.order
sort -s -k1,1n t.order > t.order.bytask
sort -s -k1,1n t.re.order > t.re.order.bytask
if ! cmp -s t.order.bytask t.re.order.bytask; then
	diff t.order.bytask t.re.order.bytask | head -10 >&2
	fail "a task's replayed lines are not in the order of its records"
fi
note "threads: $(grep -c . t.re.joined) lines of 5 tasks replayed whole"

# Events: signals handled, a child forked and waited for, deaths by a
# signal (with and without a core), exit codes — under -f into a file,
# so that every line has its pid (masked: the runs differ; so does the
# length of a write of a pid, when one run's pids have a digit more).
need_progs sigs forker exitwith
ulimit -c 0
n=0
for run in "sigs handler 3" "forker fork 0 3" "exitwith 7" "exitwith kill" \
	"exitwith segv"; do
	n=$((n + 1))
	# shellcheck disable=SC2086
	(cd work && "$SLTRACE" --output-format=json -f -o "../e$n.json" \
		$PROGS/$run > /dev/null 2>&1) 2> /dev/null
	# shellcheck disable=SC2086
	(cd work && "$SLTRACE" -f -o "../e$n.txt" $PROGS/$run > /dev/null 2>&1) \
		2> /dev/null
	"$SLTRACE" --replay "e$n.json" -f -o "e$n.re"
	expect_rc 0 $? "--replay e$n.json ($run)"
	for f in "e$n.txt" "e$n.re"; do
		$check join "$f" | cut -f2 | sed -E -e 's/0x[0-9a-f]{5,}/ADDR/g' \
			-e 's/"(\\x[0-9a-f]{2})+"/HEXSTR/g' \
			-e 's/\b[0-9]{3,10}\b/NUM/g' -e 's/ +=/ =/' \
			-e 's/(si_utime|si_stime)=[0-9]+/\1=N/g' \
			-e 's/^(write\([0-9]+, "[^"]*NUM[^"]*", )[0-9]+\) = [0-9]+$/\1LEN) = LEN/' |
			sort > "$f.joined"
	done
	grep -qE '^(--- SIG|\+\+\+ )' "e$n.re.joined" ||
		{ show "e$n.re"; fail "$run: no event line replayed"; }
	if ! cmp -s "e$n.txt.joined" "e$n.re.joined"; then
		diff "e$n.txt.joined" "e$n.re.joined" | head -20 >&2
		fail "$run: the replay differs from the text trace"
	fi
done
note "signals, a fork, exits and deaths: replayed as their text traces"

# joined FILE: a trace's whole lines (a line cut for good by a detach is
# the "<detached ...>" line), masked, each distinct one once; whether a
# stop or an attach lands inside a nap (restart_syscall after it) or
# between two is the timing's: those lines are checked apart.
joined() {
	$check join "$1" | cut -f2 |
		grep -v -E '^restart_syscall\(|= \? ERESTART_RESTARTBLOCK ' |
		sed -E -e 's/0x[0-9a-f]{5,}/ADDR/g' \
		-e 's/"(\\x[0-9a-f]{2})+"/HEXSTR/g' \
		-e 's/\b[0-9]{3,10}\b/NUM/g' -e 's/ +=/ =/' | sort -u
}

# same_lines TAG: TAG.txt and TAG.re hold the same distinct lines, and
# a restarted nap of the JSON trace is replayed as text writes it.
same_lines() {
	if grep -q '"name":"restart_syscall"' "$1.json"; then
		grep -q -E '^([0-9]+ +)?restart_syscall\(<\.\.\. resuming interrupted clock_nanosleep \.\.\.>\) += 0$' "$1.re" ||
			{ show "$1.re"; fail "$1: restart_syscall not replayed as text has it"; }
	fi
	joined "$1.txt" > "$1.txt.u"
	joined "$1.re" > "$1.re.u"
	if ! cmp -s "$1.txt.u" "$1.re.u"; then
		diff "$1.txt.u" "$1.re.u" | head -20 >&2
		fail "$1: the replay differs from the text trace"
	fi
}

# Injection: errors, return values, signals and delays, marked as text
# marks them.
inj="-e inject=openat:error=ENOENT:when=3 -e inject=read:retval=0:when=3"
inj+=" -e inject=close:delay_exit=1000:when=2"
inj+=" -e inject=newfstatat:signal=SIGURG:when=2"
for f in json text; do
	# shellcheck disable=SC2086
	"$SLTRACE" --output-format=$f -o "inj.$f" $inj cat /etc/passwd \
		/etc/passwd > /dev/null 2>&1
done
mv inj.text inj.txt
"$SLTRACE" --replay inj.json -o inj.re
expect_rc 0 $? "--replay inj.json"
grep -q '(INJECTED)' inj.txt && grep -q 'DELAYED' inj.txt &&
	grep -q '^--- SIGURG' inj.txt ||
	{ show inj.txt; fail "no injection in the text trace"; }
mask inj.txt > want
mask inj.re > got
cmp -s want got || { diff want got | head -20 >&2; fail "injection: the replay differs"; }

# Job control: a program stopped and continued from outside.
need_progs stopme
for f in json text; do
	rm -rf "jc.$f.d" && mkdir "jc.$f.d"
	(cd "jc.$f.d" && exec "$SLTRACE" --output-format=$f -o "../jc.$f" "$PROGS/stopme") &
	pid=$!
	wait_for_file "jc.$f.d/stopme.pid"
	p=$(cat "jc.$f.d/stopme.pid")
	kill -STOP "$p"
	# Until the group-stop is traced: a tracee in a syscall stop is in
	# state t too, and a SIGCONT then would cancel the pending SIGSTOP.
	wait_for_match "jc.$f" '"type": ?"stop"|--- stopped by SIGSTOP ---'
	kill -CONT "$p"
	sleep 0.1
	touch "jc.$f.d/go"
	wait $pid || fail "stopme under $f: exit $?"
done
mv jc.text jc.txt
"$SLTRACE" --replay jc.json -o jc.re
grep -q -- '--- stopped by SIGSTOP ---' jc.txt || { show jc.txt; fail "no group-stop traced"; }
same_lines jc

# Attach and detach: -p of two threads, let go by ^C inside their naps
# (the line of a thread cut for good, "<detached ...>", restart_syscall).
need_attach
need_progs worker
# The ^C lands inside a nap nearly always; the text run is tried again
# when no thread was cut (3 tries).
for try in 1 2 3; do
	for f in json text; do
		rm -rf "at.$f.d" && mkdir "at.$f.d"
		(cd "at.$f.d" && exec "$PROGS/worker" sleep 2) &
		w=$!
		# every thread there and napping
		wait_for_file "at.$f.d/worker.tids"
		sleep 0.1
		"$SLTRACE" --output-format=$f -f -o "at.$f" -p "$w" 2> /dev/null &
		t=$!
		sleep 0.5
		kill -INT "$t"
		wait "$t"
		printf 1 | dd of="at.$f.d/flag" bs=1 count=1 conv=notrunc status=none
		wait "$w" || fail "worker after $f: exit $?"
		expect_line "at.$f.d/result" "ok sleep 2"
	done
	grep -q '<detached ...>' at.text && break
	note "try $try: no thread cut by the detach"
done
mv at.text at.txt
"$SLTRACE" --replay at.json -f -o at.re
grep -q '<detached ...>' at.txt || { show at.txt; fail "no detached line"; }
same_lines at
note "injection, job control, attach and detach: replayed as their text traces"

# Times are the recorded ones: -ttt of the replay is each record's
# wall_ns (in microseconds), however long after the trace it runs (exec
# and fork records have no text line).
(cd work && "$SLTRACE" --output-format=json -o ../t.json "$PROGS/exitwith" 7)
$check get t.json 'r["wall_ns"] if r["type"] not in ("exec", "fork") else 1/0' |
	sed -E 's/^([0-9]+)([0-9]{6})[0-9]{3}$/\1.\2/' > t.wall
sleep 1.1
"$SLTRACE" --replay t.json -ttt -o t.ttt
cut -d' ' -f1 t.ttt > t.ttt.times
if [ ! -s t.wall ] || ! cmp -s t.wall t.ttt.times; then
	paste t.wall t.ttt.times | head -5 >&2
	fail "--replay -ttt does not show the recorded wall times"
fi
note "--replay -ttt: the $(wc -l < t.wall) recorded wall times"

# Every record these traces hold is one the schema describes.
$check validate "$SRCDIR/doc/trace-schema.json" ./*.json > check.out 2>&1 || {
	head -40 check.out >&2
	fail "records the schema refuses"
}
note "$(tail -n 1 check.out)"
exit 0
