/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Symbols and source lines with libdw.  One Dwfl per process, reported
 * from /proc/PID/maps once and again only after its executable mappings
 * changed: libdwfl keeps the modules that are reported again unchanged,
 * so a symbol table or a line table is read once per object, not once
 * per frame.  Separate debug files are found by build-id (and
 * .gnu_debuglink) under /usr/lib/debug by libdwfl's standard callback,
 * which is where a stripped library's full .symtab comes from.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "log.h"
#include "unwind/internal.h"

static char *debuginfo_path;

static const Dwfl_Callbacks proc_callbacks = {
	.find_elf = dwfl_linux_proc_find_elf,
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.debuginfo_path = &debuginfo_path,
};

int uw_dwfl_refresh(struct uw_proc *p)
{
	int rc;

	if (p->dwfl && !p->dwfl_stale)
		return 0;
	if (!p->dwfl) {
		p->dwfl = dwfl_begin(&proc_callbacks);
		if (!p->dwfl) {
			debug("unwind: pid %d: dwfl_begin: %s", p->tgid,
			      dwfl_errmsg(-1));
			return -ENOMEM;
		}
	}
	dwfl_report_begin(p->dwfl);
	rc = dwfl_linux_proc_report(p->dwfl, p->tgid);
	if (dwfl_report_end(p->dwfl, NULL, NULL) != 0 || rc != 0) {
		debug("unwind: pid %d: cannot read its modules: %s", p->tgid,
		      rc > 0 ? strerror(rc) : dwfl_errmsg(-1));
		/* Whatever was reported still serves. */
	}
	p->dwfl_stale = false;
	return 0;
}

void uw_dwfl_release(struct uw_proc *p)
{
	if (p->dwfl)
		dwfl_end(p->dwfl);
	p->dwfl = NULL;
	p->dwfl_attached = false;
}

void uw_sym_lookup(struct uw_proc *p, uint64_t addr, bool want_line,
		   struct uw_sym *sym)
{
	Dwfl_Module *mod;
	GElf_Sym es;
	GElf_Off off = 0;

	memset(sym, 0, sizeof(*sym));
	if (uw_dwfl_refresh(p) < 0)
		return;
	mod = dwfl_addrmodule(p->dwfl, addr);
	if (!mod)
		return;
	sym->name = dwfl_module_addrinfo(mod, addr, &off, &es, NULL, NULL,
					 NULL);
	if (sym->name && !*sym->name)
		sym->name = NULL;
	sym->name_len = sym->name ? strcspn(sym->name, "@") : 0;
	sym->offset = off;
	if (want_line) {
		Dwfl_Line *line = dwfl_module_getsrc(mod, addr);

		if (line)
			sym->file = dwfl_lineinfo(line, NULL, &sym->line, NULL,
						  NULL, NULL);
	}
}
