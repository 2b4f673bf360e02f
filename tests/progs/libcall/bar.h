/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libbar: the library whose calls the libcall tests trace.  Built with -g
 * so that sltrace finds the prototypes in its DWARF.  Every function is
 * exported and interposable, so that a call from inside libbar itself
 * (bar_rec's recursion) goes through libbar's own PLT or GOT.
 */
#ifndef BAR_H
#define BAR_H

#include <stddef.h>

int bar_add(int a, int b);
/* "zero" ... "nine" for 0..9, NULL otherwise. */
const char *bar_name(int n);
size_t bar_len(const char *s);
double bar_scale(double x, float k);
/* n + (n - 1) + ... + 0, one real call per level. */
int bar_rec(int n);
/* Calls f(arg) and returns arg + 1 (if f returns). */
int bar_cb(void (*f)(int), int arg);
/* Sleeps ms milliseconds, returns ms. */
int bar_nap(int ms);

#endif
