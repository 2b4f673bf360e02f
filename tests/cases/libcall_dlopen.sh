#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A library loaded with dlopen gets its breakpoints when it appears in
# the link map: baz_mul, called through the pointer dlsym gave (no PLT),
# is reported at its entry; after dlclose the program runs on (bar_add
# through the PLT), and libbaz loaded a second time is traced again.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/progs/libcall/lc.sh"

lc_build pie b dlopener
lc_build_lib b pie baz || fail "cannot build libbaz"
"$SLTRACE" -e trace=none "$LC_ENTRY_OPT" 'baz_*' -l bar_add -o trace \
	b/dlopener exp > out
rc=$?
[ $rc = 0 ] || show out
expect_rc 0 $rc "tracer"
expect_line out "ok"
lc_no_traps trace
lc_compare exp trace
