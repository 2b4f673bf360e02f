/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * caller PLT_EXPECT ENTRY_EXPECT: the link-mode matrix program
 * (tests/cases/libcall_modes.sh builds it in every mode).  Calls libbar's
 * functions with known arguments and writes the lines a trace must hold:
 *   PLT_EXPECT    the calls main makes to bar_add, bar_name, bar_len and
 *                 bar_scale (-l for each of them)
 *   ENTRY_EXPECT  every entry into a bar_* function, including bar_rec's
 *                 own recursion (-L 'bar_*')
 * Prints "ok SUM" and exits 0 when every call returned what it must.
 */
#include <stdio.h>
#include <string.h>

#include "bar.h"
#include "expect.h"

static FILE *plt, *entry;
static int bad;
static long sum;

static void both(const char *line)
{
	expect(plt, "%s", line);
	expect(entry, "%s", line);
}

static void add(int a, int b)
{
	char line[128];
	int r = bar_add(a, b);

	bad |= r != a + b;
	sum += r;
	snprintf(line, sizeof(line), "bar_add(%d, %d) = %d", a, b, a + b);
	both(line);
}

static void name(int n)
{
	char line[128];
	const char *r = bar_name(n);

	if (n == 7)
		bad |= !r || strcmp(r, "seven") != 0;
	else if (n < 0 || n > 9)
		bad |= r != NULL;
	if (r)
		snprintf(line, sizeof(line), "bar_name(%d) = \"%s\"", n, r);
	else
		snprintf(line, sizeof(line), "bar_name(%d) = NULL", n);
	both(line);
}

static void len(const char *s)
{
	char line[128];
	size_t r = bar_len(s);

	bad |= r != strlen(s);
	sum += r;
	snprintf(line, sizeof(line), "bar_len(\"%s\") = %zu", s, r);
	both(line);
}

int main(int argc, char **argv)
{
	double d;
	int i, r;

	if (argc != 3) {
		fprintf(stderr, "usage: caller PLT_EXPECT ENTRY_EXPECT\n");
		return 2;
	}
	plt = expect_open(argv[1]);
	entry = expect_open(argv[2]);

	add(2, 1);
	add(-5, 3);
	add(2147483647, 0);
	name(7);
	name(42);
	len("hello");
	len("");
	/* Values exact in binary and short in any notation. */
	d = bar_scale(2.5, 0.5f);
	bad |= d != 1.25;
	both("bar_scale(2.5, 0.5) = 1.25");
	r = bar_rec(3);
	bad |= r != 6;
	expect_rec(entry, 3);
	for (i = 0; i < 10; i++)
		add(i, i * i);

	expect_close(plt);
	expect_close(entry);
	if (bad) {
		printf("wrong results\n");
		return 1;
	}
	printf("ok %ld\n", sum);
	return 0;
}
