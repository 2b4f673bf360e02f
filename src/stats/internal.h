/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What the files of src/stats/ share: the tables of counted calls. */
#ifndef SLTRACE_STATS_INTERNAL_H
#define SLTRACE_STATS_INTERNAL_H

#include <stdint.h>

#include "arch/arch.h"
#include "stats/stats.h"

struct outstream;

/*
 * Bucket 0 holds latencies of 0, bucket i > 0 those in [2^(i-1), 2^i):
 * 65 buckets cover every uint64_t.
 */
#define STATS_HIST_BUCKETS 65

struct stats_hist {
	int err;			/* 0: the successful calls, else errno */
	uint64_t count;
	uint64_t buckets[STATS_HIST_BUCKETS];
};

struct stats_row {
	const char *name;		/* NULL: never counted */
	uint64_t calls, errors;
	/* The -c time: system CPU time, or wall-clock with -w; after -O. */
	uint64_t time_ns, min_ns, max_ns;
	/* Wall-clock time always (the wall-* columns); after -O. */
	uint64_t wall_ns, wall_min_ns, wall_max_ns;
	/* --hist: one histogram, or one per errno (sorted by err). */
	struct stats_hist *hists;
	unsigned int nhists;
};

struct stats_table {
	struct stats_row *rows;		/* indexed by id */
	unsigned long nrows;
	uint64_t calls;			/* sum over the rows */
};

/* How a kind's tables are titled. */
struct stats_kind_info {
	const char *name_header;	/* "syscall" */
	unsigned int name_width;	/* 16 */
	/* Printed before the table of a personality other than native. */
	const char *pers_title;		/* with %s: arch_pers[].name */
};

extern struct stats_table stats_tables[STATS_NKINDS][NUM_PERSONALITIES];
extern const struct stats_kind_info stats_kinds[STATS_NKINDS];

/* table.c: one kind's tables, every personality with calls. */
void stats_table_print(struct outstream *os, enum stats_kind kind);

/* hist.c */
int stats_hist_add(struct stats_row *row, uint64_t usecs, int err);
/* STATS_HIST_BUCKETS counts added to the histogram of err. */
int stats_hist_merge(struct stats_row *row, int err, const uint64_t *buckets);
void stats_hist_print(struct outstream *os);
/* One histogram of the call name, text or JSON. */
void stats_hist_print_one(struct outstream *os, const char *name, int pers,
			  const struct stats_hist *h);
void stats_hist_free(struct stats_row *row);

#endif
