/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A script's syscall clauses run by the BPF back end (kernel.c), and
 * what it asks of the rest of src/script/.
 */
#ifndef SLTRACE_SCRIPT_KERNEL_H
#define SLTRACE_SCRIPT_KERNEL_H

#include <stddef.h>

#include "script/agg.h"
#include "script/ast.h"

struct scset;

/*
 * NULL when every clause of s can run in the kernel or here (BEGIN,
 * END), its statements then handed to the BPF back end; else why not
 * ("clause 2 (NAME:3:1): ..."), written in why.
 */
const char *kscript_plan(const struct script *s, const char *name, char *why,
			 size_t size);

/* After the count: the kernel's aggregates added to the script's maps;
 * how many could not be. */
unsigned long kscript_collect(struct agg_map *const *maps, size_t nmaps);

/* run.c: the syscalls a syscall: probe names, NULL for another probe. */
const struct scset *script_probe_set(const struct script_probe *p);

#endif
