/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Statistics: the -c / -C summary table, the --hist latency histograms
 * and the --summary-interval reprints.
 *
 * Calls are counted in tables keyed by (kind, personality, id): a kind
 * is what is counted (system calls now; library calls later share the
 * same tables, columns and sort orders), the id a number that kind gives
 * each call (the syscall number; for library calls an index of their
 * own).  Every table of a kind is printed at exit in strace's -c format,
 * native personality first.
 */
#ifndef SLTRACE_STATS_STATS_H
#define SLTRACE_STATS_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli/summary.h"

struct tcb;

/* What a table counts. */
enum stats_kind {
	STATS_SYSCALL = 0,
	STATS_LIBCALL,		/* library calls (src/libcall) */
	STATS_PROBE,		/* probe hits (src/probe) */
	STATS_NKINDS
};

/*
 * One finished call of any kind, for stats_add().  name must live as
 * long as the program (a table row keeps the pointer).  err is 0 for a
 * success, else the errno (histograms split by it).
 */
struct stats_sample {
	const char *name;
	uint64_t sys_ns;	/* tracee system CPU time in the call */
	uint64_t wall_ns;	/* wall-clock time from entry to exit */
	bool error;		/* counted in the errors column */
	int err;
	bool hist;		/* also add it to its --hist histogram */
};

/* Count a call in the table of (kind, pers) under id. */
void stats_add(enum stats_kind kind, int pers, unsigned long id,
	       const struct stats_sample *s);

/*
 * Counts gathered elsewhere (the BPF back end counts in the kernel):
 * sums of many calls added to a row at once.  Times are after -O; time
 * is system time, or wall-clock with -w, as stats_add() takes it.
 */
struct stats_sums {
	const char *name;
	uint64_t calls, errors;
	uint64_t time_ns, min_ns, max_ns;
	uint64_t wall_ns, wall_min_ns, wall_max_ns;
};

void stats_merge(enum stats_kind kind, int pers, unsigned long id,
		 const struct stats_sums *s);
/* --hist: 65 bucket counts (bucket i > 0: usecs in [2^(i-1), 2^i)). */
void stats_merge_hist(enum stats_kind kind, int pers, unsigned long id,
		      int err, const uint64_t *buckets);
/* Every table emptied, for counts read again from where they are kept. */
void stats_clear(void);

/* Whether anything is to be counted at all (-c, -C or --hist). */
bool stats_enabled(void);

/*
 * The consumer side, wired by main: syscall entry and exit stops of
 * traced tasks (the engine has filled tcp->sc), and the engine's ticks
 * (its waitpid interrupted by a signal).
 */
void stats_syscall_entry(struct tcb *tcp);
void stats_syscall_exit(struct tcb *tcp);
void stats_tick(void);

/*
 * --summary-interval: start the timer that makes the engine tick at
 * least once a period.  Call after engine_init() (the tracee is forked
 * by then and must not inherit anything of it).  0 or -errno.
 */
int stats_start(void);

/*
 * At exit: print the -c tables (with -c / -C) and the --hist
 * histograms on the shared output stream, and free everything.
 */
void stats_finish(void);

/* The tables alone, as --summary-interval reprints them. */
void stats_print_tables(void);

/*
 * --replay: a summary or hist record of a JSON trace into the tables;
 * at the end, what they hold printed as -c and --hist print it.
 */
struct json_object;
void stats_replay_record(struct json_object *r);
void stats_replay_finish(void);

#endif
