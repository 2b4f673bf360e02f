/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The breakpoint core: int3 breakpoints in one address space that are
 * never lifted while the program runs.  A hit is stepped over without
 * touching the int3 — by emulating the displaced instruction in the
 * tracer (a PLT slot's `jmp *GOT`, `endbr64`, a relative jump or call)
 * or by pointing the task at a relocated copy of it in a scratch page
 * sltrace maps into the tracee, followed by a jump back — so a hit costs
 * exactly one ptrace stop and other threads never run through a lifted
 * byte.
 *
 * The scratch page also holds the return trap: an int3 that a traced
 * call's return address is pointed at (src/libcall), and a `syscall;
 * int3` gadget for running syscalls in the tracee.
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
};

struct bp {
	uint64_t addr;
	uint8_t orig;		/* the byte under the int3 */
	uint8_t len;		/* length of the displaced instruction */
	enum bp_step step;
	uint64_t target;
	unsigned int kind;	/* the owner's */
	void *data;		/* the owner's */
	struct guard_undo *undo;	/* the int3, for the guardian */
	struct bp *next;	/* hash chain */
};

/* The scratch page's layout (offsets). */
#define BP_PAGE_RET_TRAP	0	/* int3: a hooked return lands here */
#define BP_PAGE_GADGET		8	/* syscall; int3 */
#define BP_PAGE_SLOTS		64	/* relocated instructions from here */
#define BP_SLOT_SIZE		64
#define BP_PAGE_SIZE		65536

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
 * breakpoint, or NULL with errno set (ENOTSUP: an instruction that can
 * neither be emulated nor relocated; EEXIST: one is there already).
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
 * Step tcp, stopped on bp's int3 with regs read (rip is after the int3),
 * over the displaced instruction: regs is updated for the caller to
 * write back with PTRACE_SETREGS.  0 or -errno.
 */
int bp_step_over(struct bp_space *s, const struct bp *bp,
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
