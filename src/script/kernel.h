/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A script's syscall clauses run by the BPF back end (kernel.c), and
 * what it asks of the rest of src/script/.
 */
#ifndef SLTRACE_SCRIPT_KERNEL_H
#define SLTRACE_SCRIPT_KERNEL_H

#include <stdbool.h>
#include <stddef.h>

#include "script/agg.h"
#include "script/ast.h"

struct scset;

/*
 * Which clauses of s the kernel can run: kernel[k] for each (BEGIN and
 * END are false: they run here), their statements handed to the BPF
 * back end; -d says where each clause runs.  Returns how many; why
 * gets the first clause that needs ptrace and why ("clause 2
 * (NAME:3:1): ..."), "" when none does.
 */
unsigned int kscript_plan(const struct script *s, const char *name,
			  bool *kernel, char *why, size_t size);

/* After the count: the kernel's aggregates added to the script's maps;
 * how many could not be. */
unsigned long kscript_collect(struct agg_map *const *maps, size_t nmaps);

/* run.c: the rules of the script's call:FUNC probes (as -l's). */
struct lc_ruleset;
const struct lc_ruleset *script_call_rules(void);

/* run.c: the syscalls a syscall: probe names, NULL for another probe. */
const struct scset *script_probe_set(const struct script_probe *p);

#endif
