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
