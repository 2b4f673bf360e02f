/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The words of -U and -S, and -O's time (src/cli/summary.h). */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/summary.h"

struct name_map {
	const char *name;
	int value;
};

/* strace's -U words and their aliases; the wall-* ones are sltrace's. */
static const struct name_map column_names[] = {
	{ "time-percent",	STATS_COL_TIME_PERCENT },
	{ "time",		STATS_COL_TIME_PERCENT },
	{ "total-time",		STATS_COL_TOTAL_TIME },
	{ "time-total",		STATS_COL_TOTAL_TIME },
	{ "min-time",		STATS_COL_MIN_TIME },
	{ "shortest",		STATS_COL_MIN_TIME },
	{ "time-min",		STATS_COL_MIN_TIME },
	{ "max-time",		STATS_COL_MAX_TIME },
	{ "longest",		STATS_COL_MAX_TIME },
	{ "time-max",		STATS_COL_MAX_TIME },
	{ "avg-time",		STATS_COL_AVG_TIME },
	{ "time-avg",		STATS_COL_AVG_TIME },
	{ "calls",		STATS_COL_CALLS },
	{ "count",		STATS_COL_CALLS },
	{ "errors",		STATS_COL_ERRORS },
	{ "error",		STATS_COL_ERRORS },
	{ "name",		STATS_COL_NAME },
	{ "syscall",		STATS_COL_NAME },
	{ "syscall-name",	STATS_COL_NAME },
	{ "wall-time-percent",	STATS_COL_WALL_PERCENT },
	{ "wall-time",		STATS_COL_WALL_PERCENT },
	{ "wall-total-time",	STATS_COL_WALL_TOTAL },
	{ "wall-time-total",	STATS_COL_WALL_TOTAL },
	{ "wall-min-time",	STATS_COL_WALL_MIN },
	{ "wall-shortest",	STATS_COL_WALL_MIN },
	{ "wall-time-min",	STATS_COL_WALL_MIN },
	{ "wall-max-time",	STATS_COL_WALL_MAX },
	{ "wall-longest",	STATS_COL_WALL_MAX },
	{ "wall-time-max",	STATS_COL_WALL_MAX },
	{ "wall-avg-time",	STATS_COL_WALL_AVG },
	{ "wall-time-avg",	STATS_COL_WALL_AVG },
	{ NULL, 0 }
};

static const struct name_map sort_names[] = {
	{ "time",		STATS_SORT_TIME },
	{ "time-percent",	STATS_SORT_TIME },
	{ "time-total",		STATS_SORT_TIME },
	{ "total-time",		STATS_SORT_TIME },
	{ "min-time",		STATS_SORT_MIN_TIME },
	{ "shortest",		STATS_SORT_MIN_TIME },
	{ "time-min",		STATS_SORT_MIN_TIME },
	{ "max-time",		STATS_SORT_MAX_TIME },
	{ "longest",		STATS_SORT_MAX_TIME },
	{ "time-max",		STATS_SORT_MAX_TIME },
	{ "avg-time",		STATS_SORT_AVG_TIME },
	{ "time-avg",		STATS_SORT_AVG_TIME },
	{ "calls",		STATS_SORT_CALLS },
	{ "count",		STATS_SORT_CALLS },
	{ "errors",		STATS_SORT_ERRORS },
	{ "error",		STATS_SORT_ERRORS },
	{ "name",		STATS_SORT_NAME },
	{ "syscall",		STATS_SORT_NAME },
	{ "syscall-name",	STATS_SORT_NAME },
	{ "nothing",		STATS_SORT_NOTHING },
	{ "none",		STATS_SORT_NOTHING },
	{ "wall-time",		STATS_SORT_WALL_TIME },
	{ "wall-time-percent",	STATS_SORT_WALL_TIME },
	{ "wall-time-total",	STATS_SORT_WALL_TIME },
	{ "wall-total-time",	STATS_SORT_WALL_TIME },
	{ "wall-min-time",	STATS_SORT_WALL_MIN_TIME },
	{ "wall-shortest",	STATS_SORT_WALL_MIN_TIME },
	{ "wall-time-min",	STATS_SORT_WALL_MIN_TIME },
	{ "wall-max-time",	STATS_SORT_WALL_MAX_TIME },
	{ "wall-longest",	STATS_SORT_WALL_MAX_TIME },
	{ "wall-time-max",	STATS_SORT_WALL_MAX_TIME },
	{ "wall-avg-time",	STATS_SORT_WALL_AVG_TIME },
	{ "wall-time-avg",	STATS_SORT_WALL_AVG_TIME },
	{ NULL, 0 }
};

/* Equal words, an '_' in S standing for a '-' ("time_total"), as strace. */
static bool same_word(const char *name, const char *s, size_t len)
{
	if (strlen(name) != len)
		return false;
	for (size_t i = 0; i < len; i++)
		if (name[i] != s[i] && !(name[i] == '-' && s[i] == '_'))
			return false;
	return true;
}

/* The words are case-sensitive in strace ("CALLS" is refused). */
static int lookup(const struct name_map *map, const char *s, size_t len)
{
	for (; map->name; map++)
		if (same_word(map->name, s, len))
			return map->value;
	return -1;
}

int stats_parse_sort(const char *arg)
{
	return lookup(sort_names, arg, strlen(arg));
}

void stats_default_columns(int *cols, unsigned int *ncols)
{
	static const int def[] = {
		STATS_COL_TIME_PERCENT, STATS_COL_TOTAL_TIME,
		STATS_COL_AVG_TIME, STATS_COL_CALLS, STATS_COL_ERRORS,
		STATS_COL_NAME,
	};

	memcpy(cols, def, sizeof(def));
	*ncols = sizeof(def) / sizeof(def[0]);
}

/*
 * Left to right, as strace reads it: an unknown word is reported only if
 * no repeated column comes before it, and a repeat is reported with the
 * rest of the argument from that word on.
 */
int stats_parse_columns(const char *arg, int *cols, unsigned int *ncols,
			char *msg, size_t msgsize)
{
	bool seen[STATS_NCOLS] = { false };
	const char *p = arg;
	unsigned int n = 0;

	for (;;) {
		size_t len = strcspn(p, ",");
		int c = lookup(column_names, p, len);

		if (c < 0) {
			snprintf(msg, msgsize, "unknown column name: '%.*s'",
				 (int)len, p);
			return -1;
		}
		if (seen[c]) {
			snprintf(msg, msgsize,
				 "call summary column has been provided more than once: '%.*s' (-U option residual: '%s')",
				 (int)len, p, p);
			return -1;
		}
		seen[c] = true;
		cols[n++] = c;
		if (!p[len])
			break;
		p += len + 1;
	}
	if (!seen[STATS_COL_NAME])
		cols[n++] = STATS_COL_NAME;
	*ncols = n;
	return 0;
}

/*
 * strtod's number with an optional unit.  strace refuses what strtod
 * takes beyond plain decimals (hex, inf, nan), out-of-range values
 * (ERANGE, subnormals included) and negatives (but "-0" is zero).
 */
int stats_parse_overhead(const char *arg, uint64_t *ns)
{
	static const struct {
		const char *unit;
		double mult;
	} units[] = {
		{ "", 1e3 }, { "s", 1e9 }, { "ms", 1e6 }, { "us", 1e3 },
		{ "ns", 1 },
	};
	char *end;
	double v;

	errno = 0;
	v = strtod(arg, &end);
	if (end == arg || errno == ERANGE || !isfinite(v) || v < 0)
		return -1;
	/* strtod would read hex ("0x10") and "inf"/"nan": not numbers here. */
	for (const char *q = arg; q < end; q++)
		if (*q == 'x' || *q == 'X' || *q == 'i' || *q == 'I' ||
		    *q == 'n' || *q == 'N')
			return -1;
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (strcmp(end, units[i].unit))
			continue;
		v *= units[i].mult;
		*ns = v >= 18446744073709551615.0 ? UINT64_MAX : (uint64_t)v;
		return 0;
	}
	return -1;
}

int stats_parse_backend(const char *arg)
{
	if (!strcmp(arg, "auto"))
		return BACKEND_AUTO;
	if (!strcmp(arg, "ptrace"))
		return BACKEND_PTRACE;
	if (!strcmp(arg, "bpf"))
		return BACKEND_BPF;
	return -1;
}
