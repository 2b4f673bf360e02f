/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Descriptors for events, signals, timers and inotify. */
#include "config.h"

#include "syscall/clock.h"
#include "syscall/defs.h"
#include "syscall/desc.h"
#include "xlat/tables/efd_flags.h"
#include "xlat/tables/inotify_init_flags.h"
#include "xlat/tables/inotify_masks.h"
#include "xlat/tables/sfd_flags.h"
#include "xlat/tables/timerfd_flags.h"

SYS_FUNC(eventfd)
{
	emit_uint(tcp, (uint32_t)tcp_arg(tcp, 0));
	return RVAL_DECODED | RVAL_FD;
}

SYS_FUNC(eventfd2)
{
	emit_uint(tcp, (uint32_t)tcp_arg(tcp, 0));
	emit_next(tcp);
	print_flags(tcp, efd_flags, (uint32_t)tcp_arg(tcp, 1), "EFD_???");
	return RVAL_DECODED | RVAL_FD;
}

static void print_signalfd(struct tcb *tcp)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_sigset(tcp, tcp_arg(tcp, 1), tcp_arg(tcp, 2));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 2));
}

SYS_FUNC(signalfd)
{
	print_signalfd(tcp);
	return RVAL_DECODED | RVAL_FD;
}

SYS_FUNC(signalfd4)
{
	print_signalfd(tcp);
	emit_next(tcp);
	print_flags(tcp, sfd_flags, (uint32_t)tcp_arg(tcp, 3), "SFD_???");
	return RVAL_DECODED | RVAL_FD;
}

SYS_FUNC(timerfd_create)
{
	print_clockid(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_flags(tcp, timerfd_flags, (uint32_t)tcp_arg(tcp, 1),
		    "TFD_???");
	return RVAL_DECODED | RVAL_FD;
}

static int do_timerfd_settime(struct tcb *tcp, int wide)
{
	if (entering(tcp)) {
		print_fd(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
	}
	return decode_itimer_settime(tcp, timerfd_flags, "TFD_???", wide);
}

SYS_FUNC(timerfd_settime)
{
	return do_timerfd_settime(tcp, 0);
}

SYS_FUNC(timerfd_settime64)
{
	return do_timerfd_settime(tcp, 1);
}

static int do_timerfd_gettime(struct tcb *tcp, int wide)
{
	if (entering(tcp)) {
		print_fd(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
	}
	return decode_itimer_gettime(tcp, 1, wide);
}

SYS_FUNC(timerfd_gettime)
{
	return do_timerfd_gettime(tcp, 0);
}

SYS_FUNC(timerfd_gettime64)
{
	return do_timerfd_gettime(tcp, 1);
}

SYS_FUNC(inotify_init)
{
	(void)tcp;
	return RVAL_DECODED | RVAL_FD;
}

SYS_FUNC(inotify_init1)
{
	print_flags(tcp, inotify_init_flags, (uint32_t)tcp_arg(tcp, 0),
		    "IN_???");
	return RVAL_DECODED | RVAL_FD;
}

SYS_FUNC(inotify_add_watch)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	emit_path(tcp, tcp_arg(tcp, 1));
	emit_next(tcp);
	print_flags(tcp, inotify_masks, (uint32_t)tcp_arg(tcp, 2), "IN_???");
	return RVAL_DECODED;
}

SYS_FUNC(inotify_rm_watch)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	emit_int(tcp, tcp_iarg(tcp, 1));
	return RVAL_DECODED;
}
