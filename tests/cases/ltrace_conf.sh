#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# ltrace mode reads ltrace's own prototype files in ltrace 0.7.3's
# language (typedef, struct, array, enum, bitvec, pointers, string[N],
# stringN, string(array(char, N)*), hex/oct/bool/hide lenses, "+" output
# parameters) and prints each type as ltrace does, under -A and -s too;
# the default /etc/ltrace.conf is read when there is one.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/cases/ltrace_mode.inc"

D=$SRCDIR/tests/progs/ltcorpus
$CC -shared -fPIC -o libt.so "$D/conflib.c" > cc.log 2>&1 || { show cc.log; fail "cannot build libt.so"; }
$CC -O0 -fPIE -pie -Wl,-z,lazy -o m "$D/confmain.c" -L. -lt -Wl,-rpath,"$PWD" > cc.log 2>&1 ||
	{ show cc.log; fail "cannot build m"; }
cp "$D/types.conf" t.conf

lm_no_aslr
lm_compare conf -F t.conf ./m
lm_compare conf-A-s -A 2 -s 3 -F t.conf ./m
lm_compare conf-n -n 2 -T -F t.conf ./m
expect_line sl.conf 'f_structv([ { 1, 2, "a" }, { 3, 4, "b" }, { 5, 6, nil } ]) = 0'

# The default file: /etc/ltrace.conf's prototypes (a program of ours,
# calling functions it declares).
if [ -r /etc/ltrace.conf ]; then
	lm_build c <<'C'
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(void)
{
	char buf[16], src[8] = "ab\0cd";
	sigset_t s;

	sigemptyset(&s);
	sigaddset(&s, SIGINT);
	sigprocmask(SIG_BLOCK, &s, NULL);
	memcpy(buf, src, 6);
	snprintf(buf, sizeof(buf), "%d", 42);
	setenv("X", "1", 1);
	return strncmp(buf, getenv("X"), 1) > 0 && getpid() ? 0 : 1;
}
C
	lm_compare default ./c
	lm_compare default-S -S ./c
	expect_match sl.default '^memcpy\(0x[0-9a-f]+, "ab\\0cd\\0", 6\) += 0x[0-9a-f]+$'
fi
exit 0
