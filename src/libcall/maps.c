/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * /proc/PID/maps, /proc/PID/auxv and /proc/PID/mem (see maps.h).  The
 * text of maps is the kernel's (fs/proc/task_mmu.c, show_map_vma()):
 * "start-end perms offset major:minor inode", hexadecimal but for the
 * decimal inode, then padding and the path.
 */
#include "config.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "libcall/maps.h"
#include "util/cesc.h"

/* maps of a process with many threads and libraries runs to megabytes. */
#define PROC_FILE_MAX (64UL << 20)

static int read_proc_file(pid_t pid, const char *what, char **buf,
			  size_t *len)
{
	size_t cap = 16384, got = 0;
	char path[64], *p = NULL;
	int fd, err;

	snprintf(path, sizeof(path), "/proc/%d/%s", (int)pid, what);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? -ESRCH : -errno;
	for (;;) {
		ssize_t r;

		if (got == cap || !p) {
			char *np;

			if (p)
				cap *= 2;
			if (cap > PROC_FILE_MAX) {
				err = -EFBIG;
				goto fail;
			}
			np = realloc(p, cap);
			if (!np) {
				err = -ENOMEM;
				goto fail;
			}
			p = np;
		}
		r = read(fd, p + got, cap - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			err = -errno;
			goto fail;
		}
		if (r == 0)
			break;
		got += r;
	}
	close(fd);
	*buf = p;
	*len = got;
	return 0;
fail:
	free(p);
	close(fd);
	return err;
}

/* At least one digit, at most 64 bits; *p moves past the digits. */
static bool parse_num(const char **p, const char *end, unsigned int base,
		      uint64_t *out)
{
	const char *s = *p;
	uint64_t v = 0;

	while (s < end) {
		int d = hex_digit_value(*s);

		if (d < 0 || (unsigned int)d >= base)
			break;
		if (v > (UINT64_MAX - d) / base)
			return false;
		v = v * base + d;
		s++;
	}
	if (s == *p)
		return false;
	*p = s;
	*out = v;
	return true;
}

static bool expect(const char **p, const char *end, char c)
{
	if (*p >= end || **p != c)
		return false;
	(*p)++;
	return true;
}

static const char deleted_suffix[] = " (deleted)";

static int parse_line(const char *s, const char *end, struct map_entry *e)
{
	uint64_t maj, min;
	size_t plen, dl = sizeof(deleted_suffix) - 1;

	memset(e, 0, sizeof(*e));
	if (!parse_num(&s, end, 16, &e->start) || !expect(&s, end, '-') ||
	    !parse_num(&s, end, 16, &e->end) || !expect(&s, end, ' ') ||
	    end - s < 5 || e->end < e->start)
		return -EINVAL;
	if (s[0] == 'r')
		e->prot |= PROT_READ;
	if (s[1] == 'w')
		e->prot |= PROT_WRITE;
	if (s[2] == 'x')
		e->prot |= PROT_EXEC;
	e->shared = s[3] == 's';
	s += 4;
	if (!expect(&s, end, ' ') || !parse_num(&s, end, 16, &e->offset) ||
	    !expect(&s, end, ' ') || !parse_num(&s, end, 16, &maj) ||
	    !expect(&s, end, ':') || !parse_num(&s, end, 16, &min) ||
	    !expect(&s, end, ' ') || !parse_num(&s, end, 10, &e->inode) ||
	    maj > UINT_MAX || min > UINT_MAX)
		return -EINVAL;
	e->dev_major = maj;
	e->dev_minor = min;
	while (s < end && *s == ' ')
		s++;
	plen = end - s;
	if (plen > dl && !memcmp(end - dl, deleted_suffix, dl)) {
		e->deleted = true;
		plen -= dl;
	}
	e->path = strndup(s, plen);
	return e->path ? 0 : -ENOMEM;
}

int maps_parse(const char *text, size_t len, struct maps *out)
{
	const char *p = text, *end = text + len;
	size_t cap = 0;

	out->v = NULL;
	out->n = 0;
	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		const char *le = nl ? nl : end;
		struct map_entry e;
		int err;

		err = parse_line(p, le, &e);
		p = nl ? nl + 1 : end;
		if (err == -ENOMEM)
			return err;
		if (err)
			continue;
		if (out->n == cap) {
			size_t ncap = cap ? cap * 2 : 64;
			struct map_entry *nv;

			nv = realloc(out->v, ncap * sizeof(*nv));
			if (!nv) {
				free(e.path);
				return -ENOMEM;
			}
			out->v = nv;
			cap = ncap;
		}
		out->v[out->n++] = e;
	}
	return 0;
}

int maps_read(pid_t pid, struct maps *out)
{
	size_t len;
	char *buf;
	int err;

	out->v = NULL;
	out->n = 0;
	err = read_proc_file(pid, "maps", &buf, &len);
	if (err)
		return err;
	err = maps_parse(buf, len, out);
	free(buf);
	if (err)
		maps_free(out);
	return err;
}

void maps_free(struct maps *m)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		free(m->v[i].path);
	free(m->v);
	m->v = NULL;
	m->n = 0;
}

/* Binary search: the kernel lists mappings in ascending order. */
static ssize_t find_index(const struct maps *m, uint64_t addr)
{
	size_t lo = 0, hi = m->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (addr < m->v[mid].start)
			hi = mid;
		else if (addr >= m->v[mid].end)
			lo = mid + 1;
		else
			return mid;
	}
	return -1;
}

const struct map_entry *maps_find(const struct maps *m, uint64_t addr)
{
	ssize_t i = find_index(m, addr);

	return i < 0 ? NULL : &m->v[i];
}

static bool is_anon(const struct map_entry *e)
{
	return !e->inode && !e->path[0];
}

static bool is_object(const struct map_entry *e)
{
	return e->inode || !strcmp(e->path, "[vdso]");
}

static bool same_file(const struct map_entry *a, const struct map_entry *b)
{
	return a->inode == b->inode && a->dev_major == b->dev_major &&
	       a->dev_minor == b->dev_minor && !strcmp(a->path, b->path);
}

/*
 * The object around object mapping i.  A mapping at file offset 0 starts
 * an object: loaders map the lowest PT_LOAD, which begins the file, first
 * and lowest.  Offsets are not otherwise ordered: ld.so's "---p" gap
 * pieces keep the offsets of its first whole-span mapping, which may
 * exceed those of the next segment when p_vaddr - p_offset grows.
 */
static void object_of(const struct maps *m, size_t i, struct maps_object *o)
{
	size_t first = i, last = i, j;

	while (m->v[first].offset != 0) {
		for (j = first; j > 0 && is_anon(&m->v[j - 1]); j--)
			;
		if (j == 0 || !same_file(&m->v[j - 1], &m->v[i]))
			break;
		first = j - 1;
	}
	for (;;) {
		for (j = last + 1; j < m->n && is_anon(&m->v[j]); j++)
			;
		if (j >= m->n || !same_file(&m->v[j], &m->v[i]) ||
		    m->v[j].offset == 0)
			break;
		last = j;
	}
	o->first = first;
	o->last = last;
	o->start = m->v[first].start;
	o->end = m->v[last].end;
	o->path = m->v[first].path;
	/* The .bss pages past the file's: anonymous, writable, adjacent. */
	if (last + 1 < m->n && is_anon(&m->v[last + 1]) &&
	    m->v[last + 1].start == m->v[last].end &&
	    (m->v[last + 1].prot & PROT_WRITE) &&
	    (m->v[last].prot & PROT_WRITE))
		o->end = m->v[last + 1].end;
}

int maps_object_at(const struct maps *m, uint64_t addr,
		   struct maps_object *out)
{
	ssize_t i = find_index(m, addr), k;

	if (i < 0)
		return -ENOENT;
	if (is_object(&m->v[i])) {
		object_of(m, i, out);
		return 0;
	}
	if (!is_anon(&m->v[i]))
		return -ENOENT;
	for (k = i - 1; k >= 0 && is_anon(&m->v[k]); k--)
		;
	if (k < 0 || !is_object(&m->v[k]))
		return -ENOENT;
	object_of(m, k, out);
	return addr < out->end && (size_t)i <= out->last + 1 ? 0 : -ENOENT;
}

int maps_next_object(const struct maps *m, size_t *pos,
		     struct maps_object *out)
{
	size_t i;

	for (i = *pos; i < m->n; i++) {
		if (!is_object(&m->v[i]))
			continue;
		object_of(m, i, out);
		/* A stray mapping before an object's offset-0 one. */
		if (out->first < i)
			out->first = i, out->start = m->v[i].start;
		*pos = out->last + 1;
		return 0;
	}
	*pos = m->n;
	return -ENOENT;
}

int maps_object_bias(const struct maps *m, const struct maps_object *o,
		     const struct elfobj_load *loads, size_t nloads,
		     uint64_t pagesz, uint64_t *bias)
{
	const struct elfobj_load *low = NULL;
	const struct map_entry *f;
	uint64_t mask;
	size_t i, k;

	if (!pagesz || (pagesz & (pagesz - 1)))
		return -EINVAL;
	if (o->first >= m->n || o->last >= m->n || o->first > o->last)
		return -EINVAL;
	mask = ~(pagesz - 1);
	for (k = 0; k < nloads; k++)
		if (!low || loads[k].vaddr < low->vaddr)
			low = &loads[k];
	if (!low)
		return -ENOENT;
	f = &m->v[o->first];
	if (f->offset == (low->offset & mask)) {
		*bias = f->start - (low->vaddr & mask);
		return 0;
	}
	for (i = o->first; i <= o->last; i++) {
		const struct map_entry *e = &m->v[i];

		/*
		 * ld.so's gap pieces ("---p") carry offsets of the first
		 * mapping, not of a segment: skip them.  RELRO may turn the
		 * start of a writable segment read-only, but never adds or
		 * removes execute permission.
		 */
		if (!same_file(e, f) || !e->prot)
			continue;
		for (k = 0; k < nloads; k++) {
			const struct elfobj_load *l = &loads[k];
			uint64_t span = ((l->vaddr + l->memsz + pagesz - 1) &
					 mask) - (l->vaddr & mask);

			if ((l->offset & mask) == e->offset &&
			    e->end - e->start <= span &&
			    !(e->prot & PROT_EXEC) == !(l->flags & PF_X)) {
				*bias = e->start - (l->vaddr & mask);
				return 0;
			}
		}
	}
	return -ENOENT;
}

/*
 * 64-bit entries read as 32-bit ones, or the reverse, give types that are
 * addresses: a vector parses in a layout when every type is small and it
 * ends with AT_NULL.
 */
#define AUXV_SANE_TYPE 4096

static uint64_t get_word(const unsigned char *p, int ws)
{
	uint64_t v = 0;

	/* Host order: the tracee is of the same machine. */
	if (ws == 8) {
		memcpy(&v, p, 8);
	} else {
		uint32_t w;

		memcpy(&w, p, 4);
		v = w;
	}
	return v;
}

static bool auxv_fits(const unsigned char *b, size_t len, int ws)
{
	size_t off;

	for (off = 0; off + 2 * ws <= len; off += 2 * ws) {
		uint64_t t = get_word(b + off, ws);

		if (t == AT_NULL)
			return true;
		if (t >= AUXV_SANE_TYPE)
			return false;
	}
	return false;
}

int auxv_parse(const void *buf, size_t len, int wordsize, struct auxv *out)
{
	const unsigned char *b = buf;
	size_t off;

	memset(out, 0, sizeof(*out));
	if (!wordsize)
		wordsize = auxv_fits(b, len, 8) ? 8 :
			   auxv_fits(b, len, 4) ? 4 : 0;
	if (wordsize != 8 && wordsize != 4)
		return -ENOEXEC;
	if (!auxv_fits(b, len, wordsize))
		return -ENOEXEC;
	out->wordsize = wordsize;
	for (off = 0; off + 2 * wordsize <= len; off += 2 * wordsize) {
		uint64_t t = get_word(b + off, wordsize);
		uint64_t v = get_word(b + off + wordsize, wordsize);

		if (t == AT_NULL)
			break;
		if (t < AUXV_MAX_TYPE) {
			out->val[t] = v;
			out->present |= 1ULL << t;
		}
		switch (t) {
		case AT_PHDR:
			out->phdr = v;
			break;
		case AT_PHENT:
			out->phent = v;
			break;
		case AT_PHNUM:
			out->phnum = v;
			break;
		case AT_PAGESZ:
			out->pagesz = v;
			break;
		case AT_BASE:
			out->base = v;
			break;
		case AT_ENTRY:
			out->entry = v;
			break;
		case AT_SYSINFO_EHDR:
			out->sysinfo_ehdr = v;
			break;
		case AT_EXECFN:
			out->execfn = v;
			break;
		}
	}
	return 0;
}

int auxv_read(pid_t pid, int wordsize, struct auxv *out)
{
	size_t len;
	char *buf;
	int err;

	memset(out, 0, sizeof(*out));
	err = read_proc_file(pid, "auxv", &buf, &len);
	if (err)
		return err;
	err = auxv_parse(buf, len, wordsize, out);
	free(buf);
	return err;
}

int auxv_main_bias(const struct auxv *a, const struct elfobj_layout *lo,
		   uint64_t *bias)
{
	if (a->phdr && lo->has_phdr) {
		*bias = a->phdr - lo->phdr_vaddr;
		return 0;
	}
	if (a->entry && lo->entry) {
		*bias = a->entry - lo->entry;
		return 0;
	}
	return -ENOENT;
}

static int open_mem(pid_t pid)
{
	char path[64];
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/mem", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? -ESRCH : -errno;
	return fd;
}

/* pread's offset is signed: the top half of the space is not readable. */
static ssize_t mem_pread(int fd, void *buf, size_t len, uint64_t addr)
{
	size_t got = 0;

	if (addr > (uint64_t)INT64_MAX || len > (uint64_t)INT64_MAX - addr)
		return -EIO;
	while (got < len) {
		ssize_t r = pread(fd, (char *)buf + got, len - got,
				  (off_t)(addr + got));

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return got ? (ssize_t)got : -errno;
		if (r == 0)
			break;
		got += r;
	}
	return got;
}

int proc_mem_read(void *ctx, uint64_t addr, void *buf, size_t len)
{
	int fd = open_mem((pid_t)(intptr_t)ctx);
	ssize_t r;

	if (fd < 0)
		return fd;
	r = mem_pread(fd, buf, len, addr);
	close(fd);
	if (r < 0)
		return r;
	return (size_t)r == len ? 0 : -EIO;
}

ssize_t proc_mem_read_str(pid_t pid, uint64_t addr, char *buf, size_t len)
{
	size_t got = 0;
	int fd;

	if (!len)
		return -EINVAL;
	fd = open_mem(pid);
	if (fd < 0)
		return fd;
	/* Page by page: a read crossing into an unmapped page fails whole. */
	while (got < len - 1) {
		size_t chunk = 4096 - ((addr + got) & 4095);
		ssize_t r;
		char *nul;

		if (chunk > len - 1 - got)
			chunk = len - 1 - got;
		r = mem_pread(fd, buf + got, chunk, addr + got);
		if (r <= 0) {
			if (!got) {
				close(fd);
				return r < 0 ? r : -EIO;
			}
			break;
		}
		nul = memchr(buf + got, 0, r);
		if (nul) {
			close(fd);
			return nul - buf;
		}
		got += r;
		if ((size_t)r < chunk)
			break;
	}
	close(fd);
	buf[got] = 0;
	return got;
}
