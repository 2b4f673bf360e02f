/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the unit tests share: a CHECK that counts and goes on (a test
 * reports every failure, not the first), and writing a file whole.
 * Each test defines `failed` and `total` through this header once.
 */
#ifndef SLTRACE_TESTS_UNIT_CHECK_H
#define SLTRACE_TESTS_UNIT_CHECK_H

#include <stdio.h>
#include <stddef.h>

static int failed, total;

/* Millions of checks can fail alike: the first 60 tell enough. */
#define CHECK(cond, ...)                                                \
	do {                                                            \
		total++;                                                \
		if (!(cond) && failed++ < 60) {                         \
			printf("FAIL %s:%d: ", __FILE__, __LINE__);     \
			printf(__VA_ARGS__);                            \
			printf("\n");                                   \
		}                                                       \
	} while (0)

/* 0, or -1 when path cannot be written whole. */
static inline int write_file(const char *path, const void *buf, size_t len)
{
	FILE *f = fopen(path, "w");
	int ok;

	if (!f)
		return -1;
	ok = fwrite(buf, 1, len, f) == len;
	return (fclose(f) == 0 && ok) ? 0 : -1;
}

#endif
