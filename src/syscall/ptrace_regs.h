/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The x86 register sets of ptrace(2), in the tracee's layout. */
#ifndef SLTRACE_SYSCALL_PTRACE_REGS_H
#define SLTRACE_SYSCALL_PTRACE_REGS_H

#include <stdint.h>

struct tcb;

enum regs_kind {
	REGS_GENERAL, /* struct user_regs_struct, NT_PRSTATUS */
	REGS_FP, /* struct user_fpregs_struct, NT_FPREGSET */
};

/*
 * The first size bytes of a register set at addr:
 * "{r15=0x1, r14=0, ...}", the fields they hold in full, ", ..." when
 * size passes the struct.  The address when size is 0 or not a multiple
 * of the set's slot (a long; the kernel refuses those), when it cannot
 * be read, or with -e verbose off.
 */
void print_regs(struct tcb *tcp, enum regs_kind kind, uint64_t addr,
		uint64_t size);
/* sizeof the struct, for PTRACE_GETREGS and friends. */
uint64_t regs_size(const struct tcb *tcp, enum regs_kind kind);

#endif
