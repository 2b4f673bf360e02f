#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# -kk (--stack-trace=source): the frames of c, b, a and main end with the
# source line of the call each made, as the markers in
# tests/progs/stack_chain.c say; the same for -m32, where libdw unwinds.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/stack.sh"
need_progs stack_chain stack_chain_nopie stack_chain_nofp stack_chain32
[ "$TOOL" = strace ] && skip "strace 6.1 has no -kk"

src=stack_chain.c
want="c:$src:$(marker_line write) b:$src:$(marker_line c)"
want="$want a:$src:$(marker_line b) main:$src:$(marker_line a) "

check() {	# check PROGRAM NAME OPTION
	local prog=$PROGS/$1 name=$2 got

	"$SLTRACE" "$3" -e trace=write -o "$name.trace" "$prog" > /dev/null
	expect_rc 0 $? "$name: tracer"
	stack_after "$name.trace" '^write\(1, "chain' > "$name.frames"
	got=$(chain_frames "$name.frames" "$(realpath "$prog")" 4 |
		awk '{ n = split($4, p, "/"); print $2 ":" p[n] }' | tr '\n' ' ')
	[ "$got" = "$want" ] || {
		show "$name.frames"
		fail "$name: lines '$got', expected '$want'"
	}
}

check stack_chain pie -kk
check stack_chain_nopie nopie --stack-trace=source
check stack_chain_nofp nofp -kk
if have_32bit; then
	check stack_chain32 m32 -kk
else
	note "no 32-bit support: stack_chain32 not checked"
fi

# -k alone prints no line numbers.
"$SLTRACE" -k -e trace=write -o k.trace "$PROGS/stack_chain" > /dev/null
expect_no_match k.trace '^ > .*stack_chain\.c:[0-9]+$'
exit 0
