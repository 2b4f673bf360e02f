#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Probe hits in -c, -C, JSON and -k.  The threads and loop programs say
# which bar_add calls they made; then:
# - -c: a table headed "probe" with one row a probe, its calls the hits
#   made (a condition's: the calls that hold); -c without a probe has no
#   such table;
# - -C: the hit lines and that table;
# - JSON: the "probe" records validate against doc/trace-schema.json,
#   and, written as text, are the text run's lines (values included;
#   {} for a probe without values);
# - -k: under an entry hit, the stack begins in the probed function (even
#   when the probe is on its last instruction: bar_add at -O2 is lea,
#   ret, and its entry site is the ret), then its caller; under a
#   %return hit, in the caller; in JSON, a "stack" with the same frames.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"
need_progs probe_vars

lc_build pie b threads loop

# probe_rows TRACE: the probe table's rows, "NAME CALLS", as written.
probe_rows() {
	awk '/^% time .* probe$/ { t = 1; next }
		t && /^-/ { if (++d == 2) exit; next }
		t { print $NF, $4 }' "$1"
}

COND='bar_add%return $retval:s32 if $retval:s32 >= 50'

# -c, then -C: rows made from exp ("TID bar_add(A, B) = R").
for c in -c -C; do
	"$SLTRACE" -f $c -e trace=none -o trace --probe 'bar_add a b' \
		--probe "$COND" b/threads 4 50 exp > out
	expect_rc 0 $? "$c: tracer"
	expect_line out "ok 4 threads x 50 calls"
	lc_no_traps trace
	calls=$(grep -c ' bar_add(' exp)
	big=$(awk '$NF >= 50' exp | grep -c .)
	[ "$big" -gt 0 ] && [ "$big" -lt "$calls" ] ||
		{ show exp; fail "$c: the condition selects $big of $calls calls"; }
	printf '%s\n' "bar_add $calls" "bar_add%return $big" > want
	probe_rows trace > got
	diff -u want got >&2 || { show trace; fail "$c: the probe table's calls are not the hits made"; }
	if [ "$c" = -C ]; then
		expect_count "$calls" trace '^[0-9]+ +--- probe bar_add \{a=-?[0-9]+, b=-?[0-9]+\} ---$'
		expect_count "$big" trace '^[0-9]+ +--- probe bar_add%return {\$retval=[0-9]+\} ---$'
	else
		grep -q -- '--- probe ' trace && { show trace; fail "-c printed a hit line"; }
	fi
done
"$SLTRACE" -f -c -o trace b/threads 4 50 exp > out
expect_rc 0 $? "-c without probes: tracer"
expect_count 1 trace '^% time .* syscall$'
expect_no_match trace 'probe'

# JSON against text: the same deterministic run, without -f.
PROBES=(--probe 'bar_add a b' --probe 'bar_add%return'
	--probe 'loop.c:88 i n' --probe 'loop.c:88')
"$SLTRACE" -e trace=none -o text "${PROBES[@]}" b/loop count 20 > out
expect_rc 0 $? "text: tracer"
"$SLTRACE" -e trace=none -o json --output-format=json "${PROBES[@]}" \
	b/loop count 20 > out
expect_rc 0 $? "json: tracer"
python3 "$SRCDIR/tests/json_check.py" validate "$SRCDIR/doc/trace-schema.json" json >&2 ||
	{ show json; fail "the JSON trace does not validate"; }
grep -- '--- probe ' text > want
python3 "$SRCDIR/tests/json_check.py" get json \
	"'--- probe ' + r['probe'] + ' ' + ('{' + ', '.join('%s=%s' % kv for kv in r['values'].items()) + '} ' if r['values'] else '') + '---' if r['type'] == 'probe' else 1/0" > got
expect_count 40 want '^--- probe bar_add'
expect_count 20 want '^--- probe loop\.c:88 {i=[0-9]+, n=20} ---$'
expect_count 20 want '^--- probe loop\.c:88 ---$'
diff -u want got >&2 || fail "the JSON probe records differ from the text lines"

# -k: bar_add's entry, its return, and a -O0 function's line.  (Not the
# entry and the return at once: a stack inside a call whose return is
# hooked ends at the hook's page, "unexpected_backtracing_error".)
"$SLTRACE" -k -e trace=none -o trace --probe 'bar_add a b' b/loop count 3 > out
expect_rc 0 $? "-k: tracer"
grep -A2 -- '^--- probe bar_add {' trace | grep -v -- '^--- probe\|^--$' > frames
expect_count 3 frames '^ > .*/b/libbar\.so\(bar_add\+0x[0-9a-f]+\) \[0x[0-9a-f]+\]$'
expect_count 3 frames '^ > .*/b/loop\(main\+0x[0-9a-f]+\) \[0x[0-9a-f]+\]$'
"$SLTRACE" -k -e trace=none -o trace --probe 'bar_add%return' b/loop count 3 > out
expect_rc 0 $? "-k, %return: tracer"
grep -A1 -- '^--- probe bar_add%return ' trace | grep -v -- '^--- probe\|^--$' > frames
expect_count 3 frames '^ > .*/b/loop\(main\+0x[0-9a-f]+\) \[0x[0-9a-f]+\]$'

. "$SRCDIR/tests/stack.sh"
"$SLTRACE" -k -e trace=none -o trace --probe 'probe_vars.c:72' "$PROGS/probe_vars" > out
expect_rc 0 $? "-k, a line: tracer"
stack_after trace '^--- probe probe_vars\.c:72 ---$' > frames
sed -n 1,2p frames | awk '{ print $2 }' > got
printf '%s\n' process main > want
diff -u want got >&2 || { show trace; fail "-k, a line: the stack is not process, main"; }

"$SLTRACE" -k -e trace=none -o json --output-format=json --probe 'bar_add' \
	b/loop count 3 > out
expect_rc 0 $? "-k, JSON: tracer"
python3 "$SRCDIR/tests/json_check.py" validate "$SRCDIR/doc/trace-schema.json" json >&2 ||
	{ show json; fail "-k: the JSON trace does not validate"; }
python3 "$SRCDIR/tests/json_check.py" get json \
	"' '.join(f.get('symbol', '?') for f in r['stack'][:2]) if r['type'] == 'probe' else 1/0" > got
printf 'bar_add main\n%.0s' 1 2 3 > want
diff -u want got >&2 || { show json; fail "-k, JSON: the stacks do not begin bar_add, main"; }
exit 0
