/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A frame's name from its file and file offset alone, for stacks the
 * kernel walked (the process may be gone when its maps are printed):
 * the file reported to its own Dwfl, offline, so that the symbol
 * tables and separate debug files are libdw's, as for a live process.
 */
#include "config.h"

#include <elfutils/libdwfl.h>
#include <gelf.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unwind/demangle.h"
#include "unwind/unwind.h"

static char *debuginfo_path;

static const Dwfl_Callbacks file_callbacks = {
	.find_elf = dwfl_build_id_find_elf,
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.section_address = dwfl_offline_section_address,
	.debuginfo_path = &debuginfo_path,
};

/* The files named last: a stack's frames come from a few. */
#define FILES 8

static struct file_dwfl {
	char *path;
	Dwfl *dwfl;
	Dwfl_Module *mod;
} files[FILES];
static unsigned int next_victim;

static struct file_dwfl *file_of(const char *path)
{
	struct file_dwfl *f;

	for (unsigned int i = 0; i < FILES; i++)
		if (files[i].path && !strcmp(files[i].path, path))
			return files[i].mod ? &files[i] : NULL;
	f = &files[next_victim++ % FILES];
	if (f->dwfl)
		dwfl_end(f->dwfl);
	free(f->path);
	*f = (struct file_dwfl){ .path = strdup(path) };
	if (!f->path)
		return NULL;
	f->dwfl = dwfl_begin(&file_callbacks);
	if (!f->dwfl)
		return NULL;
	dwfl_report_begin(f->dwfl);
	f->mod = dwfl_report_elf(f->dwfl, path, path, -1, 0, false);
	dwfl_report_end(f->dwfl, NULL, NULL);
	return f->mod ? f : NULL;
}

/* The module address of file offset off, by the PT_LOAD holding it. */
static bool address_of(Dwfl_Module *mod, uint64_t off, uint64_t *addr)
{
	GElf_Addr bias;
	Elf *e = dwfl_module_getelf(mod, &bias);
	size_t nph;

	if (!e || elf_getphdrnum(e, &nph) != 0)
		return false;
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;

		if (!gelf_getphdr(e, (int)i, &ph) || ph.p_type != PT_LOAD)
			continue;
		if (off >= ph.p_offset && off - ph.p_offset < ph.p_filesz) {
			*addr = off - ph.p_offset + ph.p_vaddr + bias;
			return true;
		}
	}
	return false;
}

int unwind_file_text(const char *path, uint64_t off, bool caller, char *buf,
		     size_t size)
{
	struct file_dwfl *f = path ? file_of(path) : NULL;
	GElf_Off symoff = 0;
	const char *name;
	char *plain, *demangled;
	uint64_t addr;
	GElf_Sym es;

	if (!f || !address_of(f->mod, caller ? off - 1 : off, &addr))
		return -1;
	name = dwfl_module_addrinfo(f->mod, addr, &symoff, &es, NULL, NULL,
				    NULL);
	if (!name || !*name)
		return -1;
	plain = strndup(name, strcspn(name, "@"));
	if (!plain)
		return -1;
	demangled = lc_demangle(plain);
	snprintf(buf, size, "%s+%" PRIu64, demangled ? demangled : plain,
		 (uint64_t)symoff + (caller ? 1 : 0));
	free(demangled);
	free(plain);
	return 0;
}

void unwind_file_text_free(void)
{
	for (unsigned int i = 0; i < FILES; i++) {
		if (files[i].dwfl)
			dwfl_end(files[i].dwfl);
		free(files[i].path);
		files[i] = (struct file_dwfl){ 0 };
	}
}
