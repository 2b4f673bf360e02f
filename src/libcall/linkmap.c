/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The dynamic linker's r_debug and link_map chain (see linkmap.h).
 */
#include "config.h"

#include <elf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "libcall/linkmap.h"

/* Words of the tracee: its byte order is the host's (same machine). */
static uint64_t word_at(const unsigned char *p, int ws)
{
	if (ws == 8) {
		uint64_t v;

		memcpy(&v, p, 8);
		return v;
	} else {
		uint32_t v;

		memcpy(&v, p, 4);
		return v;
	}
}

static int32_t int_at(const unsigned char *p)
{
	int32_t v;

	memcpy(&v, p, 4);
	return v;
}

int linkmap_read_rdebug(linkmap_read_fn read, void *ctx, int wordsize,
			uint64_t addr, struct linkmap_rdebug *out)
{
	unsigned char b[5 * 8];
	int ws = wordsize, err;

	memset(out, 0, sizeof(*out));
	if (ws != 8 && ws != 4)
		return -EINVAL;
	/* int, pointer, address, enum, address: the ints padded to a word. */
	err = read(ctx, addr, b, 5 * ws);
	if (err)
		return err;
	out->version = int_at(b);
	out->map = word_at(b + ws, ws);
	out->brk = word_at(b + 2 * ws, ws);
	out->state = int_at(b + 3 * ws);
	out->ldbase = word_at(b + 4 * ws, ws);
	/* r_debug_extended's r_next exists from version 2 on only. */
	if (out->version >= 2) {
		err = read(ctx, addr + 5 * ws, b, ws);
		if (!err)
			out->next = word_at(b, ws);
	}
	return 0;
}

/*
 * l_name page by page: a string near the end of a mapping must not fail
 * because a fixed-size read would cross into the next, unmapped page.
 */
static char *read_name(linkmap_read_fn read, void *ctx, uint64_t addr,
		       bool *cut)
{
	char *buf = malloc(LINKMAP_NAME_MAX + 1);
	size_t got = 0;

	*cut = false;
	if (!buf)
		return NULL;
	buf[0] = 0;
	if (!addr)
		return buf;
	while (got < LINKMAP_NAME_MAX) {
		size_t chunk = 4096 - ((addr + got) & 4095);
		char *nul;

		if (chunk > LINKMAP_NAME_MAX - got)
			chunk = LINKMAP_NAME_MAX - got;
		if (addr + got < addr ||
		    read(ctx, addr + got, buf + got, chunk)) {
			*cut = true;
			break;
		}
		nul = memchr(buf + got, 0, chunk);
		if (nul) {
			char *fit = realloc(buf, nul - buf + 1);

			return fit ? fit : buf;
		}
		got += chunk;
	}
	if (got == LINKMAP_NAME_MAX)
		*cut = true;
	buf[got] = 0;
	return buf;
}

void linkmap_free(struct linkmap *lm)
{
	size_t i;

	for (i = 0; i < lm->n; i++)
		free(lm->v[i].name);
	free(lm->v);
	lm->v = NULL;
	lm->n = 0;
}

int linkmap_walk(linkmap_read_fn read, void *ctx, int wordsize,
		 uint64_t first, struct linkmap *out)
{
	uint64_t cur = first, prev = 0;
	int ws = wordsize;
	size_t cap = 0;

	out->v = NULL;
	out->n = 0;
	out->stop = 0;
	if (ws != 8 && ws != 4)
		return -EINVAL;
	while (cur) {
		struct linkmap_entry *e;
		unsigned char b[5 * 8];
		uint64_t next;

		if (out->n >= LINKMAP_MAX_ENTRIES) {
			out->stop = -ELOOP;
			break;
		}
		if (read(ctx, cur, b, 5 * ws)) {
			out->stop = -EFAULT;
			break;
		}
		/*
		 * glibc keeps l_prev exact in every namespace list; checking it
		 * also ends any cycle at its first repeated entry: that entry's
		 * l_prev names its first predecessor, not the latest one.
		 */
		if (word_at(b + 4 * ws, ws) != prev) {
			out->stop = -ELOOP;
			break;
		}
		if (out->n == cap) {
			size_t ncap = cap ? cap * 2 : 16;
			struct linkmap_entry *nv;

			nv = realloc(out->v, ncap * sizeof(*nv));
			if (!nv) {
				out->stop = -ENOMEM;
				return -ENOMEM;
			}
			out->v = nv;
			cap = ncap;
		}
		e = &out->v[out->n];
		e->addr = cur;
		e->l_addr = word_at(b, ws);
		e->l_ld = word_at(b + 2 * ws, ws);
		e->name = read_name(read, ctx, word_at(b + ws, ws),
				    &e->name_cut);
		if (!e->name) {
			out->stop = -ENOMEM;
			return -ENOMEM;
		}
		out->n++;
		next = word_at(b + 3 * ws, ws);
		prev = cur;
		cur = next;
	}
	return 0;
}

int linkmap_rdebug_from_dynamic(linkmap_read_fn read, void *ctx,
				int wordsize, uint64_t dyn_addr,
				uint64_t dyn_size, uint64_t *rdebug)
{
	uint64_t i, n, ent = 2 * (uint64_t)wordsize;
	int ws = wordsize, err;

	if (ws != 8 && ws != 4)
		return -EINVAL;
	n = dyn_size ? dyn_size / ent : 4096;
	if (n > 4096)
		n = 4096;
	for (i = 0; i < n; i++) {
		unsigned char b[16];
		uint64_t tag;

		err = read(ctx, dyn_addr + i * ent, b, ent);
		if (err)
			return err;
		tag = word_at(b, ws);
		if (tag == DT_NULL)
			break;
		if (tag != DT_DEBUG)
			continue;
		*rdebug = word_at(b + ws, ws);
		return *rdebug ? 0 : -ENOENT;
	}
	return -ENOENT;
}

int linkmap_ldso_addrs(const struct elfobj *ldso, uint64_t bias,
		       uint64_t *brk, uint64_t *rdebug)
{
	const struct elfobj_sym *s;

	if (brk) {
		s = elfobj_lookup(ldso, "_dl_debug_state");
		if (!s)
			return -ENOENT;
		*brk = bias + s->value;
	}
	if (rdebug) {
		s = elfobj_lookup(ldso, "_r_debug");
		if (!s)
			return -ENOENT;
		*rdebug = bias + s->value;
	}
	return 0;
}

int linkmap_ifunc_impl(linkmap_read_fn read, void *ctx, int wordsize,
		       const uint64_t *slots, size_t n, uint64_t lo,
		       uint64_t hi, uint64_t *impl)
{
	size_t i;

	if (wordsize != 8 && wordsize != 4)
		return -EINVAL;
	for (i = 0; i < n; i++) {
		unsigned char b[8];
		uint64_t v;

		if (read(ctx, slots[i], b, wordsize))
			continue;
		v = word_at(b, wordsize);
		if (v >= lo && v < hi) {
			*impl = v;
			return 0;
		}
	}
	return -ENOENT;
}
