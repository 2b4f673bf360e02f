/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * -e inject=SET:... and -e fault=SET:... parsed into a struct
 * inject_spec.  Pure like the rest of the -e parser: no tracee, no cfg;
 * errors and warnings come back as strace's text in a struct qual_error.
 * src/engine/inject.c carries the specs out.
 */
#ifndef SLTRACE_FILTER_INJECT_SPEC_H
#define SLTRACE_FILTER_INJECT_SPEC_H

#include <stdbool.h>
#include <stdint.h>

#include "filter/sets.h"

struct qual_error;

/* inject_spec.what */
#define INJECT_ERROR		0x01	/* error=: fail with -error */
#define INJECT_RETVAL		0x02	/* retval=: succeed with retval */
#define INJECT_SIGNAL		0x04	/* signal=: send signo at entry */
#define INJECT_DELAY_ENTER	0x08	/* delay_enter=: hold at entry */
#define INJECT_DELAY_EXIT	0x10	/* delay_exit=: hold at exit */
#define INJECT_SYSCALL		0x20	/* syscall=: run scno, not nothing */
#define INJECT_POKE_ENTER	0x40	/* poke_enter=: write args' memory */
#define INJECT_POKE_EXIT	0x80	/* poke_exit=: the same at the exit */

/* One @argN=HEX of poke_enter=/poke_exit=: bytes for the memory at argN. */
struct inject_poke {
	unsigned int arg;		/* 0..6 (strace's @arg1..@arg7) */
	unsigned int len;		/* 1..INJECT_POKE_MAX */
	unsigned char *data;
};

#define INJECT_POKE_MAX		1024
#define INJECT_POKE_ARGS	7

/* when=FIRST+ and when=FIRST+STEP go on forever. */
#define INJECT_WHEN_FOREVER	UINT32_MAX

struct inject_spec {
	struct scset set;		/* the syscalls it applies to */
	unsigned int what;		/* INJECT_* */
	/*
	 * when=: the invocations first, first + step, ... up to last
	 * (inclusive), counted from 1 per task and per syscall.
	 */
	uint32_t first, last, step;
	int error;			/* errno, 1..4095 */
	uint64_t retval;		/* as the kernel would return it */
	int signo;			/* 1..64 */
	long scno[NUM_PERSONALITIES];	/* syscall=: its number per pers */
	uint64_t delay_enter_ns;
	uint64_t delay_exit_ns;
	/* poke_enter= [0] and poke_exit= [1]; the data lives as long as we. */
	struct inject_poke *poke[2];
	unsigned int n_poke[2];
};

/*
 * Parse the value of -e inject= (fault false) or -e fault= (fault
 * true: only error=, syscall= and when=, and error defaults to ENOSYS).
 * Returns 0, or -1 with err->msg set.  A retval= that a program would
 * take for an error leaves strace's warning in err->warn, whatever the
 * result (strace prints it as soon as it reads the retval= part).
 */
int inject_spec_parse(struct inject_spec *spec, const char *value,
		      bool fault, struct qual_error *err);

/* Is the n-th invocation (from 1) of a syscall one spec acts on? */
bool inject_spec_when(const struct inject_spec *spec, uint64_t n);

#endif
