/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A script on the tracer (issue 13): --script / --script-file read,
 * checked, and its clauses fired by the events they name.  The script
 * registers with the modules below it — an engine consumer for syscalls,
 * signals and processes, the syscalls it needs added to the engine's
 * stops (and so to the seccomp filter), library-call and probe
 * observers — and none of them knows it by name.
 */
#ifndef SLTRACE_SCRIPT_RUN_H
#define SLTRACE_SCRIPT_RUN_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Parses and checks the script (cfg.script...), and registers what it
 * needs with the engine (its syscalls as stops), the library calls and
 * the probes: before libcall_start() and engine_init().  0, or -1 once
 * the error is printed (a caret under its place) — before anything
 * runs.
 */
int script_load(void);

/* A script was loaded. */
bool script_active(void);

/* The loaded script reads ustack: the unwinder must be started. */
bool script_wants_ustack(void);

/*
 * Adds the script's engine consumer: after the printer's, so that with
 * -e trace= a syscall's line comes before what the script prints of it.
 */
void script_attach(void);

/* Runs the BEGIN clauses and starts the interval timers. */
void script_begin(void);

/*
 * After the trace: the END clauses, then every map, as bpftrace prints
 * them at exit.
 */
void script_finish(void);

/*
 * Where the script's clauses can run (after script_load()): those on
 * syscalls that only aggregate in the kernel, the BPF back end then set
 * up for them; BEGIN and END in sltrace; the others on ptrace.  *why
 * names the first clause that needs ptrace (-d says where each runs).
 */
enum script_where {
	SCRIPT_ON_PTRACE,	/* no clause in the kernel */
	SCRIPT_IN_KERNEL,	/* no clause on ptrace: no engine needed */
	SCRIPT_MIXED,		/* both at once */
};
enum script_where script_kernel_plan(const char **why);

/*
 * The BPF back end is loaded: the clauses the plan gave it are its,
 * ptrace leaves them (and their syscalls) alone.  Before
 * script_attach().
 */
void script_kernel_commit(void);

/* After the BPF back end's run, before script_finish(): its aggregates
 * into the script's maps. */
void script_kernel_collect(void);

#endif
