/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Breakpoints that stay in: see bp.h for why a hit is stepped over by
 * emulation or by a relocated copy, never by lifting the int3.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bp/bp.h"
#include "bp/insn.h"
#include "bp/internal.h"
#include "engine/engine.h"
#include "guard/guard.h"
#include "log.h"

#define INT3 0xcc

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif

static unsigned int hash_addr(uint64_t addr)
{
	return (unsigned int)((addr * 0x9e3779b97f4a7c15ULL) >> 52) &
	       (BP_HASH - 1);
}

static int open_mem(pid_t pid)
{
	char path[40];

	snprintf(path, sizeof(path), "/proc/%d/mem", (int)pid);
	return open(path, O_RDWR | O_CLOEXEC);
}

struct bp_space *bp_space_new(pid_t pid, bool is64)
{
	struct bp_space *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->hash = calloc(BP_HASH, sizeof(*s->hash));
	s->stub_hash = calloc(BP_HASH, sizeof(*s->stub_hash));
	if (!s->hash || !s->stub_hash) {
		free(s->hash);
		free(s->stub_hash);
		free(s);
		return NULL;
	}
	s->pid = pid;
	s->tgid = pid;
	s->is64 = is64;
	s->memfd = open_mem(pid);
	return s;
}

struct bp_space *bp_space_clone(const struct bp_space *s, pid_t pid)
{
	struct bp_space *c = bp_space_new(pid, s->is64);

	if (!c)
		return NULL;
	memcpy(c->pages, s->pages, sizeof(c->pages));
	c->npages = s->npages;
	memcpy(c->free_ret, s->free_ret, sizeof(c->free_ret));
	c->nfree_ret = s->nfree_ret;
	if (c->npages) {
		uint8_t b = INT3;
		uint64_t trap = bp_page(c) + BP_PAGE_RET_TRAP;

		c->trap_undo = guard_record(GUARD_TRAP, c->tgid, 0, trap, &b,
					    &b, 1);
	}
	/* The child's copy of each stop routine, for its guardian record. */
	for (unsigned int i = 0; i < c->npages; i++) {
		c->stop_undo[i] = guard_copy(s->stop_undo[i], c->tgid);
		c->stop_mark[i] = guard_copy(s->stop_mark[i], c->tgid);
	}
	for (unsigned int i = 0; i < BP_HASH; i++)
		for (const struct bp *bp = s->hash[i]; bp; bp = bp->next) {
			struct bp *n = malloc(sizeof(*n));
			uint8_t b = INT3;

			if (!n)
				continue;
			*n = *bp;
			/* The child's copy of the int3 is the child's to undo. */
			n->undo = bp->undo ? guard_copy(bp->undo, c->tgid) :
					     NULL;
			(void)b;
			if (n->stub)
				bp_stub_hash_add(c, n);
			n->next = c->hash[i];
			c->hash[i] = n;
			c->count++;
		}
	return c;
}

void bp_space_free(struct bp_space *s)
{
	if (!s)
		return;
	for (unsigned int i = 0; i < BP_HASH; i++)
		while (s->hash[i]) {
			struct bp *bp = s->hash[i];

			s->hash[i] = bp->next;
			guard_forget(bp->undo);
			free(bp);
		}
	guard_forget(s->trap_undo);
	for (unsigned int i = 0; i < s->npages; i++) {
		guard_forget(s->stop_undo[i]);
		guard_forget(s->stop_mark[i]);
	}
	free(s->hash);
	free(s->stub_hash);
	if (s->memfd >= 0)
		close(s->memfd);
	free(s);
}

int bp_mem_read(struct bp_space *s, uint64_t addr, void *buf, size_t len)
{
	ssize_t n;

	if (s->memfd < 0)
		return -EIO;
	n = pread(s->memfd, buf, len, (off_t)addr);
	if (n < 0)
		return -errno;
	return (size_t)n == len ? 0 : -EIO;
}

int bp_mem_read2(struct bp_space *s, uint64_t a, uint64_t *va, uint64_t b,
		 uint64_t *vb)
{
	size_t w = s->is64 ? 8 : 4;
	struct iovec local[2] = { { va, w }, { vb, w } };
	struct iovec remote[2] = { { (void *)(uintptr_t)a, w },
				   { (void *)(uintptr_t)b, w } };

	*va = *vb = 0;
	if (process_vm_readv(s->pid, local, 2, remote, 2, 0) == (ssize_t)(2 * w))
		return 0;
	if (bp_mem_read(s, a, va, w) < 0 || bp_mem_read(s, b, vb, w) < 0)
		return -EFAULT;
	return 0;
}

int bp_mem_write(struct bp_space *s, uint64_t addr, const void *buf,
		 size_t len)
{
	ssize_t n;

	if (s->memfd < 0)
		return -EIO;
	tracee_mem_forget();
	/* /proc/PID/mem writes through read-only text (FOLL_FORCE). */
	n = pwrite(s->memfd, buf, len, (off_t)addr);
	if (n < 0)
		return -errno;
	return (size_t)n == len ? 0 : -EIO;
}

struct bp *bp_find(const struct bp_space *s, uint64_t addr)
{
	for (struct bp *bp = s->hash[hash_addr(addr)]; bp; bp = bp->next)
		if (bp->addr == addr)
			return bp;
	return NULL;
}

/* --- running syscalls in the tracee ------------------------------------ */

static bool is_stop_signal(int sig)
{
	return sig == SIGSTOP || sig == SIGTSTP || sig == SIGTTIN ||
	       sig == SIGTTOU;
}

/*
 * Wait for the exit of the gadget's syscall: tcp is resumed with
 * PTRACE_SYSCALL and the syscall stops at rip == sc_end (just past the
 * `syscall`) come in pairs, entry then exit.  The gadget's int3 is never
 * run: had sltrace died at a trap stop it had not collected yet, the
 * kernel would hand the SIGTRAP to the program, which dies of it; a
 * syscall stop left uncollected carries no signal.  Anything else that
 * stops the task meanwhile: a signal is delivered as it is, siginfo and
 * all (its handler runs and returns to the gadget, whose syscall stops
 * are the ones counted) — except a stopping signal, queued again for
 * after, so that the group-stop happens on the program's own registers;
 * an event or a syscall stop of a handler is passed over; a death is
 * handed to the engine.
 */
static int wait_gadget(pid_t pid, uint64_t sc_end)
{
	struct user_regs_struct r;
	bool entered = false;
	int status, stop = 0;

	for (;;) {
		int sig = 0;

		if (waitpid(pid, &status, __WALL) < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (WIFEXITED(status) || WIFSIGNALED(status)) {
			engine_push_status(pid, status);
			return -ESRCH;
		}
		if (WSTOPSIG(status) == (SIGTRAP | 0x80) && !(status >> 16) &&
		    ptrace(PTRACE_GETREGS, pid, NULL, &r) == 0 &&
		    r.rip == sc_end) {
			if (entered)
				break;
			entered = true;
		} else if (!(status >> 16) &&
			   WSTOPSIG(status) != (SIGTRAP | 0x80)) {
			sig = WSTOPSIG(status);
			if (is_stop_signal(sig)) {
				stop = sig;
				sig = 0;
			}
		}
		ptrace(PTRACE_SYSCALL, pid, NULL, (void *)(long)sig);
	}
	if (stop)
		syscall(SYS_tgkill, pid, pid, stop);
	return 0;
}

/*
 * The syscall's registers: x86_64's syscall ABI, or for a 32-bit space
 * i386's int $0x80 (ebx, ecx, edx, esi, edi, ebp; the kernel reads the
 * low halves of the 64-bit slots).
 */
static void gadget_regs(const struct bp_space *s, struct user_regs_struct *r,
			long nr, const uint64_t a[6])
{
	r->rax = (uint64_t)nr;
	if (!s->is64) {
		r->rbx = (uint32_t)a[0];
		r->rcx = (uint32_t)a[1];
		r->rdx = (uint32_t)a[2];
		r->rsi = (uint32_t)a[3];
		r->rdi = (uint32_t)a[4];
		r->rbp = (uint32_t)a[5];
		return;
	}
	r->rdi = a[0];
	r->rsi = a[1];
	r->rdx = a[2];
	r->r10 = a[3];
	r->r8 = a[4];
	r->r9 = a[5];
}

/* A compat syscall's value: eax, with -4095..-1 as errors. */
static long gadget_ret(const struct bp_space *s, uint64_t rax)
{
	uint32_t v = (uint32_t)rax;

	if (s->is64)
		return (long)rax;
	return v >= (uint32_t)-4095 ? (long)(int32_t)v : (long)v;
}

long bp_remote_syscall(struct bp_space *s, struct tcb *tcp, long nr,
		       uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4,
		       uint64_t a5, uint64_t a6)
{
	/* Both two bytes long: the stops come at the same place. */
	static const uint8_t gadget64[3] = { 0x0f, 0x05, INT3 };
	static const uint8_t gadget32[3] = { 0xcd, 0x80, INT3 };
	const uint8_t *gadget = s->is64 ? gadget64 : gadget32;
	const uint64_t args[6] = { a1, a2, a3, a4, a5, a6 };
	struct user_regs_struct saved, r;
	uint8_t under[sizeof(gadget64)];
	struct guard_undo *gadget_undo = NULL;
	uint64_t at;
	long ret;
	int err;

	if (ptrace(PTRACE_GETREGS, tcp->pid, NULL, &saved) < 0)
		return -errno;
	/* If we die meanwhile, the guardian gives the task these back. */
	guard_regs_saved(s->tgid, tcp->pid, &saved, sizeof(saved));
	if (bp_page(s)) {
		at = bp_page(s) + BP_PAGE_GADGET;
	} else {
		at = s->scratch_pc ? s->scratch_pc : saved.rip;
		if (bp_mem_read(s, at, under, sizeof(under)) < 0) {
			guard_regs_done();
			return -EIO;
		}
		gadget_undo = guard_record(GUARD_CODE, s->tgid, 0, at, under,
					   gadget, sizeof(gadget64));
		if (bp_mem_write(s, at, gadget, sizeof(gadget64)) < 0) {
			guard_forget(gadget_undo);
			guard_regs_done();
			return -EIO;
		}
	}
	r = saved;
	r.rip = at;
	/* No restart of whatever syscall the task was stopped in. */
	r.orig_rax = (uint64_t)-1;
	gadget_regs(s, &r, nr, args);
	/* The syscall may map, unmap or write what was read. */
	tracee_mem_forget();
	if (ptrace(PTRACE_SETREGS, tcp->pid, NULL, &r) < 0 ||
	    ptrace(PTRACE_SYSCALL, tcp->pid, NULL, NULL) < 0) {
		ret = -errno;
		goto out;
	}
	err = wait_gadget(tcp->pid, at + 2);
	if (err < 0) {
		/* The task is gone: nothing of it to put back. */
		guard_forget(gadget_undo);
		guard_regs_done();
		return err;
	}
	if (ptrace(PTRACE_GETREGS, tcp->pid, NULL, &r) < 0)
		ret = -errno;
	else
		ret = gadget_ret(s, r.rax);
	ptrace(PTRACE_SETREGS, tcp->pid, NULL, &saved);
out:
	if (!bp_page(s))
		bp_mem_write(s, at, under, sizeof(under));
	guard_forget(gadget_undo);
	guard_regs_done();
	return ret;
}

/*
 * The syscalls remote_mmap runs, by the space's ABI: i386's are mmap2
 * (the offset in pages: 0 here), munmap and mprotect of
 * arch/x86/entry/syscalls/syscall_32.tbl.  A compat task's mmap gets an
 * address below 4 GiB from the kernel.
 */
#define I386_MMAP2	192
#define I386_MUNMAP	91
#define I386_MPROTECT	125

/* Code (r-x), then the data of the return slots (rw-), in one mapping. */
static long remote_mmap(struct bp_space *s, struct tcb *tcp, uint64_t hint,
			bool fixed)
{
	const uint64_t size = BP_PAGE_SIZE + BP_DATA_SIZE;
	long nr_mmap = s->is64 ? SYS_mmap : I386_MMAP2;
	long nr_munmap = s->is64 ? SYS_munmap : I386_MUNMAP;
	long nr_mprotect = s->is64 ? SYS_mprotect : I386_MPROTECT;
	long r = bp_remote_syscall(s, tcp, nr_mmap, hint, size,
				   PROT_READ | PROT_WRITE,
				   MAP_PRIVATE | MAP_ANONYMOUS |
				   (fixed ? MAP_FIXED_NOREPLACE : 0),
				   (uint64_t)-1, 0);

	if (r < 0 && r >= -4095)
		return r;
	if (fixed && (uint64_t)r != hint) {
		/* A kernel without MAP_FIXED_NOREPLACE took it as a hint. */
		bp_remote_syscall(s, tcp, nr_munmap, (uint64_t)r, size, 0, 0,
				  0, 0);
		return -EEXIST;
	}
	if (bp_remote_syscall(s, tcp, nr_mprotect, (uint64_t)r, BP_PAGE_SIZE,
			      PROT_READ | PROT_EXEC, 0, 0, 0) != 0) {
		bp_remote_syscall(s, tcp, nr_munmap, (uint64_t)r, size, 0, 0,
				  0, 0);
		return -EPERM;
	}
	return r;
}

static int add_page(struct bp_space *s, uint64_t addr)
{
	if (s->npages == sizeof(s->pages) / sizeof(s->pages[0]))
		return -ENOSPC;
	if (bp_stub_page_init(s, addr, s->npages == 0) < 0)
		return -EIO;
	if (!s->npages) {
		uint8_t b = INT3;

		s->trap_undo = guard_record(GUARD_TRAP, s->tgid, 0,
					    addr + BP_PAGE_RET_TRAP, &b, &b, 1);
	}
	s->pages[s->npages].addr = addr;
	s->pages[s->npages].used = BP_PAGE_SLOTS;
	s->npages++;
	return 0;
}

int bp_space_map_page(struct bp_space *s, struct tcb *tcp)
{
	long r;

	if (bp_page(s))
		return 0;
	r = remote_mmap(s, tcp, 0, false);
	if (r < 0)
		return (int)r;
	debug("pid %d: trap page at %#lx", s->pid, (unsigned long)r);
	return add_page(s, (uint64_t)r);
}

static bool near(uint64_t a, uint64_t b)
{
	uint64_t d = a > b ? a - b : b - a;

	return d < (1ULL << 31) - 2 * BP_PAGE_SIZE;
}

/*
 * A slot within reach of a rip-relative displacement from addr.  A page
 * is mapped near addr when none is: just below it first (the objects
 * are packed there, so a little lower is usually free), then further.
 */
static uint64_t alloc_slot(struct bp_space *s, struct tcb *tcp, uint64_t addr,
			   bool need_near)
{
	uint64_t base = addr & ~(uint64_t)0xfff;

	for (unsigned int i = 0; i < s->npages; i++) {
		struct bp_page *p = &s->pages[i];
		/* The first page ends with the return slots. */
		uint32_t end = i ? BP_PAGE_SIZE : BP_PAGE_RET_SLOTS;

		if (p->used + BP_SLOT_SIZE > end)
			continue;
		if (need_near && !near(p->addr, addr))
			continue;
		p->used += BP_SLOT_SIZE;
		return p->addr + p->used - BP_SLOT_SIZE;
	}
	if (!tcp || !bp_page(s))
		return 0;
	/* 32-bit: a jmp rel32 reaches every address; any page will do. */
	if (!s->is64) {
		long r = remote_mmap(s, tcp, 0, false);

		if (r < 0 || add_page(s, (uint64_t)r) < 0)
			return 0;
		return alloc_slot(s, NULL, addr, need_near);
	}
	for (uint64_t d = 16 * BP_PAGE_SIZE; d < (1ULL << 30); d *= 4) {
		uint64_t hint[2] = { base - d, base + d };

		for (int k = 0; k < 2; k++) {
			long r;

			if (hint[k] < 0x10000 || hint[k] > base + (1ULL << 30) ||
			    (k == 0 && base < d))
				continue;
			r = remote_mmap(s, tcp, hint[k], true);
			if (r == -EEXIST || r == -EPERM)
				continue;
			if (r < 0)
				return 0;
			if (add_page(s, (uint64_t)r) < 0)
				return 0;
			return alloc_slot(s, NULL, addr, need_near);
		}
	}
	return 0;
}

static int write_int3(struct bp_space *s, uint64_t addr)
{
	uint8_t b = INT3;

	return bp_mem_write(s, addr, &b, 1);
}

static void put32(uint8_t *p, int64_t v)
{
	int32_t w = (int32_t)v;

	memcpy(p, &w, 4);
}

/*
 * A PLT slot: its jump through the GOT (after an endbr64) becomes a jmp
 * to a stub (bp.h).  The jmp goes in over a single instruction, so no
 * thread can be in the middle of the bytes it replaces; an int3 guards
 * them while they change (a thread reaching it is stepped over like any
 * int3 breakpoint's: the breakpoint is in the table before that thread's
 * trap is seen).  0, or -errno: then it is an int3 breakpoint.
 */
static int plant_stub(struct bp_space *s, struct tcb *tcp, struct bp *bp,
		      const uint8_t *code, uint64_t got)
{
	uint64_t at = bp->addr, slot, page;
	const uint8_t *c = code;
	uint8_t buf[BP_SLOT_SIZE], jmp[BP_JMP_LEN];
	struct insn in;
	int n;

	if (!bp_page(s) || insn_decode(c, 16, s->is64, &in) < 0)
		return -ENOTSUP;
	if (in.emu == INSN_EMU_NONE && in.len == 4 && c[0] == 0xf3) {
		/* endbr64 (endbr32): the jump follows. */
		at += 4;
		c += 4;
		if (insn_decode(c, 12, s->is64, &in) < 0)
			return -ENOTSUP;
	}
	/*
	 * i386: `jmp *disp(%ebx)` or `jmp *abs32` (ff a3, ff 25), whose GOT
	 * slot elf.c found from these bytes; the copy runs as it is.
	 */
	if (in.kind != INSN_K_JMP_IND || in.len < BP_JMP_LEN || bp_find(s, at))
		return -ENOTSUP;
	if (s->is64 ? !in.rip_rel || insn_rip_addr(&in, at) != got :
		      c[0] != 0xff || (c[1] != 0xa3 && c[1] != 0x25))
		return -ENOTSUP;
	slot = alloc_slot(s, tcp, at, s->is64);
	if (!slot)
		return -ENOSPC;
	page = bp_stub_page_of(s, slot);
	buf[0] = 0xe8;			/* call the stop routine */
	put32(buf + 1, (int64_t)(page + BP_PAGE_STOP) - (int64_t)(slot + 5));
	n = insn_make_ool(c, &in, at, slot + 5, buf + 5, sizeof(buf) - 5);
	if (n < 0 || bp_mem_write(s, slot, buf, 5 + (size_t)n) < 0)
		return -ENOTSUP;
	jmp[0] = 0xe9;
	put32(jmp + 1, (int64_t)slot - (int64_t)(at + BP_JMP_LEN));
	bp->addr = at;
	bp->orig = c[0];
	bp->len = in.len;
	bp->stub = slot;
	memcpy(bp->saved, c, BP_JMP_LEN);
	bp->undo = guard_record(GUARD_CODE, s->tgid, 0, at, c, jmp,
				BP_JMP_LEN);
	if (write_int3(s, at) < 0 ||
	    bp_mem_write(s, at + 1, jmp + 1, BP_JMP_LEN - 1) < 0 ||
	    bp_mem_write(s, at, jmp, 1) < 0) {
		bp_mem_write(s, at, c, BP_JMP_LEN);
		guard_forget(bp->undo);
		bp->undo = NULL;
		bp->stub = 0;
		bp->addr = at - (uint64_t)(c - code);
		bp->orig = code[0];
		return -EIO;
	}
	return 0;
}

struct bp *bp_insert(struct bp_space *s, struct tcb *tcp, uint64_t addr,
		     uint64_t got, unsigned int kind, void *data)
{
	uint8_t code[16];
	struct insn in;
	struct bp *bp;
	unsigned int h = hash_addr(addr);

	if (bp_find(s, addr)) {
		errno = EEXIST;
		return NULL;
	}
	if (bp_mem_read(s, addr, code, sizeof(code)) < 0 &&
	    bp_mem_read(s, addr, code, 1) < 0) {
		errno = EFAULT;
		return NULL;
	}
	if (code[0] == INT3) {
		/* Someone else's breakpoint (a debugger's): not ours to wrap. */
		errno = EBUSY;
		return NULL;
	}
	bp = calloc(1, sizeof(*bp));
	if (!bp)
		return NULL;
	bp->addr = addr;
	bp->orig = code[0];
	bp->kind = kind;
	bp->data = data;
	if (got == BP_NO_STEP) {
		bp->step = BP_STEP_JUMP;
		bp->target = addr;
		bp->len = 1;
		goto plant;
	}
	if (got) {
		bp->step = BP_STEP_GOT;
		bp->target = got;
		bp->len = 1;
		if (plant_stub(s, tcp, bp, code, got) == 0) {
			h = hash_addr(bp->addr);
			bp_stub_hash_add(s, bp);
			goto linked;
		}
		goto plant;
	}
	if (insn_decode(code, sizeof(code), s->is64, &in) < 0) {
		in.len = 0;
		goto unsupported;
	}
	bp->len = in.len;
	switch (in.emu) {
	case INSN_EMU_NONE:
		bp->step = BP_STEP_JUMP;
		bp->target = insn_next(&in, addr);
		break;
	case INSN_EMU_JMP_REL:
		bp->step = BP_STEP_JUMP;
		bp->target = insn_branch_target(&in, addr);
		break;
	case INSN_EMU_CALL_REL:
		bp->step = BP_STEP_CALL;
		bp->target = insn_branch_target(&in, addr);
		break;
	case INSN_EMU_JMP_MEM_RIP:
		bp->step = BP_STEP_GOT;
		bp->target = insn_rip_addr(&in, addr);
		break;
	default: {
		uint8_t ool[BP_SLOT_SIZE > INSN_OOL_MAX ? BP_SLOT_SIZE : INSN_OOL_MAX];
		uint64_t slot = alloc_slot(s, tcp, addr, in.rip_rel);
		int n;

		if (!slot)
			goto unsupported;
		n = insn_make_ool(code, &in, addr, slot, ool, sizeof(ool));
		if (n < 0 || bp_mem_write(s, slot, ool, (size_t)n) < 0)
			goto unsupported;
		bp->step = BP_STEP_OOL;
		bp->target = slot;
		break;
	}
	}
plant:
	{
		uint8_t b = INT3;

		/* Recorded before it is made: see guard.h. */
		bp->undo = guard_record(GUARD_CODE, s->tgid, 0, addr, &bp->orig,
					&b, 1);
	}
	if (write_int3(s, addr) < 0) {
		guard_forget(bp->undo);
		free(bp);
		errno = EFAULT;
		return NULL;
	}
linked:
	bp->next = s->hash[h];
	s->hash[h] = bp;
	s->count++;
	return bp;
unsupported:
	/*
	 * The last resort: neither emulated nor relocated, the instruction
	 * runs in place, with every other thread stopped (step_single).
	 * One that enters the kernel needs them stopped only until its
	 * syscall-entry stop: the byte is fetched by then.
	 */
	bp->step = BP_STEP_SINGLE;
	bp->len = in.len;
	bp->target = in.len && (in.kind == INSN_K_SYSCALL ||
				(in.map == 0 && in.opcode == 0xcd &&
				 in.imm_size == 1 && code[in.imm_off] == 0x80));
	debug("pid %d: %#llx: stepped in place, the other threads stopped%s",
	      s->pid, (unsigned long long)addr,
	      bp->target ? " until its syscall" : "");
	goto plant;
}

/*
 * Does the memory at bp still hold what we put there (read through fd
 * when given, another process's copy)?  An int3 left half-way through
 * planting or removing a stub counts.
 */
static bool bp_is_ours(struct bp_space *s, const int *fd, const struct bp *bp)
{
	uint8_t cur[BP_JMP_LEN], want[BP_JMP_LEN];
	size_t n = bp->stub ? BP_JMP_LEN : 1;

	if (fd ? pread(*fd, cur, n, (off_t)bp->addr) != (ssize_t)n :
		 bp_mem_read(s, bp->addr, cur, n) < 0)
		return false;
	if (cur[0] == INT3 || !bp->stub)
		return cur[0] == INT3;
	want[0] = 0xe9;
	put32(want + 1, (int64_t)bp->stub - (int64_t)(bp->addr + BP_JMP_LEN));
	return !memcmp(cur, want, BP_JMP_LEN);
}

void bp_remove(struct bp_space *s, struct bp *bp, bool restore)
{
	struct bp **pp = &s->hash[hash_addr(bp->addr)];

	while (*pp && *pp != bp)
		pp = &(*pp)->next;
	if (!*pp)
		return;
	*pp = bp->next;
	s->count--;
	if (bp->stub)
		bp_stub_hash_del(s, bp);
	/*
	 * A write that fails finds the process gone: nothing left to undo.
	 * Bytes that are not ours any more (a program that rewrote its
	 * code, or mapped something else there) are the program's: left
	 * alone.  A stub's jmp goes the way it came: int3 first, so that a
	 * thread of a process that runs meanwhile meets whole instructions.
	 */
	if (restore && bp_is_ours(s, NULL, bp)) {
		if (!bp->stub)
			bp_mem_write(s, bp->addr, &bp->orig, 1);
		else if (write_int3(s, bp->addr) == 0 &&
			 bp_mem_write(s, bp->addr + 1, bp->saved + 1,
				      BP_JMP_LEN - 1) == 0)
			bp_mem_write(s, bp->addr, bp->saved, 1);
	}
	guard_forget(bp->undo);
	free(bp);
}

void bp_for_each(struct bp_space *s, void (*fn)(struct bp *, void *),
		 void *arg)
{
	for (unsigned int i = 0; i < BP_HASH; i++) {
		struct bp *bp = s->hash[i], *next;

		for (; bp; bp = next) {
			next = bp->next;
			fn(bp, arg);
		}
	}
}

void bp_restore_all_in(struct bp_space *s, pid_t pid)
{
	int fd = open_mem(pid);

	if (fd < 0)
		return;
	for (unsigned int i = 0; i < BP_HASH; i++)
		for (const struct bp *bp = s->hash[i]; bp; bp = bp->next) {
			const void *b = bp->stub ? bp->saved : &bp->orig;
			size_t n = bp->stub ? BP_JMP_LEN : 1;

			if (!bp_is_ours(s, &fd, bp))
				continue;
			tracee_mem_forget();
			if (pwrite(fd, b, n, (off_t)bp->addr) != (ssize_t)n)
				debug("pid %d: cannot restore %#llx", pid,
				      (unsigned long long)bp->addr);
		}
	/* Stubs it may still run through stop nothing in it. */
	bp_quiet_in(s, fd);
	close(fd);
}

/* --- the last resort: a step in place, the other threads stopped --- */

#ifndef TRAP_BRKPT
#define TRAP_BRKPT 1
#endif
#ifndef TRAP_TRACE
#define TRAP_TRACE 2
#endif
#define MAX_KEPT 8

/* A fault of the instruction itself (it did not run): the program's. */
static bool own_fault(const siginfo_t *si)
{
	switch (si->si_signo) {
	case SIGSEGV:
	case SIGBUS:
	case SIGILL:
	case SIGFPE:
	case SIGTRAP:
		return si->si_code > 0;
	default:
		return false;
	}
}

/*
 * A signal kept from a stop during the step, sent again.  The kernel
 * takes a siginfo from another process only as a sigqueue's (a negative
 * code but SI_TKILL): others go as a tgkill.
 */
static void requeue_signal(pid_t tgid, pid_t tid, const siginfo_t *si)
{
	if (si->si_code < 0 && si->si_code != SI_TKILL &&
	    syscall(SYS_rt_tgsigqueueinfo, tgid, tid, si->si_signo, si) == 0)
		return;
	syscall(SYS_tgkill, tgid, tid, si->si_signo);
}

/*
 * tcp, stopped on bp's int3 (BP_STEP_SINGLE), runs the instruction in
 * place: the other tasks of its process stopped first (the engine queues
 * their stops for its loop, which resumes them after), the original byte
 * put back, PTRACE_SINGLESTEP — or PTRACE_SYSCALL to the entry stop of an
 * instruction that enters the kernel (bp->target), so that a syscall that
 * blocks does not block the whole process — then the int3 again.  While
 * it is lifted, the guardian's record of the int3 finds the original byte
 * there and leaves it, and the thread's saved registers put it back on
 * the instruction (or past it, once run).
 *
 * A signal that stops the thread before the instruction ran is kept and
 * comes back after; a fault of the instruction itself, an event or the
 * thread's end ends the step there, and that stop goes to the engine
 * (engine_hold) as do a kept signal and a syscall-entry stop.  regs (rip
 * on the int3's address) becomes the thread's registers after.
 */
static int step_single(struct bp_space *s, struct tcb *tcp,
		       const struct bp *bp, struct user_regs_struct *regs)
{
	const bool at_syscall = bp->target != 0;
	const enum __ptrace_request req = at_syscall ? PTRACE_SYSCALL :
						       PTRACE_SINGLESTEP;
	const uint8_t b = INT3;
	pid_t tid = tcp->pid;
	siginfo_t kept[MAX_KEPT], si;
	unsigned int nkept = 0, i;
	bool done = false, hand = false;
	int status = 0, err = 0;

	regs->rip = bp->addr;
	engine_stop_others(tcp);
	guard_regs_saved(s->tgid, tid, regs, sizeof(*regs));
	if (ptrace(PTRACE_SETREGS, tid, NULL, regs) < 0) {
		err = -errno;
		guard_regs_done();
		return err;
	}
	if (bp_mem_write(s, bp->addr, &bp->orig, 1) < 0) {
		guard_regs_done();
		return -EIO;
	}
	for (;;) {
		int sig;

		if (ptrace(req, tid, NULL, NULL) < 0) {
			err = -errno;
			break;
		}
		while (waitpid(tid, &status, __WALL) < 0) {
			if (errno != EINTR) {
				err = -errno;
				goto restore;
			}
		}
		sig = WSTOPSIG(status);
		/*
		 * A PTRACE_INTERRUPT's trap still pending (engine_stop_others
		 * came upon the thread in another stop): nothing happened.
		 */
		if (WIFSTOPPED(status) && status >> 16 == PTRACE_EVENT_STOP &&
		    sig == SIGTRAP)
			continue;
		if (!WIFSTOPPED(status) || (status >> 16)) {
			hand = true;		/* gone, or an event */
			break;
		}
		if (sig == (SIGTRAP | 0x80)) {
			done = hand = at_syscall;
			break;
		}
		if (ptrace(PTRACE_GETSIGINFO, tid, NULL, &si) < 0) {
			err = -errno;
			break;
		}
		if (sig == SIGTRAP && !at_syscall &&
		    (si.si_code == TRAP_TRACE || si.si_code == TRAP_BRKPT)) {
			done = true;
			break;
		}
		/* Its own fault, or one signal too many: the step ends. */
		if (own_fault(&si) || nkept == MAX_KEPT) {
			hand = true;
			break;
		}
		kept[nkept++] = si;
	}
restore:
	if (bp_mem_write(s, bp->addr, &b, 1) < 0)
		debug("pid %d: cannot put the int3 back at %#llx", tid,
		      (unsigned long long)bp->addr);
	if (WIFSTOPPED(status) && ptrace(PTRACE_GETREGS, tid, NULL, regs) < 0)
		debug("pid %d: PTRACE_GETREGS after a step: %m", tid);
	guard_regs_done();
	i = 0;
	if (done && !hand && nkept) {
		/* The step's trap becomes the first kept signal's stop. */
		if (ptrace(PTRACE_SETSIGINFO, tid, NULL, &kept[0]) == 0) {
			engine_hold(tcp, (kept[0].si_signo << 8) | 0x7f);
			i = 1;
		}
	} else if (hand) {
		engine_hold(tcp, status);
	}
	for (; i < nkept; i++)
		requeue_signal(s->tgid, tid, &kept[i]);
	return err;
}

int bp_step_over(struct bp_space *s, struct tcb *tcp, const struct bp *bp,
		 struct user_regs_struct *regs)
{
	uint64_t v = 0;
	int err;

	switch (bp->step) {
	case BP_STEP_GOT:
		err = bp_mem_read(s, bp->target, &v, s->is64 ? 8 : 4);
		if (err < 0)
			return err;
		regs->rip = v;
		return 0;
	case BP_STEP_JUMP:
		regs->rip = bp->target;
		return 0;
	case BP_STEP_CALL: {
		unsigned int w = s->is64 ? 8 : 4;

		v = bp->addr + bp->len;
		err = bp_mem_write(s, regs->rsp - w, &v, w);
		if (err < 0)
			return err;
		regs->rsp -= w;
		regs->rip = bp->target;
		return 0;
	}
	case BP_STEP_OOL:
		regs->rip = bp->target;
		return 0;
	case BP_STEP_SINGLE:
		return step_single(s, tcp, bp, regs);
	}
	return -EINVAL;
}
