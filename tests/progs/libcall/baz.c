/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* libbaz: loaded with dlopen by dlopener.c, never linked. */

int baz_mul(int a, int b);

int baz_mul(int a, int b)
{
	return a * b;
}
