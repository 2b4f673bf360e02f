/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * recurse N EXPECT: bar_rec(N), N + 1 nested calls through libbar's PLT,
 * then bar_rec(2) once more.  EXPECT gets the lines a trace with an entry
 * breakpoint on bar_rec must hold.  Prints "ok SUM" and exits 0 when both
 * returned n (n + 1) / 2.
 */
#include <stdio.h>
#include <stdlib.h>

#include "bar.h"
#include "expect.h"

int main(int argc, char **argv)
{
	FILE *f;
	int n, r, bad = 0;

	if (argc != 3 || (n = atoi(argv[1])) < 0 || n > 100000) {
		fprintf(stderr, "usage: recurse N EXPECT\n");
		return 2;
	}
	f = expect_open(argv[2]);
	r = bar_rec(n);
	bad |= r != n * (n + 1) / 2;
	expect_rec(f, n);
	bad |= bar_rec(2) != 3;
	expect_rec(f, 2);
	expect_close(f);
	if (bad) {
		printf("wrong result %d\n", r);
		return 1;
	}
	printf("ok %d\n", r);
	return 0;
}
