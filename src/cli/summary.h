/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The options of the -c table (src/stats/): -c/-C, -U columns, -S
 * orders and -O overhead, as values and as the parsers of their words.
 * Below the statistics, which read them from cfg.
 */
#ifndef SLTRACE_CLI_SUMMARY_H
#define SLTRACE_CLI_SUMMARY_H

#include <stddef.h>
#include <stdint.h>

/* cfg.summary */
enum {
	SUMMARY_NONE = 0,
	SUMMARY_ONLY,		/* -c: the table instead of the trace */
	SUMMARY_TOO,		/* -C: the trace and the table */
};

/*
 * -U columns.  The first eight are strace's; the wall-* ones show the
 * wall-clock time between entry and exit whether or not -w is given
 * (without -w the plain time columns show system CPU time).
 */
enum stats_col {
	STATS_COL_TIME_PERCENT,
	STATS_COL_TOTAL_TIME,
	STATS_COL_MIN_TIME,
	STATS_COL_MAX_TIME,
	STATS_COL_AVG_TIME,
	STATS_COL_CALLS,
	STATS_COL_ERRORS,
	STATS_COL_NAME,
	STATS_COL_WALL_PERCENT,
	STATS_COL_WALL_TOTAL,
	STATS_COL_WALL_MIN,
	STATS_COL_WALL_MAX,
	STATS_COL_WALL_AVG,
	STATS_NCOLS
};

/* -S orders.  Times, calls and errors sort descending, names ascending. */
enum stats_sort {
	STATS_SORT_TIME,
	STATS_SORT_MIN_TIME,
	STATS_SORT_MAX_TIME,
	STATS_SORT_AVG_TIME,
	STATS_SORT_CALLS,
	STATS_SORT_ERRORS,
	STATS_SORT_NAME,
	STATS_SORT_NOTHING,
	STATS_SORT_WALL_TIME,
	STATS_SORT_WALL_MIN_TIME,
	STATS_SORT_WALL_MAX_TIME,
	STATS_SORT_WALL_AVG_TIME,
};

/*
 * Option parsing (pure: no cfg, no output).
 *
 * stats_parse_sort: the STATS_SORT_* named by arg, -1 if none.
 *
 * stats_parse_columns: fills cols[0..*ncols) (room for STATS_NCOLS) and
 * appends the name column when arg lacks it.  Returns 0, or -1 with
 * strace's message (without the "sltrace: " prefix) in msg.
 *
 * stats_parse_overhead: an -O time, "N[s|ms|us|ns]" with microseconds
 * by default, into *ns.  Returns 0, or -1 when arg is not one.
 */
int stats_parse_sort(const char *arg);
/* --backend= and $SLTRACE_BACKEND: BACKEND_*, or -1 if none. */
int stats_parse_backend(const char *arg);
int stats_parse_columns(const char *arg, int *cols, unsigned int *ncols,
			char *msg, size_t msgsize);
int stats_parse_overhead(const char *arg, uint64_t *ns);

/* Where -c counts (--backend): ptrace, or the kernel (src/kbpf/). */
enum {
	BACKEND_AUTO = 0,
	BACKEND_PTRACE,
	BACKEND_BPF,
};

/* The default columns: time-percent,total-time,avg-time,calls,errors,name. */
void stats_default_columns(int *cols, unsigned int *ncols);

#endif
