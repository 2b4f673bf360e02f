#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Values read through DWARF at --probe hits of tests/progs/probe_vars, the
# same source built -O0 (probe_vars), -O2 (probe_vars_O2: location lists,
# values in registers, entry values) and -m32 -O2 (probe_vars32).  The
# expected values are the source's constants: main sets s = {len 5,
# "hello", inner {11, -3}, GREEN, mode 5, delta -6, ratio 1.5, weight
# 2.25, tag "tagged", next = &global_item {99, "global"}}; counter is 42,
# hidden -7; process(hdr, 7) makes total 5 + 7 = 12, inblock 36, then
# total 12 + 36 - 7 = 41, and returns 41 + twice(41) = 123.  Where -O2
# leaves a variable no location at the line (k after its last use,
# hidden folded into a constant) the hit must say <optimized out>, as gdb
# does, never a wrong number.
. "$SRCDIR/tests/lib.sh"
need_progs probe_vars probe_vars_O2

src=$SRCDIR/tests/progs/probe_vars.c
line() {
	grep -n "P:$1" "$src" | cut -d: -f1
}
L_INIT=$(line after_init)
L_CALL=$(line after_call)
L_BLOCK=$(line block)

init_vals='hdr->len name s.inner s.color s.tag s.mode s.delta s.ratio s.weight counter len hdr->next->name'
init_line="--- probe probe_vars.c:$L_INIT {hdr->len=5, name=\"hello\", s.inner={x=11, y=-3}, s.color=GREEN, s.tag=\"tagged\", s.mode=5, s.delta=-6, s.ratio=1.5, s.weight=2.25, counter=42, len=5, hdr->next->name=\"global\"} ---"

# run PROG PROBE...: the probe lines of a run, "hdr=0x..." masked.
run() {
	local prog=$1
	shift
	"$SLTRACE" -e trace=none -o trace "$@" "$PROGS/$prog" > out 2> err
	expect_rc 0 $? "$prog: tracer"
	grep -- '^--- probe ' trace | sed -E 's/hdr=0x[0-9a-f]+/hdr=ADDR/' > got
}

check() {
	if ! diff want got > diff.out; then
		cat diff.out >&2
		fail "$1: the values differ (< expected, > traced)"
	fi
}

# -O0: everything has a place in memory.
run probe_vars --probe "probe_vars.c:$L_INIT $init_vals" \
	--probe "probe_vars.c:$L_BLOCK inblock total" \
	--probe "probe_vars.c:$L_CALL total k hidden" \
	--probe 'process' --probe 'process%return' \
	--probe "probe_vars.c:$L_INIT *hdr->next"
cat > want <<EOW
$init_line
--- probe probe_vars.c:$L_INIT {*hdr->next={len=99, name="global", inner={x=0, y=0}, arr=[0, 0, 0, 0], u={i=0, f=0}, color=RED, flag=0, mode=0, delta=0, ratio=0, weight=0, tag="", next=NULL}} ---
--- probe process {hdr=ADDR, k=7} ---
--- probe probe_vars.c:$L_BLOCK {inblock=36, total=12} ---
--- probe probe_vars.c:$L_CALL {total=41, k=7, hidden=-7} ---
--- probe process%return {\$retval=123} ---
EOW
check "-O0"

# -O2: registers and location lists; k is dead after the call.
run probe_vars_O2 --probe "probe_vars.c:$L_INIT $init_vals" \
	--probe "probe_vars.c:$L_CALL total k hidden" \
	--probe 'process' --probe 'process%return'
cat > want <<EOW
$init_line
--- probe process {hdr=ADDR, k=7} ---
--- probe probe_vars.c:$L_CALL {total=41, k=<optimized out>, hidden=<optimized out>} ---
--- probe process%return {\$retval=123} ---
EOW
check "-O2"

# i386 -O2: arguments on the stack, read through the CFA.
if [ -x "$PROGS/probe_vars32" ] && have_32bit; then
	run probe_vars32 --probe "probe_vars.c:$L_INIT $init_vals" \
		--probe "probe_vars.c:$L_CALL total k" \
		--probe 'process' --probe 'process%return'
	cat > want <<EOW
$init_line
--- probe process {hdr=ADDR, k=7} ---
--- probe probe_vars.c:$L_CALL {total=41, k=7} ---
--- probe process%return {\$retval=123} ---
EOW
	check "-m32 -O2"
fi
