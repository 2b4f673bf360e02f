/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * x86_64 answers to src/arch/arch.h, for the native ABI and the i386
 * compat ABI that 32-bit programs run in.
 */
#include "config.h"

#include <errno.h>
#include <stddef.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <linux/audit.h>

#include "arch/arch.h"

const struct arch_pers arch_pers[NUM_PERSONALITIES] = {
	[PERS_NATIVE] = { "64", 8, AUDIT_ARCH_X86_64 },
	[PERS_COMPAT] = { "32", 4, AUDIT_ARCH_I386 },
};

int arch_personality_of(uint32_t audit_arch)
{
	for (int i = 0; i < NUM_PERSONALITIES; i++)
		if (arch_pers[i].audit_arch == audit_arch)
			return i;
	return -1;
}

static int get_regs(pid_t pid, struct user_regs_struct *regs)
{
	if (ptrace(PTRACE_GETREGS, pid, NULL, regs) < 0)
		return -errno;
	return 0;
}

/*
 * A 32-bit task runs with the compat code segment selector (0x23); the
 * 64-bit one is 0x33.  This is what the kernel itself looks at through
 * user_64bit_mode() in arch/x86/include/asm/ptrace.h.
 */
static int pers_of_regs(const struct user_regs_struct *regs)
{
	return regs->cs == 0x23 ? PERS_COMPAT : PERS_NATIVE;
}

int arch_get_syscall_regs(pid_t pid, int *pers, long *nr,
			  uint64_t args[MAX_ARGS])
{
	struct user_regs_struct r;
	int err = get_regs(pid, &r);

	if (err)
		return err;
	*pers = pers_of_regs(&r);
	*nr = (long)r.orig_rax;
	if (*pers == PERS_COMPAT) {
		/* i386 passes arguments in ebx, ecx, edx, esi, edi, ebp. */
		args[0] = (uint32_t)r.rbx;
		args[1] = (uint32_t)r.rcx;
		args[2] = (uint32_t)r.rdx;
		args[3] = (uint32_t)r.rsi;
		args[4] = (uint32_t)r.rdi;
		args[5] = (uint32_t)r.rbp;
		*nr = (int32_t)r.orig_rax;
	} else {
		/* The syscall ABI uses r10 where the C ABI uses rcx. */
		args[0] = r.rdi;
		args[1] = r.rsi;
		args[2] = r.rdx;
		args[3] = r.r10;
		args[4] = r.r8;
		args[5] = r.r9;
	}
	return 0;
}

int arch_get_syscall_retval(pid_t pid, int pers, int64_t *rval)
{
	struct user_regs_struct r;
	int err = get_regs(pid, &r);

	if (err)
		return err;
	*rval = pers == PERS_COMPAT ? (int64_t)(int32_t)r.rax : (int64_t)r.rax;
	return 0;
}

int arch_get_orig_scno(pid_t pid, long *nr)
{
	long v;

	errno = 0;
	v = ptrace(PTRACE_PEEKUSER, pid,
		   (void *)offsetof(struct user_regs_struct, orig_rax), NULL);
	if (v == -1 && errno)
		return -errno;
	*nr = v;
	return 0;
}

int arch_get_stack_pointer(pid_t pid, uint64_t *sp)
{
	long v;

	errno = 0;
	v = ptrace(PTRACE_PEEKUSER, pid,
		   (void *)offsetof(struct user_regs_struct, rsp), NULL);
	if (v == -1 && errno)
		return -errno;
	/* A 32-bit task's esp is the low half of rsp. */
	*sp = (uint64_t)v;
	return 0;
}

int arch_get_clone_flags(pid_t pid, int pers, uint64_t *flags)
{
	struct user_regs_struct r;
	uint64_t nr, arg;

	if (ptrace(PTRACE_GETREGS, pid, NULL, &r) < 0)
		return -errno;
	nr = r.orig_rax;
	arg = pers == PERS_NATIVE ? r.rdi : (uint32_t)r.rbx;
	/* clone: 56 / 120 (i386); clone3: 435 on both. */
	if ((pers == PERS_NATIVE && nr == 56) ||
	    (pers != PERS_NATIVE && nr == 120)) {
		*flags = pers == PERS_NATIVE ? arg : (uint32_t)arg;
		return 0;
	}
	if (nr == 435) {
		/* struct clone_args begins with the 64-bit flags. */
		struct iovec l = { flags, sizeof(*flags) };
		struct iovec rm = { (void *)(uintptr_t)arg, sizeof(*flags) };

		return process_vm_readv(pid, &l, 1, &rm, 1, 0) ==
		       (ssize_t)sizeof(*flags) ? 0 : -EFAULT;
	}
	return -ENOENT;
}

/*
 * PTRACE_SET_SYSCALL_INFO came with Linux 6.16; headers from before do
 * not name it.  Where the kernel lacks it the request fails with EIO,
 * and the registers are written instead from then on.
 */
#ifndef PTRACE_SET_SYSCALL_INFO
#define PTRACE_SET_SYSCALL_INFO 0x4212
#endif

static bool no_set_syscall_info;

/*
 * Change the stop's syscall number (at entry or seccomp stop) or return
 * value (at exit), keeping everything else the kernel reported.
 * 1 when done, 0 when the kernel cannot (use registers), or -errno.
 */
static int set_syscall_info(pid_t pid, bool exiting, uint64_t v)
{
	struct __ptrace_syscall_info info;

	if (no_set_syscall_info)
		return 0;
	memset(&info, 0, sizeof(info));
	if (ptrace(PTRACE_GET_SYSCALL_INFO, pid, (void *)sizeof(info),
		   &info) < 0)
		goto failed;
	switch (info.op) {
	case PTRACE_SYSCALL_INFO_ENTRY:
		if (exiting)
			return -EINVAL;
		info.entry.nr = v;
		break;
	case PTRACE_SYSCALL_INFO_SECCOMP:
		if (exiting)
			return -EINVAL;
		info.seccomp.nr = v;
		break;
	case PTRACE_SYSCALL_INFO_EXIT:
		if (!exiting)
			return -EINVAL;
		info.exit.rval = (int64_t)v;
		info.exit.is_error = (int64_t)v < 0 && (int64_t)v >= -4095;
		break;
	default:
		return -EINVAL;
	}
	if (ptrace((enum __ptrace_request)PTRACE_SET_SYSCALL_INFO, pid,
		   (void *)sizeof(info), &info) < 0)
		goto failed;
	return 1;
failed:
	if (errno != EIO)
		return -errno;
	no_set_syscall_info = true;
	return 0;
}

static int poke_user(pid_t pid, size_t offset, uint64_t v)
{
	if (ptrace(PTRACE_POKEUSER, pid, (void *)offset, (void *)v) < 0)
		return -errno;
	return 0;
}

int arch_set_syscall_nr(pid_t pid, int pers, long nr)
{
	int rc = set_syscall_info(pid, false, (uint64_t)(int64_t)nr);

	(void)pers;
	if (rc)
		return rc < 0 ? rc : 0;
	/*
	 * orig_rax is what the kernel dispatches on after the entry stop
	 * (and after a seccomp stop, which re-reads it); -1 makes it skip
	 * the call, in both ABIs.
	 */
	return poke_user(pid, offsetof(struct user_regs_struct, orig_rax),
			 (uint64_t)(int64_t)nr);
}

int arch_set_syscall_retval(pid_t pid, int pers, int64_t rval)
{
	int rc = set_syscall_info(pid, true, (uint64_t)rval);

	(void)pers;
	if (rc)
		return rc < 0 ? rc : 0;
	return poke_user(pid, offsetof(struct user_regs_struct, rax),
			 (uint64_t)rval);
}
