/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Where a process's objects are loaded, from /proc alone: the mappings of
 * /proc/PID/maps, the auxiliary vector of /proc/PID/auxv, and reads of
 * /proc/PID/mem.  No ptrace request is made; reading another process's
 * auxv and mem needs the right to ptrace it (a tracer has it).
 *
 * Load bias: the difference between an object's addresses in memory and
 * its link-time addresses (link_map's l_addr).  0 for a non-PIE
 * executable; for a PIE or a shared library, where its first mapping
 * starts minus its lowest PT_LOAD's p_vaddr rounded down to the page.
 */
#ifndef SLTRACE_LIBCALL_MAPS_H
#define SLTRACE_LIBCALL_MAPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "libcall/elf.h"

/* One line of /proc/PID/maps. */
struct map_entry {
	uint64_t start;
	uint64_t end;		/* exclusive */
	uint64_t offset;	/* file offset of start */
	unsigned int prot;	/* PROT_READ | PROT_WRITE | PROT_EXEC */
	bool shared;		/* 's' (MAP_SHARED), else 'p' */
	unsigned int dev_major;
	unsigned int dev_minor;
	uint64_t inode;		/* 0: not a file */
	/*
	 * The path column as the kernel prints it ("" for an anonymous
	 * mapping, "[heap]", "[vdso]", "[stack]", "[anon:NAME]"...), with the
	 * kernel's " (deleted)" suffix of an unlinked file removed and noted
	 * in deleted.  A newline in a file name appears as the kernel escapes
	 * it ("\012").
	 */
	char *path;
	bool deleted;
};

/* All mappings, in the kernel's order (ascending addresses). */
struct maps {
	struct map_entry *v;
	size_t n;
};

/*
 * Reads /proc/PID/maps into *out (emptied first; free with maps_free()).
 * Returns 0 or -errno (-ESRCH when the process is gone).
 */
int maps_read(pid_t pid, struct maps *out);

/*
 * Parses maps text (len bytes, no NUL needed).  Lines that do not parse
 * are skipped.  Returns 0 or -ENOMEM; *out is always valid to free.
 */
int maps_parse(const char *text, size_t len, struct maps *out);

void maps_free(struct maps *m);

/* The mapping holding addr, or NULL. */
const struct map_entry *maps_find(const struct maps *m, uint64_t addr);

/*
 * One loaded object: the run of mappings of one file (same device, inode
 * and path), as a loader leaves them.  A mapping at file offset 0 starts
 * an object (the first PT_LOAD, mapped first and lowest, begins the
 * file), so a second copy of the file starts another.  Anonymous mappings
 * between two of them are skipped over and not part of the object.  The
 * [vdso] is an object too (inode 0).
 */
struct maps_object {
	size_t first;		/* index in maps->v of its first mapping */
	size_t last;		/* and of its last (inclusive) */
	uint64_t start;		/* v[first].start */
	/*
	 * v[last].end, or the end of an anonymous writable mapping right
	 * after a writable last mapping: the .bss pages the loader added.
	 */
	uint64_t end;
	const char *path;	/* v[first].path: owned by the maps */
};

/*
 * The object whose mappings (or .bss tail) hold addr.  Returns 0, or
 * -ENOENT when addr is in no file mapping.
 */
int maps_object_at(const struct maps *m, uint64_t addr,
		   struct maps_object *out);

/*
 * Iterates over the objects in address order: set *pos to 0 first.
 * Returns 0 with *out filled, or -ENOENT after the last.
 */
int maps_next_object(const struct maps *m, size_t *pos,
		     struct maps_object *out);

/*
 * The load bias of object o given its PT_LOAD headers (elfobj_layout()'s
 * loads) and the page size (auxv's AT_PAGESZ, or sysconf).  The object's
 * first mapping normally maps the lowest PT_LOAD's first page (file
 * offset rounded down): bias = its start - that p_vaddr rounded down.
 * This holds for every loader here: the kernel maps each PT_LOAD of the
 * program and of ld.so; ld.so maps a library's whole span from its first
 * segment, then the others over it (gaps left as "---p" file mappings).
 * If the first mapping is not that page (the program unmapped it), the
 * first mapping whose offset is some PT_LOAD's first page gives the bias.
 * Returns 0, or -ENOENT if no mapping matches the headers (another file).
 */
int maps_object_bias(const struct maps *m, const struct maps_object *o,
		     const struct elfobj_load *loads, size_t nloads,
		     uint64_t pagesz, uint64_t *bias);

/*
 * The auxiliary vector.  Named fields are 0 when the entry is absent,
 * which is what they mean then too (AT_BASE 0: no interpreter, a static
 * binary).
 */
#define AUXV_MAX_TYPE 64

struct auxv {
	int wordsize;		/* 8 or 4: the layout found */
	uint64_t phdr;		/* AT_PHDR: the program's headers */
	uint64_t phent;		/* AT_PHENT */
	uint64_t phnum;		/* AT_PHNUM */
	uint64_t pagesz;	/* AT_PAGESZ */
	uint64_t base;		/* AT_BASE: the interpreter's load bias */
	uint64_t entry;		/* AT_ENTRY: the entry point, biased */
	uint64_t sysinfo_ehdr;	/* AT_SYSINFO_EHDR: the vDSO's header */
	uint64_t execfn;	/* AT_EXECFN: address of the execve path */
	/* Every entry of a type below AUXV_MAX_TYPE, by type. */
	uint64_t val[AUXV_MAX_TYPE];
	uint64_t present;	/* bit t: an entry of type t was seen */
};

/*
 * Reads /proc/PID/auxv.  wordsize: 8 for a 64-bit process, 4 for a 32-bit
 * one (the kernel writes a compat process's vector with 4-byte words), or
 * 0 to tell from the contents.  Returns 0 or -errno (-ENOEXEC: the vector
 * does not parse in that layout).
 */
int auxv_read(pid_t pid, int wordsize, struct auxv *out);

/* Parses an auxv image of len bytes; same wordsize and returns. */
int auxv_parse(const void *buf, size_t len, int wordsize, struct auxv *out);

/*
 * The main program's bias from the auxv and its layout: AT_PHDR minus the
 * link-time address of its program headers (as ld.so computes l_addr of
 * the main map from PT_PHDR), else AT_ENTRY minus e_entry.  Returns 0, or
 * -ENOENT with neither.  Invalid when the program was started as
 * "ld.so PROG" (AT_PHDR and AT_ENTRY then describe ld.so; AT_BASE is 0):
 * take the program's bias from its mappings then.
 */
int auxv_main_bias(const struct auxv *a, const struct elfobj_layout *lo,
		   uint64_t *bias);

/*
 * Reads len bytes at addr of process (pid_t)(intptr_t)ctx through
 * /proc/PID/mem: the signature of linkmap_read_fn.  Returns 0 or -errno
 * (-EIO for a short read: part of the range is unmapped).
 */
int proc_mem_read(void *ctx, uint64_t addr, void *buf, size_t len);

/*
 * Reads the NUL-terminated string at addr (AT_EXECFN, l_name...) of pid
 * into buf of size len, cut to len - 1 bytes.  Stops quietly at an
 * unreadable page.  Returns its length, or -errno if nothing was read.
 */
ssize_t proc_mem_read_str(pid_t pid, uint64_t addr, char *buf, size_t len);

#endif /* SLTRACE_LIBCALL_MAPS_H */
