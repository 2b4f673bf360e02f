/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Workload: N calls (default 20000) of a function that is not inlined;
 * the probed line is the one marked "@probe" (bench/run finds it by
 * that mark), in the function, where its parameter x is readable.  Built
 * with -g: both sltrace --probe 'probe-loop.c:LINE x' and gdb's dprintf
 * at that line read x through the DWARF.
 */
#include <stdio.h>
#include <stdlib.h>

static long __attribute__((noinline)) step(long x)
{
	/* The asm keeps the call and its argument as written. */
	__asm__ volatile("" : "+r"(x));
	return x * 3 + 1;	/* @probe */
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? strtol(argv[1], NULL, 10) : 20000;
	long i, sum = 0;

	if (n < 0) {
		fprintf(stderr, "usage: probe-loop [N]\n");
		return 2;
	}
	for (i = 0; i < n; i++)
		sum += step(i);
	return sum == 3 * n * (n - 1) / 2 + n ? 0 : 1;
}
