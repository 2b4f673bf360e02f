/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Printers shared by the memory, process and signal families
 * (mem.c, process.c, exec.c, wait.c, clone.c, signal.c, sched.c,
 * resource.c, misc.c, uid.c).  Printers that one file alone uses stay
 * in that file.
 */
#ifndef SLTRACE_SYSCALL_PROCESS_H
#define SLTRACE_SYSCALL_PROCESS_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "xlat/xlat.h"

struct tcb;

/*
 * A word of the tracee's long size at addr into *val (zero-extended).
 * 0 or -errno.
 */
int read_word(struct tcb *tcp, uint64_t addr, uint64_t *val);

/*
 * A word the kernel wrote at addr: "[0x7f...]" as a pointer (ptr) or
 * "[24]"; the address when it is NULL, cannot be read, or the syscall
 * failed.
 */
void print_word_at(struct tcb *tcp, uint64_t addr, bool ptr);

/*
 * An output int at addr as "[N]" (decimal), or the address when it is
 * NULL, cannot be read, or the syscall failed (at exit).
 */
void print_int_at(struct tcb *tcp, uint64_t addr);

/* A uid or gid: -1 as "-1", the rest unsigned. */
void print_id(struct tcb *tcp, uint32_t id);

/*
 * siginfo_t at addr in the tracee's layout (the i386 one is narrower),
 * as a native siginfo_t.  0 or -errno.
 */
int read_siginfo(struct tcb *tcp, uint64_t addr, siginfo_t *si);
/* The same from the 128 bytes of it already read into raw. */
void siginfo_from_tracee(const struct tcb *tcp, const void *raw,
			 siginfo_t *si);
/* ... printed: "{si_signo=SIGUSR2, ...}", "{}" when zeroed, NULL, addr. */
void print_siginfo_at(struct tcb *tcp, uint64_t addr);

/*
 * struct user_desc (asm/ldt.h), a TLS descriptor; only its entry_number
 * and "..." unless full.
 */
void print_user_desc(struct tcb *tcp, uint64_t addr, bool full);

/* struct rusage at addr, "..." after ru_stime unless -v. */
void print_rusage_at(struct tcb *tcp, uint64_t addr);

/*
 * A CPU set of len bytes at addr as strace shows it: the numbers of the
 * set bits, "[0 1]"; "[]" when len is 0 (sched_setaffinity, io_uring's
 * IORING_REGISTER_IOWQ_AFF).
 */
void print_cpu_set(struct tcb *tcp, uint64_t addr, uint64_t len);

#endif
