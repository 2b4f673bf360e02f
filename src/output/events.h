/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Event lines; the engine_consumer callbacks of the text output. */
#ifndef SLTRACE_OUTPUT_EVENTS_H
#define SLTRACE_OUTPUT_EVENTS_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

struct tcb;

void event_new_task(struct tcb *tcp);
void event_attached(struct tcb *tcp, unsigned int nthreads);
void event_followed(struct tcb *tcp);
void event_signal(struct tcb *tcp, const siginfo_t *si);
void event_group_stop(struct tcb *tcp, int sig);
/*
 * "[ Process PID=N runs in 32 bit mode. ]": the consumer's personality
 * callback, and what prints it after the line of the execve that caused
 * it (call after each syscall exit).
 */
void event_personality(struct tcb *tcp, int pers);
void event_personality_flush(struct tcb *tcp);
void event_superseded(struct tcb *tcp, pid_t by);
void event_exec(struct tcb *tcp, pid_t former_tid);
/* JSON: a "fork" record (engine_consumer.spawned). */
void event_spawned(struct tcb *parent, pid_t child, int how,
		   uint64_t clone_flags);
void event_exited(struct tcb *tcp, int status);
void event_detached(struct tcb *tcp);
void event_tick(void);
/*
 * A probe hit (src/probe/): "--- probe NAME " then the values the caller
 * writes with the emit primitives (one struct of named fields, or
 * nothing), then event_probe_end(): " ---" after values, "---" without,
 * and -k's stack.  JSON: a "probe" record with the values under
 * "values" ({} without).
 */
void event_probe_begin(struct tcb *tcp, const char *name);
void event_probe_end(struct tcb *tcp, bool had_values);

#endif
