/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Shared by the files of src/unwind/ and nothing else.
 *
 * One struct uw_proc per traced process (thread group) holds everything
 * that is costly to build and stays true until the process's executable
 * mappings change: its table of executable mappings, its libdw session
 * (symbols, line tables, CFI for 32-bit tracees), its libunwind address
 * space (with libunwind's cache of register-state rules), and the text
 * of every frame already printed.  A mapping change marks it stale; an
 * execve throws it away.
 */
#ifndef SLTRACE_UNWIND_INTERNAL_H
#define SLTRACE_UNWIND_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include <elfutils/libdwfl.h>
#include <libunwind.h>

#include "output/output.h"

struct tcb;

/* An executable mapping of /proc/PID/maps. */
struct uw_map {
	uint64_t start, end;		/* [start, end) */
	uint64_t pgoff;			/* file offset of start */
	const char *path;		/* "" for anonymous memory */
};

/* A cached frame line: pc (and whether it is a return address). */
struct uw_text {
	uint64_t pc;			/* 0: empty slot */
	bool caller;
	bool stop;			/* the unwind ends after this frame */
	struct out_frame frame;		/* its strings malloc'd */
};

struct uw_proc {
	pid_t tgid;
	unsigned int refs;		/* tasks pointing here */
	bool compat;			/* a 32-bit process: libdw unwinds */

	/* Executable mappings, sorted by start; NULL until read. */
	struct uw_map *maps;
	size_t nmaps;
	char *paths;			/* the maps' path strings */
	bool maps_stale;

	/* libdw: symbols, lines, and the frames of 32-bit tracees. */
	Dwfl *dwfl;
	bool dwfl_stale;
	bool dwfl_attached;		/* dwfl_linux_proc_attach done */

	/* libunwind (64-bit tracees). */
	unw_addr_space_t as;
	void *upt;			/* _UPT_create()'s, for find_proc_info */
	pid_t upt_tid;			/* the task it reads /proc/TID/maps of */

	/* Frame lines already formatted: open addressing on pc. */
	struct uw_text *texts;
	size_t ntexts, texts_cap;

	struct uw_proc *next;		/* hash chain */
};

/* One frame an unwinder found. */
struct uw_pc {
	uint64_t pc;
	/*
	 * pc is a return address: the call is the instruction before it,
	 * so symbols and lines are looked up at pc - 1.
	 */
	bool caller;
};

/* mem.c: tracee memory, cached a page at a time for one stack */
void uw_mem_begin(struct tcb *tcp);
/* The registers an unwind of tcp starts from (unwind_set_regs_filter()). */
struct user_regs_struct;
void uw_mem_regs(struct tcb *tcp, struct user_regs_struct *u);
int uw_mem_read(uint64_t addr, void *buf, size_t len);
/*
 * A word of size 4 or 8 (an address, a saved register) as the unwinder
 * must see it: through unwind_set_word_filter()'s fn, so a hooked return
 * address reads as the real one.  0 or -1.
 */
int uw_mem_read_word(uint64_t addr, unsigned int size, uint64_t *val);
/*
 * The task's pc as the unwinder must see it: one that a return just
 * took from the stack word at slot (sp minus a word) may be a hooked
 * return's trap page too — a probe's %return of a call whose return a
 * -l breakpoint hooked first returns to the -l's return slot.
 */
uint64_t uw_mem_pc(uint64_t pc, uint64_t slot);

/* maps.c */
int uw_maps_load(struct uw_proc *p);
void uw_maps_release(struct uw_proc *p);
/* The executable mapping holding addr, or NULL. */
const struct uw_map *uw_maps_find(const struct uw_proc *p, uint64_t addr);
/* Whether [lo, hi) touches an executable mapping we know of. */
bool uw_maps_overlap(const struct uw_proc *p, uint64_t lo, uint64_t hi);

/* symbols.c: libdw */
struct uw_sym {
	const char *name;		/* NULL: no symbol covers the address */
	/*
	 * Its length without a version: a .symtab (of a separate debug
	 * file) names versioned symbols "__libc_start_main@@GLIBC_2.34".
	 */
	size_t name_len;
	uint64_t offset;		/* from the symbol's start */
	const char *file;		/* -kk: source file, or NULL */
	int line;
};
int uw_dwfl_refresh(struct uw_proc *p);
void uw_dwfl_release(struct uw_proc *p);
/* Symbol (and with want_line the source line) of addr. */
void uw_sym_lookup(struct uw_proc *p, uint64_t addr, bool want_line,
		   struct uw_sym *sym);

/* frames_unw.c: 64-bit tracees, libunwind-ptrace */
int uw_unw_frames(struct uw_proc *p, struct tcb *tcp, struct uw_pc *pcs,
		  unsigned int max, const char **why);
void uw_unw_flush(struct uw_proc *p);
/* Task tid is gone: libunwind-ptrace must not read its /proc files. */
void uw_unw_task_gone(struct uw_proc *p, pid_t tid);
void uw_unw_release(struct uw_proc *p);

/* frames_dw.c: 32-bit tracees, libdw's thread-frame API */
int uw_dw_frames(struct uw_proc *p, struct tcb *tcp, struct uw_pc *pcs,
		 unsigned int max, const char **why);

#endif
