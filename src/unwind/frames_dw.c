/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Frames of 32-bit (i386) tracees with libdw's thread-frame API.
 *
 * libunwind is built for one target: its x86_64 library cannot step
 * through i386 frames, which is why strace -k prints no stack for them.
 * libdw picks its unwinder from the tracee's ELF class and steps with
 * the CFI of the same Dwfl modules that give the symbols.
 *
 * The thread callbacks are ours rather than dwfl_linux_proc_attach()'s:
 * those read memory a host word at a time, and libdw does not cut an
 * 8-byte word to 4 for a DW_OP_deref of a 32-bit tracee, so the CFA of
 * a function that realigns its stack (i386 main: DW_CFA_def_cfa_
 * expression "ebp - 8; deref") came out wrong and the stack ended there.
 * Ours read 4 bytes through mem.c, and the registers with one
 * PTRACE_GETREGS (an i386 task's come in x86_64's layout).
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/user.h>

#include "engine/tcb.h"
#include "log.h"
#include "unwind/internal.h"

static pid_t cb_next_thread(Dwfl *dwfl, void *dwfl_arg, void **thread_argp)
{
	/* Only dwfl_getthreads() asks, and we never call it. */
	return 0;
}

static bool cb_get_thread(Dwfl *dwfl, pid_t tid, void *dwfl_arg,
			  void **thread_argp)
{
	*thread_argp = NULL;
	return true;
}

static bool cb_memory_read(Dwfl *dwfl, Dwarf_Addr addr, Dwarf_Word *result,
			   void *dwfl_arg)
{
	uint64_t word;

	if (uw_mem_read_word(addr, 4, &word) < 0)
		return false;
	*result = word;
	return true;
}

/* i386 DWARF register numbers: eax ecx edx ebx esp ebp esi edi eip. */
static bool cb_set_initial_registers(Dwfl_Thread *thread, void *thread_arg)
{
	struct user_regs_struct r;
	Dwarf_Word regs[9];

	if (ptrace(PTRACE_GETREGS, dwfl_thread_tid(thread), NULL, &r) < 0)
		return false;
	regs[0] = (uint32_t)r.rax;
	regs[1] = (uint32_t)r.rcx;
	regs[2] = (uint32_t)r.rdx;
	regs[3] = (uint32_t)r.rbx;
	regs[4] = (uint32_t)r.rsp;
	regs[5] = (uint32_t)r.rbp;
	regs[6] = (uint32_t)r.rsi;
	regs[7] = (uint32_t)r.rdi;
	regs[8] = uw_mem_pc((uint32_t)r.rip, (uint32_t)(r.rsp - 4));
	return dwfl_thread_state_registers(thread, 0, 9, regs);
}

static const Dwfl_Thread_Callbacks thread_callbacks = {
	.next_thread = cb_next_thread,
	.get_thread = cb_get_thread,
	.memory_read = cb_memory_read,
	.set_initial_registers = cb_set_initial_registers,
};

struct walk {
	struct uw_pc *pcs;
	unsigned int n, max;
};

static int frame_cb(Dwfl_Frame *state, void *arg)
{
	struct walk *w = arg;
	Dwarf_Addr pc;
	bool activation;

	if (!dwfl_frame_pc(state, &pc, &activation) || !pc)
		return DWARF_CB_ABORT;
	w->pcs[w->n].pc = pc;
	w->pcs[w->n].caller = !activation;
	w->n++;
	return w->n < w->max ? DWARF_CB_OK : DWARF_CB_ABORT;
}

int uw_dw_frames(struct uw_proc *p, struct tcb *tcp, struct uw_pc *pcs,
		 unsigned int max, const char **why)
{
	struct walk w = { pcs, 0, max };
	int rc;

	rc = uw_dwfl_refresh(p);
	if (rc < 0) {
		*why = "no libdw session";
		return rc;
	}
	/* libdw takes the ELF class from the modules just reported. */
	if (!p->dwfl_attached) {
		if (!dwfl_attach_state(p->dwfl, NULL, p->tgid,
				       &thread_callbacks, NULL)) {
			*why = dwfl_errmsg(-1);
			return -EINVAL;
		}
		p->dwfl_attached = true;
	}
	uw_mem_begin(tcp);
	rc = dwfl_getthread_frames(p->dwfl, tcp->pid, frame_cb, &w);
	/*
	 * The end of a stack may come back as an error too ("no DWARF
	 * information" for _start's caller): said only under -d.
	 */
	if (rc < 0)
		*why = dwfl_errmsg(-1);
	return (int)w.n;
}
