# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Helpers for tests/cases/*.sh (see tests/README.md).  A case sources this
# file first:   . "$SRCDIR/tests/lib.sh"
#
# From tests/run: SLTRACE, PROGS, SRCDIR, STRACE, TEST_NAME; the current
# directory is a fresh empty one that is removed afterwards.

set -u

# The tracer's name as it prefixes its messages ("sltrace:", "strace:"),
# so that every case also passes when SLTRACE=/usr/bin/strace.
TOOL=$(basename "$SLTRACE")

# How long a poll waits for something that must happen before it gives
# up.  Generous: it bounds a hang, it never measures speed.
: "${POLL_LIMIT:=30}"

fail() {
	echo "FAIL: $*" >&2
	show_procs
	exit 1
}

# show_procs: the processes this test started that are still there, with
# what each is doing, into the log: when a case fails on a hang, this is
# what says where.
show_procs() {
	local f pid t s
	for f in $(grep -lsxzF "SLTRACE_TEST_TAG=${SLTRACE_TEST_TAG:-none}" \
			/proc/[0-9]*/environ); do
		pid=${f#/proc/}
		pid=${pid%/environ}
		for t in /proc/"$pid"/task/*; do
			s=$(cat "$t/stat" 2>/dev/null) || continue
			printf '%s: %s (%s) wchan %s %s\n' "${t##*/}" \
				"$(tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null |
				   head -c 80)" "$(echo "${s##*) }" | cut -d' ' -f1-2)" \
				"$(cat "$t/wchan" 2>/dev/null)" \
				"$(grep -E '^(TracerPid|SigPnd|ShdPnd|SigBlk)' \
				   "$t/status" 2>/dev/null | tr -s '\t\n' '  ')"
		done
	done >&2
}

skip() {
	echo "SKIP: $*" >&2
	exit 77
}

note() {
	echo "-- $*" >&2
}

# show FILE...: copy files into the log, to explain a failure.
show() {
	local f
	for f in "$@"; do
		echo "==== $f" >&2
		if [ -f "$f" ]; then
			head -c 20000 "$f" >&2
		else
			echo "(missing)" >&2
		fi
	done
}

# strace names itself by its argv[0] ("/usr/bin/strace: ..."), so cases
# run the tracer by its bare name, found first in PATH; SLTRACE_PATH is
# the real path, for when a name will not do.
SLTRACE_PATH=$SLTRACE
mkdir -p .bin && ln -sf "$SLTRACE_PATH" ".bin/$TOOL" || fail "cannot link $TOOL"
PATH=$PWD/.bin:$PATH
SLTRACE=$TOOL

# need_kbpf: skip unless the BPF back end can count here (root, and
# sltrace built with it).
need_kbpf() {
	[ "$(id -u)" = 0 ] || skip "the BPF back end needs root"
	"$SLTRACE" --backend=bpf -c -o /dev/null true 2> kbpf.err ||
		{ grep -q 'built without' kbpf.err && skip "built without the BPF back end"; }
	return 0
}

need_progs() {
	local p
	for p in "$@"; do
		[ -x "$PROGS/$p" ] || fail "test program $PROGS/$p is not built"
	done
}

# have_32bit: whether this machine runs i386 programs.  A kernel without
# IA32 emulation (CONFIG_IA32_EMULATION off, ia32_emulation=0, or a
# hypervisor such as PVM that has no 32-bit mode) refuses them with
# ENOEXEC; the 32-bit parts of a case are then skipped, saying so.
# fmtcalls32 without arguments prints its usage and exits 2.
have_32bit() {
	"$PROGS/fmtcalls32" > /dev/null 2>&1
	[ $? = 2 ]
}

need_strace() {
	[ -x "$STRACE" ] || skip "no strace at $STRACE"
}

# expect_rc WANT GOT WHAT
expect_rc() {
	[ "$1" = "$2" ] || fail "$3: exit status $2, expected $1"
}

# expect_line FILE LINE: FILE has exactly this line.
expect_line() {
	grep -qxF -- "$2" "$1" || { show "$1"; fail "$1 lacks the line: $2"; }
}

# expect_match FILE ERE: some line of FILE matches the extended regex.
expect_match() {
	grep -qE -- "$2" "$1" || { show "$1"; fail "$1 has no line matching: $2"; }
}

# expect_no_match FILE ERE
expect_no_match() {
	if grep -qE -- "$2" "$1"; then
		show "$1"
		fail "$1 has a line matching: $2"
	fi
}

# expect_count N FILE ERE: exactly N lines of FILE match.
expect_count() {
	local n
	n=$(grep -cE -- "$3" "$2")
	[ "$n" = "$1" ] || { show "$2"; fail "$2: $n lines match '$3', expected $1"; }
}

# expect_empty FILE
expect_empty() {
	[ ! -s "$1" ] || { show "$1"; fail "$1 is not empty"; }
}

# expect_in_order TRACE EXPECTED: every line of EXPECTED appears in TRACE
# as a whole line, in the same order (other lines may come between).
expect_in_order() {
	awk -v exp_file="$2" '
		BEGIN {
			n = 0
			while ((getline l < exp_file) > 0)
				want[++n] = l
			i = 1
		}
		i <= n && $0 == want[i] { i++ }
		END {
			if (i <= n) {
				print "missing, in order, from line " i ": " want[i] > "/dev/stderr"
				exit 1
			}
		}' "$1" || { show "$1" "$2"; fail "$1 lacks the expected lines in order"; }
}

# strip_pid TRACE: print TRACE without "PID " (-o) or "[pid PID] " prefixes.
strip_pid() {
	sed -E 's/^(\[pid +[0-9]+\] |[0-9]+ +)//' "$1"
}

# lines_of PID TRACE: the lines of task PID in a -f trace, prefix removed.
lines_of() {
	sed -nE "s/^($1 +|\[pid +$1\] )//p" "$2"
}

# wait_for_file FILE: wait until FILE exists.
wait_for_file() {
	local i=0
	while [ ! -e "$1" ]; do
		i=$((i + 1))
		[ $i -gt $((POLL_LIMIT * 20)) ] && fail "$1 never appeared"
		sleep 0.05
	done
}

# wait_for_match FILE ERE: wait until a line of FILE matches.
wait_for_match() {
	local i=0
	while ! grep -qE -- "$2" "$1" 2>/dev/null; do
		i=$((i + 1))
		if [ $i -gt $((POLL_LIMIT * 20)) ]; then
			show "$1"
			fail "$1 never got a line matching: $2"
		fi
		sleep 0.05
	done
}

# proc_state PID: the state letter of /proc/PID/stat (empty when gone).
proc_state() {
	local s
	s=$(cat "/proc/$1/stat" 2>/dev/null) || return 0
	s=${s##*) }
	echo "${s%% *}"
}

# wait_for_state PID LETTERS: wait until PID's state is one of LETTERS.
wait_for_state() {
	local i=0 s
	for (( ; ; )); do
		s=$(proc_state "$1")
		case $s in [$2]) return 0 ;; esac
		# Gone (or a zombie): it will never get there.
		case $s in ''|Z|X) fail "pid $1 is gone (state '$s'), not in [$2]" ;; esac
		i=$((i + 1))
		[ $i -gt $((POLL_LIMIT * 20)) ] &&
			fail "pid $1 never reached state [$2] (state '$s')"
		sleep 0.05
	done
}

# wait_gone PID: wait until PID no longer exists (or is a zombie).
wait_gone() {
	local i=0
	while :; do
		case $(proc_state "$1") in ''|Z) return 0 ;; esac
		i=$((i + 1))
		[ $i -gt $((POLL_LIMIT * 20)) ] && fail "pid $1 is still there"
		sleep 0.05
	done
}

# is_traced PID: whether PID has a tracer now.
is_traced() {
	local t
	t=$(sed -n 's/^TracerPid:[[:space:]]*//p' "/proc/$1/status" 2>/dev/null)
	[ -n "$t" ] && [ "$t" != 0 ]
}

# wait_untraced PID: wait until no tracer is attached to PID.
wait_untraced() {
	local i=0
	while is_traced "$1"; do
		i=$((i + 1))
		[ $i -gt $((POLL_LIMIT * 20)) ] && fail "pid $1 is still traced"
		sleep 0.05
	done
}

# check_no_stopped: no process started by this test is stopped (t or T).
check_no_stopped() {
	local f pid s bad=
	for f in $(grep -lsxzF "SLTRACE_TEST_TAG=${SLTRACE_TEST_TAG:-none}" \
			/proc/[0-9]*/environ); do
		pid=${f#/proc/}
		pid=${pid%/environ}
		s=$(proc_state "$pid")
		case $s in
		[tT]) bad="$bad $pid($s)" ;;
		esac
	done
	[ -z "$bad" ] || fail "processes left stopped:$bad"
}

# start_worker MODE [NTHREADS]: start tests/progs/worker in the background
# (a child of this shell) and wait until it runs; sets WORKER_PID.
start_worker() {
	rm -f worker.pid worker.tids result flag
	"$PROGS/worker" "$@" > worker.out 2>&1 &
	WORKER_PID=$!
	wait_for_file worker.pid
	[ "$(cat worker.pid)" = "$WORKER_PID" ] || fail "worker.pid is wrong"
}

# release_worker: let the worker finish (it waits on the byte in "flag").
release_worker() {
	printf 1 | dd of=flag bs=1 count=1 conv=notrunc status=none
}

# finish_worker [MODE NTHREADS]: release the worker, wait for it and check
# it ended well: exit 0 and "ok MODE NTHREADS" in "result".
finish_worker() {
	local rc
	release_worker
	wait "$WORKER_PID"
	rc=$?
	[ $rc = 0 ] || { show result worker.out; fail "worker exited $rc"; }
	if [ $# -ge 2 ]; then
		[ "$(cat result)" = "ok $1 $2" ] || {
			show result; fail "worker result wrong"; }
	fi
}

# start_tracer ARGS...: run "$SLTRACE ARGS..." in the background under
# tests/progs/reaper, with stdout in tracer.out and stderr in tracer.err.
# Sets TRACER_PID (the tracer) and REAPER_PID (to wait for).  The reaper
# gives the tracer default signal handling (a shell ignores SIGINT and
# SIGQUIT in background jobs) and logs in reaper.out how each process
# below it ended.
start_tracer() {
	rm -f reaper.out
	"$PROGS/reaper" reaper.out "$SLTRACE" "$@" > tracer.out 2> tracer.err &
	REAPER_PID=$!
	wait_for_match reaper.out '^child [0-9]+$'
	TRACER_PID=$(sed -n 's/^child //p' reaper.out)
}

# wait_tracer: wait for the tracer started by start_tracer; sets TRACER_RC
# (the tracer's exit status, 128+N when killed by signal N).
wait_tracer() {
	wait "$REAPER_PID"
	TRACER_RC=$?
}

# wait_attached PID...: wait until the tracer says it attached to each PID.
wait_attached() {
	local p
	for p in "$@"; do
		wait_for_match tracer.err "^$TOOL: Process $p attached"
	done
}

# tline CALL RET [COL]: a trace line as strace pads it: "=" lands in
# column COL (default 40) or one space after the call when it is longer.
tline() {
	printf '%-*s = %s\n' "$(( ${3:-40} - 1 ))" "$1" "$2"
}

# uid: the numeric uid, as siginfo lines print it.
uid() {
	id -u
}

# wait_progress PID N: wait until PID made N more voluntary context
# switches (each syscall stop or nap is one): proof that it ran a while.
wait_progress() {
	local start now i=0
	start=$(sed -n 's/^voluntary_ctxt_switches:[[:space:]]*//p' "/proc/$1/status")
	for (( ; ; )); do
		now=$(sed -n 's/^voluntary_ctxt_switches:[[:space:]]*//p' "/proc/$1/status")
		[ -n "$now" ] || fail "pid $1 vanished"
		[ "$now" -ge $((start + $2)) ] && return 0
		i=$((i + 1))
		[ $i -gt $((POLL_LIMIT * 20)) ] && fail "pid $1 makes no progress"
		sleep 0.05
	done
}

# expect_nlines N FILE LINE: exactly N lines of FILE are LINE.
expect_nlines() {
	local n
	n=$(grep -cxF -- "$3" "$2")
	[ "$n" = "$1" ] || { show "$2"; fail "$2: $n lines '$3', expected $1"; }
}

# pfx PID: the pid prefix of a -f trace written with -o ("%-5d ").
pfx() {
	printf '%-5d ' "$1"
}

# ptline PID CALL RET: tline of a -f -o trace line; the column counts
# the prefix too.
ptline() {
	tline "$(pfx "$1")$2" "$3"
}

# squeeze FILE: FILE with the padding before " = " reduced to one space,
# to compare lines whose prefixes differ from those they were padded for.
squeeze() {
	sed -E 's/\) +=( |$)/) =\1/' "$1"
}

# difftest CMD ARGS...: compare the traces of CMD by $STRACE and by
# $SLTRACE with tests/difftest, without flags and with -f.  Extra
# difftest options (e.g. --full) come from DIFFTEST_FLAGS.
difftest() {
	local flags
	need_strace
	command -v python3 > /dev/null || skip "no python3"
	for flags in "" "-f"; do
		note "difftest ${DIFFTEST_FLAGS:-} $flags -- $*"
		# shellcheck disable=SC2086
		python3 "$SRCDIR/tests/difftest" --strace "$STRACE" \
			--sltrace "$SLTRACE_PATH" ${DIFFTEST_FLAGS:-} $flags -- "$@" >&2 ||
			fail "traces differ: $* (flags '$flags')"
	done
}

# need_attach: skip unless this user may attach (-p) to its own processes.
need_attach() {
	local scope
	scope=$(cat /proc/sys/kernel/yama/ptrace_scope 2>/dev/null) || scope=0
	[ "$scope" = 3 ] && skip "ptrace attach is disabled (yama ptrace_scope 3)"
	if [ "$scope" -ge 1 ] && [ "$(id -u)" != 0 ]; then
		skip "yama ptrace_scope $scope: -p needs root"
	fi
	return 0
}
