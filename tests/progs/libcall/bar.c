/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <string.h>
#include <time.h>

#include "bar.h"

static const char *const names[] = {
	"zero", "one", "two", "three", "four",
	"five", "six", "seven", "eight", "nine",
};

int bar_add(int a, int b)
{
	return a + b;
}

const char *bar_name(int n)
{
	if (n < 0 || n > 9)
		return NULL;
	return names[n];
}

size_t bar_len(const char *s)
{
	return strlen(s);
}

double bar_scale(double x, float k)
{
	return x * k;
}

/*
 * Each level of bar_rec must be a real call through libbar's PLT (or GOT
 * with -fno-plt) to the exported, interposable symbol -- in a static
 * program, a call to its entry.  gcc binds a function's call to itself
 * directly whatever the interposition rules, so the call is made from a
 * helper; the empty asm after it keeps both compilers from turning
 * n + f(n - 1) into a loop; clang needs -fsemantic-interposition (the
 * build passes it) and a build without -fPIC the attribute not to inline
 * bar_rec into the helper (gcc's noipa also forbids a clone of it).
 */
#if defined(__clang__) || !defined(__GNUC__)
#define BAR_CALLED_WHOLE __attribute__((noinline))
#else
#define BAR_CALLED_WHOLE __attribute__((noipa))
#endif

static int __attribute__((noinline)) rec_step(int n)
{
	int r = bar_rec(n - 1);

	__asm__ volatile("" : "+r"(r));
	return n + r;
}

BAR_CALLED_WHOLE int bar_rec(int n)
{
	if (n <= 0)
		return 0;
	return rec_step(n);
}

int bar_cb(void (*f)(int), int arg)
{
	f(arg);
	return arg + 1;
}

int bar_nap(int ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) != 0)
		;
	return ms;
}
