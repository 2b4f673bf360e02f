/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libbarxx: C++ functions with C names (no demangling in the way) that
 * throw through their own frames.  barx_outer and barx_mid call
 * barx_inner through the PLT (all are exported and interposable), so with
 * entry breakpoints an exception from barx_inner unwinds through two
 * traced frames, and with -l through the program's call of barx_outer.
 * barx_catch reaches barx_inner through barx_mid, which the program never
 * calls: -l barx_outer -l barx_catch then sees the program's calls only,
 * whether or not -l also follows calls made inside libraries.
 */
#include <stdexcept>

extern "C" {
int barx_inner(int v);
int barx_outer(int v);
int barx_mid(int v);
int barx_catch(int v);
}

/* 2 v for v >= 0; throws std::invalid_argument for v < 0. */
int barx_inner(int v)
{
	if (v < 0)
		throw std::invalid_argument("negative");
	return 2 * v;
}

/* barx_inner(v) + 1: the exception passes through this frame. */
int barx_outer(int v)
{
	int r = barx_inner(v);

	__asm__ volatile("" : "+r"(r));
	return r + 1;
}

/*
 * barx_inner(v) + 2, for barx_catch.  Not barx_outer's code: identical
 * functions may be folded into one (gcc -fipa-icf), and barx_mid would
 * then be an alias of barx_outer.
 */
int barx_mid(int v)
{
	int r = barx_inner(v);

	__asm__ volatile("" : "+r"(r));
	return r + 2;
}

/* barx_mid(v), or -1 when it threw: caught inside the library. */
int barx_catch(int v)
{
	try {
		return barx_mid(v);
	} catch (const std::invalid_argument &) {
		return -1;
	}
}
