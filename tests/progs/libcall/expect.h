/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The libcall test programs write the lines their calls must give in a
 * trace, in sltrace's own format (strace-like values: NULL, "str", plain
 * integers) without the padding before " = ": the cases squeeze spaces
 * on both sides before comparing (tests/progs/libcall/lc.sh).
 */
#ifndef EXPECT_H
#define EXPECT_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static FILE *expect_open(const char *path)
{
	FILE *f = fopen(path, "w");

	if (!f) {
		perror(path);
		exit(2);
	}
	return f;
}

static void __attribute__((format(printf, 2, 3)))
expect(FILE *f, const char *fmt, ...)
{
	va_list ap;

	if (!f)
		return;
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fputc('\n', f);
}

static void expect_close(FILE *f)
{
	if (f && fclose(f) != 0) {
		perror("expected lines");
		exit(2);
	}
}

/*
 * A call made from libbar rather than from the program: its line starts
 * "libbar.so->" -- unless the program is static (the build defines
 * LC_STATIC), where libbar is part of the program.  (Resumed lines are
 * compared without the prefix: lc_norm drops it.)
 */
#ifdef LC_STATIC
#define FROM_LIBBAR ""
#else
#define FROM_LIBBAR "libbar.so->"
#endif

/*
 * The lines of bar_rec(n), called from the program, traced at every entry
 * (n + 1 nested calls): each outer call is left unfinished when the inner
 * one starts, the innermost one is whole, and the returns come back in
 * reverse.  Every call but the first is made from libbar itself.
 */
static void __attribute__((unused)) expect_rec(FILE *f, int n)
{
	int i, sum = 0;

	for (i = n; i >= 0; i--)
		expect(f, "%sbar_rec(%d%s", i == n ? "" : FROM_LIBBAR, i,
		       i ? " <unfinished ...>" : ") = 0");
	for (i = 1; i <= n; i++) {
		sum += i;
		expect(f, "<... bar_rec resumed> ) = %d", sum);
	}
}

#endif
