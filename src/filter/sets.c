/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Syscall, descriptor and signal sets of the -e qualifiers. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "filter/sets.h"

void scset_clear(struct scset *s)
{
	memset(s, 0, sizeof(*s));
}

void scset_fill_pers(struct scset *s, int pers)
{
	memset(s->bits[pers], 0xff, sizeof(s->bits[pers]));
	s->beyond[pers] = true;
}

void scset_fill(struct scset *s)
{
	for (int p = 0; p < NUM_PERSONALITIES; p++)
		scset_fill_pers(s, p);
}

void scset_invert(struct scset *s)
{
	for (int p = 0; p < NUM_PERSONALITIES; p++) {
		for (int w = 0; w < SCSET_WORDS; w++)
			s->bits[p][w] = ~s->bits[p][w];
		s->beyond[p] = !s->beyond[p];
	}
}

void scset_add(struct scset *s, int pers, long nr)
{
	if (pers < 0 || pers >= NUM_PERSONALITIES)
		return;
	if (nr < 0 || nr >= SCSET_NR_MAX) {
		s->beyond[pers] = true;
		return;
	}
	s->bits[pers][nr / 64] |= 1ULL << (nr % 64);
}

bool scset_has(const struct scset *s, int pers, long nr)
{
	if (pers < 0 || pers >= NUM_PERSONALITIES)
		return false;
	if (nr < 0 || nr >= SCSET_NR_MAX)
		return s->beyond[pers];
	return s->bits[pers][nr / 64] >> (nr % 64) & 1;
}

unsigned int scset_count(const struct scset *s, int pers)
{
	unsigned int n = 0;

	for (int w = 0; w < SCSET_WORDS; w++)
		n += (unsigned int)__builtin_popcountll(s->bits[pers][w]);
	return n;
}

void numset_init(struct numset *s)
{
	memset(s, 0, sizeof(*s));
}

void numset_release(struct numset *s)
{
	free(s->v);
	numset_init(s);
}

static size_t lower_bound(const struct numset *s, int n)
{
	size_t lo = 0, hi = s->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->v[mid] < n)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int numset_add(struct numset *s, int n)
{
	size_t i = lower_bound(s, n);

	if (i < s->n && s->v[i] == n)
		return 0;
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 8;
		int *v = realloc(s->v, cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		s->v = v;
		s->cap = cap;
	}
	memmove(s->v + i + 1, s->v + i, (s->n - i) * sizeof(*s->v));
	s->v[i] = n;
	s->n++;
	return 0;
}

bool numset_has(const struct numset *s, int n)
{
	size_t i = lower_bound(s, n);

	return (i < s->n && s->v[i] == n) != s->negated;
}

void sigset_q_clear(struct sigset_q *s)
{
	memset(s, 0, sizeof(*s));
}

void sigset_q_fill(struct sigset_q *s)
{
	memset(s, 0xff, sizeof(*s));
}

void sigset_q_invert(struct sigset_q *s)
{
	for (size_t w = 0; w < sizeof(s->bits) / sizeof(s->bits[0]); w++)
		s->bits[w] = ~s->bits[w];
}

void sigset_q_add(struct sigset_q *s, int sig)
{
	if (sig >= 0 && sig <= SIGSET_MAX)
		s->bits[sig / 64] |= 1ULL << (sig % 64);
}

bool sigset_q_has(const struct sigset_q *s, int sig)
{
	if (sig < 0 || sig > SIGSET_MAX)
		return false;
	return s->bits[sig / 64] >> (sig % 64) & 1;
}
