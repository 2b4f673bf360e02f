/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Descriptors of anonymous memory and protection keys: memfd_create,
 * memfd_secret, userfaultfd, pkey_alloc.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "syscall/defs.h"
#include "xlat/tables/memfd_create_flags.h"
#include "xlat/tables/memfd_secret_flags.h"
#include "xlat/tables/pkey_access.h"
#include "xlat/tables/uffd_flags.h"

/*
 * The kernel copies at most 249 bytes of the name (mm/memfd.c:
 * MFD_NAME_MAX_LEN, 255 less "memfd:"), and strace reads one more,
 * 250 in all, when -s allows.
 */
#define MFD_NAME_READ 250

/* linux/memfd.h: the hugetlb page size as log2 in bits 26..31. */
#define MFD_HUGE_SHIFT 26
#define MFD_HUGE_MASK 0x3f

/*
 * The name: min(-s + 1, 250) bytes are read, and must be readable up
 * to a NUL within them (else the address prints); without a NUL among
 * them, at most -s of them print, then "...".
 */
static void print_memfd_name(struct tcb *tcp, uint64_t addr)
{
	char buf[MFD_NAME_READ];
	size_t want = cfg.string_limit < MFD_NAME_READ - 1 ?
			      cfg.string_limit + 1 :
			      MFD_NAME_READ;
	size_t show;
	ssize_t n;
	char *nul;

	if (!addr) {
		emit_ptr(tcp, 0);
		return;
	}
	n = tracee_read_partial(tcp, addr, buf, want);
	if (n <= 0) {
		emit_ptr(tcp, addr);
		return;
	}
	nul = memchr(buf, '\0', (size_t)n);
	if (nul) {
		emit_quoted(tcp, buf, (size_t)(nul - buf), 0);
		return;
	}
	if ((size_t)n < want) {
		emit_ptr(tcp, addr);
		return;
	}
	show = want < cfg.string_limit ? want : cfg.string_limit;
	emit_quoted(tcp, buf, show, QUOTE_ELLIPSIS);
}

/*
 * The named flags, the other bits, then "30<<MFD_HUGE_SHIFT"; other
 * bits alone read "0x8 /\* MFD_??? *\/" even before the size.
 */
static void print_memfd_flags(struct tcb *tcp, uint32_t flags)
{
	uint32_t huge = (flags >> MFD_HUGE_SHIFT) & MFD_HUGE_MASK;
	uint32_t rest = flags & ~((uint32_t)MFD_HUGE_MASK << MFD_HUGE_SHIFT);
	char text[512], buf[600];
	size_t n = 0;

	if (cfg.xlat_style == XLAT_STYLE_RAW || !flags) {
		emit_hex(tcp, flags);
		return;
	}
	text[0] = '\0';
	if (rest)
		n = strlen(sprint_flags_abbrev(text, sizeof(text),
					       memfd_create_flags, rest,
					       "MFD_???"));
	if (huge && n < sizeof(text))
		snprintf(text + n, sizeof(text) - n, "%s%u<<MFD_HUGE_SHIFT",
			 n ? "|" : "", huge);
	if (cfg.xlat_style == XLAT_STYLE_VERBOSE) {
		snprintf(buf, sizeof(buf), "%#x /* %s */", flags, text);
		emit_sym(tcp, flags, buf);
	} else {
		emit_sym(tcp, flags, text);
	}
}

SYS_FUNC(memfd_create)
{
	print_memfd_name(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	print_memfd_flags(tcp, (uint32_t)tcp_arg(tcp, 1));
	return RVAL_DECODED | RVAL_FD;
}

SYS_FUNC(memfd_secret)
{
	print_flags(tcp, memfd_secret_flags, (uint32_t)tcp_arg(tcp, 0), NULL);
	return RVAL_DECODED | RVAL_FD;
}

SYS_FUNC(userfaultfd)
{
	print_flags(tcp, uffd_flags, (uint32_t)tcp_arg(tcp, 0), "UFFD_???");
	return RVAL_DECODED | RVAL_FD;
}

/* Both arguments are longs to strace: the high half of either prints. */
SYS_FUNC(pkey_alloc)
{
	emit_hex(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	print_flags(tcp, pkey_access, tcp_arg(tcp, 1), "PKEY_???");
	return RVAL_DECODED;
}
