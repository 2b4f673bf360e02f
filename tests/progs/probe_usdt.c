/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * USDT points as <sys/sdt.h> writes them (tests/cases/probe-usdt-args.sh):
 * arguments that gcc places in registers, as constants, in memory on the
 * stack, indexed, and at globals, and one point guarded by a semaphore.
 * Built only where the header is (Debian's systemtap-sdt-dev), 64-bit
 * and -m32.  The case checks that sltrace parses every argument spec gcc
 * wrote, against readelf -n.  The guarded point is in probe_usdt_sema.c:
 * <sys/sdt.h> gives every point of a file a semaphore, or none.
 */
#include <stdint.h>
#include <stdio.h>
#include <sys/sdt.h>

long guarded(int n, long k);

extern long counter;
static int table[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13 };
volatile unsigned char small = 7;

int __attribute__((noinline)) work(int n, long k, const char *s)
{
	volatile int local[8] = { 0 };
	signed char c = (signed char)n;
	short h = (short)(n * 3);

	local[n & 7] = n;
	/* Constants, and a register of each size. */
	DTRACE_PROBE4(sltest, consts, 5, -3, 1234567890123LL, 0);
	DTRACE_PROBE4(sltest, regs, n, k, c, h);
	/* Memory: globals (rip-relative), the stack, an index. */
	DTRACE_PROBE3(sltest, globals, counter, table[3], small);
	DTRACE_PROBE2(sltest, indexed, table[n & 15], local[n & 7]);
	DTRACE_PROBE2(sltest, pointer, s, s[1]);
	k = guarded(n, k);
	STAP_PROBE(sltest, noargs);
	return local[n & 7] + c + h;
}

int main(int argc, char **argv)
{
	printf("%d\n", work(argc, (long)argc * 1000, argv[0]));
	return 0;
}
