/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Where a probe spec (spec.h) lands in one ELF object: the file-relative
 * addresses (the object's own link-time virtual addresses: at run time
 * an address is the load bias plus this) a breakpoint goes on.
 *
 * - FUNC: each matching function's entry after its prologue, where the
 *   DWARF says parameters are readable (libdw's dwarf_entry_breakpoints;
 *   the symbol's address when there is no DWARF), and the entry of each
 *   of its inlined copies (DW_TAG_inlined_subroutine: DW_AT_entry_pc,
 *   else DW_AT_low_pc, else its ranges' lowest address; name or linkage
 *   name matched); FUNC+OFF: the symbol's
 *   address plus OFF (+0: its first byte), when OFF is below the
 *   symbol's size (no size: +0 only); FUNC%return: the symbol's first
 *   byte (the caller hooks the return address there).
 * - FILE:LINE, FUNC:RELLINE: every address the line table gives the line
 *   (is_stmt rows that begin a run of the line: inlined copies and split
 *   blocks each have one).
 * - *ADDR: ADDR itself, when it lies in an executable PT_LOAD.
 * - sdt:PROV:NAME: each matching note's pc, with its semaphore and
 *   argument spec.
 *
 * Reads the object (and a debug file found as -k finds them) offline:
 * no process is needed, so the result is cached by the caller per file.
 */
#ifndef SLTRACE_PROBE_RESOLVE_H
#define SLTRACE_PROBE_RESOLVE_H

#include <stdbool.h>
#include <stdint.h>

struct probe_spec;

struct probe_site {
	uint64_t addr;		/* file-relative */
	char *func;		/* the function it is in, or NULL */
	uint64_t func_addr;	/* that function's first byte, or 0 */
	char *file;		/* its source file, or NULL */
	unsigned int line;	/* and line, or 0 */
	bool at_entry;		/* addr is the function's first byte */
	bool inlined;		/* FUNC: an inlined copy's entry (never
				   at_entry: no entry values, no return) */
	/* sdt: */
	uint64_t semaphore;	/* file-relative address of a uint16_t; 0 */
	char *sdt_args;		/* the note's argument spec, or NULL */
};

struct probe_sites {
	struct probe_site *v;
	unsigned int n;
};

/*
 * The sites of spec in the object at path (spec->obj is not looked at:
 * the caller matched it).  0 with *out filled (n may be 0: nothing
 * there), or -errno (-ENOEXEC: not an ELF object).
 */
int probe_resolve(const struct probe_spec *spec, const char *path,
		  struct probe_sites *out);
void probe_sites_free(struct probe_sites *s);

struct usdt_arg;

/*
 * Fills the sym_addr (file-relative) of each of args[0..n-1] that names
 * a symbol (usdt.h: "foo(%rip)"), and got_addr for "foo@GOTOFF(%ebx)"
 * (_GLOBAL_OFFSET_TABLE_, else .got.plt's address), from the object at
 * path (its .symtab, else .dynsym, or its debug file's).  Returns how
 * many stay without an address, or -errno (-ENOEXEC: not ELF).
 */
int probe_resolve_syms(const char *path, struct usdt_arg *args,
		       unsigned int n);

#endif
