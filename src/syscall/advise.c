/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Advice on files and on other processes' memory: fadvise64,
 * fadvise64_64, readahead, sync_file_range, process_madvise,
 * process_mrelease.  On i386 every 64-bit offset and length comes in
 * two registers, low half first; strace shows them joined.
 */
#include "config.h"

#include "syscall/defs.h"
#include "syscall/desc.h"
#include "xlat/tables/fadvise_advice.h"
#include "xlat/tables/madvise_cmds.h"
#include "xlat/tables/sync_file_range_flags.h"

static void print_advice(struct tcb *tcp, unsigned int i)
{
	print_xval(tcp, fadvise_advice, (uint32_t)tcp_arg(tcp, i),
		   "POSIX_FADV_???");
}

/* fadvise64(fd, loff_t offset, size_t len, int advice) */
SYS_FUNC(fadvise64)
{
	unsigned int i;

	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	emit_int(tcp, (int64_t)tcp_arg64(tcp, 1, &i));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, i));
	emit_next(tcp);
	print_advice(tcp, i + 1);
	return RVAL_DECODED;
}

/* i386 only: fadvise64_64(fd, loff_t offset, loff_t len, int advice) */
SYS_FUNC(fadvise64_64)
{
	unsigned int i;

	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	emit_int(tcp, (int64_t)tcp_arg64(tcp, 1, &i));
	emit_next(tcp);
	emit_int(tcp, (int64_t)tcp_arg64(tcp, i, &i));
	emit_next(tcp);
	print_advice(tcp, i);
	return RVAL_DECODED;
}

/* readahead(fd, loff_t offset, size_t count) */
SYS_FUNC(readahead)
{
	unsigned int i;

	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	emit_int(tcp, (int64_t)tcp_arg64(tcp, 1, &i));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, i));
	return RVAL_DECODED;
}

/* sync_file_range(fd, loff_t offset, loff_t nbytes, unsigned int flags) */
SYS_FUNC(sync_file_range)
{
	unsigned int i;

	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	emit_int(tcp, (int64_t)tcp_arg64(tcp, 1, &i));
	emit_next(tcp);
	emit_int(tcp, (int64_t)tcp_arg64(tcp, i, &i));
	emit_next(tcp);
	print_flags(tcp, sync_file_range_flags, (uint32_t)tcp_arg(tcp, i),
		    "SYNC_FILE_RANGE_???");
	return RVAL_DECODED;
}

/*
 * process_madvise(pidfd, const struct iovec *vec, size_t vlen,
 * int advice, unsigned int flags): the iovecs are ranges of the other
 * process, shown as addresses.
 */
SYS_FUNC(process_madvise)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_iov(tcp, tcp_arg(tcp, 1), tcp_arg(tcp, 2), 0, false);
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 2));
	emit_next(tcp);
	print_xval(tcp, madvise_cmds, (uint32_t)tcp_arg(tcp, 3), "MADV_???");
	emit_next(tcp);
	emit_hex(tcp, (uint32_t)tcp_arg(tcp, 4));
	return RVAL_DECODED;
}

SYS_FUNC(process_mrelease)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	emit_hex(tcp, (uint32_t)tcp_arg(tcp, 1));
	return RVAL_DECODED;
}
