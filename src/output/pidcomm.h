/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * -Y, --decode-pids=comm: a pid followed by the command name of its
 * process, "1234<bash>", in line prefixes and wherever a decoder prints
 * a pid.
 */
#ifndef SLTRACE_OUTPUT_PIDCOMM_H
#define SLTRACE_OUTPUT_PIDCOMM_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "pidns/pidns.h"

struct tcb;

/*
 * "<comm>" of pid, escaped as strace escapes it (octal for '<', '>' and
 * unprintable bytes, \" \\ \t ...), into buf; returns its length, or 0
 * when /proc/PID/comm cannot be read.  With traced true the last name
 * read for pid is kept and given when the task is gone: a traced task's
 * exit line keeps its name after the task has been reaped.
 */
size_t pid_comm(pid_t pid, bool traced, char *buf, size_t size);

/* Drop what pid_comm() kept for pid (its task is gone for good). */
void pid_comm_forget(pid_t pid);

/*
 * A traced task's name read now, while /proc has it: a task attached
 * with -p, or one that just exec'd, may print nothing else before its
 * exit, after which its name cannot be read.
 */
void pid_comm_note(pid_t pid);

/*
 * An id a decoder prints (arguments of kill, wait4, setpgid...; returns
 * of getpid, fork, getsid...; fields such as si_pid): "1234"; with -Y
 * a thread's or process's "1234<comm>" while it exists; with
 * --decode-pids=pidns, when the tracee is in another pid namespace,
 * "2 /\* 1234 in strace's PID NS *\/".  print_pid is a process,
 * print_tid a thread, print_pgid a process group, print_sid a session.
 */
void print_pid_type(struct tcb *tcp, int id, enum pid_type type);
void print_pid(struct tcb *tcp, int pid);
void print_tid(struct tcb *tcp, int tid);
void print_pgid(struct tcb *tcp, int pgid);
void print_sid(struct tcb *tcp, int sid);
/* A pid that names a process group when below -1 (kill, wait4). */
void print_pid_or_pgid(struct tcb *tcp, int pid);
/* The " /\* 1234 in strace's PID NS *\/" of print_pid_type. */
void emit_pidns(struct tcb *tcp, int own);

#endif
