/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The syscall printer: turns syscall-entry and syscall-exit stops into
 * strace's "name(args) = ret" lines.
 */
#ifndef SLTRACE_SYSCALL_PRINT_H
#define SLTRACE_SYSCALL_PRINT_H

#include <stddef.h>

struct tcb;

/*
 * Another way to show native syscalls than strace's (ltrace's -S,
 * src/libcall/ltrace_sys.c): their names, their arguments at entry and
 * those left for the exit, and the value after "= ".
 */
struct syscall_style {
	const char *(*name)(int pers, long nr, const char *name, char *buf,
			    size_t size);
	void (*print_entry)(struct tcb *tcp);
	void (*print_exit)(struct tcb *tcp);
	void (*print_retval)(struct tcb *tcp);
};

/* Before tracing: show syscalls that way (NULL: strace's). */
void syscall_print_style(const struct syscall_style *style);

/*
 * The name a syscall is shown by: name (its table's, NULL when the
 * number is unknown) or the style's spelling of it, into buf.
 */
const char *syscall_shown_name(int pers, long nr, const char *name,
			       char *buf, size_t size);

void syscall_print_entry(struct tcb *tcp);
/*
 * Also called with tcp->sc.has_rval false when the task died or was
 * superseded by an execve inside the syscall: "= ?".
 */
void syscall_print_exit(struct tcb *tcp);

#endif
