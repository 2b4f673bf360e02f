/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* --list-probes (list.h). */
#include "config.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <gelf.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "log.h"
#include "probe/dwobj.h"
#include "probe/dwval.h"
#include "probe/list.h"
#include "probe/objects.h"
#include "probe/resolve.h"
#include "probe/spec.h"
#include "probe/usdt.h"

struct names {
	char **v;
	size_t n, cap;
};

static int names_add(struct names *ns, const char *func, const char *obj)
{
	if (ns->n == ns->cap) {
		size_t cap = ns->cap ? 2 * ns->cap : 256;
		char **v = realloc(ns->v, cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		ns->v = v;
		ns->cap = cap;
	}
	if (asprintf(&ns->v[ns->n], "%s@%s", func, obj) < 0)
		return -ENOMEM;
	ns->n++;
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * A subprogram with code of its own.  An inline one is listed by its
 * copies (inline_cb), so that a name listed is a name with sites.
 */
static bool die_is_function(Dwarf_Die *die)
{
	Dwarf_Addr pc;

	if (dwarf_hasattr(die, DW_AT_declaration))
		return false;
	return dwarf_entrypc(die, &pc) == 0;
}

struct func_walk {
	const struct probe_spec *spec;
	const char *obj;
	struct names *names;
	int rc;
};

static int dwarf_func_cb(Dwarf_Die *die, void *arg)
{
	struct func_walk *w = arg;
	const char *name = dwarf_diename(die);

	if (name && die_is_function(die) &&
	    fnmatch(w->spec->func, name, 0) == 0 &&
	    (w->rc = names_add(w->names, name, w->obj)))
		return DWARF_CB_ABORT;
	return DWARF_CB_OK;
}

/* An inlined copy, under the name that matched (resolve.c's test). */
static int inline_cb(Dwarf_Die *inl, void *arg)
{
	struct func_walk *w = arg;
	const char *name = dwobj_name_match(inl, w->spec->func);
	Dwarf_Addr entry;

	if (name && !dwobj_inline_entry(inl, &entry) &&
	    (w->rc = names_add(w->names, name, w->obj)))
		return DWARF_CB_ABORT;
	return DWARF_CB_OK;
}

static int list_funcs(Dwfl_Module *mod, const char *obj,
		      const struct probe_spec *spec, struct names *names)
{
	int n = dwfl_module_getsymtab(mod);
	struct func_walk w = { spec, obj, names, 0 };

	/* .symtab, else .dynsym: libdwfl picks, also from /usr/lib/debug. */
	for (int i = 1; i < n; i++) {
		GElf_Sym sym;
		GElf_Addr addr;
		const char *name = dwfl_module_getsym_info(mod, i, &sym, &addr,
							   NULL, NULL, NULL);
		int type = GELF_ST_TYPE(sym.st_info);

		if (!name || !*name || sym.st_shndx == SHN_UNDEF ||
		    (type != STT_FUNC && type != STT_GNU_IFUNC))
			continue;
		if (fnmatch(spec->func, name, 0) == 0 &&
		    names_add(names, name, obj))
			return -ENOMEM;
	}
	dwobj_for_each_cu(mod, dwarf_func_cb, &w);
	if (!w.rc)
		dwobj_for_each_inline(mod, inline_cb, &w);
	return w.rc;
}

/* --- a function's source lines (perf probe -L) --- */

struct lines_walk {
	const struct probe_spec *spec;
	const char *obj;
	FILE *out;
	int found;
};

static void print_source(FILE *out, const char *file, int first, int last,
			 const unsigned char *code)
{
	FILE *src = fopen(file, "re");
	char buf[4096];
	int no = 0;

	while (src && fgets(buf, sizeof(buf), src)) {
		size_t len = strlen(buf);
		bool whole = len && buf[len - 1] == '\n';

		/* A line longer than buf is one line still. */
		if (!whole && !feof(src)) {
			int c;

			while ((c = fgetc(src)) != EOF && c != '\n')
				;
		}
		buf[strcspn(buf, "\n")] = '\0';
		if (++no < first)
			continue;
		if (no > last)
			break;
		if (code[no - first])
			fprintf(out, "%7d  %s\n", no - first, buf);
		else
			fprintf(out, "         %s\n", buf);
	}
	if (src) {
		fclose(src);
		return;
	}
	/* No source here: the code lines' numbers still tell where to probe. */
	for (int i = first; i <= last; i++)
		if (code[i - first])
			fprintf(out, "%7d\n", i - first);
}

static int lines_cb(Dwarf_Die *die, void *arg)
{
	struct lines_walk *w = arg;
	const char *name = dwarf_diename(die), *shown;
	char *joined = NULL;
	struct dwobj_func f;
	Dwarf_Addr a;
	int first, last = 0, no;
	unsigned char *code;

	if (!name || fnmatch(w->spec->func, name, 0) ||
	    dwobj_func_init(&f, die))
		return DWARF_CB_OK;
	first = f.decl_line;
	/* The body ends at its last line with code in its own file. */
	for (size_t i = 0; i < f.n; i++)
		if (dwobj_func_row(&f, i, &a, &no) && no > last)
			last = no;
	if (last < first)
		return DWARF_CB_OK;
	shown = f.file;
	code = calloc(last - first + 1, 1);
	if (!code)
		return DWARF_CB_ABORT;
	for (size_t i = 0; i < f.n; i++)
		if (dwobj_func_row(&f, i, &a, &no) && no >= first &&
		    no <= last)
			code[no - first] = 1;
	/* A relative name is relative to the CU's DW_AT_comp_dir. */
	if (f.file[0] != '/' && f.comp_dir &&
	    asprintf(&joined, "%s/%s", f.comp_dir, f.file) > 0)
		shown = joined;
	fprintf(w->out, "<%s@%s:%s:%d>\n", name, w->obj, shown, first);
	print_source(w->out, shown, first, last, code);
	free(joined);
	free(code);
	w->found++;
	return DWARF_CB_OK;
}

/* --- USDT points --- */

static void list_sdt(const char *path, const char *obj,
		     const struct probe_spec *spec, FILE *out)
{
	struct usdt_note *notes;
	ssize_t n = usdt_read_file(path, &notes);

	for (ssize_t i = 0; i < n; i++) {
		const struct usdt_note *u = &notes[i];

		if (fnmatch(spec->provider, u->provider, 0) ||
		    fnmatch(spec->name, u->name, 0))
			continue;
		fprintf(out, "sdt:%s:%s@%s pc=%#llx", u->provider, u->name, obj,
			(unsigned long long)u->pc);
		if (u->semaphore)
			fprintf(out, " semaphore=%#llx",
				(unsigned long long)u->semaphore);
		fprintf(out, " args=%s\n", u->args);
	}
	usdt_free(notes, n);
}

/* --- the sites of a spec (resolve.h) --- */

/* The spellings a breakpoint's address answers: not a name's list. */
static bool lists_sites(const struct probe_spec *spec)
{
	switch (spec->kind) {
	case PROBE_FUNC:
		return spec->ret || spec->has_offset;
	case PROBE_RELLINE:
		return spec->line >= 0;
	case PROBE_LINE:
	case PROBE_ADDR:
		return true;
	default:
		return false;
	}
}

/* "*0x1139@OBJ in FUNC+0x9 at FILE:LINE": the first word probes it. */
static void print_site(const struct probe_site *s, const char *obj, FILE *out)
{
	fprintf(out, "*%#llx@%s", (unsigned long long)s->addr, obj);
	if (s->func)
		fprintf(out, " in %s+%#llx", s->func,
			(unsigned long long)(s->addr - s->func_addr));
	if (s->file)
		fprintf(out, " at %s:%u", s->file, s->line);
	fputc('\n', out);
}

/* Each site; vars: with the variables visible there (dv_list_vars). */
static unsigned int list_sites(const char *path, const char *obj,
			       const struct probe_spec *spec, bool vars,
			       FILE *out)
{
	struct probe_sites sites;
	struct dv_obj *o = vars ? dv_open(path) : NULL;
	unsigned int n;

	if (probe_resolve(spec, path, &sites))
		return 0;
	for (unsigned int i = 0; i < sites.n; i++) {
		print_site(&sites.v[i], obj, out);
		if (vars)
			dv_list_vars(o, sites.v[i].addr, out);
	}
	n = sites.n;
	probe_sites_free(&sites);
	return n;
}

/* prog's objects, or pid's when prog is NULL; -1 after a message. */
static int objects_of(const char *prog, pid_t pid, struct probe_objects *objs)
{
	int rc = prog ? probe_objects_find(prog, objs) :
			probe_objects_of_pid(pid, objs);

	if (!rc)
		return 0;
	if (prog)
		fprintf(stderr, "%s: cannot read %s: %s\n", log_progname, prog,
			rc == -ENOEXEC ? "not an ELF file" : strerror(-rc));
	else
		fprintf(stderr, "%s: cannot read the objects of pid %d: %s\n",
			log_progname, (int)pid,
			rc == -ENOENT ? "no such process" : strerror(-rc));
	return -1;
}

int probe_list(const char *pattern, const char *prog, pid_t pid, FILE *out)
{
	struct probe_spec spec;
	struct probe_objects objs;
	struct names names = { 0 };
	const char *why;
	char pidname[32];
	int rc, lines_found = 0;

	if (probe_spec_parse(pattern, PROBE_SPEC_LISTING, &spec, &why)) {
		fprintf(stderr, "%s: invalid probe '%s': %s\n", log_progname,
			pattern, why);
		return -1;
	}
	if (objects_of(prog, pid, &objs)) {
		probe_spec_release(&spec);
		return -1;
	}
	rc = 0;
	if (!prog) {
		snprintf(pidname, sizeof(pidname), "pid %d", (int)pid);
		prog = pidname;
	}
	for (size_t i = 0; i < objs.n && !rc; i++) {
		const char *obj = dwobj_base_name(objs.paths[i]);
		Dwfl_Module *mod;
		Dwfl *dwfl;

		if (spec.obj && fnmatch(spec.obj, obj, 0))
			continue;
		if (spec.kind == PROBE_SDT) {
			list_sdt(objs.paths[i], obj, &spec, out);
			continue;
		}
		if (lists_sites(&spec)) {
			list_sites(objs.paths[i], obj, &spec, false, out);
			continue;
		}
		dwfl = dwobj_open(objs.paths[i], &mod);
		if (!dwfl)
			continue;
		if (spec.kind == PROBE_FUNC) {
			rc = list_funcs(mod, obj, &spec, &names);
		} else {
			struct lines_walk w = { &spec, obj, out, 0 };

			dwobj_for_each_cu(mod, lines_cb, &w);
			lines_found += w.found;
		}
		dwfl_end(dwfl);
	}
	/* qsort's array may not be NULL, even for no element. */
	if (names.n)
		qsort(names.v, names.n, sizeof(*names.v), cmp_str);
	for (size_t i = 0; i < names.n; i++) {
		if (!i || strcmp(names.v[i], names.v[i - 1]))
			fprintf(out, "%s\n", names.v[i]);
	}
	for (size_t i = 0; i < names.n; i++)
		free(names.v[i]);
	free(names.v);
	if (!rc && spec.kind == PROBE_RELLINE && spec.line < 0 && !lines_found) {
		fprintf(stderr,
			"%s: no source lines of '%s' in %s and its libraries\n",
			log_progname, spec.func, prog);
		rc = -1;
	}
	probe_objects_release(&objs);
	probe_spec_release(&spec);
	return rc ? -1 : 0;
}

int probe_list_vars(const char *spec_text, const char *prog, pid_t pid,
		    FILE *out)
{
	struct probe_spec spec;
	struct probe_objects objs;
	const char *why;
	char pidname[32];
	unsigned int found = 0;

	/* Not "FUNC:": a function's lines are no place. */
	if (probe_spec_parse(spec_text, 0, &spec, &why)) {
		fprintf(stderr, "%s: invalid probe '%s': %s\n", log_progname,
			spec_text, why);
		return -1;
	}
	if (objects_of(prog, pid, &objs)) {
		probe_spec_release(&spec);
		return -1;
	}
	if (!prog) {
		snprintf(pidname, sizeof(pidname), "pid %d", (int)pid);
		prog = pidname;
	}
	for (size_t i = 0; i < objs.n; i++) {
		const char *obj = dwobj_base_name(objs.paths[i]);

		if (!spec.obj || !fnmatch(spec.obj, obj, 0))
			found += list_sites(objs.paths[i], obj, &spec, true,
					    out);
	}
	if (!found)
		fprintf(stderr,
			"%s: probe '%s' matches nothing in %s or its libraries\n",
			log_progname, spec_text, prog);
	probe_objects_release(&objs);
	probe_spec_release(&spec);
	return found ? 0 : -1;
}
