/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ltrace's mode (cfg.lc_style == LC_STYLE_LTRACE) with its -S: syscalls
 * as Debian's ltrace 0.7.3 shows them, "SYS_write(1, "hi\n", 3) = 3",
 * named from ltrace's own table and printed by prototypes, not by
 * strace's decoders.
 */
#ifndef SLTRACE_LIBCALL_LTRACE_SYS_H
#define SLTRACE_LIBCALL_LTRACE_SYS_H

#include <stddef.h>

struct tcb;

/*
 * "SYS_NAME" for syscall nr of personality pers, whose table name is
 * name (NULL when the number is unknown): ltrace's x86_64 table is
 * older than the kernel's, so a few names differ ("pread" for pread64)
 * and numbers past its end are "SYS_334".  Into buf; returns buf.
 */
const char *ltrace_sys_name(int pers, long nr, const char *name, char *buf,
			    size_t size);

/*
 * The arguments of tcp's syscall ("1, "hi\n", 3", no parentheses) at
 * entry, and at exit those left for it (filled by the call) — the exit
 * half does nothing when the entry half printed all.
 */
void ltrace_sys_print_entry(struct tcb *tcp);
void ltrace_sys_print_exit(struct tcb *tcp);

/* The value after "= ". */
void ltrace_sys_print_retval(struct tcb *tcp);

/* All of it, for syscall_print_style(). */
extern const struct syscall_style ltrace_sys_style;

#endif
