/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Workload: N calls of bar_add in libbar.so through the PLT (default
 * 20000).  Checks every result: a tracer that breaks a return shows.
 */
#include <stdio.h>
#include <stdlib.h>

int bar_add(int a, int b);

int main(int argc, char **argv)
{
	long n = argc > 1 ? strtol(argv[1], NULL, 10) : 20000;
	long i;

	if (n < 0) {
		fprintf(stderr, "usage: calls [N]\n");
		return 2;
	}
	for (i = 0; i < n; i++)
		if (bar_add((int)i, 1) != (int)i + 1)
			return 1;
	return 0;
}
