#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The link-mode matrix: libbar and tests/progs/libcall/caller built PIE
# (lazy), no-PIE, -z now, -fno-plt, -fno-plt -z now, IBT (.plt.sec), IBT
# with -z now, and static.  In each dynamic mode, -l on the four functions
# main calls reports exactly the calls main made; in every mode, entry
# breakpoints on bar_* (static: through .symtab) report exactly every
# entry, bar_rec's recursion nested.  The caller writes both lists.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"

# check MODE plt|entry: one traced run of the caller built in MODE (b-MODE).
check() {
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

failed='' skipped=''
for mode in $LC_MODES; do
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
		( check "$mode" plt ) || failed="$failed $mode/plt"
	fi
	( check "$mode" entry ) || failed="$failed $mode/entry"
done
[ -z "$skipped" ] || note "modes skipped:$skipped"
[ -z "$failed" ] || fail "failed:$failed"
