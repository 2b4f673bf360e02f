/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The -c table: its columns (-U), its order (-S) and its layout, as
 * Debian's strace 6.1 prints them — header, a dashed rule, one row per
 * counted call, a rule, the total row.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "output/output.h"
#include "stats/internal.h"
#include "syscall/print.h"

_Static_assert(STATS_NCOLS <= sizeof(cfg.summary_cols) / sizeof(int),
	       "cfg.summary_cols is too small");

/* --- the table ------------------------------------------------------- */

/* What a row or the total row shows. */
struct line {
	const char *name;
	uint64_t calls, errors;
	uint64_t time_ns, min_ns, max_ns;
	uint64_t wall_ns, wall_min_ns, wall_max_ns;
};

/* Sums of the table, for the percentages. */
static uint64_t sum_time, sum_wall;

/*
 * The name column is as wide as the kind says, or one more than the
 * longest name in the table (strace: "io_uring_register" makes it 18).
 */
static unsigned int name_width;

static void put_secs(struct outstream *os, unsigned int width, uint64_t ns)
{
	out_printf(os, "%*.6f", (int)width, (double)ns / 1e9);
}

/* "usecs/call": the average, truncated to whole microseconds. */
static void put_avg(struct outstream *os, unsigned int width, uint64_t ns,
		    uint64_t calls)
{
	out_printf(os, "%*llu", (int)width,
		   (unsigned long long)(calls ? ns / calls / 1000 : 0));
}

static void put_percent(struct outstream *os, uint64_t t, uint64_t sum,
			bool total)
{
	double pct = total ? 100.0 : sum ? 100.0 * (double)t / (double)sum : 0;

	out_printf(os, "%6.2f", pct);
}

/* Header, rule width, of each column; the name's come from the kind. */
static const struct {
	const char *header;
	unsigned int width;
} col_fmt[STATS_NCOLS] = {
	[STATS_COL_TIME_PERCENT] = { "% time", 6 },
	[STATS_COL_TOTAL_TIME]	 = { "seconds", 11 },
	[STATS_COL_MIN_TIME]	 = { "shortest", 8 },
	[STATS_COL_MAX_TIME]	 = { "longest", 8 },
	[STATS_COL_AVG_TIME]	 = { "usecs/call", 11 },
	[STATS_COL_CALLS]	 = { "calls", 9 },
	[STATS_COL_ERRORS]	 = { "errors", 9 },
	[STATS_COL_WALL_PERCENT] = { "% wall", 6 },
	[STATS_COL_WALL_TOTAL]	 = { "wall seconds", 12 },
	[STATS_COL_WALL_MIN]	 = { "wall min", 8 },
	[STATS_COL_WALL_MAX]	 = { "wall max", 8 },
	[STATS_COL_WALL_AVG]	 = { "wall us/call", 12 },
};

static void put_cell(struct outstream *os, int col, bool last,
		     const struct line *l, bool total)
{
	unsigned int w = col_fmt[col].width;

	switch (col) {
	case STATS_COL_TIME_PERCENT:
		put_percent(os, l->time_ns, sum_time, total);
		break;
	case STATS_COL_TOTAL_TIME:
		put_secs(os, w, l->time_ns);
		break;
	case STATS_COL_MIN_TIME:
		put_secs(os, w, l->min_ns);
		break;
	case STATS_COL_MAX_TIME:
		put_secs(os, w, l->max_ns);
		break;
	case STATS_COL_AVG_TIME:
		put_avg(os, w, l->time_ns, l->calls);
		break;
	case STATS_COL_CALLS:
		out_printf(os, "%*llu", (int)w, (unsigned long long)l->calls);
		break;
	case STATS_COL_ERRORS:
		/* No errors: a blank cell, not a 0. */
		if (l->errors)
			out_printf(os, "%*llu", (int)w,
				   (unsigned long long)l->errors);
		else
			out_printf(os, "%*s", (int)w, "");
		break;
	case STATS_COL_NAME:
		if (last)
			out_puts(os, l->name);
		else
			out_printf(os, "%-*s", (int)name_width, l->name);
		break;
	case STATS_COL_WALL_PERCENT:
		put_percent(os, l->wall_ns, sum_wall, total);
		break;
	case STATS_COL_WALL_TOTAL:
		put_secs(os, w, l->wall_ns);
		break;
	case STATS_COL_WALL_MIN:
		put_secs(os, w, l->wall_min_ns);
		break;
	case STATS_COL_WALL_MAX:
		put_secs(os, w, l->wall_max_ns);
		break;
	case STATS_COL_WALL_AVG:
		put_avg(os, w, l->wall_ns, l->calls);
		break;
	}
}

static void put_line(struct outstream *os, const struct line *l, bool total)
{
	for (unsigned int i = 0; i < cfg.summary_ncols; i++) {
		if (i)
			out_puts(os, " ");
		put_cell(os, cfg.summary_cols[i], i + 1 == cfg.summary_ncols,
			 l, total);
	}
	out_puts(os, "\n");
}

static void put_header(struct outstream *os, const struct stats_kind_info *k)
{
	for (unsigned int i = 0; i < cfg.summary_ncols; i++) {
		int c = cfg.summary_cols[i];

		if (i)
			out_puts(os, " ");
		if (c == STATS_COL_NAME && i + 1 == cfg.summary_ncols)
			out_puts(os, k->name_header);
		else if (c == STATS_COL_NAME)
			out_printf(os, "%-*s", (int)name_width,
				   k->name_header);
		else if (c == STATS_COL_TIME_PERCENT ||
			 c == STATS_COL_WALL_PERCENT)
			out_printf(os, "%-*s", (int)col_fmt[c].width,
				   col_fmt[c].header);
		else
			out_printf(os, "%*s", (int)col_fmt[c].width,
				   col_fmt[c].header);
	}
	out_puts(os, "\n");
}

static void put_rule(struct outstream *os)
{
	for (unsigned int i = 0; i < cfg.summary_ncols; i++) {
		int c = cfg.summary_cols[i];
		unsigned int w = c == STATS_COL_NAME ? name_width
						     : col_fmt[c].width;

		if (i)
			out_puts(os, " ");
		while (w--)
			out_puts(os, "-");
	}
	out_puts(os, "\n");
}

/* --- sorting: descending by the key, ties in id order ------------------ */

static const struct stats_row *sort_rows;

static int cmp_u64_desc(uint64_t a, uint64_t b)
{
	return a < b ? 1 : a > b ? -1 : 0;
}

/* Averages compared exactly: a.t / a.n against b.t / b.n. */
static int cmp_avg_desc(uint64_t at, uint64_t an, uint64_t bt, uint64_t bn)
{
	unsigned __int128 l = (unsigned __int128)at * bn;
	unsigned __int128 r = (unsigned __int128)bt * an;

	return l < r ? 1 : l > r ? -1 : 0;
}

static int cmp_rows(const void *pa, const void *pb)
{
	unsigned long ia = *(const unsigned long *)pa;
	unsigned long ib = *(const unsigned long *)pb;
	const struct stats_row *a = &sort_rows[ia], *b = &sort_rows[ib];
	int r = 0;

	switch (cfg.summary_sort) {
	case STATS_SORT_TIME:
		r = cmp_u64_desc(a->time_ns, b->time_ns);
		break;
	case STATS_SORT_MIN_TIME:
		r = cmp_u64_desc(a->min_ns, b->min_ns);
		break;
	case STATS_SORT_MAX_TIME:
		r = cmp_u64_desc(a->max_ns, b->max_ns);
		break;
	case STATS_SORT_AVG_TIME:
		r = cmp_avg_desc(a->time_ns, a->calls, b->time_ns, b->calls);
		break;
	case STATS_SORT_CALLS:
		r = cmp_u64_desc(a->calls, b->calls);
		break;
	case STATS_SORT_ERRORS:
		r = cmp_u64_desc(a->errors, b->errors);
		break;
	case STATS_SORT_NAME:
		r = strcmp(a->name, b->name);
		break;
	case STATS_SORT_WALL_TIME:
		r = cmp_u64_desc(a->wall_ns, b->wall_ns);
		break;
	case STATS_SORT_WALL_MIN_TIME:
		r = cmp_u64_desc(a->wall_min_ns, b->wall_min_ns);
		break;
	case STATS_SORT_WALL_MAX_TIME:
		r = cmp_u64_desc(a->wall_max_ns, b->wall_max_ns);
		break;
	case STATS_SORT_WALL_AVG_TIME:
		r = cmp_avg_desc(a->wall_ns, a->calls, b->wall_ns, b->calls);
		break;
	default:
		break;
	}
	if (r)
		return r;
	return ia < ib ? -1 : ia > ib;
}

static void line_of_row(struct line *l, const struct stats_row *r)
{
	l->name = r->name;
	l->calls = r->calls;
	l->errors = r->errors;
	l->time_ns = r->time_ns;
	l->min_ns = r->min_ns;
	l->max_ns = r->max_ns;
	l->wall_ns = r->wall_ns;
	l->wall_min_ns = r->wall_min_ns;
	l->wall_max_ns = r->wall_max_ns;
}

static void add_to_total(struct line *t, const struct stats_row *r, bool first)
{
	t->calls += r->calls;
	t->errors += r->errors;
	t->time_ns += r->time_ns;
	t->wall_ns += r->wall_ns;
	if (first || r->min_ns < t->min_ns)
		t->min_ns = r->min_ns;
	if (first || r->wall_min_ns < t->wall_min_ns)
		t->wall_min_ns = r->wall_min_ns;
	if (r->max_ns > t->max_ns)
		t->max_ns = r->max_ns;
	if (r->wall_max_ns > t->wall_max_ns)
		t->wall_max_ns = r->wall_max_ns;
}

/* --output-format=json: one record per table, times in ns. */
static void json_line(struct outstream *os, const struct line *l)
{
	out_puts(os, "{\"name\":");
	out_jstr(os, l->name);
	out_printf(os, ",\"calls\":%llu,\"errors\":%llu,\"time_ns\":%llu,"
		   "\"min_ns\":%llu,\"max_ns\":%llu,\"wall_ns\":%llu,"
		   "\"wall_min_ns\":%llu,\"wall_max_ns\":%llu}",
		   (unsigned long long)l->calls, (unsigned long long)l->errors,
		   (unsigned long long)l->time_ns, (unsigned long long)l->min_ns,
		   (unsigned long long)l->max_ns, (unsigned long long)l->wall_ns,
		   (unsigned long long)l->wall_min_ns,
		   (unsigned long long)l->wall_max_ns);
}

static void json_table(struct outstream *os, enum stats_kind kind, int pers,
		       const struct stats_table *t, const unsigned long *idx,
		       unsigned long n, const struct line *total)
{
	out_jrec_begin(os, "summary");
	out_jkey(os, "kind");
	out_jstr(os, kind == STATS_LIBCALL ? "call" :
		     kind == STATS_PROBE ? "probe" : "syscall");
	out_jkey(os, "pers");
	out_jstr(os, arch_pers[pers].name);
	out_jkey(os, "rows");
	out_puts(os, "[");
	for (unsigned long i = 0; i < n; i++) {
		struct line l;

		line_of_row(&l, &t->rows[idx[i]]);
		if (i)
			out_puts(os, ",");
		json_line(os, &l);
	}
	out_puts(os, "]");
	out_jkey(os, "total");
	json_line(os, total);
	out_jrec_end(os);
}

static void print_one(struct outstream *os, enum stats_kind kind, int pers)
{
	const struct stats_kind_info *k = &stats_kinds[kind];
	const struct stats_table *t = &stats_tables[kind][pers];
	struct line total = { .name = "total" };
	unsigned long *idx, n = 0;

	if (!t->calls)
		return;
	idx = malloc(t->nrows * sizeof(*idx));
	if (!idx)
		return;
	name_width = k->name_width;
	for (unsigned long i = 0; i < t->nrows; i++) {
		if (!t->rows[i].calls)
			continue;
		add_to_total(&total, &t->rows[i], n == 0);
		idx[n++] = i;
		if (strlen(t->rows[i].name) + 1 > name_width)
			name_width = (unsigned int)strlen(t->rows[i].name) + 1;
	}
	sum_time = total.time_ns;
	sum_wall = total.wall_ns;
	sort_rows = t->rows;
	if (cfg.summary_sort != STATS_SORT_NOTHING)
		qsort(idx, n, sizeof(*idx), cmp_rows);
	if (out_is_json()) {
		json_table(os, kind, pers, t, idx, n, &total);
		free(idx);
		return;
	}

	if (pers != PERS_NATIVE && k->pers_title) {
		out_printf(os, k->pers_title, arch_pers[pers].name);
		out_puts(os, "\n");
	}
	put_header(os, k);
	put_rule(os);
	for (unsigned long i = 0; i < n; i++) {
		struct line l;

		line_of_row(&l, &t->rows[idx[i]]);
		put_line(os, &l, false);
	}
	put_rule(os);
	put_line(os, &total, true);
	free(idx);
}

/* --- ltrace's -c ----------------------------------------------------- */

/*
 * ltrace's table has one row per function, its -S syscalls among them
 * as "SYS_write", times by the clock from entry to return, and no error
 * column; it is printed even when nothing was counted.
 */
struct lt_row {
	char name[64];
	uint64_t ns, calls;
	unsigned long seq;
};

static int cmp_lt_rows(const void *pa, const void *pb)
{
	const struct lt_row *a = pa, *b = pb;
	int r = cmp_u64_desc(a->ns, b->ns);

	if (r)
		return r;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static void put_lt_secs(struct outstream *os, uint64_t ns)
{
	uint64_t us = ns / 1000;

	out_printf(os, " %4llu.%06llu", (unsigned long long)(us / 1000000),
		   (unsigned long long)(us % 1000000));
}

static const char lt_rule[] =
	"------ ----------- ----------- --------- --------------------\n";

static void print_ltrace(struct outstream *os)
{
	struct lt_row *v;
	unsigned long n = 0, cap = 0;
	uint64_t sum = 0, calls = 0;

	for (int k = 0; k < STATS_NKINDS; k++)
		for (int p = 0; p < NUM_PERSONALITIES; p++)
			cap += stats_tables[k][p].nrows;
	v = calloc(cap ? cap : 1, sizeof(*v));
	if (!v)
		return;
	/* Library calls first: ties keep that order. */
	for (int k = STATS_NKINDS; k-- > 0;) {
		for (int p = 0; p < NUM_PERSONALITIES; p++) {
			const struct stats_table *t = &stats_tables[k][p];

			for (unsigned long i = 0; i < t->nrows; i++) {
				const struct stats_row *r = &t->rows[i];
				struct lt_row *l = &v[n];

				if (!r->calls)
					continue;
				if (k == STATS_SYSCALL)
					syscall_shown_name(p, (long)i, r->name,
							   l->name, sizeof(l->name));
				else
					snprintf(l->name, sizeof(l->name), "%s",
						 r->name);
				l->ns = r->time_ns;
				l->calls = r->calls;
				l->seq = n++;
				sum += r->time_ns;
				calls += r->calls;
			}
		}
	}
	qsort(v, n, sizeof(*v), cmp_lt_rows);
	out_puts(os, "% time     seconds  usecs/call     calls      function\n");
	out_puts(os, lt_rule);
	for (unsigned long i = 0; i < n; i++) {
		out_printf(os, "%6.2f", sum ? 100.0 * (double)v[i].ns / (double)sum
					    : 0.0);
		put_lt_secs(os, v[i].ns);
		out_printf(os, " %11llu %9llu %s\n",
			   (unsigned long long)(v[i].ns / v[i].calls / 1000),
			   (unsigned long long)v[i].calls, v[i].name);
	}
	out_puts(os, lt_rule);
	out_puts(os, "100.00");
	put_lt_secs(os, sum);
	out_printf(os, " %11s %9llu total\n", "", (unsigned long long)calls);
	free(v);
}

void stats_table_print(struct outstream *os, enum stats_kind kind)
{
	if (cfg.lc_style == LC_STYLE_LTRACE && !out_is_json()) {
		if (kind == STATS_LIBCALL)
			print_ltrace(os);
		return;
	}
	for (int p = 0; p < NUM_PERSONALITIES; p++)
		print_one(os, kind, p);
}
