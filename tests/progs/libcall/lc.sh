# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Helpers for the library-call cases (tests/cases/libcall_*.sh), sourced
# after tests/lib.sh:   . "$SRCDIR/tests/progs/libcall/lc.sh"
#
# The programs of this directory are built by the cases themselves, with
# $CC (default cc) and $CXX (default c++), into the case's directory: one
# library and its callers per link mode.  See README.md here.

LC_SRC=$SRCDIR/tests/progs/libcall
: "${CC:=cc}"
: "${CXX:=c++}"

# How sltrace is asked for breakpoints at symbol entries: -L
# (--lib-entry), ltrace's -x (strace's -x is taken).
: "${LC_ENTRY_OPT:=-L}"

# Library calls are sltrace's own: strace has nothing to compare with.
case $TOOL in
strace) skip "strace does not trace library calls" ;;
esac

LC_CFLAGS="-g -O2 -Wall -Wextra -I$LC_SRC"

# lc_mode_flags MODE: set LC_PROG_FLAGS (compile and link a program) and
# LC_LIB_FLAGS (compile and link libbar.so) for a link mode.  Every mode
# says lazy or now explicitly: toolchains differ in their default.
lc_mode_flags() {
	case $1 in
	pie)
		LC_PROG_FLAGS="-fPIE -pie -Wl,-z,lazy"
		LC_LIB_FLAGS="-Wl,-z,lazy" ;;
	nopie)
		LC_PROG_FLAGS="-fno-pie -no-pie -Wl,-z,lazy"
		LC_LIB_FLAGS="-Wl,-z,lazy" ;;
	now)
		LC_PROG_FLAGS="-fPIE -pie -Wl,-z,now"
		LC_LIB_FLAGS="-Wl,-z,now" ;;
	noplt)
		LC_PROG_FLAGS="-fPIE -pie -fno-plt -Wl,-z,lazy"
		LC_LIB_FLAGS="-fno-plt -Wl,-z,lazy" ;;
	noplt-now)
		LC_PROG_FLAGS="-fPIE -pie -fno-plt -Wl,-z,now"
		LC_LIB_FLAGS="-fno-plt -Wl,-z,now" ;;
	ibt)
		LC_PROG_FLAGS="-fPIE -pie -fcf-protection=full -Wl,-z,ibtplt -Wl,-z,lazy"
		LC_LIB_FLAGS="-fcf-protection=full -Wl,-z,ibtplt -Wl,-z,lazy" ;;
	ibt-now)
		LC_PROG_FLAGS="-fPIE -pie -fcf-protection=full -Wl,-z,ibtplt -Wl,-z,now"
		LC_LIB_FLAGS="-fcf-protection=full -Wl,-z,ibtplt -Wl,-z,now" ;;
	static)
		LC_PROG_FLAGS="-static -DLC_STATIC"
		LC_LIB_FLAGS="" ;;
	*)
		fail "unknown link mode $1" ;;
	esac
	# LC_M32=1: i386 builds (gcc-multilib), traced in compat mode.
	if [ -n "${LC_M32:-}" ]; then
		LC_PROG_FLAGS="-m32 $LC_PROG_FLAGS"
		LC_LIB_FLAGS="-m32 $LC_LIB_FLAGS"
	fi
}

# shellcheck disable=SC2034
LC_MODES="pie nopie now noplt noplt-now ibt ibt-now static"

# lc_run_cc CMD...: run a compiler command, showing it and its output.
lc_run_cc() {
	echo "+ $*" >&2
	"$@" >&2
}

# lc_nosplit CC: the option that keeps gcc from splitting functions into
# hot and cold parts -- "barx_inner.cold" would be one more symbol for
# an entry pattern to match -- when CC takes it (clang does not split).
lc_nosplit() {
	$1 -fno-reorder-blocks-and-partition -x c -c -o /dev/null /dev/null \
		> /dev/null 2>&1 && echo -fno-reorder-blocks-and-partition
}

# lc_build_lib DIR MODE [NAME]: build libNAME (default bar) from NAME.c,
# or NAME.cc with $CXX, into DIR: libNAME.so, or libNAME.a in the static
# mode.  The library keeps every symbol interposable
# (-fsemantic-interposition, no -Bsymbolic), so its calls to itself go
# through its own PLT or GOT.
lc_build_lib() {
	local dir=$1 mode=$2 name=${3:-bar} cc=$CC src flags
	mkdir -p "$dir" || return 1
	lc_mode_flags "$mode"
	src=$LC_SRC/$name.c
	if [ -f "$LC_SRC/$name.cc" ]; then
		src=$LC_SRC/$name.cc
		cc=$CXX
	fi
	flags="$LC_CFLAGS $(lc_nosplit "$cc")"
	if [ "$mode" = static ]; then
		# shellcheck disable=SC2086
		lc_run_cc $cc $flags $LC_LIB_FLAGS -c -o "$dir/$name.o" "$src" &&
			lc_run_cc ar rcs "$dir/lib$name.a" "$dir/$name.o"
		return
	fi
	# shellcheck disable=SC2086
	lc_run_cc $cc $flags -fPIC -fsemantic-interposition $LC_LIB_FLAGS \
		-shared -Wl,-soname,"lib$name.so" -o "$dir/lib$name.so" "$src"
}

# lc_build_prog DIR MODE PROG [EXTRA...]: build PROG from PROG.c (or
# PROG.cc with $CXX) into DIR, linked with DIR's libbar and run-path
# $ORIGIN, in MODE; EXTRA are more compiler arguments (-pthread, -ldl,
# -lbarxx).
lc_build_prog() {
	local dir=$1 mode=$2 prog=$3 cc=$CC src
	shift 3
	lc_mode_flags "$mode"
	src=$LC_SRC/$prog.c
	if [ -f "$LC_SRC/$prog.cc" ]; then
		src=$LC_SRC/$prog.cc
		cc=$CXX
	fi
	# shellcheck disable=SC2086
	lc_run_cc $cc $LC_CFLAGS $LC_PROG_FLAGS -o "$dir/$prog" "$src" \
		-L"$dir" "$@" -lbar -Wl,-rpath,"\$ORIGIN"
}

# lc_mode_supported MODE: whether the toolchain links a program in MODE
# (-z ibtplt needs binutils 2.29 or later; -static needs libc.a).
lc_mode_supported() {
	local d=lc-probe-$1
	mkdir -p "$d" && echo 'int main(void) { return 0; }' > "$d/p.c" ||
		return 1
	lc_mode_flags "$1"
	# shellcheck disable=SC2086
	$CC $LC_PROG_FLAGS -o "$d/p" "$d/p.c" > "$d/log" 2>&1 && "$d/p"
}

# lc_build MODE DIR PROG...: libbar and the programs in DIR, or fail.
lc_build() {
	local mode=$1 dir=$2 p
	shift 2
	lc_build_lib "$dir" "$mode" || fail "cannot build libbar ($mode)"
	for p in "$@"; do
		lc_build_prog "$dir" "$mode" "$p" -pthread ||
			fail "cannot build $p ($mode)"
	done
}

# lc_m32_supported: whether $CC builds and runs an i386 program with
# threads (gcc-multilib and the i386 libc installed).
lc_m32_supported() {
	local d=lc-probe-m32
	mkdir -p "$d" && echo 'int main(void) { return 0; }' > "$d/p.c" ||
		return 1
	$CC -m32 -pthread -o "$d/p" "$d/p.c" > "$d/log" 2>&1 && "$d/p"
}

# lc_check_mode MODE FILE: the built FILE is what MODE means (a toolchain
# default must not quietly turn one mode into another).  Needs readelf.
lc_check_mode() {
	local mode=$1 f=$2 hdr dyn rel sec
	command -v readelf > /dev/null || { note "no readelf: $mode unchecked"; return 0; }
	if ! { hdr=$(readelf -hW "$f") && dyn=$(readelf -dW "$f") &&
		rel=$(readelf -rW "$f") && sec=$(readelf -SW "$f"); }; then
		fail "readelf cannot read $f"
	fi
	case $mode in
	static)
		echo "$hdr" | grep -q 'Type:.*EXEC' || fail "$f: not a static EXEC"
		readelf -lW "$f" | grep -q INTERP && fail "$f has an interpreter"
		return 0 ;;
	nopie)
		echo "$hdr" | grep -q 'Type:.*EXEC' || fail "$f is not EXEC" ;;
	*)
		echo "$hdr" | grep -q 'Type:.*DYN' || fail "$f is not PIE" ;;
	esac
	case $mode in
	*now)
		echo "$dyn" | grep -qE 'BIND_NOW|FLAGS.*NOW' || fail "$f: no BIND_NOW" ;;
	*)
		echo "$dyn" | grep -qE 'BIND_NOW|FLAGS.*NOW' && fail "$f: BIND_NOW" ;;
	esac
	case $mode in
	noplt*)
		echo "$rel" | grep -qE 'JUMP_SLO?T.* bar_add' &&
			fail "$f: bar_add has a PLT slot"
		echo "$rel" | grep -qE 'GLOB_DAT.* bar_add' ||
			fail "$f: bar_add has no GOT entry" ;;
	*)
		echo "$rel" | grep -qE 'JUMP_SLO?T.* bar_add' ||
			fail "$f: bar_add has no PLT slot" ;;
	esac
	case $mode in
	ibt*)
		echo "$sec" | grep -q ' \.plt\.sec ' || fail "$f: no .plt.sec" ;;
	*)
		echo "$sec" | grep -q ' \.plt\.sec ' && fail "$f: a .plt.sec" ;;
	esac
	# bar_rec's recursion must go through libbar's own PLT or GOT.
	readelf -rW "$(dirname "$f")/libbar.so" |
		grep -qE '(JUMP_SLO?T|GLOB_DAT).* bar_rec' ||
		fail "libbar.so ($mode) calls bar_rec without a relocation"
	return 0
}

# lc_check_caller MODE plt|entry: one traced run of the caller built in
# MODE (in b-MODE, its untraced output in b-MODE/native.out): -l on the
# four functions main calls, or entry breakpoints on bar_*; the program's
# output unchanged, no trap, exactly the calls it wrote down.
lc_check_caller() {
	local mode=$1 how=$2 b=b-$1
	local args=(-l bar_add -l bar_name -l bar_len -l bar_scale)

	[ "$how" = entry ] && args=("$LC_ENTRY_OPT" 'bar_*')
	note "$mode: ${args[*]}"
	"$SLTRACE" -e trace=none "${args[@]}" -o "$mode.$how.trace" \
		"$b/caller" "$mode.plt.exp" "$mode.entry.exp" > "$mode.$how.out"
	expect_rc 0 $? "$mode: tracer (${args[*]})"
	cmp -s "$b/native.out" "$mode.$how.out" ||
		{ show "$b/native.out" "$mode.$how.out"; fail "$mode: output differs"; }
	lc_no_traps "$mode.$how.trace"
	lc_compare "$mode.$how.exp" "$mode.$how.trace"
}

# lc_caller_matrix MODE...: the caller built and checked in each MODE
# the toolchain links (lc_check_caller: plt, but for static, and entry).
# Fails naming every mode that failed.
lc_caller_matrix() {
	local mode failed='' skipped=''
	for mode in "$@"; do
		if ! lc_mode_supported "$mode"; then
			note "$mode: the toolchain cannot link it, skipped"
			skipped="$skipped $mode"
			continue
		fi
		if ! (
			lc_build "$mode" "b-$mode" caller
			lc_check_mode "$mode" "b-$mode/caller"
			cd "b-$mode" && ./caller native.plt native.entry > native.out
			expect_rc 0 $? "caller ($mode) untraced"
		); then
			failed="$failed $mode"
			continue
		fi
		# Static binaries have no PLT: only entry breakpoints apply.
		if [ "$mode" != static ]; then
			( lc_check_caller "$mode" plt ) || failed="$failed $mode/plt"
		fi
		( lc_check_caller "$mode" entry ) || failed="$failed $mode/entry"
	done
	[ -z "$skipped" ] || note "modes skipped:$skipped"
	[ -z "$failed" ] || fail "failed:$failed"
}

# lc_threads_check PROG RUNS [OPTION...]: PROG (the threads program) run
# RUNS times with 16 threads x 2,000 calls of bar_add under -f and the
# sltrace OPTIONs (default -l bar_add): every call reported exactly
# once, under the tid of the thread that made it; no trap.
lc_threads_check() {
	local prog=$1 runs=$2 run
	shift 2
	[ $# -gt 0 ] || set -- -l bar_add
	for run in $(seq "$runs"); do
		rm -f trace exp
		"$SLTRACE" -f -e trace=none "$@" -o trace \
			"$prog" 16 2000 exp > out
		expect_rc 0 $? "run $run: tracer"
		expect_line out "ok 16 threads x 2000 calls"
		lc_no_traps trace
		lc_tid_norm trace |
			grep -vE '^[0-9]+ \+\+\+ exited with 0 \+\+\+$' |
			sort -s -n -k1,1 > got
		sort -s -n -k1,1 exp > want
		if ! diff want got > calls.diff; then
			head -n 40 calls.diff >&2
			fail "run $run: the calls in the trace differ from the calls made (diff above: < made, > traced)"
		fi
	done
	note "$runs runs of 16 x 2000 calls: all reported"
}

# lc_norm [FILE]: trace or expected lines in the form the cases compare:
# runs of spaces squeezed (the padding before " = "), "NAME@LIB(" and
# "<... NAME@LIB resumed>" without "@LIB" (ltrace's -x form), the
# resumed lines without the caller's "LIB->" (the entry line says it),
# trailing zeros of decimal fractions dropped ("1.250000" and "1.25"
# compare equal).  A line may start with "TID " (lc_tid_norm's form).
lc_norm() {
	tr -s ' ' < "${1:-/dev/stdin}" | sed -E \
		-e 's/^([0-9]+ |\? )?([A-Za-z_][A-Za-z0-9_]*)@[^ (]+\(/\1\2(/' \
		-e 's/^([0-9]+ |\? )?<\.\.\. ([^ ]*->)?([A-Za-z_][A-Za-z0-9_]*)(@[^ ]+)? resumed>/\1<... \3 resumed>/' \
		-e 's/\b([0-9]+\.[0-9]*[1-9])0+\b/\1/g' \
		-e 's/\b([0-9]+)\.0+\b/\1/g'
}

# lc_tid_norm FILE: a -f -o trace as "TID LINE", each line normalised by
# lc_norm and each "CALL <unfinished ...>" joined with its thread's
# "<... NAME resumed> REST" into one "CALL REST" line, at the place of the
# resumed line.  Calls may nest within a thread: a stack per thread.
lc_tid_norm() {
	sed -E 's/^([0-9]+) +/\1 /; t; s/^\[pid +([0-9]+)\] /\1 /; t; s/^/? /' "$1" |
		lc_norm | awk '
		{
			tid = $1
			line = substr($0, length(tid) + 2)
		}
		line ~ / <unfinished \.\.\.>$/ {
			sub(/ <unfinished \.\.\.>$/, "", line)
			pend[tid, ++depth[tid]] = line
			next
		}
		line ~ /^<\.\.\. [^ ]+ resumed>/ && depth[tid] > 0 {
			sub(/^<\.\.\. [^ ]+ resumed> ?/, "", line)
			print tid " " pend[tid, depth[tid]--] line
			next
		}
		{ print tid " " line }
		END {
			for (k in depth)
				for (; depth[k] > 0; depth[k]--)
					print k " " pend[k, depth[k]] " <unfinished ...>"
		}'
}

# lc_compare EXPECTED TRACE: TRACE (no -f) is exactly the EXPECTED lines
# and then "+++ exited with 0 +++", after lc_norm on both sides.
lc_compare() {
	lc_norm "$1" > "$1.norm"
	lc_norm "$2" > "$2.norm"
	tail -n 1 "$2.norm" | grep -qxF '+++ exited with 0 +++' ||
		{ show "$2"; fail "$2 does not end with +++ exited with 0 +++"; }
	sed '$d' "$2.norm" > "$2.calls"
	diff -u "$1.norm" "$2.calls" > "$2.diff" ||
		{ show "$2.diff"; fail "$2 differs from $1 (diff above)"; }
}

# lc_no_traps FILE: no signal line and no killed line in a trace: a
# breakpoint the tracee ran into unseen shows as SIGTRAP or SIGSEGV.
lc_no_traps() {
	if grep -qE -- '--- SIG|\+\+\+ killed|SIGTRAP' "$1"; then
		grep -nE -- '--- SIG|\+\+\+ killed|SIGTRAP' "$1" | head -n 5 >&2
		fail "$1 shows a signal or a killed task"
	fi
}

# lc_kill_tracer PID LABEL: kill -9 the tracer started by start_tracer,
# wait until its guardian has let program PID go (untraced, running),
# turn the byte in "flag" to 1 (the guardian programs' cue to finish)
# and wait for PID: its exit status in LC_PROG_RC.
lc_kill_tracer() {
	kill -KILL "$TRACER_PID"
	wait_tracer
	expect_rc 137 "$TRACER_RC" "$2: tracer"
	wait_untraced "$1"
	wait_for_state "$1" RS
	printf 1 | dd of=flag bs=1 count=1 conv=notrunc status=none
	wait "$1"
	LC_PROG_RC=$?
}

# lc_loop_start: build the loop program (pie, into b/) and start it in
# its "wait" mode: LOOP_PID is its pid.  Whatever fails from here on,
# the EXIT trap lets it finish (200 more iterations).
lc_loop_start() {
	lc_build pie b loop
	b/loop wait result > loop.out 2>&1 &
	LOOP_PID=$!
	wait_for_file loop.pid
	trap 'printf 1 | dd of=flag bs=1 count=1 conv=notrunc status=none' EXIT
	[ "$(cat loop.pid)" = "$LOOP_PID" ] || fail "loop.pid is wrong"
}

# lc_loop_detach ARGS...: attach to the loop program with ARGS -o trace,
# let some traced iterations pass, SIGINT the tracer: it must exit 130
# and say it detached.
lc_loop_detach() {
	start_tracer "$@" -o trace -p "$LOOP_PID"
	wait_attached "$LOOP_PID"
	# Each iteration naps: 50 context switches are some traced iterations.
	wait_progress "$LOOP_PID" 50
	kill -INT "$TRACER_PID"
	wait_tracer
	expect_rc 130 "$TRACER_RC" "tracer"
	expect_line tracer.err "$TOOL: Process $LOOP_PID detached"
}

# lc_loop_finish: after lc_loop_detach, the loop program must be
# untraced and running, with no trap seen in the trace; let it finish:
# it must exit 0 with the right result (it compares its objects' code
# with a copy taken before the attach).
lc_loop_finish() {
	local rc

	wait_untraced "$LOOP_PID"
	case $(proc_state "$LOOP_PID") in
	[RS]) ;;
	*) fail "the program is in state $(proc_state "$LOOP_PID") after detach" ;;
	esac
	lc_no_traps trace

	printf 1 | dd of=flag bs=1 count=1 conv=notrunc status=none
	wait "$LOOP_PID"
	rc=$?
	[ $rc = 0 ] || { show loop.out result; fail "the program exited $rc after the detach"; }
	grep -qE '^ok [0-9]+$' result || { show result loop.out; fail "the program's result is wrong"; }
	check_no_stopped
}

# lc_probe_lines TRACE: the lines of a -f TRACE of probes, each as
# "TID LINE" (-o's "[pid N] " and "N  " prefixes alike), but for the
# exits with status 0, sorted.
lc_probe_lines() {
	sed -E 's/^\[pid +([0-9]+)\] /\1 /; s/^([0-9]+) +/\1 /' "$1" |
		grep -vE '^[0-9]+ \+\+\+ exited with 0 \+\+\+$' | sort
}
