/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Library-call tracing: which breakpoints a process gets, what a hit
 * means, and the lines it prints.  The engine calls these hooks; the
 * breakpoints themselves are src/bp/'s.
 */
#ifndef SLTRACE_LIBCALL_H
#define SLTRACE_LIBCALL_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

struct tcb;

/* -l / -x / --ltrace asked for library calls. */
bool libcall_active(void);

/*
 * Before tracing: load the prototype files (--proto-file, ltrace's -F,
 * or the default places).  0, or -1 once the error is printed.
 */
int libcall_init(void);

/*
 * execve succeeded in tcp (PTRACE_EVENT_EXEC stop): forget the old
 * address space and arm the new one's start.
 */
void libcall_exec(struct tcb *tcp);

/*
 * tcp stopped with SIGTRAP.  True when it was one of our traps (the
 * task is then ready to be resumed with no signal); false when the
 * SIGTRAP is the program's own.
 */
bool libcall_sigtrap(struct tcb *tcp);

/*
 * A new task: a thread (shares everything), a vfork or CLONE_VM child
 * (shares the memory, not the stack's future), or a fork child (a copy
 * of the memory, int3 bytes and hooked return addresses included).
 * follow: the child is traced (-f); otherwise its memory is put back as
 * the program left it.  Returns true when the child must be detached
 * now that it is clean (a fork child nobody follows).
 */
bool libcall_new_task(struct tcb *parent, struct tcb *child, bool thread,
		      bool shares_vm, bool follow);

/*
 * tcp stopped with SIGSTOP.  True when it was stopped in one of our
 * stubs (the task is then ready to be resumed with no signal).
 */
bool libcall_sigstop(struct tcb *tcp);

/*
 * A syscall-entry or seccomp stop at ip: true when the syscall is one of
 * our stubs' (its breakpoint is handled and the syscall skipped; it is
 * not the program's to show).
 */
bool libcall_stub_syscall(struct tcb *tcp, uint64_t ip);

/* tcp attached with -p is stopped: arm its process if not done yet. */
void libcall_attached_stop(struct tcb *tcp);

/*
 * We are about to detach from tcp: put its return addresses back, and
 * when it is the last task of its process, every original byte.
 */
void libcall_detach(struct tcb *tcp);

/* tcp is exiting (PTRACE_EVENT_EXIT): its pending calls never return. */
void libcall_exiting(struct tcb *tcp);

/* tcp is going away (exited, killed, dropped). */
void libcall_task_free(struct tcb *tcp);

#endif /* SLTRACE_LIBCALL_H */
