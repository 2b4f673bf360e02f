/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Stubs: breakpoints that stop a thread with a SIGSTOP of its own rather
 * than an int3's SIGTRAP (see bp.h for why), and return slots.
 *
 * Every scratch page begins with:
 *
 *	+0   int3                  the int3 return trap (no slot free)
 *	+8   syscall; int3         the gadget (bp_remote_syscall)
 *	+16  the stop routine:
 *	        push rax, rdi, rsi, rdx, rcx, r11
 *	        gettid                 <- BP_STOP_GETTID (PTRACE_SYSCALL)
 *	        tkill(tid, SIGSTOP)    <- BP_STOP_TKILL
 *	        pop r11, rcx, rdx, rsi, rdi, rax
 *	        ret
 *
 * A stub is `call stop routine; <the relocated instruction>`; a return
 * slot `call stop routine; jmp *real(%rip)` with real in the page's data.
 * The routine keeps the flags: only mov, push and pop touch registers
 * between the syscalls, and sysret restores rflags from r11.  It pushes
 * below the stack pointer the stub was entered with, which at a function
 * entry and after a return is free (the red zone is the callee's, and
 * unused yet, or dead).
 *
 * A 32-bit space's page (an i386 program in compat mode) has the same
 * layout in i386 code: `int $0x80; int3` for the gadget, a routine that
 * pushes eax, ecx, edx, ebx (what its int $0x80s use; iret gives the
 * flags back), and return slots ending in `jmp *real` (an absolute
 * address: i386 has no eip-relative operand).  i386 has no red zone.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#include "bp/bp.h"
#include "bp/internal.h"
#include "engine/engine.h"
#include "guard/guard.h"

static const uint8_t stop_routine[] = {
	0x50, 0x57, 0x56, 0x52, 0x51, 0x41, 0x53,	/* push ... r11 */
	0xb8, 0xba, 0x00, 0x00, 0x00,			/* mov $186, %eax */
	0x0f, 0x05,					/* syscall: gettid */
	0x89, 0xc7,					/* mov %eax, %edi */
	0xbe, 0x13, 0x00, 0x00, 0x00,			/* mov $SIGSTOP, %esi */
	0xb8, 0xc8, 0x00, 0x00, 0x00,			/* mov $200, %eax */
	0x0f, 0x05,					/* syscall: tkill */
	0x41, 0x5b, 0x59, 0x5a, 0x5e, 0x5f, 0x58,	/* pop r11 ... rax */
	0xc3,						/* ret */
};

/* i386 (arch/x86/entry/syscalls/syscall_32.tbl: gettid 224, tkill 238). */
static const uint8_t stop_routine32[] = {
	0x50, 0x51, 0x52, 0x53,				/* push eax ... ebx */
	0xb8, 0xe0, 0x00, 0x00, 0x00,			/* mov $224, %eax */
	0xcd, 0x80,					/* int $0x80: gettid */
	0x89, 0xc3,					/* mov %eax, %ebx */
	0xb9, 0x13, 0x00, 0x00, 0x00,			/* mov $SIGSTOP, %ecx */
	0xb8, 0xee, 0x00, 0x00, 0x00,			/* mov $238, %eax */
	0xcd, 0x80,					/* int $0x80: tkill */
	0x5b, 0x5a, 0x59, 0x58,				/* pop ebx ... eax */
	0xc3,						/* ret */
};

/*
 * Where each class's routine has its syscalls (offsets in it): the
 * thread stops just past each.  QUIET_LEN bytes from the first one on
 * hold both, the second QUIET_LEN - 2 bytes after the first; they become
 * two-byte nops when the routine is to stop nothing.
 */
#define QUIET_LEN	16
static const struct routine {
	const uint8_t *code;
	size_t len;
	unsigned int first;	/* the gettid */
} routines[2] = {
	{ stop_routine32, sizeof(stop_routine32), 9 },
	{ stop_routine, sizeof(stop_routine), 12 },
};

static const struct routine *routine_of(const struct bp_space *s)
{
	return &routines[s->is64];
}

/* Offsets in the page: just past each syscall, and the quiet bytes. */
static unsigned int stop_gettid(const struct bp_space *s)
{
	return BP_PAGE_STOP + routine_of(s)->first + 2;
}

static unsigned int stop_tkill(const struct bp_space *s)
{
	return BP_PAGE_STOP + routine_of(s)->first + QUIET_LEN;
}

static unsigned int quiet_at(const struct bp_space *s)
{
	return BP_PAGE_STOP + routine_of(s)->first;
}

static void quiet_bytes(const struct bp_space *s, uint8_t out[QUIET_LEN])
{
	memcpy(out, routine_of(s)->code + routine_of(s)->first, QUIET_LEN);
	/* 66 90: a two-byte nop in place of each syscall. */
	out[0] = 0x66;
	out[1] = 0x90;
	out[14] = 0x66;
	out[15] = 0x90;
}

static void put32(uint8_t *p, int64_t v)
{
	int32_t w = (int32_t)v;

	memcpy(p, &w, 4);
}

uint64_t bp_stub_page_of(const struct bp_space *s, uint64_t addr)
{
	for (unsigned int i = 0; i < s->npages; i++)
		if (addr >= s->pages[i].addr &&
		    addr < s->pages[i].addr + BP_PAGE_SIZE)
			return s->pages[i].addr;
	return 0;
}

uint64_t bp_ret_slot_addr(const struct bp_space *s, int k)
{
	if (k < 0)
		return bp_page(s) + BP_PAGE_RET_TRAP;
	return bp_page(s) + BP_PAGE_RET_SLOTS +
	       (uint64_t)k * BP_RET_SLOT_SIZE;
}

int bp_stub_page_init(struct bp_space *s, uint64_t addr, bool first)
{
	static const uint8_t gadget64[3] = { 0x0f, 0x05, 0xcc };
	static const uint8_t gadget32[3] = { 0xcd, 0x80, 0xcc };
	const struct routine *rt = routine_of(s);
	size_t len = first ? BP_PAGE_RET_SLOTS +
			     BP_NRET_SLOTS * BP_RET_SLOT_SIZE :
			     4096;
	uint8_t *code = malloc(len);
	uint8_t quiet[QUIET_LEN];
	int err;

	if (!code)
		return -ENOMEM;
	memset(code, 0xcc, len);
	memcpy(code + BP_PAGE_GADGET, s->is64 ? gadget64 : gadget32,
	       sizeof(gadget64));
	memcpy(code + BP_PAGE_STOP, rt->code, rt->len);
	for (unsigned int k = 0; first && k < BP_NRET_SLOTS; k++) {
		uint64_t at = BP_PAGE_RET_SLOTS + (uint64_t)k * BP_RET_SLOT_SIZE;
		uint8_t *p = code + at;
		uint64_t data = BP_PAGE_SIZE + (uint64_t)k * 8;

		p[0] = 0xe8;				/* call stop routine */
		put32(p + 1, (int64_t)BP_PAGE_STOP - (int64_t)(at + 5));
		p[5] = 0xff;				/* jmp *real(%rip) */
		p[6] = 0x25;
		if (s->is64)
			put32(p + 7, (int64_t)data - (int64_t)(at + 11));
		else					/* jmp *real */
			put32(p + 7, (int64_t)(addr + data));
	}
	err = bp_mem_write(s, addr, code, len);
	free(code);
	if (err < 0)
		return err;
	if (first) {
		s->nfree_ret = 0;
		/* Handed out from slot 0 up. */
		for (int k = BP_NRET_SLOTS - 1; k >= 0; k--)
			s->free_ret[s->nfree_ret++] = (uint16_t)k;
	}
	/* If sltrace dies, the guardian makes the routine stop nothing. */
	quiet_bytes(s, quiet);
	s->stop_undo[s->npages] = guard_record(GUARD_CODE, s->tgid, 0,
					       addr + quiet_at(s), quiet,
					       rt->code + rt->first, QUIET_LEN);
	/* ...and knows a thread stopped here was stopped by us. */
	s->stop_mark[s->npages] = guard_record(GUARD_STOP, s->tgid, 0,
					       addr + stop_tkill(s), quiet,
					       quiet, 1);
	return 0;
}

bool bp_stub_stop_at(const struct bp_space *s, uint64_t pc, bool at_syscall)
{
	uint64_t off = at_syscall ? stop_gettid(s) : stop_tkill(s);

	for (unsigned int i = 0; i < s->npages; i++)
		if (pc == s->pages[i].addr + off)
			return true;
	return false;
}

static unsigned int hash_stub(uint64_t addr)
{
	return (unsigned int)((addr * 0x9e3779b97f4a7c15ULL) >> 52) &
	       (BP_HASH - 1);
}

void bp_stub_hash_add(struct bp_space *s, struct bp *bp)
{
	unsigned int h = hash_stub(bp->stub);

	bp->stub_next = s->stub_hash[h];
	s->stub_hash[h] = bp;
}

void bp_stub_hash_del(struct bp_space *s, struct bp *bp)
{
	struct bp **pp = &s->stub_hash[hash_stub(bp->stub)];

	while (*pp && *pp != bp)
		pp = &(*pp)->stub_next;
	if (*pp)
		*pp = bp->stub_next;
}

static struct bp *find_stub(const struct bp_space *s, uint64_t stub)
{
	for (struct bp *bp = s->stub_hash[hash_stub(stub)]; bp;
	     bp = bp->stub_next)
		if (bp->stub == stub)
			return bp;
	return NULL;
}

/* The i386 routine's frame: ebx, edx, ecx, eax, the call's return
 * address, then the word the stub was entered with at [esp]. */
static int decode32(struct bp_space *s, const struct user_regs_struct *u,
		    struct bp_stub_stop *st, uint64_t *from)
{
	uint32_t w[6];

	if (bp_mem_read(s, u->rsp, w, sizeof(w)) < 0)
		return -EFAULT;
	st->rbx = w[0];
	st->rdx = w[1];
	st->rcx = w[2];
	st->rax = w[3];
	*from = (uint64_t)w[4] - 5;
	st->word = w[5];
	st->sp = u->rsp + BP_STOP_FRAME32;
	st->compat = true;
	return 0;
}

int bp_stub_decode(struct bp_space *s, const struct user_regs_struct *u,
		   struct bp_stub_stop *st)
{
	uint64_t w[8], from, ret0 = bp_page(s) + BP_PAGE_RET_SLOTS;
	struct iovec local = { w, sizeof(w) };
	struct iovec remote = { (void *)(uintptr_t)u->rsp, sizeof(w) };

	memset(st, 0, sizeof(*st));
	st->ret_slot = -1;
	if (!s->is64) {
		if (decode32(s, u, st, &from) < 0)
			return -EFAULT;
		goto found;
	}
	if (process_vm_readv(s->pid, &local, 1, &remote, 1, 0) !=
		    (ssize_t)sizeof(w) &&
	    bp_mem_read(s, u->rsp, w, sizeof(w)) < 0)
		return -EFAULT;
	st->r11 = w[0];
	st->rcx = w[1];
	st->rdx = w[2];
	st->rsi = w[3];
	st->rdi = w[4];
	st->rax = w[5];
	from = w[6] - 5;		/* the call into the routine */
	st->word = w[7];
	st->sp = u->rsp + BP_STOP_FRAME;
found:
	if (from >= ret0 && from < ret0 + BP_NRET_SLOTS * BP_RET_SLOT_SIZE &&
	    !((from - ret0) % BP_RET_SLOT_SIZE)) {
		st->ret_slot = (int)((from - ret0) / BP_RET_SLOT_SIZE);
		return 0;
	}
	st->bp = find_stub(s, from);
	return st->bp ? 0 : -ENOENT;
}

void bp_stub_regs(const struct bp_stub_stop *st,
		  const struct user_regs_struct *u,
		  struct user_regs_struct *out)
{
	*out = *u;
	out->rsp = st->sp;
	out->rax = st->rax;
	if (st->compat) {
		/* i386: what its routine pushed (bp_stub_decode). */
		out->rbx = st->rbx;
		out->rcx = st->rcx;
		out->rdx = st->rdx;
		return;
	}
	out->rdi = st->rdi;
	out->rsi = st->rsi;
	out->rdx = st->rdx;
	out->rcx = st->rcx;
	out->r11 = st->r11;
}

uint64_t bp_hook_return(struct bp_space *s, pid_t tid, uint64_t slot,
			uint64_t real, int *k, struct guard_undo **undo)
{
	uint64_t code;
	int idx = -1;
	/* A 32-bit space's return address is 4 bytes (little-endian: the
	 * low half of the uint64_t). */
	size_t w = s->is64 ? 8 : 4;

	*k = -1;
	*undo = NULL;
	if (!bp_page(s))
		return 0;
	if (s->nfree_ret)
		idx = s->free_ret[--s->nfree_ret];
	code = bp_ret_slot_addr(s, idx);
	/* Recorded before it is made (guard.h). */
	*undo = guard_record(GUARD_WORD, s->tgid, tid, slot, &real, &code, w);
	if (idx >= 0) {
		uint64_t data = bp_page(s) + BP_PAGE_SIZE + (uint64_t)idx * 8;
		struct iovec local[2] = { { &real, w }, { &code, w } };
		struct iovec remote[2] = { { (void *)(uintptr_t)data, w },
					   { (void *)(uintptr_t)slot, w } };

		tracee_mem_forget();
		if (process_vm_writev(s->pid, local, 2, remote, 2, 0) ==
		    (ssize_t)(2 * w)) {
			*k = idx;
			return code;
		}
		/* Fall back on one write at a time, through /proc/PID/mem. */
		if (bp_mem_write(s, data, &real, w) == 0 &&
		    bp_mem_write(s, slot, &code, w) == 0) {
			*k = idx;
			return code;
		}
		s->free_ret[s->nfree_ret++] = (uint16_t)idx;
	} else if (bp_mem_write(s, slot, &code, w) == 0) {
		return code;
	}
	guard_forget(*undo);
	*undo = NULL;
	return 0;
}

void bp_ret_slot_free(struct bp_space *s, int k)
{
	if (k >= 0 && k < BP_NRET_SLOTS && s->nfree_ret < BP_NRET_SLOTS)
		s->free_ret[s->nfree_ret++] = (uint16_t)k;
}

void bp_space_quiet(struct bp_space *s)
{
	uint8_t quiet[QUIET_LEN];

	quiet_bytes(s, quiet);
	tracee_mem_forget();
	for (unsigned int i = 0; i < s->npages; i++) {
		bp_mem_write(s, s->pages[i].addr + quiet_at(s), quiet,
			     QUIET_LEN);
		guard_forget(s->stop_undo[i]);
		s->stop_undo[i] = NULL;
		guard_forget(s->stop_mark[i]);
		s->stop_mark[i] = NULL;
	}
}

void bp_quiet_in(struct bp_space *s, int fd)
{
	uint8_t quiet[QUIET_LEN];

	quiet_bytes(s, quiet);
	tracee_mem_forget();
	for (unsigned int i = 0; i < s->npages; i++)
		if (pwrite(fd, quiet, QUIET_LEN,
			   (off_t)(s->pages[i].addr + quiet_at(s))) != QUIET_LEN)
			break;
}
