/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What the files of the BPF back end's user side share. */
#ifndef SLTRACE_KBPF_INTERNAL_H
#define SLTRACE_KBPF_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct bpf_object;

/* kbpf.c: the sum over the CPUs of a per-CPU array's one __u64. */
uint64_t kbpf_percpu_sum(int fd, int cpus);

/* lc.c: library calls (-c -l), counted by uprobes on PLT entries. */

/* NULL when the -l options can be counted in the kernel, else why not. */
const char *kbpf_lc_unsupported(void);
/* Before the program loads: the program's functions -l names.  0, or -1
 * with why in why. */
int kbpf_lc_prepare(char *why, size_t size);
/* Whether there are library calls to count. */
bool kbpf_lc_active(void);
/* The probes, for the process pid (before it runs its program). */
int kbpf_lc_attach(struct bpf_object *obj, pid_t pid, char *why,
		   size_t size);
/* -c -l with -f: the programs exec'd are probed at their exec stops. */
bool kbpf_lc_gated(void);
/* pid is at its exec stop, or a -p process: its program's probes. */
void kbpf_lc_exec(struct bpf_object *obj, pid_t pid);
/* The counts of the lcrows map into the tables. */
void kbpf_lc_collect(int fd_lcrows, int ncpus);
/* A histogram of the hists map of a library call's row. */
void kbpf_lc_hist(unsigned int row, const uint64_t *buckets);
/* Probes detached, everything freed. */
void kbpf_lc_finish(void);

/* uwtab.c: unwind rows for ustack in the kernel. */

struct kbpf_ev_obj;
/* After the load: the maps.  -1 if it has none. */
int kbpf_uw_init(struct bpf_object *obj);
/* Rows for the executable files process tgid maps that have none yet. */
void kbpf_uw_scan(pid_t tgid);
/* The program met a file it has no rows for. */
void kbpf_uw_asked(const struct kbpf_ev_obj *ev);
/* Stacks cut short so far. */
uint64_t kbpf_uw_cut(int ncpus);
void kbpf_uw_finish(void);

#endif
