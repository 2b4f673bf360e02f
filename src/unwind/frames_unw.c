/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Frames of 64-bit tracees with libunwind-ptrace.
 *
 * One libunwind address space per process, caching globally: libunwind
 * then keeps the register-state rules it derived from an object's CFI,
 * by pc, and a pc it has seen again costs no lookup.  Only what is not
 * cached goes to libunwind-ptrace's find_proc_info, which reads
 * /proc/PID/maps and maps the object file: that is what makes strace's
 * -k slow when done for every frame of every syscall.
 *
 * The other accessors are ours.  libunwind-ptrace would read every
 * register with its own PTRACE_PEEKUSER and every stack word with its
 * own PTRACE_PEEKDATA; we read the registers once per stack with
 * PTRACE_GETREGS and memory through mem.c.
 */
#include "config.h"

#include <errno.h>
#include <stddef.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/user.h>

#include <libunwind-ptrace.h>

#include "engine/tcb.h"
#include "log.h"
#include "unwind/internal.h"

/*
 * The state of one unwind (sltrace is single-threaded: one at a time).
 * The accessors use it, not their arg: libunwind passes them the arg of
 * whoever called it, and inside libunwind-ptrace's find_proc_info (which
 * reads the tracee's unwind tables through them) that is the UPT handle.
 */
static struct {
	struct uw_proc *proc;
	struct user_regs_struct regs;
} ctx;

static int acc_find_proc_info(unw_addr_space_t as, unw_word_t ip,
			      unw_proc_info_t *pi, int need_unwind_info,
			      void *arg)
{
	return _UPT_find_proc_info(as, ip, pi, need_unwind_info,
				   ctx.proc->upt);
}

static void acc_put_unwind_info(unw_addr_space_t as, unw_proc_info_t *pi,
				void *arg)
{
	_UPT_put_unwind_info(as, pi, ctx.proc->upt);
}

static int acc_get_dyn_info_list_addr(unw_addr_space_t as, unw_word_t *addr,
				      void *arg)
{
	return _UPT_get_dyn_info_list_addr(as, addr, ctx.proc->upt);
}

static int acc_access_mem(unw_addr_space_t as, unw_word_t addr,
			  unw_word_t *val, int write, void *arg)
{
	uint64_t w;

	if (write)
		return -UNW_EREADONLYREG;
	if (uw_mem_read_word(addr, sizeof(*val), &w) < 0)
		return -UNW_EINVAL;
	*val = w;
	return 0;
}

/* Where each of libunwind's x86_64 registers is in user_regs_struct. */
#define REG(unw, field) \
	[UNW_X86_64_##unw] = offsetof(struct user_regs_struct, field)
static const size_t reg_offset[] = {
	REG(RAX, rax), REG(RDX, rdx), REG(RCX, rcx), REG(RBX, rbx),
	REG(RSI, rsi), REG(RDI, rdi), REG(RBP, rbp), REG(RSP, rsp),
	REG(R8, r8), REG(R9, r9), REG(R10, r10), REG(R11, r11),
	REG(R12, r12), REG(R13, r13), REG(R14, r14), REG(R15, r15),
	REG(RIP, rip),
};
#undef REG

static int acc_access_reg(unw_addr_space_t as, unw_regnum_t reg,
			  unw_word_t *val, int write, void *arg)
{
	unsigned long long v;

	if (write)
		return -UNW_EREADONLYREG;
	/* Every one of 0..UNW_X86_64_RIP is in the table. */
	if (reg < 0 ||
	    (size_t)reg >= sizeof(reg_offset) / sizeof(reg_offset[0]))
		return -UNW_EBADREG;
	memcpy(&v, (const char *)&ctx.regs + reg_offset[reg], sizeof(v));
	*val = v;
	return 0;
}

static int acc_access_fpreg(unw_addr_space_t as, unw_regnum_t reg,
			    unw_fpreg_t *val, int write, void *arg)
{
	return -UNW_EBADREG;
}

static int acc_resume(unw_addr_space_t as, unw_cursor_t *cursor, void *arg)
{
	return -UNW_EINVAL;
}

/* Names come from libdw (symbols.c), never from here. */
static int acc_get_proc_name(unw_addr_space_t as, unw_word_t ip, char *buf,
			     size_t len, unw_word_t *offp, void *arg)
{
	return -UNW_ENOINFO;
}

static unw_accessors_t accessors = {
	.find_proc_info = acc_find_proc_info,
	.put_unwind_info = acc_put_unwind_info,
	.get_dyn_info_list_addr = acc_get_dyn_info_list_addr,
	.access_mem = acc_access_mem,
	.access_reg = acc_access_reg,
	.access_fpreg = acc_access_fpreg,
	.resume = acc_resume,
	.get_proc_name = acc_get_proc_name,
};

static int setup(struct uw_proc *p, struct tcb *tcp, const char **why)
{
	if (!p->as) {
		p->as = unw_create_addr_space(&accessors, 0);
		if (!p->as) {
			*why = "unw_create_addr_space failed";
			return -ENOMEM;
		}
		unw_set_caching_policy(p->as, UNW_CACHE_GLOBAL);
	}
	if (!p->upt) {
		/*
		 * find_proc_info reads /proc/TID/maps of the task it was
		 * made for; any task of the process will do, as long as
		 * it lives (uw_unw_task_gone()).
		 */
		p->upt = _UPT_create(tcp->pid);
		if (!p->upt) {
			*why = "_UPT_create failed";
			return -ENOMEM;
		}
		p->upt_tid = tcp->pid;
	}
	return 0;
}

int uw_unw_frames(struct uw_proc *p, struct tcb *tcp, struct uw_pc *pcs,
		  unsigned int max, const char **why)
{
	unw_cursor_t cursor;
	unsigned int n = 0;
	bool exact = true;
	int rc;

	rc = setup(p, tcp, why);
	if (rc < 0)
		return rc;
	ctx.proc = p;
	uw_mem_begin(tcp);
	if (ptrace(PTRACE_GETREGS, tcp->pid, NULL, &ctx.regs) < 0) {
		*why = strerror(errno);
		return -errno;
	}
	uw_mem_regs(tcp, &ctx.regs);
	ctx.regs.rip = uw_mem_pc(ctx.regs.rip, ctx.regs.rsp - 8);
	rc = unw_init_remote(&cursor, p->as, NULL);
	if (rc < 0) {
		*why = unw_strerror(rc);
		return -EINVAL;
	}
	while (n < max) {
		unw_word_t ip;

		rc = unw_get_reg(&cursor, UNW_REG_IP, &ip);
		if (rc < 0) {
			*why = unw_strerror(rc);
			break;
		}
		if (!ip)
			break;
		pcs[n].pc = ip;
		pcs[n].caller = !exact;
		n++;
		/*
		 * Past a signal frame the next pc is where the signal
		 * struck, not a return address.
		 */
		exact = unw_is_signal_frame(&cursor) > 0;
		rc = unw_step(&cursor);
		if (rc < 0)
			*why = unw_strerror(rc);
		if (rc <= 0)
			break;
	}
	return (int)n;
}

/* The process's code changed: forget what was derived from the old. */
void uw_unw_flush(struct uw_proc *p)
{
	if (p->as)
		unw_flush_cache(p->as, 0, 0);
	/* The UPT keeps the last object it mapped: it may be gone too. */
	if (p->upt)
		_UPT_destroy(p->upt);
	p->upt = NULL;
}

void uw_unw_task_gone(struct uw_proc *p, pid_t tid)
{
	if (p->upt && p->upt_tid == tid) {
		_UPT_destroy(p->upt);
		p->upt = NULL;
	}
}

void uw_unw_release(struct uw_proc *p)
{
	if (p->upt)
		_UPT_destroy(p->upt);
	if (p->as)
		unw_destroy_addr_space(p->as);
	p->upt = NULL;
	p->as = NULL;
}
