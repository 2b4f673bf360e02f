/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * --replay of the statistics: a JSON trace's summary and hist records
 * back into the tables of src/stats/, printed by the same printers as a
 * live -c or --hist.  A summary's rows go into its table in the order the
 * record has them (its -S order), and stay so unless the replay is given
 * a -S of its own; histograms are printed in the order they came.
 */
#include "config.h"

#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "output/output.h"
#include "output/records.h"
#include "stats/internal.h"
#include "xlat/xlat.h"

struct loaded_hist {
	char *name;
	int pers;
	struct stats_hist h;
};

static struct loaded_hist *hists;
static size_t nhists, hists_cap;
static bool have_summary;

static int pers_of(struct json_object *r)
{
	const char *p = jstr(r, "pers");

	for (int i = 0; p && i < NUM_PERSONALITIES; i++)
		if (!strcmp(arch_pers[i].name, p))
			return i;
	return PERS_NATIVE;
}

static void load_summary(struct json_object *r)
{
	const char *k = jstr(r, "kind");
	enum stats_kind kind = k && !strcmp(k, "call") ? STATS_LIBCALL :
			       k && !strcmp(k, "probe") ? STATS_PROBE :
			       STATS_SYSCALL;
	struct stats_table *t = &stats_tables[kind][pers_of(r)];
	struct json_object *rows;
	size_t n;

	if (!json_object_object_get_ex(r, "rows", &rows) ||
	    !json_object_is_type(rows, json_type_array))
		return;
	n = json_object_array_length(rows);
	if (!n)
		return;
	t->rows = calloc(n, sizeof(*t->rows));
	if (!t->rows)
		return;
	t->nrows = n;
	for (size_t i = 0; i < n; i++) {
		struct json_object *o = json_object_array_get_idx(rows, i);
		struct stats_row *w = &t->rows[i];
		const char *name = jstr(o, "name");

		w->name = strdup(name ? name : "?");
		w->calls = (uint64_t)jint(o, "calls", 0);
		w->errors = (uint64_t)jint(o, "errors", 0);
		w->time_ns = (uint64_t)jint(o, "time_ns", 0);
		w->min_ns = (uint64_t)jint(o, "min_ns", 0);
		w->max_ns = (uint64_t)jint(o, "max_ns", 0);
		w->wall_ns = (uint64_t)jint(o, "wall_ns", 0);
		w->wall_min_ns = (uint64_t)jint(o, "wall_min_ns", 0);
		w->wall_max_ns = (uint64_t)jint(o, "wall_max_ns", 0);
		t->calls += w->calls;
	}
	have_summary = true;
}

/* Bucket i holds [2^(i-1), 2^i) microseconds; 0 and 1 their own. */
static unsigned int bucket_of_from(uint64_t from)
{
	unsigned int i = 0;

	if (from < 2)
		return (unsigned int)from;
	while (from >> i)
		i++;
	return i;
}

static void load_hist(struct json_object *r)
{
	struct json_object *b;
	struct loaded_hist *l;
	const char *e = jstr(r, "errno");

	if (!json_object_object_get_ex(r, "buckets", &b) ||
	    !json_object_is_type(b, json_type_array))
		return;
	if (nhists == hists_cap) {
		size_t cap = hists_cap ? 2 * hists_cap : 16;
		struct loaded_hist *v = realloc(hists, cap * sizeof(*v));

		if (!v)
			return;
		hists = v;
		hists_cap = cap;
	}
	l = &hists[nhists++];
	memset(l, 0, sizeof(*l));
	l->name = strdup(jstr(r, "name") ? jstr(r, "name") : "?");
	l->pers = pers_of(r);
	if (e) {
		/* The record was written by errno: so is the text. */
		cfg.hist_by_errno = true;
		if (!strncmp(e, "errno ", 6))
			l->h.err = atoi(e + 6);
		else if (strcmp(e, "success"))
			l->h.err = errno_from_name(e);
	}
	for (size_t i = 0; i < json_object_array_length(b); i++) {
		struct json_object *o = json_object_array_get_idx(b, i);
		unsigned int k = bucket_of_from((uint64_t)jint(o, "from_us", 0));

		if (k < STATS_HIST_BUCKETS) {
			l->h.buckets[k] += (uint64_t)jint(o, "count", 0);
			l->h.count += (uint64_t)jint(o, "count", 0);
		}
	}
}

void stats_replay_record(struct json_object *r)
{
	const char *type = jstr(r, "type");

	if (!type)
		return;
	if (!strcmp(type, "summary"))
		load_summary(r);
	else if (!strcmp(type, "hist"))
		load_hist(r);
}

void stats_replay_finish(void)
{
	struct outstream *os = out_shared();

	if (have_summary) {
		if (!cfg.summary_sort_given)
			cfg.summary_sort = STATS_SORT_NOTHING;
		stats_print_tables();
	}
	for (size_t i = 0; i < nhists; i++) {
		stats_hist_print_one(os, hists[i].name, hists[i].pers,
				     &hists[i].h);
		free(hists[i].name);
	}
	free(hists);
	hists = NULL;
	nhists = hists_cap = 0;
	for (int k = 0; k < STATS_NKINDS; k++) {
		for (int p = 0; p < NUM_PERSONALITIES; p++) {
			struct stats_table *t = &stats_tables[k][p];

			for (unsigned long i = 0; have_summary && i < t->nrows; i++)
				free((char *)t->rows[i].name);
			free(t->rows);
			t->rows = NULL;
			t->nrows = 0;
			t->calls = 0;
		}
	}
	have_summary = false;
	out_flush(os);
}
