/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A script's ustack on ptrace (script/run.c's host): the stack of a
 * stopped task, its frames named when it is taken, and the address
 * space each pc belongs to.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/tcb.h"
#include "script/agg.h"
#include "script/stacks.h"
#include "unwind/unwind.h"

/*
 * Address spaces, for ustack: a process gets a number of its own at its
 * execve (and when first seen); a fork child has its parent's, the
 * same code at the same addresses.  A stack's pcs carry that number
 * above AGG_PC_BITS, so that one address in two programs (two non-PIE
 * executables both at 0x400000) is two frames with their own names,
 * while a forking server's children share their stacks' keys.  The
 * numbers wrap at 16 bits: two programs apart by 65,535 execs, at the
 * same address, would share a name.
 */
#define SPACE_BUCKETS 256

static struct space {
	pid_t tgid;
	uint16_t id;
	struct space *next;
} *spaces[SPACE_BUCKETS];
static uint16_t last_space;

static struct space **space_slot(pid_t tgid)
{
	struct space **p = &spaces[(unsigned int)tgid % SPACE_BUCKETS];

	while (*p && (*p)->tgid != tgid)
		p = &(*p)->next;
	return p;
}

static uint16_t new_space(void)
{
	if (!++last_space)
		last_space = 1;
	return last_space;
}

/* tgid's number, 0 when none can be kept (out of memory). */
static uint16_t space_set(pid_t tgid, uint16_t id)
{
	struct space **p = space_slot(tgid);

	if (!*p) {
		*p = calloc(1, sizeof(**p));
		if (!*p)
			return 0;
		(*p)->tgid = tgid;
	}
	(*p)->id = id ? id : new_space();
	return (*p)->id;
}

static uint16_t space_of(pid_t tgid)
{
	struct space *sp = *space_slot(tgid);

	return sp ? sp->id : space_set(tgid, 0);
}

static void space_drop(pid_t tgid)
{
	struct space **p = space_slot(tgid), *sp = *p;

	if (sp) {
		*p = sp->next;
		free(sp);
	}
}

static void spaces_free(void)
{
	for (size_t i = 0; i < SPACE_BUCKETS; i++) {
		while (spaces[i]) {
			struct space *sp = spaces[i];

			spaces[i] = sp->next;
			free(sp);
		}
	}
}

/*
 * ustack: the frames' texts are looked up when the stack is taken (the
 * process may be gone when the maps are printed) and kept by pc, tagged
 * with its address space.
 */
#define FRAME_BUCKETS 4096

static struct frame_text {
	uint64_t pc;
	char *text;
	struct frame_text *next;
} *frames[FRAME_BUCKETS];

static struct frame_text **frame_slot(uint64_t pc)
{
	struct frame_text **p = &frames[(pc >> 2) % FRAME_BUCKETS];

	while (*p && (*p)->pc != pc)
		p = &(*p)->next;
	return p;
}

int stacks_ustack(void *ctx, uint64_t *pc, unsigned int max)
{
	struct tcb *tcp = ctx;
	uint64_t tag;
	char buf[512];
	int n;

	if (!tcp)
		return -EINVAL;
	tag = (uint64_t)space_of(tcp->tgid ? tcp->tgid : tcp->pid)
	      << AGG_PC_BITS;
	n = unwind_pcs(tcp, pc, max);
	for (int i = 0; i < n; i++) {
		uint64_t addr = AGG_PC(pc[i]);
		struct frame_text **p, *f;

		pc[i] = addr | tag;
		p = frame_slot(pc[i]);
		if (*p)
			continue;
		if (unwind_pc_text(tcp, addr, i > 0, buf, sizeof(buf)) < 0)
			continue;
		f = malloc(sizeof(*f));
		if (!f)
			break;
		f->pc = pc[i];
		f->text = strdup(buf);
		f->next = NULL;
		if (!f->text) {
			free(f);
			break;
		}
		*p = f;
	}
	return n;
}

int stacks_frame(void *hctx, uint64_t pc, char *buf, size_t size)
{
	struct frame_text *f = *frame_slot(pc);

	(void)hctx;
	if (!f)
		return -1;
	snprintf(buf, size, "%s", f->text);
	return 0;
}

/*
 * Frames the kernel walked: an object (a file) and an offset in it.  Each
 * object gets an address space of its own, so that its frames' pcs are
 * its offsets tagged with that space, named from the file.
 */
static uint16_t *obj_spaces;	/* by object number, 0: none yet */

uint64_t stacks_file_pc(unsigned int obj, const char *path, uint64_t off,
			bool caller)
{
	struct frame_text **p, *f;
	uint64_t pc;
	char buf[512];

	if (!obj || obj > UINT16_MAX)
		return AGG_PC(off);
	if (!obj_spaces) {
		obj_spaces = calloc(UINT16_MAX + 1, sizeof(*obj_spaces));
		if (!obj_spaces)
			return AGG_PC(off);
	}
	if (!obj_spaces[obj])
		obj_spaces[obj] = new_space();
	pc = (uint64_t)obj_spaces[obj] << AGG_PC_BITS | AGG_PC(off);
	p = frame_slot(pc);
	if (*p)
		return pc;
	/* No symbol: the file and the offset, as no address is kept. */
	if (unwind_file_text(path, off, caller, buf, sizeof(buf)) < 0) {
		const char *base = path ? strrchr(path, '/') : NULL;

		if (!path)
			return pc;
		snprintf(buf, sizeof(buf), "%s+%#" PRIx64,
			 base ? base + 1 : path, off);
	}
	f = malloc(sizeof(*f));
	if (!f)
		return pc;
	f->pc = pc;
	f->text = strdup(buf);
	f->next = NULL;
	if (!f->text) {
		free(f);
		return pc;
	}
	*p = f;
	return pc;
}

void stacks_free(void)
{
	free(obj_spaces);
	obj_spaces = NULL;
	unwind_file_text_free();
	for (unsigned int b = 0; b < FRAME_BUCKETS; b++) {
		while (frames[b]) {
			struct frame_text *f = frames[b];

			frames[b] = f->next;
			free(f->text);
			free(f);
		}
	}
	spaces_free();
}

void stacks_spawned(pid_t parent_tgid, pid_t child)
{
	/* A copy of the parent's memory (or the parent's own): its space. */
	space_set(child, space_of(parent_tgid));
}

void stacks_exec(pid_t tgid)
{
	if (*space_slot(tgid))
		space_set(tgid, 0);
}

void stacks_exited(pid_t tgid)
{
	space_drop(tgid);
}
