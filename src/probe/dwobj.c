/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* An ELF object read offline through libdw (dwobj.h). */
#include "config.h"

#include <dwarf.h>
#include <fnmatch.h>
#include <string.h>

#include "probe/dwobj.h"

const char *dwobj_base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

Dwfl *dwobj_open(const char *path, Dwfl_Module **mod)
{
	static const Dwfl_Callbacks cb = {
		.find_elf = dwfl_build_id_find_elf,
		.find_debuginfo = dwfl_standard_find_debuginfo,
		.section_address = dwfl_offline_section_address,
	};
	Dwfl *dwfl = dwfl_begin(&cb);

	if (!dwfl)
		return NULL;
	*mod = dwfl_report_offline(dwfl, dwobj_base_name(path), path, -1);
	dwfl_report_end(dwfl, NULL, NULL);
	if (!*mod) {
		dwfl_end(dwfl);
		return NULL;
	}
	return dwfl;
}

void dwobj_for_each_cu(Dwfl_Module *mod, int (*cb)(Dwarf_Die *, void *),
		       void *arg)
{
	Dwarf_Addr bias;
	Dwarf_Die *cu = NULL;

	while ((cu = dwfl_module_nextcu(mod, cu, &bias)))
		if (dwarf_getfuncs(cu, cb, arg, 0) < 0)
			continue;
}

/* The DIEs that may hold code: an inlined copy is below one of them. */
static bool holds_code(int tag)
{
	switch (tag) {
	case DW_TAG_subprogram:
	case DW_TAG_lexical_block:
	case DW_TAG_inlined_subroutine:
	case DW_TAG_try_block:
	case DW_TAG_catch_block:
	case DW_TAG_namespace:
	case DW_TAG_module:
	case DW_TAG_class_type:
	case DW_TAG_structure_type:
	case DW_TAG_union_type:
		return true;
	default:
		return false;
	}
}

/* DWARF_CB_ABORT when cb asked to stop. */
static int inline_walk(Dwarf_Die *parent, int (*cb)(Dwarf_Die *, void *),
		       void *arg, unsigned int depth)
{
	Dwarf_Die c;

	/* Corrupt DWARF may nest without end; real code does not. */
	if (depth > 256 || dwarf_child(parent, &c))
		return DWARF_CB_OK;
	do {
		int tag = dwarf_tag(&c);

		if (tag == DW_TAG_inlined_subroutine &&
		    cb(&c, arg) != DWARF_CB_OK)
			return DWARF_CB_ABORT;
		if (holds_code(tag) &&
		    inline_walk(&c, cb, arg, depth + 1) != DWARF_CB_OK)
			return DWARF_CB_ABORT;
	} while (dwarf_siblingof(&c, &c) == 0);
	return DWARF_CB_OK;
}

void dwobj_for_each_inline(Dwfl_Module *mod, int (*cb)(Dwarf_Die *, void *),
			   void *arg)
{
	Dwarf_Addr bias;
	Dwarf_Die *cu = NULL;

	while ((cu = dwfl_module_nextcu(mod, cu, &bias)))
		if (inline_walk(cu, cb, arg, 0) != DWARF_CB_OK)
			return;
}

const char *dwobj_name_match(Dwarf_Die *die, const char *pattern)
{
	Dwarf_Attribute attr;
	const char *name = dwarf_diename(die), *link;

	link = dwarf_formstring(
		dwarf_attr_integrate(die, DW_AT_linkage_name, &attr));
	if (!link)
		link = dwarf_formstring(dwarf_attr_integrate(
			die, DW_AT_MIPS_linkage_name, &attr));
	if (name && !fnmatch(pattern, name, 0))
		return name;
	return link && !fnmatch(pattern, link, 0) ? link : NULL;
}

int dwobj_inline_entry(Dwarf_Die *inl, Dwarf_Addr *addr)
{
	Dwarf_Addr base, start, end, low = (Dwarf_Addr)-1;
	Dwarf_Attribute attr;
	Dwarf_Word off;
	ptrdiff_t o = 0;

	while ((o = dwarf_ranges(inl, o, &base, &start, &end)) > 0)
		if (start < low)
			low = start;
	if (dwarf_attr(inl, DW_AT_entry_pc, &attr)) {
		if (!dwarf_formaddr(&attr, addr))
			return 0;
		/* DWARF 5: a constant is an offset from the copy's base. */
		if (!dwarf_formudata(&attr, &off) && low != (Dwarf_Addr)-1) {
			if (dwarf_lowpc(inl, addr))
				*addr = low;
			*addr += off;
			return 0;
		}
	}
	if (!dwarf_lowpc(inl, addr))
		return 0;
	if (low == (Dwarf_Addr)-1)
		return -1;
	*addr = low;
	return 0;
}

bool dwobj_in_ranges(Dwarf_Die *die, Dwarf_Addr addr)
{
	Dwarf_Addr base, start, end;
	ptrdiff_t off = 0;

	while ((off = dwarf_ranges(die, off, &base, &start, &end)) > 0)
		if (addr >= start && addr < end)
			return true;
	return false;
}

bool dwobj_same_file(const char *a, const char *b, const char *dir)
{
	size_t n;

	if (!strcmp(a, b))
		return true;
	if (!dir || (a[0] == '/') == (b[0] == '/'))
		return false;
	if (a[0] == '/') {
		const char *t = a;

		a = b;
		b = t;
	}
	/* a relative, b absolute: b is dir/a */
	n = strlen(dir);
	return !strncmp(b, dir, n) && b[n] == '/' && !strcmp(b + n + 1, a);
}

/*
 * The file that declares die.  DWARF 5 numbers a CU's primary source
 * file 0 (clang uses it for everything), which the libdw of Debian 12
 * does not resolve: that file is the CU's own name.
 */
static const char *decl_file_of(Dwarf_Die *die, Dwarf_Die *cu)
{
	const char *f = dwarf_decl_file(die);
	Dwarf_Attribute attr;
	Dwarf_Word idx;

	if (!f &&
	    !dwarf_formudata(dwarf_attr_integrate(die, DW_AT_decl_file, &attr),
			     &idx) &&
	    idx == 0)
		f = dwarf_diename(cu);
	return f;
}

int dwobj_func_init(struct dwobj_func *f, Dwarf_Die *die)
{
	Dwarf_Attribute attr;

	f->die = die;
	if (dwarf_hasattr(die, DW_AT_declaration) ||
	    !dwarf_diecu(die, &f->cu, NULL, NULL) ||
	    !(f->file = decl_file_of(die, &f->cu)) ||
	    dwarf_decl_line(die, &f->decl_line) || f->decl_line <= 0 ||
	    dwarf_getsrclines(&f->cu, &f->lines, &f->n))
		return -1;
	f->comp_dir =
		dwarf_formstring(dwarf_attr(&f->cu, DW_AT_comp_dir, &attr));
	return 0;
}

bool dwobj_func_row(const struct dwobj_func *f, size_t i, Dwarf_Addr *addr,
		    int *line)
{
	Dwarf_Line *l = dwarf_onesrcline(f->lines, i);
	const char *lf = dwarf_linesrc(l, NULL, NULL);

	return !dwarf_lineaddr(l, addr) && !dwarf_lineno(l, line) && lf &&
	       dwobj_same_file(lf, f->file, f->comp_dir) &&
	       dwobj_in_ranges(f->die, *addr);
}
