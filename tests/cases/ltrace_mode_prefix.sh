#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# ltrace mode's line prefixes and columns are Debian ltrace's: -t, -tt,
# -ttt, -r ("  0.000131 "), -T (" <0.000111>"), -i ("[0x55d90171a1f6] ",
# "[0xffffffffffffffff] " on the exit line), -f ("PID " with -o, "[pid
# PID] " on stderr), the " = " column (-a, and its default), -n's
# indentation of nested calls, and -o.  Without address randomisation
# (setarch -R) the addresses compare as they are.
. "$SRCDIR/tests/lib.sh"
. "$SRCDIR/tests/cases/ltrace_mode.inc"

lm_build q <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(void)
{
	const char *v[] = { "pear", "apple", "fig" };
	char buf[64];

	/* strcmp is called from within qsort: a nested call. */
	qsort(v, 3, sizeof(v[0]), cmp);
	snprintf(buf, sizeof(buf), "%s-%s-%s", v[0], v[1], v[2]);
	puts(buf);
	return strlen(buf) == 14 ? 0 : 1;
}
EOF

lm_no_aslr
E=qsort+strcmp+snprintf+puts+strlen
lm_compare e -e "$E" ./q
lm_compare t -t -e "$E" ./q
lm_compare tt -tt -e "$E" ./q
lm_compare ttt -ttt -e "$E" ./q
lm_compare r -r -e "$E" ./q
lm_compare T -T -e "$E" ./q
lm_compare i -i -e "$E" ./q
lm_compare tt-T-i -tt -T -i -e "$E" ./q
lm_compare f -f -e "$E" ./q
lm_compare f-r-T-i -f -r -T -i -e "$E" ./q
lm_compare a0 -a 0 -e "$E" ./q
lm_compare a30 -a 30 -e "$E" ./q
lm_compare a70 -a 70 -i -e "$E" ./q
lm_compare n2 -n 2 -e "$E" ./q
lm_compare n3-f-T -n 3 -f -T -e "$E" ./q
lm_compare_stderr err-f-ttt -f -ttt -T -e "$E" ./q
lm_compare_stderr err-i -i -e "$E" ./q
lm_compare_stderr err-n -n 4 -r -e "$E" ./q

expect_line sl.f-r-T-i 'PID1   TIME [0xffffffffffffffff] +++ exited (status 0) +++'
expect_match sl.n2 '^  q->strcmp\("apple", "fig"\) += -5$'
expect_match sl.i '^\[0x[0-9a-f]+\] q->puts\("apple-fig-pear"\) += 15$'
expect_match sl.err-f-ttt '^\[pid PID1\] TIME q->puts\("apple-fig-pear"\) += 15 <TIME>$'
exit 0
