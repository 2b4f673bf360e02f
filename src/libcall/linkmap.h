/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The dynamic linker's list of loaded objects, read from tracee memory:
 * struct r_debug (the rendezvous structure of <link.h>) and its chain of
 * struct link_map.  Memory is read through a callback, so the module is
 * pure and testable on fake memory; the core passes a wrapper of
 * tracee_read(), tests process_vm_readv() or proc_mem_read() (maps.h).
 * The tracee's memory is untrusted: the walk is bounded in entries and
 * name length, and checks the chain's back links.
 *
 * Layouts (<link.h>, glibc 2.36; wordsize 8 for x86_64, 4 for i386):
 *
 *	struct r_debug		 64-bit  32-bit
 *	  int r_version		  0       0
 *	  link_map *r_map	  8       4
 *	  ElfW(Addr) r_brk	 16       8
 *	  enum r_state		 24      12
 *	  ElfW(Addr) r_ldbase	 32      16
 *	  r_debug_extended *r_next 40    20   (only when r_version >= 2)
 *
 *	struct link_map		 64-bit  32-bit
 *	  l_addr, l_name, l_ld, l_next, l_prev: one word each, in order
 *
 * How the core follows loads and unloads (r_brk):
 *
 *  1. At the exec stop nothing has run: the kernel has mapped the program
 *     and its interpreter, _r_debug is all zero, the program's DT_DEBUG
 *     slot is 0.  ld.so's bias is AT_BASE (auxv_read(), maps.h); its path
 *     is the program's PT_INTERP or the mapping at AT_BASE.  Open it with
 *     elfobj_open() and call linkmap_ldso_addrs(): Debian 12's ld.so
 *     exports both symbols in .dynsym (readelf --dyn-syms):
 *     "_r_debug@@GLIBC_2.2.5" (OBJECT, 40 bytes; 20 in i386's) and
 *     "_dl_debug_state@@GLIBC_PRIVATE" (FUNC, one ret).  Put the r_brk
 *     breakpoint at _dl_debug_state's address before the tracee runs.
 *  2. ld.so calls _dl_debug_state() with r_state RT_ADD before it maps
 *     the DT_NEEDED libraries and RT_CONSISTENT once they are all
 *     relocated, then again around every dlopen() and dlclose() (RT_ADD
 *     or RT_DELETE, then RT_CONSISTENT).  At a stop there, read r_debug
 *     (linkmap_read_rdebug()); on RT_CONSISTENT walk r_map and diff the
 *     list against the objects known (by link_map address, l_addr and
 *     name): new ones get their breakpoints, gone ones are forgotten (their
 *     memory is unmapped, nothing to restore).  RT_ADD / RT_DELETE: the
 *     list is changing; wait for the RT_CONSISTENT that follows.
 *  3. Once r_version is non-zero, r_brk is the authoritative address; it
 *     equals the one computed in step 1 with glibc.
 *  4. Without the symbols (a stripped ld.so, another libc): break at the
 *     program's entry (AT_ENTRY); by then ld.so has set DT_DEBUG, so
 *     linkmap_rdebug_from_dynamic() on the program's dynamic section
 *     (bias + PT_DYNAMIC) finds r_debug, whose r_brk gets the breakpoint;
 *     the objects loaded so far are in the first walk.
 *  5. A static binary has no interpreter (AT_BASE 0) and no DT_DEBUG;
 *     static glibc keeps _r_debug and _dl_debug_state in .symtab, used
 *     by its own dlopen(): linkmap_ldso_addrs() on the program itself.
 *  6. r_version 2 (glibc 2.35 and later, after a dlmopen()): r_next links
 *     the r_debug of each further namespace; each has its own r_map.
 */
#ifndef SLTRACE_LIBCALL_LINKMAP_H
#define SLTRACE_LIBCALL_LINKMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "libcall/elf.h"

/*
 * Reads exactly len bytes of the tracee at addr into buf: 0, or -errno
 * (any failure, short reads included).
 */
typedef int (*linkmap_read_fn)(void *ctx, uint64_t addr, void *buf,
			       size_t len);

/* A longer chain is taken as corrupted. */
#define LINKMAP_MAX_ENTRIES 4096
/* l_name is cut to this many bytes. */
#define LINKMAP_NAME_MAX 4095

/* r_state values (enum r_state of <link.h>). */
enum {
	LINKMAP_CONSISTENT = 0,
	LINKMAP_ADD = 1,
	LINKMAP_DELETE = 2,
};

struct linkmap_rdebug {
	int version;		/* r_version: 0 until ld.so fills it in */
	uint64_t map;		/* r_map: first struct link_map, or 0 */
	uint64_t brk;		/* r_brk: _dl_debug_state's address */
	int state;		/* r_state: LINKMAP_CONSISTENT... */
	uint64_t ldbase;	/* r_ldbase: ld.so's load bias */
	uint64_t next;		/* r_next when version >= 2, else 0 */
};

struct linkmap_entry {
	uint64_t addr;		/* the struct link_map itself */
	uint64_t l_addr;	/* load bias */
	uint64_t l_ld;		/* biased address of its .dynamic */
	/*
	 * l_name: "" for the main program, the path the loader opened for
	 * a library (as found: "/lib/x86_64-linux-gnu/libc.so.6" where
	 * maps shows /usr/lib/...), "linux-vdso.so.1" for the vDSO.
	 */
	char *name;
	bool name_cut;		/* l_name unreadable or over the cap */
};

struct linkmap {
	struct linkmap_entry *v;
	size_t n;
	/*
	 * 0: the chain ended with l_next == 0.  Else why the walk stopped
	 * early, keeping the entries read so far: -EFAULT (a link_map was
	 * unreadable), -ELOOP (an l_prev did not point back to the entry
	 * before, i.e. a cycle or a foreign pointer, or more than
	 * LINKMAP_MAX_ENTRIES entries), -ENOMEM.
	 */
	int stop;
};

/*
 * Reads struct r_debug at addr for a tracee of wordsize 8 or 4.  Returns
 * 0 or the read callback's error (-EINVAL for a bad wordsize).
 */
int linkmap_read_rdebug(linkmap_read_fn read, void *ctx, int wordsize,
			uint64_t addr, struct linkmap_rdebug *out);

/*
 * Walks the chain from the link_map at first (r_map) into *out (free with
 * linkmap_free()).  Returns 0 when at least the walk could start (see
 * out->stop for how it ended), -EINVAL for a bad wordsize, -ENOMEM.
 */
int linkmap_walk(linkmap_read_fn read, void *ctx, int wordsize,
		 uint64_t first, struct linkmap *out);

void linkmap_free(struct linkmap *lm);

/*
 * The address of r_debug from the DT_DEBUG entry of the dynamic section
 * at dyn_addr (the program's bias + PT_DYNAMIC's p_vaddr, elf.h), reading
 * at most dyn_size bytes of it (0: up to 4096 entries) up to DT_NULL.
 * Returns 0, -ENOENT if there is no DT_DEBUG or ld.so has not filled it
 * in yet (0), or the read error.
 */
int linkmap_rdebug_from_dynamic(linkmap_read_fn read, void *ctx,
				int wordsize, uint64_t dyn_addr,
				uint64_t dyn_size, uint64_t *rdebug);

/*
 * From the dynamic linker's symbols (ld.so's .dynsym, or a static
 * program's .symtab) and its bias: *brk = address of _dl_debug_state,
 * *rdebug = address of _r_debug.  Either pointer may be NULL.  Returns 0,
 * or -ENOENT if a wanted symbol is missing.
 */
int linkmap_ldso_addrs(const struct elfobj *ldso, uint64_t bias,
		       uint64_t *brk, uint64_t *rdebug);

/*
 * The implementation an IFUNC resolved to (see elf.h, elfobj_ifunc_slots):
 * reads the n GOT slots at slots[] (biased addresses) and returns in
 * *impl the first value inside [lo, hi), the defining object's executable
 * mapping (maps.h); a lazy slot still pointing into its own object's .plt
 * falls outside it.  Returns 0, or -ENOENT if no slot holds such a value.
 */
int linkmap_ifunc_impl(linkmap_read_fn read, void *ctx, int wordsize,
		       const uint64_t *slots, size_t n, uint64_t lo,
		       uint64_t hi, uint64_t *impl);

#endif /* SLTRACE_LIBCALL_LINKMAP_H */
