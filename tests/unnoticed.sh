# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Helpers of the cases that check that a program doing something unusual
# does not notice it is traced (tests/cases/unnoticed_*.sh), sourced
# after tests/lib.sh.  A program's result is its stdout and its exit
# status: it is taken untraced first (un_base), then under each way of
# tracing (un_traced, un_ways), and must come out the same.
#
# UN_PREFIX (an array, empty by default) goes before the command and
# before the tracer: a wrapper that sets up what both run under.
# UN_FILES (an array) names files the program writes: part of its
# result, removed before each run.
UN_PREFIX=()
UN_FILES=()

# un_run TAG CMD...: run CMD (after UN_PREFIX); TAG.res gets its stdout,
# then "exit N", then each of UN_FILES; TAG.err gets its stderr.
un_run() {
	local tag=$1 rc f
	shift
	for f in "${UN_FILES[@]}"; do
		rm -f "$f"
	done
	"${UN_PREFIX[@]}" "$@" > "$tag.res" 2> "$tag.err"
	rc=$?
	echo "exit $rc" >> "$tag.res"
	for f in "${UN_FILES[@]}"; do
		echo "== $f" >> "$tag.res"
		cat "$f" >> "$tag.res" 2>&1
	done
}

# un_base CMD...: the untraced run, base.res.
un_base() {
	un_run base "$@"
}

# un_traced TAG FLAGS... -- CMD...: run "$SLTRACE -o TAG.trace FLAGS CMD";
# its result must be base.res.
un_traced() {
	local tag=$1 flags=()
	shift
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		flags+=("$1")
		shift
	done
	shift
	note "$tag: $TOOL ${flags[*]}"
	un_run "$tag" "$SLTRACE" -o "$tag.trace" "${flags[@]}" "$@"
	if ! diff -u base.res "$tag.res" >&2; then
		show "$tag.err"
		echo "==== $tag.trace (end)" >&2
		tail -n 40 "$tag.trace" >&2
		fail "$tag: the program noticed '$TOOL ${flags[*]}'"
	fi
}

# un_join TRACE: TRACE (-f -o) with each task's "<unfinished ...>" line
# and its "<... NAME resumed>" line made one, and the padding before
# " = " squeezed: "PID getpriority(PRIO_PROCESS, 9301) = 1001".
un_join() {
	awk '
		/ <unfinished \.\.\.>$/ {
			p = $1
			l = $0
			sub(/ <unfinished \.\.\.>$/, "", l)
			pend[p] = l
			next
		}
		$2 == "<..." && ($1 in pend) {
			l = $0
			sub(/^[0-9]+ +<\.\.\. [^ ]+ resumed> ?/, "", l)
			print pend[$1] l
			delete pend[$1]
			next
		}
		{ print }
		END { for (p in pend) print pend[p] " <unfinished ...>" }
	' "$1" | sed -E 's/\) +=( |$)/) =\1/'
}

# un_calls TRACE PATTERN: TRACE shows calls of functions matching the
# glob PATTERN (a -l or -L pattern: '*' for any run of name characters).
un_calls() {
	local re=${2//\*/[A-Za-z0-9_]*}

	expect_match "$1" "^([0-9]+ +)?([^ (]+->)?$re\("
}

# un_ways SET LPAT EPAT CMD...: the ways every case traces CMD, each run
# compared with base.res (which un_base made):
#   f      -f                      (every syscall, children followed)
#   filt   -f -e trace=SET         (under sltrace's seccomp filter: -d
#                                   must say it installed one)
#   plt    -f -l LPAT              (PLT calls: the trace must show some)
#   entry  -f -L EPAT              (function entries: the same)
#   stack  -f -k                   (a stack under each syscall)
# An empty LPAT or EPAT leaves that way out.  The case checks the traces
# (TAG.trace) further.  Library calls are sltrace's own: with strace
# only -f, --seccomp-bpf and -k are run.
un_ways() {
	local set=$1 lpat=$2 epat=$3
	shift 3
	un_traced f -f -- "$@"
	if [ "$TOOL" = strace ]; then
		un_traced filt -f --seccomp-bpf -e trace="$set" -- "$@"
	else
		un_traced filt -d -f -e trace="$set" -- "$@"
		grep -q 'seccomp filter' filt.err || {
			show filt.err
			fail "-f -e trace=$set: no seccomp filter"
		}
	fi
	if [ "$TOOL" != strace ] && [ -n "$lpat" ]; then
		un_traced plt -f -l "$lpat" -- "$@"
		un_calls plt.trace "$lpat"
	fi
	if [ "$TOOL" != strace ] && [ -n "$epat" ]; then
		un_traced entry -f -L "$epat" -- "$@"
		un_calls entry.trace "$epat"
	fi
	un_traced stack -f -k -- "$@"
	expect_match stack.trace '^ > '
}

# un_build NAME FLAGS...: build tests/progs/NAME.c into ./NAME with $CC
# and FLAGS (-static, -m32: link modes the suite's own build has no copy
# of); skips the case when the toolchain cannot.
un_build() {
	local name=$1
	shift
	"${CC:-cc}" -O2 -pthread "$@" -o "$name" "$SRCDIR/tests/progs/$name.c" \
		2> cc.err || { show cc.err; skip "cannot build $name with $*"; }
}

# own_seccomp_results: what tests/progs/own_seccomp reports when nothing
# disturbs it (its own checks of its seccomp filters), untraced or not.
own_seccomp_results() {
	printf '%s\n' "errno: -1 errno 42" "errno: other who allowed" \
		"errno: in a child 42" \
		"trap: 1005 signo 31 code 1 data 0x77 syscall ok arch ok call_addr ok" \
		"kill: child killed by signal 31 (SIGSYS)" "notif: 1001 1002 1003" \
		"trace: -1 errno 38" "supervisor: 3 served" "exit 3"
}
