/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A seccomp-BPF program that makes only the traced syscalls stop: the
 * tracer then resumes tasks with PTRACE_CONT, and every other syscall
 * runs at native speed (~50 ns more than untraced, against ~13 µs for a
 * syscall seen through two ptrace stops).
 */
#ifndef SLTRACE_FILTER_BPF_H
#define SLTRACE_FILTER_BPF_H

#include <linux/filter.h>
#include <stddef.h>

#include "filter/sets.h"

/*
 * The SECCOMP_RET_DATA of our SECCOMP_RET_TRACE: a seccomp stop with
 * other data comes from a filter of the program's own, which asked for
 * a tracer that is not there (see engine.c, foreign_trace).
 */
#define BPF_TRACE_DATA 0x5354

/* Longest program the kernel accepts (BPF_MAXINSNS). */
#define BPF_PROG_MAX 4096

/*
 * Write into prog a filter returning SECCOMP_RET_TRACE | BPF_TRACE_DATA
 * for the members of set (per personality, by audit arch) and for any unknown arch, and
 * SECCOMP_RET_ALLOW for the rest.  Returns the instruction count, or
 * -E2BIG when it would not fit in max.
 */
int bpf_trace_filter(const struct scset *set, struct sock_filter *prog,
		     size_t max);

#endif
