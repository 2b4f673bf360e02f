#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A check of the tests themselves, not of sltrace: the lines the libcall
# programs expect are what Debian's ltrace prints where it works (PIE,
# lazy binding, one thread, depth under 62), once its value style is
# turned into sltrace's (nil -> NULL, no "prog->" before the program's
# own calls, its exit line) -- and for entry breakpoints (ltrace -x),
# where ltrace does not say who called, once the expected lines lose
# their "libbar.so->".  Prototypes from bar.ltrace.conf: ltrace reads no
# DWARF.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"

LTRACE=${LTRACE:-/usr/bin/ltrace}
[ -x "$LTRACE" ] || skip "no ltrace at $LTRACE"

lc_build pie b caller recurse jump

# lt NAME ARGS...: ltrace ARGS into lt.NAME, in sltrace's value style.
lt() {
	local name=$1
	shift
	"$LTRACE" -F "$LC_SRC/bar.ltrace.conf" -o "lt.$name.raw" "$@" > "out.$name"
	expect_rc 0 $? "ltrace ($name)"
	sed -E -e 's/^(caller|recurse|jump)->//' -e 's/= nil$/= NULL/' \
		-e 's/^\+\+\+ exited \(status 0\) \+\+\+$/+++ exited with 0 +++/' \
		"lt.$name.raw" > "lt.$name"
}

lt plt -e 'bar_add+bar_name+bar_len+bar_scale' b/caller exp.plt exp.entry
lc_compare exp.plt lt.plt
lt entry -L -x 'bar_*' b/caller exp.plt exp.entry
sed 's/^libbar\.so->//' exp.entry > exp.entry.x
lc_compare exp.entry.x lt.entry
lt rec -L -x bar_rec b/recurse 40 exp.rec
sed 's/^libbar\.so->//' exp.rec > exp.rec.x
lc_compare exp.rec.x lt.rec
lt jump -e 'bar_cb+bar_add' b/jump exp.jump
lc_compare exp.jump lt.jump
