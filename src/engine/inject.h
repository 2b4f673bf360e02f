/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Fault injection (-e inject=, -e fault=): the engine side.  The specs
 * come parsed from src/filter/inject_spec.c; this file counts each
 * task's calls of each syscall, and at the chosen ones changes what the
 * kernel runs and returns, adds a signal, or holds the task stopped for
 * a while.  Only the engine calls it, and only when inject_active().
 *
 * The calls, in the order of one syscall:
 *   entry stop:  inject_entry() before the consumer, then
 *                inject_resume() where the engine resumes the task;
 *   exit stop:   inject_exit() before the consumer, then inject_resume().
 * A task held for a delay is resumed later by inject_tick(), which the
 * engine calls whenever waitpid was interrupted by a signal (inject arms
 * a SIGALRM timer for the end of each delay).
 */
#ifndef SLTRACE_ENGINE_INJECT_H
#define SLTRACE_ENGINE_INJECT_H

#include <stdbool.h>

struct tcb;

/*
 * Whether any -e inject= or -e fault= was given, or a consumer may
 * tamper (inject_allow_tamper).
 */
bool inject_active(void);
/* Whether any -e inject= or -e fault= was given. */
bool inject_specs(void);
/* engine_allow_tamper(). */
void inject_allow_tamper(void);
/*
 * engine_tamper() at tcp's entry stop (the engine has checked that it
 * is one): ENGINE_TAMPER_*, merged with what a spec does to the call.
 */
int inject_tamper(struct tcb *tcp, int what, int64_t value);
/*
 * Something was done to the syscall tcp is in that its exit stop must
 * finish (a result to write, a signal to send there).
 */
bool inject_pending(const struct tcb *tcp);
/*
 * Some spec sends a signal= at syscall entry: a seccomp stop cannot
 * deliver it (the kernel ignores a signal given at PTRACE_EVENT_SECCOMP),
 * so the engine does without the filter then.
 */
bool inject_wants_entry_signal(void);

/*
 * At a syscall-entry (or seccomp) stop, tcp->sc filled in: count the
 * call; when a spec acts on it, replace the syscall (error=, retval=),
 * queue its signal= and delay_enter=.  Sets tcp->sc.injected.
 */
void inject_entry(struct tcb *tcp);

/*
 * At the syscall-exit stop, tcp->sc filled in: write the injected
 * return value and update tcp->sc.rval, is_error and injected to match;
 * queue delay_exit=.
 */
void inject_exit(struct tcb *tcp);

/*
 * The engine is about to resume tcp from the syscall stop just handled.
 * Returns false when the task must stay stopped (a delay: inject_tick()
 * resumes it); otherwise *sig is the signal to resume it with (signal=,
 * given at the entry stop as strace does, or 0).
 */
bool inject_resume(struct tcb *tcp, int *sig);

/*
 * Resume, through resume_fn, every held task whose delay is over, and
 * re-arm the timer for the next one.  Cheap when nothing is held.
 */
void inject_tick(void (*resume_fn)(struct tcb *tcp, int sig));

/*
 * Everything is about to be detached: resume held tasks now (a stopped
 * task would never report the stop detaching waits for).
 */
void inject_release_all(void);

/* The task is held stopped for a delay (inject_tick resumes it). */
bool inject_holds(const struct tcb *tcp);

/* The task is going away: forget its counters and any hold. */
void inject_task_free(struct tcb *tcp);

#endif
