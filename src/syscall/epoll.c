/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* epoll: create, control, wait. */
#include "config.h"

#include <string.h>

#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/desc.h"
#include "xlat/tables/epoll_ctl_ops.h"
#include "xlat/tables/epoll_events.h"
#include "xlat/tables/epoll_flags.h"

/*
 * struct epoll_event is packed on x86 (include/uapi/linux/eventpoll.h,
 * EPOLL_PACKED): 12 bytes in both personalities.
 */
#define EPOLL_EVENT_SIZE 12

/* One struct epoll_event (an element of print_array: data unused). */
static void print_event(struct tcb *tcp, const void *elem, void *data)
{
	const unsigned char *b = elem;
	uint32_t events, u32;
	uint64_t u64;

	(void)data;
	memcpy(&events, b, 4);
	memcpy(&u64, b + 4, 8);
	u32 = (uint32_t)u64;
	emit_struct_begin(tcp);
	emit_field(tcp, "events");
	print_flags(tcp, epoll_events, events, "EPOLL???");
	emit_field(tcp, "data");
	emit_struct_begin(tcp);
	emit_field(tcp, "u32");
	emit_uint(tcp, u32);
	emit_field(tcp, "u64");
	emit_uint(tcp, u64);
	emit_struct_end(tcp);
	emit_struct_end(tcp);
}

SYS_FUNC(epoll_create)
{
	emit_int(tcp, tcp_iarg(tcp, 0));
	return RVAL_DECODED | RVAL_FD;
}

SYS_FUNC(epoll_create1)
{
	print_flags(tcp, epoll_flags, (uint32_t)tcp_arg(tcp, 0), "EPOLL_???");
	return RVAL_DECODED | RVAL_FD;
}

SYS_FUNC(epoll_ctl)
{
	unsigned char ev[EPOLL_EVENT_SIZE];
	uint64_t addr = tcp_arg(tcp, 3);

	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_xval(tcp, epoll_ctl_ops, (uint32_t)tcp_arg(tcp, 1),
		   "EPOLL_CTL_???");
	emit_next(tcp);
	print_fd(tcp, tcp_iarg(tcp, 2));
	emit_next(tcp);
	/* EPOLL_CTL_DEL ignores the event: strace shows only its address. */
	if (!addr || tcp_iarg(tcp, 1) == 2 || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, ev, sizeof(ev)))
		emit_ptr(tcp, addr);
	else
		print_event(tcp, ev, NULL);
	return RVAL_DECODED;
}

/* The n events the kernel filled in, at exit. */
static void print_events(struct tcb *tcp, uint64_t addr, uint64_t n)
{
	if (syserror(tcp))
		emit_ptr(tcp, addr);
	else
		print_array(tcp, addr, n, EPOLL_EVENT_SIZE, print_event, NULL);
}

/* epoll_wait and the pwait forms: everything after epfd prints at exit. */
static int epoll_wait_common(struct tcb *tcp)
{
	if (entering(tcp)) {
		print_fd(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	print_events(tcp, tcp_arg(tcp, 1),
		     syserror(tcp) ? 0 : (uint64_t)tcp_rval(tcp));
	emit_next(tcp);
	emit_int(tcp, tcp_iarg(tcp, 2));
	return -1;
}

/* The pwait forms' mask, read at exit: a failed call shows the address. */
static void print_exit_sigset(struct tcb *tcp)
{
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 4));
	else
		print_sigset(tcp, tcp_arg(tcp, 4), tcp_arg(tcp, 5));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 5));
}

SYS_FUNC(epoll_wait)
{
	if (epoll_wait_common(tcp) >= 0)
		return 0;
	emit_next(tcp);
	emit_int(tcp, tcp_iarg(tcp, 3));
	return RVAL_DECIMAL;
}

SYS_FUNC(epoll_pwait)
{
	if (epoll_wait_common(tcp) >= 0)
		return 0;
	emit_next(tcp);
	emit_int(tcp, tcp_iarg(tcp, 3));
	emit_next(tcp);
	print_exit_sigset(tcp);
	return RVAL_DECIMAL;
}

/* The timeout is a __kernel_timespec: 64-bit in both personalities. */
SYS_FUNC(epoll_pwait2)
{
	if (epoll_wait_common(tcp) >= 0)
		return 0;
	emit_next(tcp);
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 3));
	else
		print_timespec64(tcp, tcp_arg(tcp, 3));
	emit_next(tcp);
	print_exit_sigset(tcp);
	return RVAL_DECIMAL;
}
