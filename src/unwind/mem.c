/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Tracee memory for the unwinders.  Both read the stack a word at a
 * time, often the same page again (CFA, saved registers, return
 * address), and sometimes the unwind tables of a library: a whole page
 * through the engine's process_vm_readv serves many words, where a
 * PTRACE_PEEKDATA per word (what libunwind-ptrace and libdw's own
 * callbacks do) costs a syscall each.  The pages are kept for one stack
 * only: the tracee runs between two stacks.
 *
 * A word the unwinders read may be a return address the library-call
 * core replaced by one of its trap page (unwind_set_word_filter()):
 * read raw, the stack would end at the trap page.
 */
#include "config.h"

#include <string.h>

#include "engine/engine.h"
#include "unwind/internal.h"
#include "unwind/unwind.h"

/* Enough for a deep stack and a table lookup at once. */
#define NPAGES		8
#define PAGE		4096u

struct page {
	uint64_t base;
	bool valid;			/* holds base's page (else: empty) */
	bool ok;			/* the read succeeded */
	unsigned char data[PAGE];
};

static struct page pages[NPAGES];
static unsigned int victim;
static struct tcb *task;
static unwind_word_fn word_filter;
static unwind_regs_fn regs_filter;

void unwind_set_word_filter(unwind_word_fn fn)
{
	word_filter = fn;
}

void unwind_set_regs_filter(unwind_regs_fn fn)
{
	regs_filter = fn;
}

void uw_mem_regs(struct tcb *tcp, struct user_regs_struct *u)
{
	if (regs_filter)
		regs_filter(tcp, u);
}

void uw_mem_begin(struct tcb *tcp)
{
	task = tcp;
	for (unsigned int i = 0; i < NPAGES; i++)
		pages[i].valid = false;
}

static const struct page *get_page(uint64_t base)
{
	struct page *pg;

	for (unsigned int i = 0; i < NPAGES; i++)
		if (pages[i].valid && pages[i].base == base)
			return &pages[i];
	pg = &pages[victim];
	victim = (victim + 1) % NPAGES;
	pg->base = base;
	pg->valid = true;
	pg->ok = tracee_read(task, base, pg->data, PAGE) == 0;
	return pg;
}

int uw_mem_read(uint64_t addr, void *buf, size_t len)
{
	while (len) {
		uint64_t base = addr & ~(uint64_t)(PAGE - 1);
		size_t off = (size_t)(addr - base);
		size_t n = PAGE - off < len ? PAGE - off : len;
		const struct page *pg = get_page(base);

		if (!pg->ok)
			return -1;
		memcpy(buf, pg->data + off, n);
		buf = (char *)buf + n;
		addr += n;
		len -= n;
	}
	return 0;
}

int uw_mem_read_word(uint64_t addr, unsigned int size, uint64_t *val)
{
	uint64_t w = 0;

	/* x86 is little-endian: a 4-byte word fills the low half. */
	if (size > sizeof(w) || uw_mem_read(addr, &w, size) < 0)
		return -1;
	if (word_filter)
		w = word_filter(task, addr, w);
	*val = w;
	return 0;
}

uint64_t uw_mem_pc(uint64_t pc, uint64_t slot)
{
	return word_filter ? word_filter(task, slot, pc) : pc;
}
