/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The syscall printer: turns syscall-entry and syscall-exit stops into
 * strace's "name(args) = ret" lines.
 */
#ifndef SLTRACE_SYSCALL_PRINT_H
#define SLTRACE_SYSCALL_PRINT_H

struct tcb;

void syscall_print_entry(struct tcb *tcp);
/*
 * Also called with tcp->sc.has_rval false when the task died or was
 * superseded by an execve inside the syscall: "= ?".
 */
void syscall_print_exit(struct tcb *tcp);

#endif
