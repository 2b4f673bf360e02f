#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Where probes land (src/probe/resolve.c), in tests/progs/probe_sites
# (-O2) and probe_sites0 (unoptimized), checked against binutils:
# - FILE:LINE: the is_stmt rows of objdump --dwarf=decodedline that begin
#   a run of the line (an inline function's line has a site in each of its
#   two callers); FUNC:RELLINE the same, inside the function;
# - FUNC+OFF, FUNC%return: nm's address (+OFF); past readelf's size: none;
# - FUNC: where gdb's "break FUNC" goes in the unoptimized build (gdb does
#   not skip prologues of an optimized CU), else the function's second
#   address in the line table (optimized: or its first);
# - *ADDR: itself in code, nothing in data;
# and that --list-probes prints the same sites.
. "$SRCDIR/tests/lib.sh"
need_progs probe_sites probe_sites0 probe_resolve_dump
command -v objdump > /dev/null || skip "no objdump"
command -v nm > /dev/null || skip "no nm"
dump=$PROGS/probe_resolve_dump
src=$SRCDIR/tests/progs/probe_sites.c
mark() {
	grep -n "/\* S:$1 \*/" "$src" | cut -d: -f1
}

# rows PROG: "ADDR LINE STMT FILE" for each row of the line table, and
# "-" at each end of a sequence (a run does not go on across it).
rows() {
	objdump --dwarf=decodedline "$1" | awk '
		$3 ~ /^0x/ && $2 == "-" { print "-"; next }
		$3 ~ /^0x/ && $2 ~ /^[0-9]+$/ {
			print $3, $2, ($NF == "x" ? 1 : 0), $1 }'
}

# line_sites ROWS LINE [LO HI]: the addresses objdump says LINE of
# probe_sites.c begins a run at, with is_stmt (in [LO, HI) if given).
line_sites() {
	awk -v want="$2" -v lo="${3:-0}" -v hi="${4:-0}" '
		$1 == "-" { pl = ""; next }
		{
			a = strtonum($1)
			if ($3 && $2 == want && $4 == "probe_sites.c" &&
			    (pl != $2 || pf != $4) && (!hi || (a >= lo && a < hi)))
				printf "%#x\n", a
			pl = $2; pf = $4
		}' "$1" | sort -u
}

sym_addr() {
	nm "$1" | awk -v n="$2" '$3 == n { printf "%#x\n", strtonum("0x" $1) }'
}

sym_size() {
	nm -S "$1" | awk -v n="$2" '$4 == n { print strtonum("0x" $2) }'
}

for prog in probe_sites probe_sites0; do
	p=$PROGS/$prog
	rows "$p" > rows.$prog
	[ -s rows.$prog ] || fail "$prog: objdump gives no line table"

	# FILE:LINE, every marked line, and the lines of the file around.
	for name in inline first second loop frame; do
		l=$(mark $name)
		[ -n "$l" ] || fail "no S:$name in $src"
		for line in $l $((l + 1)); do
			line_sites rows.$prog $line > want
			"$dump" "probe_sites.c:$line" "$p" > got ||
				fail "$prog: probe_sites.c:$line refused"
			cut -d' ' -f1 got | diff -u want - >&2 ||
				fail "$prog: probe_sites.c:$line: sites differ"
			awk -v l=$line '$5 != l' got | grep . >&2 &&
				fail "$prog: probe_sites.c:$line: a site of another line"
		done
	done
	# The same by a longer tail of the path, not by a part of a name.
	"$dump" "progs/probe_sites.c:$(mark loop)" "$p" | cut -d' ' -f1 > got
	line_sites rows.$prog "$(mark loop)" | diff -u - got >&2 ||
		fail "$prog: progs/probe_sites.c: sites differ"
	"$dump" "sites.c:$(mark loop)" "$p" > got
	expect_empty got
	# ... and by the whole path, as the 'FUNC:' listing's header has it
	# (gcc writes it relative to the CU's directory).
	path=$("$SLTRACE" --list-probes "loop_sum@$prog:" -- "$p" |
		sed -n '1s/^<loop_sum@[^:]*:\(.*\):[0-9]*>$/\1/p')
	case $path in /*) ;; *) fail "$prog: loop_sum: header without a path" ;; esac
	"$dump" "$path:$(mark loop)" "$p" | cut -d' ' -f1 > got
	line_sites rows.$prog "$(mark loop)" | diff -u - got >&2 ||
		fail "$prog: $path: sites differ"

	# FUNC:RELLINE: the line's rows inside the function.
	decl=$(grep -n '^int .*loop_sum(int n)$' "$src" | cut -d: -f1)
	lo=$(sym_addr "$p" loop_sum)
	hi=$(($lo + $(sym_size "$p" loop_sum)))
	rel=$(($(mark loop) - decl))
	line_sites rows.$prog "$(mark loop)" "$lo" "$hi" > want
	[ -s want ] || fail "$prog: no site of loop_sum's loop line"
	"$dump" "loop_sum:$rel" "$p" | cut -d' ' -f1 > got
	diff -u want got >&2 || fail "$prog: loop_sum:$rel: sites differ"
	# ... the number --list-probes 'loop_sum:' gives the line.
	"$SLTRACE" --list-probes "loop_sum@$prog:" -- "$p" > out
	grep -q "^ *$rel  .*S:loop" out || fail "$prog: loop_sum: lists no $rel"

	for f in first_user second_user loop_sum with_frame main; do
		a=$(sym_addr "$p" $f)
		size=$(sym_size "$p" $f)
		[ -n "$a" ] && [ -n "$size" ] || fail "$prog: nm has no $f"
		# FUNC+OFF and FUNC%return: the symbol, its first byte at_entry.
		"$dump" "$f+0" "$p" > got
		echo "$a $f $a" | diff -u - <(cut -d' ' -f1-3 got) >&2 ||
			fail "$prog: $f+0"
		[ "$(cut -d' ' -f6 got)" = 1 ] || fail "$prog: $f+0 not at entry"
		"$dump" "$f%return" "$p" | cut -d' ' -f1,6 > got
		echo "$a 1" | diff -u - got >&2 || fail "$prog: $f%return"
		"$dump" "$f+$((size - 1))" "$p" | cut -d' ' -f1,6 > got
		printf '%#x 0\n' $((a + size - 1)) | diff -u - got >&2 ||
			fail "$prog: $f+$((size - 1))"
		"$dump" "$f+$size" "$p" > got
		expect_empty got

		# FUNC: after the prologue.  Unoptimized: where gdb breaks,
		# else the function's second address in the line table.
		# Optimized, libdw takes the row after one at the function's
		# first byte: when several rows are there, maybe that byte.
		"$dump" "$f" "$p" | cut -d' ' -f1-3 > got
		next=$(awk -v lo=$((a)) -v hi=$((a + size)) '
			$1 != "-" && strtonum($1) > lo &&
			strtonum($1) < hi { print strtonum($1) }' \
			rows.$prog | sort -n | head -1)
		want=$(printf '%#x' "${next:-$a}")
		if [ $prog = probe_sites0 ] && command -v gdb > /dev/null; then
			want=$(gdb -batch -nx -ex "break $f" "$p" 2>&1 |
				sed -n 's/^Breakpoint 1 at \(0x[0-9a-f]*\).*/\1/p')
		elif [ $prog = probe_sites ] && grep -q "^$a $f $a\$" got; then
			want=$a
		fi
		echo "$want $f $a" | diff -u - got >&2 ||
			fail "$prog: $f: not after its prologue"
	done

	# *ADDR: code is; data (a variable) is not.
	a=$(sym_addr "$p" first_user)
	"$dump" "*$((a + 1))" "$p" | cut -d' ' -f1-3,6 > got
	printf '%#x first_user %s 0\n' $((a + 1)) $a | diff -u - got >&2 ||
		fail "$prog: *ADDR"
	"$dump" "*$(sym_addr "$p" sink)" "$p" > got
	expect_empty got
done

# -O2: the inline function's line is in both its callers, the loop's line
# in two blocks (where gcc splits it: this gcc does, see objdump).
p=$PROGS/probe_sites
"$dump" "probe_sites.c:$(mark inline)" "$p" | cut -d' ' -f2 > got
printf 'first_user\nsecond_user\n' | diff -u - got >&2 ||
	fail "the inlined line is not in both callers"
n=$(line_sites rows.probe_sites "$(mark loop)" | wc -l)
[ "$n" -ge 2 ] || note "this compiler gives the loop's line one block"

# --list-probes prints the same sites: *ADDR@OBJ in FUNC+OFF at FILE:LINE.
for spec in "probe_sites.c:$(mark inline)" "second_user%return" \
	"loop_sum:$rel" "with_frame+1" "*$(sym_addr "$p" loop_sum)"; do
	"$SLTRACE" --list-probes "$spec" -- "$p" > out 2> err
	expect_rc 0 $? "--list-probes $spec"
	expect_empty err
	"$dump" "$spec" "$p" | awk '{
		printf "*%s@probe_sites in %s+%#x at %s:%s\n", $1, $2,
			strtonum($1) - strtonum($3), $4, $5 }' |
		sed 's/+0x0 /+0 /' > want
	grep '@probe_sites ' out | diff -u want - >&2 ||
		fail "--list-probes $spec"
	[ -s want ] || fail "$spec: no site"
done
exit 0
