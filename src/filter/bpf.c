/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Runs of traced numbers become range tests whose jumps go at most two
 * instructions forward, so the program needs no jump-offset fix-ups
 * however long it grows (conditional jumps reach only 255 ahead); the
 * personality blocks are joined with BPF_JA, whose offset is 32 bits.
 */
#include "config.h"

#include <errno.h>
#include <stddef.h>
#include <linux/audit.h>
#include <linux/seccomp.h>

#include "filter/bpf.h"

#define TRACE (SECCOMP_RET_TRACE | BPF_TRACE_DATA)

struct prog {
	struct sock_filter *insn;
	size_t n, max;
};

static void put(struct prog *p, unsigned short code, unsigned char jt,
		unsigned char jf, unsigned int k)
{
	if (p->n < p->max)
		p->insn[p->n] = (struct sock_filter){ code, jt, jf, k };
	p->n++;
}

static void ret(struct prog *p, unsigned int action)
{
	put(p, BPF_RET | BPF_K, 0, 0, action);
}

/* The syscall-number tests of one personality, ending in ALLOW. */
static void block(struct prog *p, const struct scset *set, int pers)
{
	put(p, BPF_LD | BPF_W | BPF_ABS, 0, 0,
	    offsetof(struct seccomp_data, nr));
	/*
	 * Past the bitsets: negative numbers (as unsigned), x32's bit,
	 * numbers no table knows.
	 */
	put(p, BPF_JMP | BPF_JGE | BPF_K, 0, 1, SCSET_NR_MAX);
	ret(p, set->beyond[pers] ? TRACE : SECCOMP_RET_ALLOW);

	for (long lo = 0; lo < SCSET_NR_MAX; lo++) {
		long hi = lo;

		if (!scset_has(set, pers, lo))
			continue;
		while (hi + 1 < SCSET_NR_MAX && scset_has(set, pers, hi + 1))
			hi++;
		if (lo == hi) {
			put(p, BPF_JMP | BPF_JEQ | BPF_K, 0, 1, (unsigned int)lo);
		} else {
			/* lo <= nr <= hi, else on to the next run. */
			put(p, BPF_JMP | BPF_JGE | BPF_K, 0, 2, (unsigned int)lo);
			put(p, BPF_JMP | BPF_JGT | BPF_K, 1, 0, (unsigned int)hi);
		}
		ret(p, TRACE);
		lo = hi;
	}
	ret(p, SECCOMP_RET_ALLOW);
}

int bpf_trace_filter(const struct scset *set, struct sock_filter *prog,
		     size_t max)
{
	struct prog p = { prog, 0, max };
	size_t ja;

	put(&p, BPF_LD | BPF_W | BPF_ABS, 0, 0,
	    offsetof(struct seccomp_data, arch));
	put(&p, BPF_JMP | BPF_JEQ | BPF_K, 1, 0, AUDIT_ARCH_X86_64);
	ja = p.n;
	put(&p, BPF_JMP | BPF_JA, 0, 0, 0);	/* to the i386 block */
	block(&p, set, 0);
	if (ja < p.max)
		p.insn[ja].k = (unsigned int)(p.n - ja - 1);
	put(&p, BPF_JMP | BPF_JEQ | BPF_K, 1, 0, AUDIT_ARCH_I386);
	/* An arch we have no table for: trace it, never hide it. */
	ret(&p, TRACE);
	block(&p, set, 1);
	return p.n > max ? -E2BIG : (int)p.n;
}
