/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * An ELF object read offline through libdw, as --list-probes (list.c)
 * and the site resolver (resolve.c) read it: one Dwfl per object, so
 * its addresses stay the file's own, with the debug file libdwfl finds
 * (build-id, .gnu_debuglink under /usr/lib/debug).
 */
#ifndef SLTRACE_PROBE_DWOBJ_H
#define SLTRACE_PROBE_DWOBJ_H

#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <stdbool.h>

/* path's file name without its directory. */
const char *dwobj_base_name(const char *path);

/*
 * Opens path alone in a new Dwfl; *mod is its module.  NULL when libdwfl
 * cannot read it.  The caller ends it with dwfl_end().
 */
Dwfl *dwobj_open(const char *path, Dwfl_Module **mod);

/* Calls cb on each CU's subprograms; a CU libdw cannot read is skipped. */
void dwobj_for_each_cu(Dwfl_Module *mod, int (*cb)(Dwarf_Die *, void *),
		       void *arg);

/*
 * Calls cb on each DW_TAG_inlined_subroutine of mod (every inlined copy,
 * in every CU, at any depth); dwarf_diename() of one gives its abstract
 * origin's name.  cb returns DWARF_CB_OK, or DWARF_CB_ABORT to stop.
 */
void dwobj_for_each_inline(Dwfl_Module *mod, int (*cb)(Dwarf_Die *, void *),
			   void *arg);

/*
 * die's name, else its linkage name (each through its abstract origin or
 * specification), when it matches the glob pattern (FUNC is spelled
 * either way); NULL when neither does.  Points into libdw's data.
 */
const char *dwobj_name_match(Dwarf_Die *die, const char *pattern);

/*
 * Where an inlined copy begins (a DWARF address): DW_AT_entry_pc (an
 * address, or DWARF 5's offset from the copy's base), else DW_AT_low_pc,
 * else the lowest address of DW_AT_ranges.  -1 when it has none.
 */
int dwobj_inline_entry(Dwarf_Die *inl, Dwarf_Addr *addr);

/* addr (a DWARF address) is in one of die's ranges. */
bool dwobj_in_ranges(Dwarf_Die *die, Dwarf_Addr addr);

/* a and b name the same file: relative names are of the CU's dir. */
bool dwobj_same_file(const char *a, const char *b, const char *dir);

/*
 * A function's own source lines: the line-table rows of the file that
 * declares it, at addresses in its ranges.  Everything points into
 * libdw's data of the Dwfl, valid until dwfl_end().
 */
struct dwobj_func {
	Dwarf_Die *die;
	Dwarf_Die cu;
	const char *file;	/* the file that declares it */
	const char *comp_dir;	/* the CU's DW_AT_comp_dir, or NULL */
	int decl_line;		/* > 0 */
	Dwarf_Lines *lines;	/* the CU's line table */
	size_t n;
};

/* Fills *f for die; -1 when it has no declaring file, line or lines. */
int dwobj_func_init(struct dwobj_func *f, Dwarf_Die *die);

/*
 * Row i of f's CU's line table when it is one of f's own: true, with its
 * address (DWARF) and line number.
 */
bool dwobj_func_row(const struct dwobj_func *f, size_t i, Dwarf_Addr *addr,
		    int *line);

#endif
