/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The script evaluator (issue 13, doc/scripts.md): runs a checked
 * script's clauses on the events the tracer hands it.  It knows nothing
 * of ptrace: which clause an event fires is decided by the caller
 * (src/script/run.c matches probes to events), and whatever needs the
 * traced process (its memory, its stack, a descriptor's path) or the
 * tracer (where output goes, ending the trace, tampering) is asked of
 * the host's callbacks.  Every value is a 64-bit integer, a string or a
 * stack; maps are src/script/agg.c's.
 *
 * A fault at run time (unreadable memory, a division by zero, a value of
 * the wrong type) ends that clause's run for that event and is reported
 * once per clause through host->warn; it never stops the trace.
 */
#ifndef SLTRACE_SCRIPT_EVAL_H
#define SLTRACE_SCRIPT_EVAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "script/agg.h"
#include "script/ast.h"

/* A named value of a probe hit (issue 12's values), or a decoded one. */
struct script_named {
	const char *name;
	bool is_str; /* s (len bytes) else i */
	int64_t i;
	const char *s;
	size_t len;
};

/* What one event is: filled by the caller, read during the call only. */
struct script_event {
	const struct script_probe *probe; /* the probe of the clause that fired */
	const char *name; /* syscall, function, signal name; NULL elsewhere */
	bool at_exit; /* a syscall's :exit, a call's :return */
	pid_t pid, tid, ppid;
	uid_t uid;
	int cpu;
	uint64_t nsecs; /* CLOCK_MONOTONIC ns of the event */
	uint64_t walltime; /* CLOCK_REALTIME ns */
	/* raw arguments (arg0...), and their names for args.NAME (may be
	 * NULL, or fewer than nargs) */
	unsigned int nargs;
	const uint64_t *args;
	const char *const *argnames;
	unsigned int nargnames;
	/* named values (a probe:'s values, a call's decoded arguments):
	 * args.NAME looks here first, then in argnames */
	size_t nnamed;
	const struct script_named *named;
	bool has_retval;
	int64_t retval; /* the syscall's return value (-errno on error) */
	int err; /* errno of a failed syscall, else 0 */
	bool has_latency;
	uint64_t latency_ns;
	int signo; /* signal: */
	int exit_code; /* process:exit, the exit status or 128 + signal */
	uint64_t caller; /* the calling address, 0: unknown */
	void *ctx; /* the host's (a struct tcb *), given back to callbacks */
};

/*
 * What the evaluator asks of the tracer.  Every callback may be NULL;
 * what it would give then faults (str(), ustack, path()) or does
 * nothing.
 */
struct script_host {
	/*
	 * The NUL-terminated string at addr, at most size - 1 bytes, put in
	 * buf with a NUL: its length, or -errno (unreadable).
	 */
	long (*read_str)(void *ctx, uint64_t addr, char *buf, size_t size);
	/* The task's command name (at most 15 bytes), NUL-terminated. */
	void (*comm)(void *ctx, char *buf, size_t size);
	/* The user stack, innermost first: the number of pcs, or -errno. */
	int (*ustack)(void *ctx, uint64_t *pc, unsigned int max);
	/* The text of a pc ("main+25"), for printing stacks; -1: hex. */
	int (*frame)(void *hctx, uint64_t pc, char *buf, size_t size);
	/* What -y shows for fd, NUL-terminated: its length, or -errno. */
	int (*fd_path)(void *ctx, int fd, char *buf, size_t size);
	/* Output of printf/print/commit (the text, len bytes). */
	void (*write)(void *hctx, const char *text, size_t len);
	/* A one-line message about the script (a fault), no newline. */
	void (*warn)(void *hctx, const char *msg);
	/* exit(code): end the trace after this event. */
	void (*exit)(void *hctx, int code);
	/* system(cmd): only reached when the script was checked --unsafe. */
	void (*system)(void *hctx, const char *cmd);
	/*
	 * -w tampering at a syscall's entry: override(v) makes it return v
	 * (-errno for an error), signal(sig) sends sig, chill(ns) holds the
	 * task.  0, or -errno (say why through warn).
	 */
	int (*override)(void *ctx, int64_t v);
	int (*signal)(void *ctx, int sig);
	int (*chill)(void *ctx, uint64_t ns);
	void *hctx; /* given to write, warn, exit, system, frame */
};

struct script_rt;

/*
 * A runtime for s (parsed and checked; s must outlive it).  flags: the
 * SCRIPT_CHECK_* the script was checked with.  NULL + errno.
 */
struct script_rt *script_rt_new(const struct script *s,
				const struct script_host *host,
				unsigned int flags);
void script_rt_free(struct script_rt *rt);

/*
 * Runs clause k (its predicate, then its block) for ev.  Returns 1 when
 * the predicate held and the block ran, 0 when it did not hold, -1 on a
 * fault: "script:LINE:COL: FAULT in clause K+1: WHAT" through host->warn,
 * once per clause (later faults of the clause are silent).
 */
int script_rt_fire(struct script_rt *rt, size_t k,
		   const struct script_event *ev);

/*
 * Has a clause called exit()?  Then the caller fires no further clause
 * for the current event; script_rt_fire() itself runs only END clauses
 * from then on (returning 0 for the others).
 */
bool script_rt_exiting(const struct script_rt *rt);

/* Does the script read ustack (the caller then fills a host->ustack)? */
bool script_rt_wants_ustack(const struct script_rt *rt);

/* Thread tid is gone: its self-> variables go with it. */
void script_rt_thread_gone(struct script_rt *rt, pid_t tid);

/* The maps, for printing at the end; *n is set to their number. */
struct agg_map *const *script_rt_maps(const struct script_rt *rt, size_t *n);

/*
 * At the end (after END clauses): every map that is not empty, as
 * bpftrace prints them at exit (agg_print_exit), to f; with json, one
 * map record each (agg_map_print_json).
 */
int script_rt_print_maps(struct script_rt *rt, FILE *f, bool json,
			 uint64_t mono_ns, uint64_t wall_ns);

#endif
