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
 * the probes: before libcall_init() and engine_init().  0, or -1 once
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
 * NULL when the BPF back end can run the whole script (its syscall
 * clauses in the kernel, BEGIN and END here), which it is then set up
 * to do; else why not, for -d and --backend=bpf.  After script_load().
 */
const char *script_kernel_plan(void);

/* After the BPF back end's run, before script_finish(): its aggregates
 * into the script's maps. */
void script_kernel_collect(void);

#endif
