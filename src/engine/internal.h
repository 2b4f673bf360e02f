/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Shared between the files of src/engine/; not for other modules. */
#ifndef SLTRACE_ENGINE_INTERNAL_H
#define SLTRACE_ENGINE_INTERNAL_H

#include <stdbool.h>
#include <sys/types.h>

#include "engine/engine.h"

extern const struct engine_consumer *consumer;
/* engine_abort() was called: report nothing more, leave. */
extern bool aborted;

/* Options for PTRACE_SEIZE, from cfg. */
unsigned long engine_ptrace_options(void);

/* The consumer the engine calls: every registered one (fanout.c). */
const struct engine_consumer *consumers_fan(void);

/* engine_init()'s settings, for every file of the engine. */
extern struct engine_config ecfg;

/*
 * The taps (tap.c): whether any is registered, and each engine_tap
 * callback called on all of them (the first claim wins; new_task: let
 * go if any says so).
 */
bool taps_present(void);
bool taps_signal_stop(struct tcb *tcp, int sig);
bool taps_syscall_stop(struct tcb *tcp, uint64_t ip);
bool taps_new_task(struct tcb *parent, struct tcb *child, bool thread,
		   bool shares_vm, bool follow);
void taps_exec(struct tcb *tcp);
void taps_exiting(struct tcb *tcp);
void taps_attached_stop(struct tcb *tcp);
void taps_detach(struct tcb *tcp);
void taps_task_free(struct tcb *tcp);

/* Task table. */
struct tcb *tcb_find(pid_t pid);
/* New task, announced to the consumer through new_task. */
struct tcb *tcb_new(pid_t pid);
/* New task nobody is told about: followed only for the filter's sake. */
struct tcb *tcb_new_silent(pid_t pid);
/* Forget a task: frees its private data and the tcb itself. */
void tcb_drop(struct tcb *tcp);
/* The two halves of tcb_drop: out of the table, then freed. */
void tcb_unlink(struct tcb *tcp);
void tcb_free(struct tcb *tcp);
/* Change a task's pid (execve from a non-leader thread). */
void tcb_rehash(struct tcb *tcp, pid_t new_pid);
/*
 * A new task can come, stop, run and end before its parent's fork or
 * clone event is collected (the kernel's wait looks at its newest
 * tracees first).  Its pid is kept until that event comes, so the event
 * does not make a task that will never report.
 */
void tcb_gone_early(pid_t pid);
bool tcb_was_gone_early(pid_t pid);
/*
 * The next wait status to handle: one already collected, else (with
 * block) a wait for any tracee, which also collects every other status
 * already there.  Returns its pid, 0 (none, !block) or -1 (errno).
 */
pid_t engine_next_status(int *status, bool block);
/* A collected status of pid, out of the queue; false when none is. */
bool engine_take_queued(pid_t pid, int *status);
extern struct tcb *tcb_list;
extern unsigned int tcb_count;

/*
 * launch.c: fork and exec argv, seized; its pid, or -1 once said why.
 * With filter (n instructions), the child installs it before execve.
 */
struct sock_filter;
pid_t launch_command(char **argv, const struct sock_filter *filter,
		     unsigned short n);
/*
 * Launched tasks run under a seccomp filter that stops only traced
 * syscalls (automatic: a launched command, a partial trace set, no -p,
 * no --seccomp-bpf=off).
 */
extern bool seccomp_mode;
extern unsigned int tcb_silent_count;
/* The launched command's pid, or 0. */
extern pid_t launched_pid;

/* attach.c */
/* Attach to every pid of cfg; returns how many processes were attached. */
unsigned int attach_all(void);
/*
 * Detach from every task, leaving each as it was (running, or stopped
 * if it was in a group-stop), delivering any signal caught mid-stop.
 */
void detach_all(void);
/* Detach one task that is in a ptrace-stop now, passing sig on. */
void detach_task(struct tcb *tcp, int sig);

#endif
