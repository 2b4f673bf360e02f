/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Counting: every finished call of a traced syscall goes into the table
 * of its personality, under its number.  Calls that never return
 * (exit_group) or whose task died inside them have no exit with a value
 * and are not counted, as strace does not count them; nor are numbers
 * without a table row (syscall_0x...).
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "engine/engine.h"
#include "select/qualify.h"
#include "filter/sets.h"
#include "output/output.h"
#include "stats/internal.h"
#include "syscall/net.h"
#include "sysent/sysent.h"

struct stats_table stats_tables[STATS_NKINDS][NUM_PERSONALITIES];

const struct stats_kind_info stats_kinds[STATS_NKINDS] = {
	[STATS_SYSCALL] = {
		.name_header = "syscall",
		.name_width = 16,
		.pers_title = "System call usage summary for %s bit mode:",
	},
	[STATS_LIBCALL] = {
		.name_header = "function",
		.name_width = 20,
		.pers_title = "Library call usage summary for %s bit mode:",
	},
	[STATS_PROBE] = {
		.name_header = "probe",
		.name_width = 20,
		.pers_title = "Probe hit summary for %s bit mode:",
	},
};

bool stats_enabled(void)
{
	return cfg.summary != SUMMARY_NONE || cfg.hist_set;
}

static struct stats_row *row_get(struct stats_table *t, unsigned long id)
{
	if (id >= t->nrows) {
		unsigned long n = t->nrows ? t->nrows : 64;
		struct stats_row *v;

		while (n <= id)
			n *= 2;
		v = realloc(t->rows, n * sizeof(*v));
		if (!v)
			return NULL;
		memset(v + t->nrows, 0, (n - t->nrows) * sizeof(*v));
		t->rows = v;
		t->nrows = n;
	}
	return &t->rows[id];
}

/* -O: what tracing itself is reckoned to add to each call. */
static uint64_t less_overhead(uint64_t ns)
{
	return ns > cfg.summary_overhead_ns ? ns - cfg.summary_overhead_ns : 0;
}

void stats_add(enum stats_kind kind, int pers, unsigned long id,
	       const struct stats_sample *s)
{
	uint64_t wall = less_overhead(s->wall_ns);
	uint64_t time = cfg.summary_wall ? wall : less_overhead(s->sys_ns);
	struct stats_sums one = {
		.name = s->name,
		.calls = 1,
		.errors = s->error,
		.time_ns = time, .min_ns = time, .max_ns = time,
		.wall_ns = wall, .wall_min_ns = wall, .wall_max_ns = wall,
	};
	struct stats_row *r;

	stats_merge(kind, pers, id, &one);
	if (s->hist && (r = row_get(&stats_tables[kind][pers], id)))
		stats_hist_add(r, s->wall_ns / 1000, s->err);
}

void stats_merge(enum stats_kind kind, int pers, unsigned long id,
		 const struct stats_sums *s)
{
	struct stats_table *t = &stats_tables[kind][pers];
	struct stats_row *r;

	if (!s->calls || !(r = row_get(t, id)))
		return;
	if (!r->name)
		r->name = s->name;
	if (!r->calls || s->min_ns < r->min_ns)
		r->min_ns = s->min_ns;
	if (!r->calls || s->wall_min_ns < r->wall_min_ns)
		r->wall_min_ns = s->wall_min_ns;
	if (s->max_ns > r->max_ns)
		r->max_ns = s->max_ns;
	if (s->wall_max_ns > r->wall_max_ns)
		r->wall_max_ns = s->wall_max_ns;
	r->calls += s->calls;
	r->errors += s->errors;
	r->time_ns += s->time_ns;
	r->wall_ns += s->wall_ns;
	t->calls += s->calls;
}

void stats_merge_hist(enum stats_kind kind, int pers, unsigned long id,
		      int err, const uint64_t *buckets)
{
	struct stats_row *r = row_get(&stats_tables[kind][pers], id);

	if (r)
		stats_hist_merge(r, err, buckets);
}

void stats_clear(void)
{
	for (int k = 0; k < STATS_NKINDS; k++) {
		for (int p = 0; p < NUM_PERSONALITIES; p++) {
			struct stats_table *t = &stats_tables[k][p];

			for (unsigned long i = 0; i < t->nrows; i++)
				stats_hist_free(&t->rows[i]);
			free(t->rows);
			t->rows = NULL;
			t->nrows = 0;
			t->calls = 0;
		}
	}
}

/*
 * i386's socketcall and ipc count as their sub-calls, in rows of their
 * own after the table's, in sub-call order (socketcall's first), as
 * strace counts them: socketcall(SYS_SOCKET) and the socket syscall are
 * two "socket" rows.  The entry stop resolves the sub-call (its
 * arguments are read from the tracee then); until the exit stop its row
 * is kept here, per task.  Few tasks are ever inside one at a time.
 */
#define SUBCALL_SOCKET_BASE	0
#define SUBCALL_IPC_BASE	32

struct pending_subcall {
	const struct tcb *tcp;
	pid_t pid;
	unsigned long id;
};

static struct pending_subcall *pending;
static size_t npending, pending_cap;

static struct pending_subcall *pending_find(const struct tcb *tcp)
{
	for (size_t i = 0; i < npending; i++)
		if (pending[i].tcp == tcp && pending[i].pid == tcp->pid)
			return &pending[i];
	return NULL;
}

static void pending_drop(const struct tcb *tcp)
{
	struct pending_subcall *p = pending_find(tcp);

	if (p)
		*p = pending[--npending];
}

static void pending_set(const struct tcb *tcp, unsigned long id)
{
	struct pending_subcall *p = pending_find(tcp);

	if (!p) {
		if (npending == pending_cap) {
			size_t cap = pending_cap ? 2 * pending_cap : 8;
			struct pending_subcall *v =
				realloc(pending, cap * sizeof(*v));

			if (!v)
				return;
			pending = v;
			pending_cap = cap;
		}
		p = &pending[npending++];
	}
	p->tcp = tcp;
	p->pid = tcp->pid;
	p->id = id;
}

void stats_syscall_entry(struct tcb *tcp)
{
	static long socketcall_nr = -2, ipc_nr = -2;
	const struct sysent_table *t = &sysent_tables[tcp->sc.pers];
	long sub = -1;

	if (npending)
		pending_drop(tcp);
	if (tcp->sc.pers != PERS_COMPAT)
		return;
	if (socketcall_nr == -2) {
		socketcall_nr = sysent_find(PERS_COMPAT, "socketcall");
		ipc_nr = sysent_find(PERS_COMPAT, "ipc");
	}
	if (tcp->sc.nr == socketcall_nr)
		sub = SUBCALL_SOCKET_BASE + (long)(uint32_t)tcp->sc.args[0];
	else if (tcp->sc.nr == ipc_nr)
		sub = SUBCALL_IPC_BASE + (long)(tcp->sc.args[0] & 0xffff);
	else
		return;
	/* With -C the printer then finds the sub-call resolved. */
	if (!decode_subcall(tcp))
		return;
	if (tcp->sc.ent >= t->ents && tcp->sc.ent < t->ents + t->count)
		tcp->sc.nr = tcp->sc.ent - t->ents;
	pending_set(tcp, t->count + (unsigned long)sub);
}

/* The row of a call: its number in the table, or its sub-call's row. */
static unsigned long syscall_id(const struct tcb *tcp)
{
	const struct sysent_table *st = &sysent_tables[tcp->sc.pers];
	const struct sysent *ent = tcp->sc.ent;
	const struct stats_table *t =
		&stats_tables[STATS_SYSCALL][tcp->sc.pers];
	struct pending_subcall *p = npending ? pending_find(tcp) : NULL;
	unsigned long id;

	if (p) {
		id = p->id;
		*p = pending[--npending];
		return id;
	}
	if (ent >= st->ents && ent < st->ents + st->count)
		return (unsigned long)(ent - st->ents);
	/* Not resolved at entry (attached inside it): a row by name. */
	for (id = st->count + 64; id < t->nrows && t->rows[id].name; id++)
		if (!strcmp(t->rows[id].name, ent->name))
			break;
	return id;
}

static uint64_t ts_diff_ns(const struct timespec *a, const struct timespec *b)
{
	int64_t d = (int64_t)(a->tv_sec - b->tv_sec) * 1000000000LL +
		    (a->tv_nsec - b->tv_nsec);

	return d > 0 ? (uint64_t)d : 0;
}

/* --- --summary-interval -------------------------------------------- */

static bool interval_on;
static timer_t interval_timer;
static struct timespec next_print;

static void ts_add(struct timespec *t, double secs)
{
	long long ns = (long long)(secs * 1e9);

	t->tv_sec += (time_t)(ns / 1000000000LL);
	t->tv_nsec += (long)(ns % 1000000000LL);
	if (t->tv_nsec >= 1000000000L) {
		t->tv_sec++;
		t->tv_nsec -= 1000000000L;
	}
}

static bool ts_before(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec < b->tv_sec ||
	       (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

static void interval_check(const struct timespec *now)
{
	if (!interval_on || ts_before(now, &next_print))
		return;
	stats_print_tables();
	/* A long stall prints one table, not one per missed period. */
	while (!ts_before(now, &next_print))
		ts_add(&next_print, cfg.summary_interval);
}

void stats_syscall_exit(struct tcb *tcp)
{
	const struct syscall_state *sc = &tcp->sc;
	struct stats_sample s;

	if (sc->has_rval && sc->ent && qual_trace(tcp)) {
		s.name = sc->ent->name;
		s.wall_ns = ts_diff_ns(&sc->t_exit, &sc->t_entry);
		s.sys_ns = sc->stime_exit > sc->stime_entry ?
			   sc->stime_exit - sc->stime_entry : 0;
		s.error = sc->is_error;
		s.err = sc->is_error ? (int)-sc->rval : 0;
		s.hist = cfg.hist_set &&
			 scset_has(cfg.hist_set, sc->pers, sc->nr);
		stats_add(STATS_SYSCALL, sc->pers, syscall_id(tcp), &s);
	} else if (npending) {
		pending_drop(tcp);
	}
	/* The exit stop's time is at hand: no clock read per syscall. */
	interval_check(&sc->t_exit);
}

void stats_tick(void)
{
	struct timespec now;

	if (!interval_on)
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	interval_check(&now);
}

int stats_start(void)
{
	int rc;

	if (cfg.summary_interval <= 0 || cfg.summary == SUMMARY_NONE)
		return 0;
	/* The engine ticks at each alarm; stats_tick() reads the clock. */
	rc = engine_timer_start((uint64_t)(cfg.summary_interval * 1e9),
				&interval_timer);
	if (rc < 0)
		return rc;
	clock_gettime(CLOCK_MONOTONIC, &next_print);
	ts_add(&next_print, cfg.summary_interval);
	interval_on = true;
	return 0;
}

void stats_print_tables(void)
{
	struct outstream *os = out_shared();

	/* With -C a task's line may be open: it is resumed later. */
	if (os->partial)
		line_close_unfinished(os->partial);
	for (int k = 0; k < STATS_NKINDS; k++)
		stats_table_print(os, k);
	out_flush(os);
}

void stats_finish(void)
{
	struct outstream *os = out_shared();

	if (interval_on) {
		timer_delete(interval_timer);
		interval_on = false;
	}
	free(pending);
	pending = NULL;
	npending = pending_cap = 0;
	if (cfg.summary != SUMMARY_NONE)
		stats_print_tables();
	if (cfg.hist_set)
		stats_hist_print(os);
	stats_clear();
}
