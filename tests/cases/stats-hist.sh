#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# backends: auto ptrace
# --hist and --hist-by-errno (sltrace's own): at exit, one histogram per
# syscall in bpftrace's hist() layout.  stats_calls calls 7 3 makes 7
# getppid, 3 openat failing with ENOENT and 3 close failing with EBADF:
# each histogram's counts must add up to those numbers.  The layout:
# a blank line, "@usecs[KEY]:", then contiguous power-of-two buckets
# ("[0]", "[1]", "[2, 4)"... with K, M for multiples of 1024), the
# label in 16 columns, the count right-aligned to column 24, and a
# 52-cell bar that is full for the largest bucket.
. "$SRCDIR/tests/lib.sh"
need_progs stats_calls
case $TOOL in strace) skip "--hist is sltrace's own" ;; esac

# check_hists FILE: the layout of every histogram in FILE; prints
# "KEY TOTAL" for each.
check_hists() {
	awk '
	function fail(m) { print "bad histogram line " NR ": " m ": " $0 > "/dev/stderr"; bad = 1 }
	function lo(label,   l) {
		l = label
		gsub(/^\[|[,\]].*$/, "", l)
		return val(l)
	}
	function hi(label,   h) {
		if (label ~ /^\[[0-9]+\]$/) return lo(label) + 1
		h = label
		sub(/^[^,]*, /, "", h); sub(/\)$/, "", h)
		return val(h)
	}
	function val(s,   m, u) {
		m = s + 0; u = substr(s, length(s))
		if (u == "K") return m * 1024
		if (u == "M") return m * 1024 * 1024
		if (u == "G") return m * 1024 * 1024 * 1024
		return m
	}
	function finish() {
		if (key == "") return
		if (n == 0) fail("empty histogram " key)
		full = 0
		for (i = 1; i <= n; i++) {
			want = int(cnt[i] * 52 / max)
			if (bars[i] != want) fail(key " bucket " i ": bar " bars[i] " for " cnt[i] "/" max)
			if (cnt[i] == max && bars[i] == 52) full = 1
		}
		if (!full) fail(key ": no full bar")
		if (cnt[1] == 0 || cnt[n] == 0) fail(key ": empty first or last bucket")
		print key, total
		key = ""
	}
	/^@usecs\[.*\]:$/ {
		finish()
		if (prev != "") fail("no blank line before the header")
		key = substr($0, 8, length($0) - 9); n = 0; total = 0; max = 0; next_lo = -1
		prev = $0; next
	}
	key != "" && /^\[/ {
		label = substr($0, 1, 16); sub(/ +$/, "", label)
		if (label !~ /^(\[[0-9]+\]|\[[0-9]+[KMGTPE]?, [0-9]+[KMGTPE]?\))$/) fail("label")
		if (substr($0, 17, 8) !~ /^ *[0-9]+$/) fail("count column")
		# (mawk has no {n} intervals)
		if (length($0) != 79 || substr($0, 25) !~ /^ \|[@ ]*\|$/) fail("bar")
		c = substr($0, 17, 8) + 0
		b = substr($0, 27, 52); gsub(/ /, "", b)
		if (next_lo >= 0 && lo(label) != next_lo) fail("buckets not contiguous")
		if (label ~ /,/ && hi(label) != 2 * lo(label)) fail("not a power-of-two bucket")
		next_lo = hi(label)
		cnt[++n] = c; bars[n] = length(b); total += c
		if (c > max) max = c
		prev = $0; next
	}
	{ finish(); prev = $0 }
	END { finish(); exit bad }' "$1"
}

# sums FILE: "KEY TOTAL" lines, sorted.
sums() {
	check_hists "$1" > sums.raw || { show "$1"; fail "histogram layout in $1"; }
	sort sums.raw
}

# table_sums FILE: "NAME CALLS" of each row of the -U calls,errors,name
# table in FILE, and "NAME, success N" / "NAME, errors N" lines.
table_sums() {
	sed -n '/^--------- /,/^--------- /p' "$1" |
		awk 'NF == 2 && $1 ~ /^[0-9]+$/ { print $2, $1 }
		     NF == 3 { print $3, $1 }' | sort
}

# The calls of each histogram add up to the calls in the table: the
# program's own (7 getppid, 3 failing openat and close) and the dynamic
# loader's.
"$SLTRACE" -c -U calls,errors,name --hist=getppid,openat,close \
	-o got "$PROGS/stats_calls" calls 7 3
expect_rc 0 $? "tracer (--hist=getppid,openat,close)"
sums got > hists
table_sums got | grep -E '^(getppid|openat|close) ' | diff -u - hists >&2 ||
	{ show got; fail "--hist counts are not the table's"; }
expect_line hists "getppid 7"
[ "$(head -n 1 got)" = "    calls    errors syscall" ] ||
	{ show got; fail "the table is not first"; }
expect_no_match got '^getppid\('

# Default set: every traced syscall; without -c the trace is printed.
"$SLTRACE" --hist -e trace=getppid,close -o got "$PROGS/stats_calls" calls 7 3
expect_rc 0 $? "tracer (--hist)"
expect_count 7 got '^getppid\(\) += [0-9]+$'
expect_count 3 got '^close\(-1\) += -1 EBADF'
sums got > hists
expect_line hists "getppid 7"
expect_match hists '^close [0-9]+$'
expect_no_match hists '^openat '
expect_no_match got '^% time'

# By errno: successes and each errno apart.
"$SLTRACE" -c --hist-by-errno -e trace=getppid,openat,close -o got \
	"$PROGS/stats_calls" calls 7 3
expect_rc 0 $? "tracer (--hist-by-errno)"
sums got > hists
expect_line hists "getppid, success 7"
expect_line hists "close, EBADF 3"
expect_line hists "openat, ENOENT 3"
expect_no_match hists '^getppid, E'

"$SLTRACE" --hist=getppid --hist-by-errno -e trace=getppid,close -o got \
	"$PROGS/stats_calls" calls 12 2
expect_rc 0 $? "tracer (--hist=getppid --hist-by-errno)"
printf '%s\n' "getppid, success 12" | diff -u - <(sums got) >&2 ||
	{ show got; fail "--hist=getppid --hist-by-errno counts"; }

# 32-bit calls are named NAME@32.
if [ -x "$PROGS/stats_calls32" ] && "$PROGS/stats_calls32" calls 0 0; then
	"$SLTRACE" --hist=getppid -o got "$PROGS/stats_calls" calls 3 0 \
		"$PROGS/stats_calls32" calls 5 0
	expect_rc 0 $? "tracer (--hist, 32-bit)"
	printf '%s\n' "getppid 3" "getppid@32 5" | diff -u - <(sums got) >&2 ||
		{ show got; fail "--hist 32-bit counts"; }
fi

"$SLTRACE" --hist=bogus true > out 2> err
expect_rc 1 $? "tracer (--hist=bogus)"
expect_line err "$TOOL: invalid system call 'bogus'"
check_no_stopped
