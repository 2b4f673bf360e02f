/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Where probes land (tests/cases/probe-resolve.sh), built -O2 -g: a line
 * the compiler copies (an inline function called from two places), a
 * loop whose line has code in more than one block, functions with and
 * without a prologue.  Built again with PROBE_SITES_O0: unoptimized, where
 * gdb skips prologues by the line table as libdw does.  A line marked S:NAME is one the test looks for.
 */
#ifdef PROBE_SITES_O0
#ifdef __clang__
#pragma clang optimize off
#else
#pragma GCC optimize("O0")
#endif
#endif
#include <stdio.h>
#include <stdlib.h>

volatile int sink;

static inline int twice(int x)
{
	return x * 2 + sink;			/* S:inline */
}

int __attribute__((noinline)) first_user(int x)
{
	return twice(x) + 1;			/* S:first */
}

int __attribute__((noinline)) second_user(int x)
{
	return twice(x + 3) - 1;		/* S:second */
}

int __attribute__((noinline)) loop_sum(int n)
{
	int s = 0;

	for (int i = 0; i < n; i++)		/* S:loop */
		s += i * sink;
	return s;
}

/* -O0 whatever CFLAGS say: a prologue that sets up a frame. */
#ifdef __clang__
#define NOT_OPTIMIZED __attribute__((noinline, optnone))
#else
#define NOT_OPTIMIZED __attribute__((noinline, optimize("O0")))
#endif
long NOT_OPTIMIZED with_frame(long a, long b, long c, long d)
{
	char buf[64];				/* S:frame */

	snprintf(buf, sizeof(buf), "%ld %ld", a + b, c * d);
	return (long)buf[0] + a;
}

int main(int argc, char **argv)
{
	(void)argv;
	printf("%d %d %d %ld\n", first_user(argc), second_user(argc),
	       loop_sum(argc * 10), with_frame(argc, 2, 3, 4));
	return 0;
}
