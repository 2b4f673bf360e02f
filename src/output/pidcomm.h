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
 * A pid argument or return value: "1234", with -Y "1234<comm>" while
 * the process exists.  For decoders (pid arguments of kill, wait4,
 * tgkill...; returns of getpid, fork, clone...).
 */
void print_pid(struct tcb *tcp, int pid);

#endif
