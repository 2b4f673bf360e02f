/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The BPF back end: -c counted in the kernel.  A BPF program on the
 * syscall tracepoints counts the calls, errors and times of the traced
 * tasks in per-CPU maps while they run; nothing of them ever stops.
 * The tables are read from the maps at the end (and at each
 * --summary-interval) into src/stats/, which prints them as it prints
 * the ptrace back end's.
 */
#ifndef SLTRACE_KBPF_KBPF_H
#define SLTRACE_KBPF_KBPF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/*
 * NULL when the command line asks only for what the BPF back end does;
 * else what needs ptrace ("-C", "-l"...), for the user.
 */
const char *kbpf_unsupported(void);

/* NULL when the BPF back end can run a script's part beside ptrace. */
const char *kbpf_beside_unsupported(void);

/*
 * Load the program into the kernel.  0, or -1 with why it cannot work
 * here in why ("not built with libbpf", "not privileged..."): nothing
 * was started, ptrace may take over.
 */
int kbpf_load(char *why, size_t size);

/*
 * Launch cfg.argv or watch cfg.attach_pids, count until every traced
 * task is gone (or a signal ends it), and leave the tables in
 * src/stats/.  Returns the exit status as engine_run() does.
 */
int kbpf_run(int *killed_by);

/*
 * Beside ptrace (-C): the maps into the -c tables of src/stats/, as
 * they are now; last: the end, when calls lost are said.
 */
void kbpf_collect(bool last);
/* Says how many calls found a map full, if any did. */
void kbpf_check_lost(void);

/* After the tables are printed: the program out of the kernel. */
void kbpf_finish(void);

/*
 * Before kbpf_load(): the ptrace engine traces, the program only runs a
 * script's aggregations beside it, on the tasks kbpf_watch() names
 * (and, with -f, what they fork) -- no -c tables, no library calls.
 */
void kbpf_beside_ptrace(void);
/*
 * -c -l with -f: the kernel counts everything, but each program a task
 * execs needs its PLT probed before it runs, which only a ptrace stop
 * allows.  kbpf_exec_gate() says whether that is so (before
 * kbpf_load()); kbpf_gate_execs() makes it so: the engine then follows
 * the tasks with no syscall stop and no breakpoint, and calls
 * kbpf_exec() at each exec stop.
 */
bool kbpf_exec_gate(void);
void kbpf_gate_execs(void);
/*
 * Beside the engine (or as its gate), before engine_init(): what the
 * program needs of the engine's stops.  ustack in the kernel reads the
 * files of code the traced processes exec and mmap, before they run it.
 */
void kbpf_engine_hooks(void);
void kbpf_exec(pid_t pid);

/*
 * Beside ptrace: the tasks of pid join (launched: pid itself, counted
 * from its execve on; else every thread of the process, from now on).
 * 0 or -errno.
 */
int kbpf_watch(pid_t pid, bool launched);

/*
 * A script's aggregations (src/script/kernel.c), before kbpf_load(): n
 * statements of kbpf_shared.h.  0, or -1 when there are too many (or
 * no BPF back end).
 */
struct kbpf_sstmt;
struct kbpf_skey;
struct kbpf_sval;
int kbpf_script_set(const struct kbpf_sstmt *st, unsigned int n);

/*
 * A script's call: clauses, counted in the kernel: the program's PLT
 * entries for the functions rules names get probes (before kbpf_load()).
 * 0, or -1 with why not.  A function's events carry its row, named by
 * kbpf_call_name().
 */
struct lc_ruleset;
int kbpf_calls_prepare(const struct lc_ruleset *rules, char *why,
		       size_t size);
const char *kbpf_call_name(unsigned int row);
/*
 * Which statements a function fires, bit i for statement i, as its row
 * is made (with -f, when a program that calls it is exec'd); NULL when
 * no call: clause runs in the kernel after all.  Before kbpf_load().
 */
typedef uint32_t (*kbpf_call_mask_fn)(const char *name);
void kbpf_calls_match(kbpf_call_mask_fn fn);

/* After kbpf_run(): fn for each key of the script's aggregations, its
 * value summed over the CPUs, and for hist() its KBPF_HIST_BUCKETS
 * buckets (else NULL). */
typedef void (*kbpf_script_fn)(void *ctx, const struct kbpf_skey *k,
			       const struct kbpf_sval *v,
			       const unsigned long long *buckets);
void kbpf_script_collect(kbpf_script_fn fn, void *ctx);

/*
 * A ustack key's frames (innermost first): each is an object number
 * above KBPF_FRAME_SHIFT (kbpf_shared.h) and its file offset below, or
 * with object 0 an address no file maps.  How many, or -1.
 */
int kbpf_ustack(int64_t id, uint64_t *frames, unsigned int max);
/* The file of object number id (the path its process mapped). */
const char *kbpf_uw_path(unsigned int id);

#endif
