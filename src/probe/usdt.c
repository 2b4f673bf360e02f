/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* USDT notes (usdt.h). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "probe/usdt.h"

/* <sys/sdt.h>'s note type for a probe with a semaphore field. */
#define STAPSDT_NOTE_TYPE 3

static uint64_t get_addr(const unsigned char *p, unsigned int size, int big)
{
	uint64_t v = 0;

	for (unsigned int i = 0; i < size; i++)
		v |= (uint64_t)p[big ? size - 1 - i : i] << (8 * i);
	return v;
}

int usdt_parse_desc(const void *desc, size_t len, unsigned int addr_size,
		    int big_endian, uint64_t base_addr, struct usdt_note *note)
{
	const unsigned char *p = desc;
	const char *s[3];
	size_t off = 3 * addr_size;
	uint64_t base;

	memset(note, 0, sizeof(*note));
	if ((addr_size != 4 && addr_size != 8) || len < off)
		return -EINVAL;
	for (int i = 0; i < 3; i++) {
		const char *nul = memchr(p + off, '\0', len - off);

		if (off >= len || !nul)
			return -EINVAL;
		s[i] = (const char *)p + off;
		off = nul - (const char *)p + 1;
	}
	if (!*s[0] || !*s[1])
		return -EINVAL;
	note->pc = get_addr(p, addr_size, big_endian);
	base = get_addr(p + addr_size, addr_size, big_endian);
	note->semaphore = get_addr(p + 2 * addr_size, addr_size, big_endian);
	/*
	 * prelink moves sections but not the notes: a note's base is where
	 * .stapsdt.base was at link time, so the distance is the move.
	 */
	if (base && base_addr)
		note->pc += base_addr - base;
	note->provider = strdup(s[0]);
	note->name = strdup(s[1]);
	note->args = strdup(s[2]);
	if (!note->provider || !note->name || !note->args) {
		free(note->provider);
		free(note->name);
		free(note->args);
		memset(note, 0, sizeof(*note));
		return -ENOMEM;
	}
	return 0;
}

static uint64_t base_section(Elf *elf, size_t shstrndx)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *name;

		if (gelf_getshdr(scn, &sh) &&
		    (name = elf_strptr(elf, shstrndx, sh.sh_name)) &&
		    !strcmp(name, ".stapsdt.base"))
			return sh.sh_addr;
	}
	return 0;
}

static ssize_t read_notes(Elf *elf, struct usdt_note **notes)
{
	GElf_Ehdr eh;
	size_t shstrndx, cap = 0;
	ssize_t n = 0;
	uint64_t base;
	Elf_Scn *scn = NULL;

	if (!gelf_getehdr(elf, &eh) || elf_getshdrstrndx(elf, &shstrndx))
		return -ENOEXEC;
	base = base_section(elf, shstrndx);
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		GElf_Nhdr nh;
		Elf_Data *data;
		const char *name;
		size_t off = 0, name_off, desc_off;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE ||
		    !(name = elf_strptr(elf, shstrndx, sh.sh_name)) ||
		    strcmp(name, ".note.stapsdt") ||
		    !(data = elf_getdata(scn, NULL)))
			continue;
		while ((off = gelf_getnote(data, off, &nh, &name_off,
					   &desc_off)) > 0) {
			struct usdt_note note;

			if (nh.n_type != STAPSDT_NOTE_TYPE ||
			    nh.n_namesz != 8 ||
			    memcmp((char *)data->d_buf + name_off, "stapsdt",
				   8))
				continue;
			if (usdt_parse_desc(
				    (char *)data->d_buf + desc_off, nh.n_descsz,
				    gelf_getclass(elf) == ELFCLASS64 ? 8 : 4,
				    eh.e_ident[EI_DATA] == ELFDATA2MSB, base,
				    &note))
				continue;
			if ((size_t)n == cap) {
				struct usdt_note *v;

				cap = cap ? 2 * cap : 16;
				v = realloc(*notes, cap * sizeof(*v));
				if (!v) {
					free(note.provider);
					free(note.name);
					free(note.args);
					usdt_free(*notes, n);
					*notes = NULL;
					return -ENOMEM;
				}
				*notes = v;
			}
			(*notes)[n++] = note;
		}
	}
	return n;
}

ssize_t usdt_read_file(const char *path, struct usdt_note **notes)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;
	Elf *elf;

	*notes = NULL;
	if (fd < 0)
		return -errno;
	elf_version(EV_CURRENT);
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	n = elf && elf_kind(elf) == ELF_K_ELF ? read_notes(elf, notes) :
						-ENOEXEC;
	elf_end(elf);
	close(fd);
	return n;
}

void usdt_free(struct usdt_note *notes, ssize_t n)
{
	for (ssize_t i = 0; i < n; i++) {
		free(notes[i].provider);
		free(notes[i].name);
		free(notes[i].args);
	}
	free(notes);
}
