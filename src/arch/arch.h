/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The questions the engine asks of an architecture.  Each arch directory
 * answers them; nothing outside src/arch/ knows register layouts.
 *
 * A tracee runs in one "personality" at a time: on x86_64 that is the
 * native 64-bit ABI (0) or the i386 compat ABI (1).  Syscall numbers,
 * argument widths and struct layouts all depend on it.
 */
#ifndef SLTRACE_ARCH_H
#define SLTRACE_ARCH_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#define MAX_ARGS 6

enum {
	PERS_NATIVE = 0,	/* x86_64 */
	PERS_COMPAT = 1,	/* i386 on x86_64 */
	NUM_PERSONALITIES
};

struct arch_pers {
	const char *name;		/* "64", "32" as in strace's @64/@32 */
	unsigned int word_size;		/* bytes in a long / pointer */
	uint32_t audit_arch;		/* AUDIT_ARCH_* as reported by the kernel */
};

extern const struct arch_pers arch_pers[NUM_PERSONALITIES];

/* Personality of an AUDIT_ARCH_* value; -1 if the arch is not ours. */
int arch_personality_of(uint32_t audit_arch);

/*
 * Fallback when PTRACE_GET_SYSCALL_INFO is not available: read the
 * syscall number, arguments and personality from the registers.
 * Return 0 or -errno.
 */
int arch_get_syscall_regs(pid_t pid, int *pers, long *nr,
			  uint64_t args[MAX_ARGS]);
/* Return value from the registers, raw (negative errno on error). */
int arch_get_syscall_retval(pid_t pid, int pers, int64_t *rval);

/*
 * Syscall number held in the "original" register: after an interrupted
 * syscall (e.g. at attach) it names the syscall being restarted.
 */
int arch_get_orig_scno(pid_t pid, long *nr);

/*
 * The stack pointer of a stopped task (rt_sigreturn finds the signal
 * frame there).  0 or -errno.
 */
int arch_get_stack_pointer(pid_t pid, uint64_t *sp);

/*
 * At a PTRACE_EVENT_CLONE stop: the flags the parent passed to clone or
 * clone3 (read from its registers, so it works when the syscall itself
 * is not traced).  0 or -errno.
 */
int arch_get_clone_flags(pid_t pid, int pers, uint64_t *flags);

/*
 * Fault injection (src/engine/inject.c).  For a task stopped at a
 * syscall's entry or at a seccomp stop: make it run syscall nr of its
 * personality instead, with the same arguments; nr -1 runs nothing and
 * the kernel returns -ENOSYS.  For a task stopped at a syscall's exit:
 * the value the syscall returns (-errno for an error; a 32-bit task
 * sees the low half).  Both use PTRACE_SET_SYSCALL_INFO when the kernel
 * has it (6.16), registers otherwise.  0 or -errno.
 */
int arch_set_syscall_nr(pid_t pid, int pers, long nr);
int arch_set_syscall_retval(pid_t pid, int pers, int64_t rval);

#endif
