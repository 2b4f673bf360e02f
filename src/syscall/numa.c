/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * NUMA memory policy and page placement: set_mempolicy, get_mempolicy,
 * mbind, migrate_pages, move_pages (include/uapi/linux/mempolicy.h).
 * set_mempolicy_home_node prints by its row's argfmt, as strace does.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "output/pidcomm.h"
#include "select/qualify.h"
#include "syscall/defs.h"
#include "xlat/tables/get_mempolicy_flags.h"
#include "xlat/tables/mbind_flags.h"
#include "xlat/tables/move_pages_flags.h"
#include "xlat/tables/mpol_mode_flags.h"
#include "xlat/tables/mpol_modes.h"

/* MPOL_MODE_FLAGS: the optional flags of a mode. */
#define MPOL_MODE_FLAGS 0xe000ULL

/*
 * A mode with its optional flags: "MPOL_BIND|MPOL_F_STATIC_NODES".  A
 * mode without a name reads as the flags' set ("MPOL_F_STATIC_NODES|
 * 0xffff1fff") when flags are in it, else "0x6 /\* MPOL_??? *\/".
 */
static void print_mpol_mode(struct tcb *tcp, uint64_t val)
{
	uint64_t flags = val & MPOL_MODE_FLAGS;
	const char *name = xlat_name(mpol_modes, val & ~MPOL_MODE_FLAGS);
	char text[256], buf[300];
	size_t n;

	if (cfg.xlat_style == XLAT_STYLE_RAW) {
		emit_hex(tcp, val);
		return;
	}
	if (name) {
		n = (size_t)snprintf(text, sizeof(text), "%s", name);
		for (const struct xlat *x = mpol_mode_flags; x->name; x++)
			if ((flags & x->val) && n < sizeof(text))
				n += (size_t)snprintf(text + n,
						      sizeof(text) - n, "|%s",
						      x->name);
	} else if (flags) {
		sprint_flags_abbrev(text, sizeof(text), mpol_mode_flags, val,
				    NULL);
	} else {
		snprintf(buf, sizeof(buf), "%#llx /* MPOL_??? */",
			 (unsigned long long)val);
		emit_sym(tcp, val, buf);
		return;
	}
	if (cfg.xlat_style == XLAT_STYLE_VERBOSE) {
		snprintf(buf, sizeof(buf), "%#llx /* %s */",
			 (unsigned long long)val, text);
		emit_sym(tcp, val, buf);
	} else {
		emit_sym(tcp, val, text);
	}
}

/* One word of a node mask: strace's "%#0*lx" (0 as all zeros). */
static void print_node_word(struct tcb *tcp, const void *elem, void *data)
{
	unsigned int ws = tcp_wordsize(tcp);
	uint64_t w = 0;
	char buf[24];

	(void)data;
	memcpy(&w, elem, ws);
	snprintf(buf, sizeof(buf), "%#0*llx", (int)(2 * ws),
		 (unsigned long long)w);
	emit_sym(tcp, w, buf);
}

/*
 * A node mask of maxnode bits: the kernel reads maxnode - 1 of them
 * (mm/mempolicy.c get_nodes), in longs.
 */
static void print_nodemask(struct tcb *tcp, uint64_t addr, uint64_t maxnode)
{
	unsigned int bits = 8 * tcp_wordsize(tcp);
	uint64_t words =
		maxnode ? (maxnode - 1) / bits + ((maxnode - 1) % bits != 0) :
			  0;

	/* maxnode 1 names no node: strace shows the address, not "[]". */
	if (maxnode == 1) {
		emit_ptr(tcp, addr);
		return;
	}
	print_array(tcp, addr, words, tcp_wordsize(tcp), print_node_word, NULL);
}

SYS_FUNC(set_mempolicy)
{
	print_mpol_mode(tcp, (uint32_t)tcp_arg(tcp, 0));
	emit_next(tcp);
	print_nodemask(tcp, tcp_arg(tcp, 1), tcp_arg(tcp, 2));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 2));
	return RVAL_DECODED;
}

SYS_FUNC(get_mempolicy)
{
	uint64_t mode = tcp_arg(tcp, 0), mask = tcp_arg(tcp, 1);
	int32_t m;

	if (entering(tcp))
		return 0;
	/* The mode written back shows as a plain constant, flags and all
	 * ("[0x8002 /\* MPOL_??? *\/]"), and so does MPOL_F_NODE's node. */
	if (syserror(tcp) || !mode || !qual_verbose(tcp) ||
	    tracee_read(tcp, mode, &m, sizeof(m))) {
		emit_ptr(tcp, mode);
	} else {
		emit_array_begin(tcp);
		print_xval(tcp, mpol_modes, (uint32_t)m, "MPOL_???");
		emit_array_end(tcp);
	}
	emit_next(tcp);
	if (syserror(tcp))
		emit_ptr(tcp, mask);
	else
		print_nodemask(tcp, mask, tcp_arg(tcp, 2));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 2));
	emit_next(tcp);
	emit_ptr(tcp, tcp_arg(tcp, 3));
	emit_next(tcp);
	print_flags(tcp, get_mempolicy_flags, tcp_arg(tcp, 4), "MPOL_???");
	return RVAL_DECIMAL;
}

SYS_FUNC(mbind)
{
	emit_ptr(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 1));
	emit_next(tcp);
	print_mpol_mode(tcp, tcp_arg(tcp, 2));
	emit_next(tcp);
	print_nodemask(tcp, tcp_arg(tcp, 3), tcp_arg(tcp, 4));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 4));
	emit_next(tcp);
	print_flags(tcp, mbind_flags, (uint32_t)tcp_arg(tcp, 5), "MPOL_???");
	return RVAL_DECODED;
}

SYS_FUNC(migrate_pages)
{
	uint64_t maxnode = tcp_arg(tcp, 1);

	print_pid(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	emit_uint(tcp, maxnode);
	emit_next(tcp);
	print_nodemask(tcp, tcp_arg(tcp, 2), maxnode);
	emit_next(tcp);
	print_nodemask(tcp, tcp_arg(tcp, 3), maxnode);
	return RVAL_DECODED;
}

static void print_page_ptr(struct tcb *tcp, const void *elem, void *data)
{
	uint64_t p = 0;

	(void)data;
	memcpy(&p, elem, tcp_wordsize(tcp));
	emit_ptr(tcp, p);
}

static void print_int_elem(struct tcb *tcp, const void *elem, void *data)
{
	int32_t v;

	(void)data;
	memcpy(&v, elem, sizeof(v));
	emit_int(tcp, v);
}

/* A page's status: its node, or an error as "-EFAULT". */
static void print_status_elem(struct tcb *tcp, const void *elem, void *data)
{
	const char *name;
	char buf[64];
	int32_t v;

	(void)data;
	memcpy(&v, elem, sizeof(v));
	name = v < 0 ? errno_name(-v) : NULL;
	if (!name) {
		emit_int(tcp, v);
		return;
	}
	snprintf(buf, sizeof(buf), "-%s", name);
	print_named(tcp, (uint64_t)(int64_t)v, buf, true);
}

SYS_FUNC(move_pages)
{
	uint64_t count = tcp_arg(tcp, 1), status = tcp_arg(tcp, 4);

	if (entering(tcp)) {
		print_pid(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		emit_uint(tcp, count);
		emit_next(tcp);
		print_array(tcp, tcp_arg(tcp, 2), count, tcp_wordsize(tcp),
			    print_page_ptr, NULL);
		emit_next(tcp);
		print_array(tcp, tcp_arg(tcp, 3), count, sizeof(int32_t),
			    print_int_elem, NULL);
		emit_next(tcp);
		return 0;
	}
	/* An empty status array shows as one, failed call or not. */
	if (syserror(tcp) && count)
		emit_ptr(tcp, status);
	else
		print_array(tcp, status, count, sizeof(int32_t),
			    print_status_elem, NULL);
	emit_next(tcp);
	print_flags(tcp, move_pages_flags, (uint32_t)tcp_arg(tcp, 5),
		    "MPOL_???");
	return RVAL_DECIMAL;
}
