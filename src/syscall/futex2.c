/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * futex_waitv (Linux 5.16+): waits on an array of struct futex_waitv.
 * futex(2) itself is decoded in sched.c.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "select/qualify.h"
#include "syscall/defs.h"
#include "xlat/tables/clocknames.h"
#include "xlat/tables/futex2_flags.h"

/*
 * struct futex_waitv: __u64 val, __u64 uaddr, __u32 flags,
 * __u32 __reserved — the same 24 bytes in both ABIs.
 */
struct futex_waitv_k {
	uint64_t val;
	uint64_t uaddr;
	uint32_t flags;
	uint32_t reserved;
};

static void print_waiter(struct tcb *tcp, const void *elem, void *data)
{
	struct futex_waitv_k w;

	(void)data;
	memcpy(&w, elem, sizeof(w));
	emit_struct_begin(tcp);
	emit_field(tcp, "val");
	emit_hex(tcp, w.val);
	emit_field(tcp, "uaddr");
	emit_ptr(tcp, w.uaddr);
	emit_field(tcp, "flags");
	print_flags(tcp, futex2_flags, w.flags, "FUTEX_???");
	if (w.reserved) {
		emit_field(tcp, "__reserved");
		emit_hex(tcp, w.reserved);
	}
	emit_struct_end(tcp);
}

/* kernel/futex/syscalls.c: no more waiters than that are read. */
#define FUTEX_WAITV_MAX 128

/*
 * The waiters, as print_array shows an array — but strace shows at most
 * FUTEX_WAITV_MAX of them, then "...".
 */
static void print_waiters(struct tcb *tcp, uint64_t addr, uint32_t n)
{
	struct futex_waitv_k w;
	char where[32];
	uint32_t i;

	if (!addr || !n || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, &w, sizeof(w))) {
		print_array(tcp, addr, n, sizeof(w), print_waiter, NULL);
		return;
	}
	emit_array_begin(tcp);
	for (i = 0; i < n; i++) {
		if (i >= FUTEX_WAITV_MAX ||
		    (i >= cfg.string_limit && qual_abbrev(tcp))) {
			emit_more(tcp);
			break;
		}
		if (i &&
		    tracee_read(tcp, addr + i * sizeof(w), &w, sizeof(w))) {
			snprintf(where, sizeof(where), "%#llx",
				 (unsigned long long)(addr + i * sizeof(w)));
			emit_more(tcp);
			emit_comment(tcp, where);
			break;
		}
		emit_next(tcp);
		print_waiter(tcp, &w, NULL);
	}
	emit_array_end(tcp);
}

SYS_FUNC(futex_waitv)
{
	uint32_t n = (uint32_t)tcp_arg(tcp, 1);

	print_waiters(tcp, tcp_arg(tcp, 0), n);
	emit_next(tcp);
	emit_uint(tcp, n);
	emit_next(tcp);
	emit_hex(tcp, (uint32_t)tcp_arg(tcp, 2));
	emit_next(tcp);
	/* A struct __kernel_timespec: 64-bit fields on i386 too. */
	print_timespec64(tcp, tcp_arg(tcp, 3));
	emit_next(tcp);
	print_xval(tcp, clocknames, (uint32_t)tcp_arg(tcp, 4), "CLOCK_???");
	return RVAL_DECODED;
}
