/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Memory mappings: mmap and friends, brk, membarrier. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/process.h"
#include "xlat/tables/madvise_cmds.h"
#include "xlat/tables/membarrier_cmds.h"
#include "xlat/tables/membarrier_flags.h"
#include "xlat/tables/mlock_flags.h"
#include "xlat/tables/mlockall_flags.h"
#include "xlat/tables/mmap_flags.h"
#include "xlat/tables/mmap_prot.h"
#include "xlat/tables/mmap_type.h"
#include "xlat/tables/mremap_flags.h"
#include "xlat/tables/msync_flags.h"

/* include/uapi/asm-generic/mman-common.h */
#define MAP_TYPE_MASK 0x0f
#define MAP_HUGE_SHIFT 26
#define MAP_HUGE_MASK 0x3f

#define MREMAP_MAYMOVE 1
#define MREMAP_FIXED 2

#define MEMBARRIER_CMD_QUERY 0
#define MEMBARRIER_CMD_FLAG_CPU 1

/* The i386 mmap2 offset counts 4096-byte units whatever the page size. */
#define MMAP2_UNIT 4096

/*
 * mmap flags: the mapping type, the other flags, then the hugetlb page
 * size in the top six bits as "21<<MAP_HUGE_SHIFT".
 */
void print_mmap_flags(struct tcb *tcp, uint64_t val)
{
	uint32_t flags = (uint32_t)val;
	uint32_t type = flags & MAP_TYPE_MASK;
	uint32_t huge = (flags >> MAP_HUGE_SHIFT) & MAP_HUGE_MASK;
	uint32_t rest = flags &
			~(MAP_TYPE_MASK | ((uint32_t)MAP_HUGE_MASK << MAP_HUGE_SHIFT));
	const char *name = xlat_name(mmap_type, type);
	char text[512], buf[600];
	size_t n;

	/* The names come from the low half, but -X raw and -X verbose show
	 * the whole long, as strace does. */
	if (cfg.xlat_style == XLAT_STYLE_RAW) {
		emit_hex(tcp, val);
		return;
	}
	if (name)
		n = (size_t)snprintf(text, sizeof(text), "%s", name);
	else
		n = (size_t)snprintf(text, sizeof(text), "%#x /* MAP_??? */",
				     type);
	if (rest && n < sizeof(text)) {
		const struct xlat *x;

		for (x = mmap_flags; x->name && n < sizeof(text); x++) {
			if ((rest & x->val) != x->val)
				continue;
			n += (size_t)snprintf(text + n, sizeof(text) - n, "|%s",
					      x->name);
			rest &= ~(uint32_t)x->val;
		}
		if (rest && n < sizeof(text))
			n += (size_t)snprintf(text + n, sizeof(text) - n,
					      "|%#x", rest);
	}
	if (huge && n < sizeof(text))
		snprintf(text + n, sizeof(text) - n, "|%u<<MAP_HUGE_SHIFT",
			 huge);
	if (cfg.xlat_style == XLAT_STYLE_VERBOSE) {
		snprintf(buf, sizeof(buf), "%#llx /* %s */",
			 (unsigned long long)val, text);
		emit_sym(tcp, val, buf);
	} else {
		emit_sym(tcp, flags, text);
	}
}

/* The whole long: strace shows the high half of prot too. */
static void print_prot(struct tcb *tcp, uint64_t prot)
{
	print_flags(tcp, mmap_prot, prot, "PROT_???");
}

static void print_mmap(struct tcb *tcp, uint64_t addr, uint64_t len,
		       uint64_t prot, uint64_t flags, int fd, uint64_t off)
{
	emit_ptr(tcp, addr);
	emit_next(tcp);
	emit_uint(tcp, len);
	emit_next(tcp);
	print_prot(tcp, prot);
	emit_next(tcp);
	print_mmap_flags(tcp, flags);
	emit_next(tcp);
	print_fd(tcp, fd);
	emit_next(tcp);
	emit_hex(tcp, off);
}

SYS_FUNC(mmap)
{
	print_mmap(tcp, tcp_arg(tcp, 0), tcp_arg(tcp, 1), tcp_arg(tcp, 2),
		   tcp_arg(tcp, 3), tcp_iarg(tcp, 4), tcp_arg(tcp, 5));
	return RVAL_DECODED | RVAL_HEX;
}

/* i386 mmap2: the offset is in 4096-byte units; strace shows bytes. */
SYS_FUNC(mmap2)
{
	print_mmap(tcp, tcp_arg(tcp, 0), tcp_arg(tcp, 1), tcp_arg(tcp, 2),
		   tcp_arg(tcp, 3), tcp_iarg(tcp, 4),
		   tcp_arg(tcp, 5) * MMAP2_UNIT);
	return RVAL_DECODED | RVAL_HEX;
}

/*
 * The i386 mmap (old_mmap in the kernel) takes one pointer to a block
 * of its six arguments (struct mmap_arg_struct).
 */
SYS_FUNC(old_mmap)
{
	uint32_t a[6];

	if (tracee_read(tcp, tcp_arg(tcp, 0), a, sizeof(a))) {
		emit_ptr(tcp, tcp_arg(tcp, 0));
		return RVAL_DECODED | RVAL_HEX;
	}
	print_mmap(tcp, a[0], a[1], a[2], a[3], (int32_t)a[4], a[5]);
	return RVAL_DECODED | RVAL_HEX;
}

static void print_addr_len(struct tcb *tcp)
{
	emit_ptr(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 1));
}

SYS_FUNC(munmap)
{
	print_addr_len(tcp);
	return RVAL_DECODED;
}

SYS_FUNC(mprotect)
{
	print_addr_len(tcp);
	emit_next(tcp);
	print_prot(tcp, tcp_arg(tcp, 2));
	return RVAL_DECODED;
}

SYS_FUNC(pkey_mprotect)
{
	print_addr_len(tcp);
	emit_next(tcp);
	print_prot(tcp, tcp_arg(tcp, 2));
	emit_next(tcp);
	emit_int(tcp, tcp_iarg(tcp, 3));
	return RVAL_DECODED;
}

SYS_FUNC(mremap)
{
	uint64_t flags = tcp_arg(tcp, 3);

	print_addr_len(tcp);
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 2));
	emit_next(tcp);
	print_flags(tcp, mremap_flags, flags, "MREMAP_???");
	/* The kernel reads new_address only for a fixed, movable remap. */
	if ((flags & (MREMAP_MAYMOVE | MREMAP_FIXED)) ==
	    (MREMAP_MAYMOVE | MREMAP_FIXED)) {
		emit_next(tcp);
		emit_ptr(tcp, tcp_arg(tcp, 4));
	}
	return RVAL_DECODED | RVAL_HEX;
}

SYS_FUNC(remap_file_pages)
{
	print_addr_len(tcp);
	emit_next(tcp);
	print_prot(tcp, tcp_arg(tcp, 2));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 3));
	emit_next(tcp);
	print_mmap_flags(tcp, tcp_arg(tcp, 4));
	return RVAL_DECODED;
}

SYS_FUNC(madvise)
{
	print_addr_len(tcp);
	emit_next(tcp);
	print_xval(tcp, madvise_cmds, (uint32_t)tcp_arg(tcp, 2), "MADV_???");
	return RVAL_DECODED;
}

SYS_FUNC(msync)
{
	print_addr_len(tcp);
	emit_next(tcp);
	print_flags(tcp, msync_flags, (uint32_t)tcp_arg(tcp, 2), "MS_???");
	return RVAL_DECODED;
}

SYS_FUNC(mlock)
{
	print_addr_len(tcp);
	return RVAL_DECODED;
}

SYS_FUNC(munlock)
{
	print_addr_len(tcp);
	return RVAL_DECODED;
}

SYS_FUNC(mlock2)
{
	print_addr_len(tcp);
	emit_next(tcp);
	print_flags(tcp, mlock_flags, (uint32_t)tcp_arg(tcp, 2), "MLOCK_???");
	return RVAL_DECODED;
}

SYS_FUNC(mlockall)
{
	print_flags(tcp, mlockall_flags, (uint32_t)tcp_arg(tcp, 0), "MCL_???");
	return RVAL_DECODED;
}

SYS_FUNC(brk)
{
	emit_ptr(tcp, tcp_arg(tcp, 0));
	return RVAL_DECODED | RVAL_HEX;
}

/*
 * mincore fills one byte per page; strace shows the residency bit of
 * each, cut at -s elements unless -v.
 */
SYS_FUNC(mincore)
{
	uint64_t vec = tcp_arg(tcp, 2);
	uint64_t pages, shown, i;
	unsigned char buf[4096];
	ssize_t got;
	bool cut;

	if (entering(tcp)) {
		print_addr_len(tcp);
		emit_next(tcp);
		return 0;
	}
	pages = (tcp_arg(tcp, 1) + 4095) / 4096;
	cut = qual_abbrev(tcp) && pages > cfg.string_limit;
	shown = cut ? cfg.string_limit : pages;
	if (shown > sizeof(buf)) {
		shown = sizeof(buf);
		cut = true;
	}
	got = shown ? tracee_read_partial(tcp, vec, buf, (size_t)shown) : 0;
	if (syserror(tcp) || !vec || (shown && got <= 0)) {
		emit_ptr(tcp, vec);
		return 0;
	}
	emit_array_begin(tcp);
	for (i = 0; i < (uint64_t)got; i++) {
		emit_next(tcp);
		emit_uint(tcp, buf[i] & 1);
	}
	if ((uint64_t)got < shown) {
		char where[32];

		/* The vector runs into unreadable memory. */
		emit_more(tcp);
		snprintf(where, sizeof(where), "%#llx",
			 (unsigned long long)(vec + (uint64_t)got));
		emit_comment(tcp, where);
	} else if (cut) {
		emit_more(tcp);
	}
	emit_array_end(tcp);
	return 0;
}

SYS_FUNC(membarrier)
{
	static char aux[512];
	int cmd = tcp_iarg(tcp, 0);
	unsigned int flags = (uint32_t)tcp_arg(tcp, 1);

	if (entering(tcp)) {
		print_xval(tcp, membarrier_cmds, (uint32_t)cmd,
			   "MEMBARRIER_CMD_???");
		emit_next(tcp);
		print_flags(tcp, membarrier_flags, flags,
			    "MEMBARRIER_CMD_FLAG_???");
		if (flags & MEMBARRIER_CMD_FLAG_CPU) {
			emit_next(tcp);
			emit_int(tcp, tcp_iarg(tcp, 2));
		}
		/* A query returns the set of supported commands. */
		return cmd == MEMBARRIER_CMD_QUERY ? 0 : RVAL_DECODED;
	}
	if (syserror(tcp) || !tcp_rval(tcp))
		return RVAL_DECIMAL;
	sprint_flags(aux, sizeof(aux), membarrier_cmds, (uint64_t)tcp_rval(tcp),
		     "MEMBARRIER_CMD_???");
	tcp->sc.auxstr = aux;
	return RVAL_HEX | RVAL_STR;
}
