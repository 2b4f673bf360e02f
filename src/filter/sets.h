/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The sets that -e qualifiers build: syscall numbers per personality,
 * descriptors, signals.  Pure data with no tracee and no cfg, so the
 * parser can be unit-tested and fuzzed alone.
 *
 * A syscall set is one bitset per personality, indexed by number, plus
 * the answer for numbers past the bitset (negative ones, or numbers no
 * table knows, shown as syscall_0x...).  That is the shape a seccomp-BPF
 * filter needs: one range check and one bit test per personality.
 */
#ifndef SLTRACE_FILTER_SETS_H
#define SLTRACE_FILTER_SETS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arch/arch.h"

/* Numbers covered by the bitsets: every table, x32's 512..547 too. */
#define SCSET_NR_MAX	1024
#define SCSET_WORDS	(SCSET_NR_MAX / 64)

struct scset {
	uint64_t bits[NUM_PERSONALITIES][SCSET_WORDS];
	/* Membership of numbers < 0 or >= SCSET_NR_MAX. */
	bool beyond[NUM_PERSONALITIES];
};

void scset_clear(struct scset *s);
void scset_fill(struct scset *s);
/* Every number of one personality, known or not. */
void scset_fill_pers(struct scset *s, int pers);
void scset_invert(struct scset *s);
void scset_add(struct scset *s, int pers, long nr);
bool scset_has(const struct scset *s, int pers, long nr);
/* Number of members below SCSET_NR_MAX in pers. */
unsigned int scset_count(const struct scset *s, int pers);

/*
 * A set of non-negative ints (descriptors): a sorted array, and a flag
 * that turns it into its complement ("!1,2", "all").  Owns its array.
 */
struct numset {
	int *v;
	size_t n, cap;
	bool negated;
};

void numset_init(struct numset *s);
void numset_release(struct numset *s);
/* Add; -ENOMEM when the array cannot grow. */
int numset_add(struct numset *s, int n);
bool numset_has(const struct numset *s, int n);

/* Signals 0..SIGSET_MAX (strace's -e signal= accepts numbers to 255). */
#define SIGSET_MAX	255

struct sigset_q {
	uint64_t bits[(SIGSET_MAX + 1) / 64];
};

void sigset_q_clear(struct sigset_q *s);
void sigset_q_fill(struct sigset_q *s);
void sigset_q_invert(struct sigset_q *s);
void sigset_q_add(struct sigset_q *s, int sig);
bool sigset_q_has(const struct sigset_q *s, int sig);

#endif
