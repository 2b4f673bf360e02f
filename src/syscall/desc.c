/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Descriptor syscalls: positioning, closing, duplication, pipes, file
 * locks; and the small printers the descriptor family shares.
 */
#include "config.h"

#include <stdio.h>

#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/desc.h"
#include "xlat/tables/close_range_flags.h"
#include "xlat/tables/flock_ops.h"
#include "xlat/tables/open_flags.h"
#include "xlat/tables/whence.h"

void print_int_ptr(struct tcb *tcp, uint64_t addr)
{
	int32_t v;

	if (!addr || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, &v, sizeof(v))) {
		emit_ptr(tcp, addr);
		return;
	}
	print_num_in_brackets(tcp, (uint64_t)(int64_t)v, true);
}

SYS_FUNC(lseek)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	emit_int(tcp, tcp_sarg(tcp, 1));
	emit_next(tcp);
	print_xval(tcp, whence, (uint32_t)tcp_arg(tcp, 2), "SEEK_???");
	return RVAL_DECODED;
}

/* i386: the offset in two halves, high first, the result through a pointer. */
SYS_FUNC(_llseek)
{
	if (entering(tcp)) {
		uint64_t off = ((uint64_t)(uint32_t)tcp_arg(tcp, 1) << 32) |
			       (uint32_t)tcp_arg(tcp, 2);

		print_fd(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		emit_int(tcp, (int64_t)off);
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 3));
	else
		print_loff_ptr(tcp, tcp_arg(tcp, 3));
	emit_next(tcp);
	print_xval(tcp, whence, (uint32_t)tcp_arg(tcp, 4), "SEEK_???");
	return RVAL_DECIMAL;
}

SYS_FUNC(close)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	return RVAL_DECODED;
}

SYS_FUNC(dup)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	return RVAL_DECODED | RVAL_FD;
}

SYS_FUNC(dup2)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_fd(tcp, tcp_iarg(tcp, 1));
	return RVAL_DECODED | RVAL_FD;
}

SYS_FUNC(dup3)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_fd(tcp, tcp_iarg(tcp, 1));
	emit_next(tcp);
	print_flags(tcp, open_flags, (uint32_t)tcp_arg(tcp, 2), "O_???");
	return RVAL_DECODED | RVAL_FD;
}

/* The two descriptors the kernel wrote, "[3, 4]", or the address. */
static void print_pipe_fds(struct tcb *tcp, uint64_t addr)
{
	int32_t fds[2];

	if (syserror(tcp) || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, fds, sizeof(fds))) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_array_begin(tcp);
	emit_next(tcp);
	print_fd(tcp, fds[0]);
	emit_next(tcp);
	print_fd(tcp, fds[1]);
	emit_array_end(tcp);
}

SYS_FUNC(pipe)
{
	if (entering(tcp))
		return 0;
	print_pipe_fds(tcp, tcp_arg(tcp, 0));
	return RVAL_DECIMAL;
}

SYS_FUNC(pipe2)
{
	if (entering(tcp))
		return 0;
	print_pipe_fds(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	print_flags(tcp, open_flags, (uint32_t)tcp_arg(tcp, 1), "O_???");
	return RVAL_DECIMAL;
}

SYS_FUNC(close_range)
{
	emit_uint(tcp, (uint32_t)tcp_arg(tcp, 0));
	emit_next(tcp);
	emit_uint(tcp, (uint32_t)tcp_arg(tcp, 1));
	emit_next(tcp);
	print_flags(tcp, close_range_flags, (uint32_t)tcp_arg(tcp, 2),
		    "CLOSE_RANGE_???");
	return RVAL_DECODED;
}

SYS_FUNC(flock)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_flags(tcp, flock_ops, (uint32_t)tcp_arg(tcp, 1), "LOCK_???");
	return RVAL_DECODED;
}
