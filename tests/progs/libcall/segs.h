/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * For the attach targets of the libcall tests: a copy of every executable
 * segment of every loaded object (dl_iterate_phdr), taken before the
 * tracer comes, and a check that each holds the same bytes again after it
 * left (no int3, no jump to a stub left behind).
 */
#ifndef SEGS_H
#define SEGS_H

#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct seg {
	char name[256];
	const unsigned char *addr;
	size_t len;
	unsigned char *copy;
};

static struct seg segs[64];
static int nsegs;

static int segs_snap_one(struct dl_phdr_info *info, size_t size, void *data)
{
	int i;

	(void)size;
	(void)data;
	for (i = 0; i < info->dlpi_phnum && nsegs < 64; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		struct seg *s;

		if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X))
			continue;
		s = &segs[nsegs++];
		snprintf(s->name, sizeof(s->name), "%s",
			 info->dlpi_name[0] ? info->dlpi_name : "(main)");
		s->addr =
			(const unsigned char *)(info->dlpi_addr + ph->p_vaddr);
		s->len = ph->p_filesz;
		s->copy = malloc(s->len);
		if (!s->copy)
			exit(2);
		memcpy(s->copy, s->addr, s->len);
	}
	return 0;
}

static void segs_snap(void)
{
	dl_iterate_phdr(segs_snap_one, NULL);
}

/* 1 when every segment is as it was; else says where, and 0. */
static int check_segs(void)
{
	int i, ok = 1;
	size_t j;

	for (i = 0; i < nsegs; i++) {
		for (j = 0; j < segs[i].len; j++)
			if (segs[i].addr[j] != segs[i].copy[j])
				break;
		if (j < segs[i].len) {
			printf("%s: byte at %p is 0x%02x, was 0x%02x\n",
			       segs[i].name, (void *)(segs[i].addr + j),
			       segs[i].addr[j], segs[i].copy[j]);
			ok = 0;
		}
	}
	return ok;
}

#endif
