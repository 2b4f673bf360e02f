/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The breakpoint core: int3 breakpoints in one address space that are
 * never lifted while the program runs.  A hit is stepped over without
 * touching the int3 — by emulating the displaced instruction in the
 * tracer (a PLT slot's `jmp *GOT`, `endbr64`, a relative jump or call)
 * or by pointing the task at a relocated copy of it in a scratch page
 * sltrace maps into the tracee, followed by a jump back — so a hit costs
 * exactly one ptrace stop and other threads never run through a lifted
 * byte.  Only an instruction that allows neither (BP_STEP_SINGLE) has
 * its int3 lifted, for a step in place while every other thread of the
 * process is stopped.
 *
 * The scratch page also holds the return trap: an int3 that a traced
 * call's return address is pointed at (src/libcall), and a `syscall;
 * int3` gadget for running syscalls in the tracee (which ends at the
 * syscall's exit stop: the int3 is only a backstop, never run).
 *
 * Stubs (stub.c).  A breakpoint on an instruction that is a jump through
 * the GOT (a PLT slot) is not an int3 but a `jmp` to a stub in a scratch
 * page: the stub calls a routine that saves the registers it uses and
 * stops the thread with tkill(gettid(), SIGSTOP), then runs the
 * relocated `jmp *GOT` — and a hooked return address points at a return
 * slot that does the same and then jumps to the real return address,
 * kept in the page's data.  A thread stopped in a stub is in a
 * signal-delivery-stop of SIGSTOP, not of SIGTRAP: if sltrace dies before
 * it has collected that stop (waitpid), the kernel delivers the signal
 * when it lets the thread go, and a SIGSTOP only stops the program (for
 * the guardian, src/guard/, to clean up), where a SIGTRAP would kill it.
 * And the stub finishes its own work when resumed, so a thread caught in
 * one needs nothing from anyone.  In a thread stopping at every syscall
 * (PTRACE_SYSCALL), the stub's first syscall is where it stops instead.
 * Detaching (or the guardian) turns the routine's tkill into a nop: a
 * stub run after that is only a detour.
 *
 * A 32-bit space (an i386 program in compat mode, is64 false) has the
 * same page in i386 code (stub.c): `int $0x80` for syscall, 4-byte words.
 *
 * x86 only: the whole module is about x86 instruction bytes.
 */
#ifndef SLTRACE_BP_H
#define SLTRACE_BP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/user.h>

struct tcb;
struct guard_undo;

/* How a hit is stepped over. */
enum bp_step {
	BP_STEP_GOT,		/* rip = *(u64 *)target (PLT slot) */
	BP_STEP_JUMP,		/* rip = target (endbr64/nop, jmp rel) */
	BP_STEP_CALL,		/* push addr+len, rip = target (call rel) */
	BP_STEP_OOL,		/* rip = target: the relocated copy */
	/*
	 * The last resort, for what can be neither emulated nor relocated
	 * (a syscall, a trap, xbegin, a far transfer, a rip-relative operand
	 * out of reach, an instruction insn_decode does not know): the int3
	 * is lifted and the thread steps the instruction in place, with
	 * every other thread of its process stopped (engine_stop_others)
	 * until the int3 is back.  target 1: it enters the kernel, and the
	 * others run again from its syscall-entry stop.  A hit costs 3
	 * stops, and one for each other thread that was running.
	 */
	BP_STEP_SINGLE,
};

struct bp {
	uint64_t addr;
	uint8_t orig;		/* the byte under the int3 */
	uint8_t len;		/* length of the displaced instruction */
	enum bp_step step;
	uint64_t target;
	/* A stub breakpoint: the jmp at addr goes to stub; saved holds the
	 * BP_JMP_LEN bytes it replaced.  0: an int3. */
	uint64_t stub;
	uint8_t saved[8];
	struct bp *stub_next;	/* hash chain by stub */
	unsigned int kind;	/* the owner's */
	void *data;		/* the owner's */
	struct guard_undo *undo;	/* the int3, for the guardian */
	struct bp *next;	/* hash chain */
};

/*
 * A scratch page's layout (offsets): BP_PAGE_SIZE bytes of code (r-x),
 * then BP_DATA_SIZE bytes of data (rw-).  Every page has the gadget and
 * the stop routine; the first one also the return slots.
 */
#define BP_PAGE_RET_TRAP	0	/* int3: a hooked return lands here */
#define BP_PAGE_GADGET		8	/* syscall; int3 */
#define BP_PAGE_STOP		16	/* the stubs' stop routine */
#define BP_PAGE_SLOTS		64	/* stubs, relocated instructions */
#define BP_SLOT_SIZE		64
#define BP_PAGE_RET_SLOTS	32768	/* return slots (first page) */
#define BP_RET_SLOT_SIZE	16
#define BP_NRET_SLOTS		2048
#define BP_PAGE_SIZE		65536
#define BP_DATA_SIZE		16384	/* a real return address per slot */
#define BP_JMP_LEN		5	/* jmp rel32 */
/* Bytes the stop routine pushes, and the call into it: at its stops the
 * stack pointer is this far below the one the stub was entered with. */
#define BP_STOP_FRAME		56
#define BP_STOP_FRAME32		20	/* i386: 4 registers, the call */

/* One address space (a thread group, or a vfork child sharing it). */
struct bp_space {
	/*
	 * A task of it: /proc/PID/mem, opened once, reaches the memory for
	 * as long as the process lives, whichever of its threads is gone.
	 */
	pid_t pid;
	pid_t tgid;		/* the process (pid, unless the owner says) */
	int memfd;		/* /proc/PID/mem, read-write, or -1 */
	bool is64;
	/* Where a syscall gadget may be written while no page exists: 0
	 * for the pc of the task that runs it. */
	uint64_t scratch_pc;
	struct bp **hash;	/* BP_HASH buckets */
	unsigned int count;
	/* Scratch pages: the first one is "the" page (traps, gadget). */
	struct bp_page {
		uint64_t addr;
		uint32_t used;
	} pages[16];
	unsigned int npages;
	struct guard_undo *trap_undo;	/* the return trap, for the guardian */
	/* Each page's tkill, which detaching makes a nop, and where a
	 * thread stops on it (for the guardian). */
	struct guard_undo *stop_undo[16];
	struct guard_undo *stop_mark[16];
	/* Free return slots of the first page (a stack of indexes). */
	uint16_t free_ret[BP_NRET_SLOTS];
	unsigned int nfree_ret;
	struct bp **stub_hash;	/* BP_HASH buckets, by stub address */
};

/* Create an empty space for pid; NULL on ENOMEM. */
struct bp_space *bp_space_new(pid_t pid, bool is64);
/* A copy for a fork child (same breakpoints, same pages), its pid. */
struct bp_space *bp_space_clone(const struct bp_space *s, pid_t pid);
/* Forget everything (execve: the address space is gone). */
void bp_space_free(struct bp_space *s);

/* The trap page's address, 0 if there is none yet. */
static inline uint64_t bp_page(const struct bp_space *s)
{
	return s->npages ? s->pages[0].addr : 0;
}

/* Tracee memory through /proc/PID/mem (writes work on text too). */
int bp_mem_read(struct bp_space *s, uint64_t addr, void *buf, size_t len);
int bp_mem_write(struct bp_space *s, uint64_t addr, const void *buf,
		 size_t len);
/* Two words at once (one syscall on the hot path): a call's return
 * address and the GOT slot it goes through. */
int bp_mem_read2(struct bp_space *s, uint64_t a, uint64_t *va, uint64_t b,
		 uint64_t *vb);

/*
 * Map the trap page into the tracee.  tcp must be stopped at a point
 * where no other task of the space runs (program start, attach), with
 * user registers that are safe to borrow: the syscall runs from a
 * gadget written over the bytes at its pc, which are put back after.
 */
int bp_space_map_page(struct bp_space *s, struct tcb *tcp);

/* The breakpoint at addr, or NULL. */
struct bp *bp_find(const struct bp_space *s, uint64_t addr);

/*
 * Plant a breakpoint at addr (the int3 goes in now).  For a PLT slot,
 * got is the slot's GOT entry (BP_STEP_GOT); otherwise 0 and the
 * instruction at addr is decoded to choose how to step over it, which
 * may map a scratch page near addr through tcp (any stopped task of the
 * space; may be NULL when no page can be needed).  got BP_NO_STEP: a
 * one-shot breakpoint its owner removes at the hit.  Returns the
 * breakpoint, or NULL with errno set (EEXIST: one is there already;
 * EBUSY: an int3 that is not ours).  An instruction that can neither be
 * emulated nor relocated gets BP_STEP_SINGLE.
 */
#define BP_NO_STEP ((uint64_t)-1)	/* got: never stepped over (one-shot) */
struct bp *bp_insert(struct bp_space *s, struct tcb *tcp, uint64_t addr,
		     uint64_t got, unsigned int kind, void *data);
/* Remove one (the byte is restored unless the space is gone). */
void bp_remove(struct bp_space *s, struct bp *bp, bool restore);
/* Call fn for every breakpoint (it may remove the one it is given). */
void bp_for_each(struct bp_space *s, void (*fn)(struct bp *, void *),
		 void *arg);
/* Restore every original byte in another process's copy (fork child). */
void bp_restore_all_in(struct bp_space *s, pid_t pid);

/*
 * What a thread stopped in the stop routine (at its tkill, or at its
 * gettid under PTRACE_SYSCALL) was doing: entering a stub breakpoint, or
 * returning through a return slot.  sp is the stack pointer it had before
 * the stub; saved the registers the routine pushed.
 */
struct bp_stub_stop {
	struct bp *bp;		/* the breakpoint entered, or NULL */
	int ret_slot;		/* the return slot, or -1 */
	uint64_t sp;		/* the thread's own stack pointer */
	uint64_t word;		/* [sp]: a call's return address at entry */
	uint64_t got;		/* at a PLT entry: the GOT slot's value */
	uint64_t rax, rdi, rsi, rdx, rcx, r11;	/* as pushed */
	uint64_t rbx;
	bool compat;		/* i386's routine: eax, ecx, edx, ebx pushed */
};

/* Is pc one of the stop routine's stop points (at_syscall: the gettid
 * a PTRACE_SYSCALL thread stops at; else after its tkill)? */
bool bp_stub_stop_at(const struct bp_space *s, uint64_t pc, bool at_syscall);

/* Decode such a stop from the thread's registers: one memory read.
 * 0, or -errno (then the thread is left to finish the stub itself). */
int bp_stub_decode(struct bp_space *s, const struct user_regs_struct *u,
		   struct bp_stub_stop *st);

/*
 * The thread's registers as they were before the stub (sp, the pushed
 * ones), the rest of u: what a caller prints, or writes back to take the
 * thread out of the stub (then with rip set to where it must go).
 */
void bp_stub_regs(const struct bp_stub_stop *st,
		  const struct user_regs_struct *u,
		  struct user_regs_struct *out);

/*
 * Point the return address at slot (the word at sp on entry) of thread
 * tid at a return slot holding real, recorded for the guardian first.
 * Returns what was written there (a return slot's address, or the
 * page's int3 return trap when no slot is free), with the slot's index
 * in *k (-1: the int3) and the record in *undo (the caller's, until
 * guard_forget), or 0 on failure.
 */
uint64_t bp_hook_return(struct bp_space *s, pid_t tid, uint64_t slot,
			uint64_t real, int *k, struct guard_undo **undo);
/* The address bp_hook_return writes for slot k (-1: the int3 trap). */
uint64_t bp_ret_slot_addr(const struct bp_space *s, int k);
/* A hooked return is over: its return slot may serve another. */
void bp_ret_slot_free(struct bp_space *s, int k);

/*
 * Make every page's stop routine a detour that stops nothing (detach: a
 * thread still in a stub, or returning through a return slot nobody
 * restored, then just goes on); bp_quiet_in does it in another
 * process's copy, open as fd (/proc/PID/mem).
 */
void bp_space_quiet(struct bp_space *s);
void bp_quiet_in(struct bp_space *s, int fd);

/*
 * Step tcp, stopped on bp's int3 with regs read (rip is after the int3),
 * over the displaced instruction: regs is updated for the caller to
 * write back with PTRACE_SETREGS.  0 or -errno.  BP_STEP_SINGLE runs
 * the instruction in tcp with the other tasks stopped, and regs is then
 * what tcp has after it; tcp may end up in another stop than the trap
 * (a kept signal's, a syscall entry, an event), handed to the engine's
 * loop with engine_hold(), or gone.
 */
int bp_step_over(struct bp_space *s, struct tcb *tcp, const struct bp *bp,
		 struct user_regs_struct *regs);

/*
 * Run a syscall in tracee task tcp, stopped, through the page's gadget
 * (or, with no page yet, a gadget written over the bytes at its pc).
 * Its registers are restored after.  The syscall's return value, or
 * -errno from ptrace.
 */
long bp_remote_syscall(struct bp_space *s, struct tcb *tcp, long nr,
		       uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4,
		       uint64_t a5, uint64_t a6);

#endif /* SLTRACE_BP_H */
