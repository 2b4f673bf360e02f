/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Where a probe spec lands in one ELF object (resolve.h). */
#include "config.h"

#include <dwarf.h>
#include <errno.h>
#include <fnmatch.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>

#include "probe/dwobj.h"
#include "probe/resolve.h"
#include "probe/spec.h"
#include "probe/usdt.h"

/*
 * libdwfl gives a symbol's address plus the module's bias, and DWARF's
 * plus the CU's: both minus the ELF file's bias are the file's own.
 */
struct resolver {
	const struct probe_spec *spec;
	Dwfl_Module *mod;
	GElf_Addr bias; /* the main ELF file's, in the Dwfl */
	struct probe_sites *out;
	unsigned int cap;
	int rc;
	struct func *funcs; /* FUNC: the matching ones, each start once */
	size_t nfuncs, capfuncs;
};

struct func {
	uint64_t start;
	uint64_t size; /* 0: unknown */
	uint64_t entry; /* after the prologue; 0: unknown */
	const char *name; /* libdw's, until dwfl_end() */
};

static struct probe_site *site_add(struct resolver *r, uint64_t addr)
{
	struct probe_site *s;

	if (r->out->n == r->cap) {
		unsigned int cap = r->cap ? 2 * r->cap : 16;

		s = realloc(r->out->v, cap * sizeof(*s));
		if (!s) {
			r->rc = -ENOMEM;
			return NULL;
		}
		r->out->v = s;
		r->cap = cap;
	}
	s = &r->out->v[r->out->n++];
	memset(s, 0, sizeof(*s));
	s->addr = addr;
	return s;
}

/* Sets *field to a copy of str (NULL stays NULL). */
static void set_str(struct resolver *r, char **field, const char *str)
{
	if (str && !(*field = strdup(str)))
		r->rc = -ENOMEM;
}

/* --- FUNC, FUNC+OFF, FUNC%return --- */

static struct func *func_at(struct resolver *r, uint64_t start)
{
	for (size_t i = 0; i < r->nfuncs; i++)
		if (r->funcs[i].start == start)
			return &r->funcs[i];
	return NULL;
}

static struct func *func_add(struct resolver *r, uint64_t start, uint64_t size,
			     const char *name)
{
	struct func *f = func_at(r, start);

	if (f)
		return f;
	if (r->nfuncs == r->capfuncs) {
		size_t cap = r->capfuncs ? 2 * r->capfuncs : 16;

		f = realloc(r->funcs, cap * sizeof(*f));
		if (!f) {
			r->rc = -ENOMEM;
			return NULL;
		}
		r->funcs = f;
		r->capfuncs = cap;
	}
	f = &r->funcs[r->nfuncs++];
	*f = (struct func){ start, size, 0, name };
	return f;
}

/* A subprogram with code: its start, size and entry after its prologue. */
static int func_die_cb(Dwarf_Die *die, void *arg)
{
	struct resolver *r = arg;
	const char *name = dwarf_diename(die);
	Dwarf_Addr low, high, *bps, dwbias = 0;
	struct func *f;
	int n;

	if (!name || fnmatch(r->spec->func, name, 0) ||
	    dwarf_hasattr(die, DW_AT_declaration) || dwarf_lowpc(die, &low))
		return DWARF_CB_OK;
	/* CU and module biases are one for an object read offline. */
	dwfl_module_getdwarf(r->mod, &dwbias);
	f = func_add(r, low + dwbias - r->bias,
		     dwarf_highpc(die, &high) ? 0 : high - low, name);
	if (!f)
		return DWARF_CB_ABORT;
	n = dwarf_entry_breakpoints(die, &bps);
	if (n > 0)
		f->entry = bps[0] + dwbias - r->bias;
	if (n > 0)
		free(bps);
	return DWARF_CB_OK;
}

/* An inlined copy of a matching function: a site at its entry. */
static int inline_cb(Dwarf_Die *inl, void *arg)
{
	struct resolver *r = arg;
	const char *name = dwobj_name_match(inl, r->spec->func);
	Dwarf_Addr entry, dwbias = 0;
	struct probe_site *s;

	if (!name || dwobj_inline_entry(inl, &entry))
		return DWARF_CB_OK;
	dwfl_module_getdwarf(r->mod, &dwbias);
	s = site_add(r, entry + dwbias - r->bias);
	if (!s)
		return DWARF_CB_ABORT;
	s->inlined = true;
	return DWARF_CB_OK;
}

static void resolve_func(struct resolver *r)
{
	const struct probe_spec *spec = r->spec;
	int n = dwfl_module_getsymtab(r->mod);

	/* .symtab, else .dynsym: aliases share a start, kept once. */
	for (int i = 1; i < n && !r->rc; i++) {
		GElf_Sym sym;
		GElf_Addr addr;
		const char *name = dwfl_module_getsym_info(
			r->mod, i, &sym, &addr, NULL, NULL, NULL);
		int type = GELF_ST_TYPE(sym.st_info);

		if (name && *name && sym.st_shndx != SHN_UNDEF &&
		    (type == STT_FUNC || type == STT_GNU_IFUNC) &&
		    !fnmatch(spec->func, name, 0))
			func_add(r, addr - r->bias, sym.st_size, name);
	}
	if (!r->rc && !spec->ret && !spec->has_offset)
		dwobj_for_each_cu(r->mod, func_die_cb, r);
	for (size_t i = 0; i < r->nfuncs && !r->rc; i++) {
		const struct func *f = &r->funcs[i];
		uint64_t addr = f->start;
		struct probe_site *s;

		/*
		 * Without a size, only +0 is known to be an instruction's
		 * first byte: a breakpoint inside one would corrupt it.
		 */
		if (spec->has_offset) {
			if (f->size ? spec->offset >= f->size : spec->offset)
				continue;
			addr += spec->offset;
		} else if (!spec->ret && f->entry) {
			addr = f->entry;
		}
		s = site_add(r, addr);
		if (!s)
			return;
		set_str(r, &s->func, f->name);
		s->func_addr = f->start;
	}
	/* An inlined copy has no first byte of its own nor a return. */
	if (!r->rc && !spec->ret && !spec->has_offset)
		dwobj_for_each_inline(r->mod, inline_cb, r);
}

/* --- FILE:LINE, FUNC:RELLINE --- */

/* path names file: the same, or file is its tail at a '/'. */
static bool tail_matches(const char *path, const char *file)
{
	size_t lp = strlen(path), lf = strlen(file);

	if (lp < lf || strcmp(path + lp - lf, file))
		return false;
	return lp == lf || path[lp - lf - 1] == '/' || file[0] == '/';
}

/*
 * A line table's path names file: as it is, or, relative (gcc's DWARF 5
 * writes it so), joined to the CU's directory ("/src/x/parser.c").
 */
static bool file_matches(const char *path, const char *file,
			 const char *comp_dir)
{
	char *joined;
	bool yes;

	if (tail_matches(path, file))
		return true;
	if (path[0] == '/' || !comp_dir ||
	    asprintf(&joined, "%s/%s", comp_dir, path) < 0)
		return false;
	yes = tail_matches(joined, file);
	free(joined);
	return yes;
}

/*
 * The sites of line in a CU's line table: is_stmt rows that begin a run
 * of the line (the row before has another line or file), so that each
 * inlined copy and each split block gives one.  f (FUNC:RELLINE): only
 * f's own rows; else rows of a file that file_matches spec->file
 * (comp_dir: the CU's).
 */
static void line_rows(struct resolver *r, Dwarf_Lines *lines, size_t n,
		      Dwarf_Addr dwbias, long line, const struct dwobj_func *f,
		      const char *comp_dir)
{
	const char *prev_file = NULL;
	int prev_line = -1;

	for (size_t i = 0; i < n && !r->rc; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i);
		const char *lf = dwarf_linesrc(l, NULL, NULL);
		bool end = false, stmt = false, starts;
		struct probe_site *s;
		Dwarf_Addr a;
		int no;

		if (!lf || dwarf_lineaddr(l, &a) || dwarf_lineno(l, &no))
			continue;
		dwarf_lineendsequence(l, &end);
		dwarf_linebeginstatement(l, &stmt);
		starts = !prev_file || prev_line != no || strcmp(prev_file, lf);
		prev_file = end ? NULL : lf;
		prev_line = no;
		if (end || !stmt || no != line || !starts)
			continue;
		if (f ? !dwobj_func_row(f, i, &a, &no) :
			!file_matches(lf, r->spec->file, comp_dir))
			continue;
		s = site_add(r, a + dwbias - r->bias);
		if (!s)
			return;
		/* Not the address's last row: that may be an inlined line. */
		set_str(r, &s->file, lf);
		s->line = no;
	}
}

static void resolve_line(struct resolver *r)
{
	Dwarf_Addr dwbias;
	Dwarf_Die *cu = NULL;

	while ((cu = dwfl_module_nextcu(r->mod, cu, &dwbias)) && !r->rc) {
		Dwarf_Lines *lines;
		size_t n;

		Dwarf_Attribute attr;

		if (!dwarf_getsrclines(cu, &lines, &n))
			line_rows(r, lines, n, dwbias, r->spec->line, NULL,
				  dwarf_formstring(dwarf_attr(
					  cu, DW_AT_comp_dir, &attr)));
	}
}

static int relline_cb(Dwarf_Die *die, void *arg)
{
	struct resolver *r = arg;
	const char *name = dwarf_diename(die);
	struct dwobj_func f;
	Dwarf_Addr dwbias = 0;

	if (!name || fnmatch(r->spec->func, name, 0) ||
	    dwobj_func_init(&f, die))
		return DWARF_CB_OK;
	dwfl_module_getdwarf(r->mod, &dwbias);
	/* Numbered from the declaration's line, as --list-probes FUNC: is. */
	line_rows(r, f.lines, f.n, dwbias, f.decl_line + r->spec->line, &f,
		  f.comp_dir);
	return r->rc ? DWARF_CB_ABORT : DWARF_CB_OK;
}

/* --- *ADDR, sdt: --- */

/* addr lies in an executable PT_LOAD of the file. */
static bool addr_is_code(Elf *elf, uint64_t addr)
{
	size_t n;

	if (!elf || elf_getphdrnum(elf, &n))
		return false;
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr ph;

		if (gelf_getphdr(elf, i, &ph) && ph.p_type == PT_LOAD &&
		    (ph.p_flags & PF_X) && addr >= ph.p_vaddr &&
		    addr - ph.p_vaddr < ph.p_filesz)
			return true;
	}
	return false;
}

static int resolve_sdt(struct resolver *r, const char *path)
{
	struct usdt_note *notes;
	ssize_t n = usdt_read_file(path, &notes);

	if (n < 0)
		return n;
	for (ssize_t i = 0; i < n && !r->rc; i++) {
		struct probe_site *s;

		if (fnmatch(r->spec->provider, notes[i].provider, 0) ||
		    fnmatch(r->spec->name, notes[i].name, 0))
			continue;
		s = site_add(r, notes[i].pc);
		if (!s)
			break;
		s->semaphore = notes[i].semaphore;
		set_str(r, &s->sdt_args, notes[i].args);
	}
	usdt_free(notes, n);
	return 0;
}

/* --- what every site gets: its function, file and line --- */

static void describe(struct resolver *r, struct probe_site *s)
{
	Dwfl_Line *line;
	GElf_Off off;
	GElf_Sym sym;
	const char *name;
	int no;

	if (!s->func) {
		name = dwfl_module_addrinfo(r->mod, s->addr + r->bias, &off,
					    &sym, NULL, NULL, NULL);
		if (name && *name &&
		    (GELF_ST_TYPE(sym.st_info) == STT_FUNC ||
		     GELF_ST_TYPE(sym.st_info) == STT_GNU_IFUNC)) {
			set_str(r, &s->func, name);
			s->func_addr = s->addr - off;
		}
	}
	s->at_entry = s->func && s->addr == s->func_addr && !s->inlined;
	if (!s->file &&
	    (line = dwfl_module_getsrc(r->mod, s->addr + r->bias)) &&
	    (name = dwfl_lineinfo(line, NULL, &no, NULL, NULL, NULL))) {
		set_str(r, &s->file, name);
		s->line = no > 0 ? no : 0;
	}
}

static void site_release(struct probe_site *s)
{
	free(s->func);
	free(s->file);
	free(s->sdt_args);
}

static int cmp_site(const void *a, const void *b)
{
	const struct probe_site *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* Sorted by address, each once. */
static void sort_sites(struct probe_sites *out)
{
	unsigned int k = 0;

	if (!out->n)
		return;
	qsort(out->v, out->n, sizeof(*out->v), cmp_site);
	for (unsigned int i = 0; i < out->n; i++) {
		if (k && out->v[k - 1].addr == out->v[i].addr)
			site_release(&out->v[i]);
		else
			out->v[k++] = out->v[i];
	}
	out->n = k;
}

int probe_resolve(const struct probe_spec *spec, const char *path,
		  struct probe_sites *out)
{
	struct resolver r = { .spec = spec, .out = out };
	Dwfl *dwfl;
	Elf *elf;

	out->v = NULL;
	out->n = 0;
	dwfl = dwobj_open(path, &r.mod);
	if (!dwfl)
		return spec->kind == PROBE_SDT ? resolve_sdt(&r, path) :
						 -ENOEXEC;
	elf = dwfl_module_getelf(r.mod, &r.bias);
	switch (spec->kind) {
	case PROBE_FUNC:
		resolve_func(&r);
		break;
	case PROBE_RELLINE:
		dwobj_for_each_cu(r.mod, relline_cb, &r);
		break;
	case PROBE_LINE:
		resolve_line(&r);
		break;
	case PROBE_ADDR:
		if (addr_is_code(elf, spec->offset))
			site_add(&r, spec->offset);
		break;
	case PROBE_SDT:
		r.rc = resolve_sdt(&r, path);
		break;
	}
	for (unsigned int i = 0; i < out->n && !r.rc; i++)
		describe(&r, &out->v[i]);
	free(r.funcs);
	dwfl_end(dwfl);
	if (r.rc) {
		probe_sites_free(out);
		return r.rc;
	}
	sort_sites(out);
	return 0;
}

void probe_sites_free(struct probe_sites *s)
{
	for (unsigned int i = 0; i < s->n; i++)
		site_release(&s->v[i]);
	free(s->v);
	s->v = NULL;
	s->n = 0;
}

/* name's file-relative address in mod's symbol table; 0: none. */
static uint64_t sym_lookup(Dwfl_Module *mod, GElf_Addr bias, const char *name)
{
	int n = dwfl_module_getsymtab(mod);

	for (int i = 1; i < n; i++) {
		GElf_Sym sym;
		GElf_Addr addr;
		const char *s = dwfl_module_getsym_info(mod, i, &sym, &addr,
							NULL, NULL, NULL);

		if (s && sym.st_shndx != SHN_UNDEF && !strcmp(s, name))
			return addr - bias;
	}
	return 0;
}

/*
 * The GOT's address as i386 code has it in a register: the symbol, or
 * where it points when the symbol table is stripped, .got.plt's start.
 */
static uint64_t got_lookup(Dwfl_Module *mod, Elf *elf, GElf_Addr bias)
{
	uint64_t got = sym_lookup(mod, bias, "_GLOBAL_OFFSET_TABLE_");

	return got || !elf ? got : usdt_section_addr(elf, ".got.plt");
}

int probe_resolve_syms(const char *path, struct usdt_arg *args, unsigned int n)
{
	Dwfl_Module *mod;
	Dwfl *dwfl = dwobj_open(path, &mod);
	GElf_Addr bias;
	Elf *elf;
	int left = 0;

	if (!dwfl)
		return -ENOEXEC;
	elf = dwfl_module_getelf(mod, &bias);
	for (unsigned int i = 0; i < n; i++) {
		if (!args[i].sym)
			continue;
		args[i].sym_addr = sym_lookup(mod, bias, args[i].sym);
		if (args[i].gotoff)
			args[i].got_addr = got_lookup(mod, elf, bias);
		left += !args[i].sym_addr ||
			(args[i].gotoff && !args[i].got_addr);
	}
	dwfl_end(dwfl);
	return left;
}
