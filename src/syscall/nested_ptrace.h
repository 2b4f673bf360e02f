/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A traced program that is a tracer itself.  Under -f sltrace traces
 * every child, and a task has only one tracer: the program's own
 * PTRACE_TRACEME, PTRACE_ATTACH or PTRACE_SEIZE of a task sltrace
 * traces fails with EPERM.  This says so once, on stderr:
 *
 *   sltrace: pid 42 cannot be traced by pid 41 (ptrace PTRACE_TRACEME:
 *   Operation not permitted): sltrace -f traces it; run without -f to
 *   let the program trace its children
 *
 * (one line), and the trace goes on.
 */
#ifndef SLTRACE_SYSCALL_NESTED_PTRACE_H
#define SLTRACE_SYSCALL_NESTED_PTRACE_H

/*
 * Add a consumer that watches the exits of ptrace, and make them stop
 * under the seccomp filter even when -e trace= leaves ptrace out
 * (engine_stop_also_if_free; they are not printed then).  A trace with
 * no syscall stop at all (-e trace=none without a filter) stays so, and
 * says nothing.  Call before engine_init(), after the consumer that
 * prints (the message comes after the line).
 */
void nested_ptrace_init(void);

#endif
