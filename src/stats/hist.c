/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * --hist: a power-of-two histogram of each syscall's latency, printed at
 * exit in bpftrace's hist() layout, which follows DTrace's quantize():
 *
 *   @usecs[read]:
 *   [0]                    3 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@|
 *   [1]                    0 |                                                    |
 *   [2, 4)                 1 |@@@@@@@@@@@@@@@@@                                   |
 *
 * A bucket label, left in 16 columns, its count right in 8, then a bar
 * of 52 cells where the largest bucket is full; buckets print from the
 * first non-empty one to the last.  Bounds that are multiples of 1024
 * print with K, M, G... as bpftrace prints them.  The map name says the
 * unit: microseconds of wall-clock time between the entry and the exit
 * stop.  With --hist-by-errno the key also names the outcome:
 * @usecs[openat, success], @usecs[openat, ENOENT].
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "output/output.h"
#include "stats/internal.h"
#include "xlat/xlat.h"

#define BAR_WIDTH 52

static unsigned int bucket_of(uint64_t v)
{
	return v ? 64 - (unsigned int)__builtin_clzll(v) : 0;
}

/* The histogram of err in row, made when missing; NULL out of memory. */
static struct stats_hist *hist_of(struct stats_row *row, int err)
{
	struct stats_hist *h = NULL;
	unsigned int i;

	if (!cfg.hist_by_errno)
		err = 0;
	for (i = 0; i < row->nhists; i++) {
		if (row->hists[i].err == err) {
			h = &row->hists[i];
			break;
		}
		if (row->hists[i].err > err)
			break;
	}
	if (!h) {
		struct stats_hist *v =
			realloc(row->hists, (row->nhists + 1) * sizeof(*v));

		if (!v)
			return NULL;
		row->hists = v;
		memmove(&v[i + 1], &v[i], (row->nhists - i) * sizeof(*v));
		row->nhists++;
		h = &v[i];
		memset(h, 0, sizeof(*h));
		h->err = err;
	}
	return h;
}

int stats_hist_add(struct stats_row *row, uint64_t usecs, int err)
{
	struct stats_hist *h = hist_of(row, err);

	if (!h)
		return -ENOMEM;
	h->buckets[bucket_of(usecs)]++;
	h->count++;
	return 0;
}

int stats_hist_merge(struct stats_row *row, int err, const uint64_t *buckets)
{
	struct stats_hist *h = hist_of(row, err);

	if (!h)
		return -ENOMEM;
	for (unsigned int i = 0; i < STATS_HIST_BUCKETS; i++) {
		h->buckets[i] += buckets[i];
		h->count += buckets[i];
	}
	return 0;
}

void stats_hist_free(struct stats_row *row)
{
	free(row->hists);
	row->hists = NULL;
	row->nhists = 0;
}

/* 2^e as bpftrace writes a bucket bound: 512, 1K, 2K... 8E, 16E. */
static void fmt_pow2(char *buf, size_t size, unsigned int e)
{
	static const char suffix[] = " KMGTPE";
	unsigned int s = e / 10 < 6 ? e / 10 : 6;

	if (s)
		snprintf(buf, size, "%llu%c", 1ULL << (e - 10 * s), suffix[s]);
	else
		snprintf(buf, size, "%llu", 1ULL << e);
}

static void bucket_label(char *buf, size_t size, unsigned int i)
{
	char lo[24], hi[24];

	if (i < 2) {
		snprintf(buf, size, "[%u]", i);
		return;
	}
	fmt_pow2(lo, sizeof(lo), i - 1);
	fmt_pow2(hi, sizeof(hi), i);
	snprintf(buf, size, "[%s, %s)", lo, hi);
}

/* --output-format=json: buckets from first to last, bounds in us. */
static void json_hist(struct outstream *os, const char *name, int pers,
		      const struct stats_hist *h, unsigned int first,
		      unsigned int last)
{
	out_jrec_begin(os, "hist");
	out_jkey(os, "name");
	out_jstr(os, name);
	out_jkey(os, "pers");
	out_jstr(os, arch_pers[pers].name);
	if (cfg.hist_by_errno) {
		const char *e = h->err ? errno_name(h->err) : "success";
		char num[32];

		snprintf(num, sizeof(num), "errno %d", h->err);
		out_jkey(os, "errno");
		out_jstr(os, e ? e : num);
	}
	out_jkey(os, "buckets");
	out_puts(os, "[");
	for (unsigned int i = first; i <= last; i++) {
		uint64_t lo = i < 2 ? i : 1ULL << (i - 1);
		uint64_t hi = i < 2 ? i + 1 : i < 64 ? 1ULL << i : UINT64_MAX;

		out_printf(os, "%s{\"from_us\":%llu,\"to_us\":%llu,\"count\":%llu}",
			   i > first ? "," : "", (unsigned long long)lo,
			   (unsigned long long)hi,
			   (unsigned long long)h->buckets[i]);
	}
	out_puts(os, "]");
	out_jrec_end(os);
}

void stats_hist_print_one(struct outstream *os, const char *name, int pers,
			  const struct stats_hist *h)
{
	unsigned int first = STATS_HIST_BUCKETS, last = 0;
	uint64_t max = 0;
	char bar[BAR_WIDTH + 1];

	for (unsigned int i = 0; i < STATS_HIST_BUCKETS; i++) {
		if (!h->buckets[i])
			continue;
		if (first == STATS_HIST_BUCKETS)
			first = i;
		last = i;
		if (h->buckets[i] > max)
			max = h->buckets[i];
	}
	if (!max)
		return;
	if (out_is_json()) {
		json_hist(os, name, pers, h, first, last);
		return;
	}

	out_printf(os, "\n@usecs[%s", name);
	if (pers != PERS_NATIVE)
		out_printf(os, "@%s", arch_pers[pers].name);
	if (cfg.hist_by_errno) {
		const char *e = h->err ? errno_name(h->err) : "success";

		if (e)
			out_printf(os, ", %s", e);
		else
			out_printf(os, ", errno %d", h->err);
	}
	out_puts(os, "]:\n");

	for (unsigned int i = first; i <= last; i++) {
		unsigned int n =
			(unsigned int)(h->buckets[i] * BAR_WIDTH / max);
		char label[64];

		bucket_label(label, sizeof(label), i);
		memset(bar, ' ', BAR_WIDTH);
		memset(bar, '@', n);
		bar[BAR_WIDTH] = '\0';
		out_printf(os, "%-16s%8llu |%s|\n", label,
			   (unsigned long long)h->buckets[i], bar);
	}
}

/*
 * Native personality first, each in syscall-number order; per syscall
 * the successes first, then the errnos in numeric order.
 */
void stats_hist_print(struct outstream *os)
{
	for (int k = 0; k < STATS_NKINDS; k++) {
		for (int p = 0; p < NUM_PERSONALITIES; p++) {
			const struct stats_table *t = &stats_tables[k][p];

			for (unsigned long i = 0; i < t->nrows; i++) {
				const struct stats_row *r = &t->rows[i];

				for (unsigned int j = 0; j < r->nhists; j++)
					stats_hist_print_one(os, r->name, p,
							     &r->hists[j]);
			}
		}
	}
}
