/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Data transfer on descriptors: read and write and their positioned and
 * vector forms, and the in-kernel copies (sendfile, splice, tee,
 * vmsplice, copy_file_range).
 */
#include "config.h"

#include <stdio.h>

#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/desc.h"
#include "syscall/net.h"
#include "xlat/tables/rwf_flags.h"
#include "xlat/tables/splice_flags.h"

struct iov_state {
	bool data;
	uint64_t left; /* bytes still to show, spread over the buffers */
	int sock_fd;	/* netlink messages of this socket, or -1 */
};

static void print_iov_elem(struct tcb *tcp, const void *elem, void *data)
{
	struct iov_state *st = data;
	uint64_t base, len;

	if (tcp_wordsize(tcp) == 4) {
		const uint32_t *w = elem;

		base = w[0];
		len = w[1];
	} else {
		const uint64_t *w = elem;

		base = w[0];
		len = w[1];
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "iov_base");
	if (st->data) {
		uint64_t show = len < st->left ? len : st->left;

		if (st->sock_fd >= 0)
			netlink_print_msgs(tcp, st->sock_fd, base, show);
		else
			emit_buf(tcp, base, show);
		/* No total to spread (IOV_DATA_ALL): each buffer whole, even
		 * after huge lengths (writev's), as strace shows them. */
		if (st->left != IOV_DATA_ALL)
			st->left -= show;
	} else {
		emit_ptr(tcp, base);
	}
	emit_field(tcp, "iov_len");
	emit_uint(tcp, len);
	emit_struct_end(tcp);
}

void print_iov(struct tcb *tcp, uint64_t addr, uint64_t count,
	       uint64_t data_size, bool data)
{
	struct iov_state st = { data, data_size, -1 };

	print_array(tcp, addr, count, 2 * tcp_wordsize(tcp), print_iov_elem,
		    &st);
}

void print_iov_sock(struct tcb *tcp, int fd, uint64_t addr, uint64_t count,
		    uint64_t data_size)
{
	struct iov_state st = { true, data_size, fd };

	print_array(tcp, addr, count, 2 * tcp_wordsize(tcp), print_iov_elem,
		    &st);
}

void print_loff_ptr(struct tcb *tcp, uint64_t addr)
{
	int64_t off;

	if (!addr || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, &off, sizeof(off))) {
		emit_ptr(tcp, addr);
		return;
	}
	print_num_in_brackets(tcp, (uint64_t)off, true);
}

/* read, pread64: the buffer holds the return value's bytes at exit. */
static void print_read_buf(struct tcb *tcp)
{
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 1));
	else
		emit_buf(tcp, tcp_arg(tcp, 1), (uint64_t)tcp_rval(tcp));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 2));
}

static void read_dump(struct tcb *tcp)
{
	if (!syserror(tcp) && qual_read_dump(tcp_iarg(tcp, 0)))
		dump_buf(tcp, tcp_arg(tcp, 1), (uint64_t)tcp_rval(tcp));
}

SYS_FUNC(read)
{
	if (entering(tcp)) {
		print_fd(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	print_read_buf(tcp);
	read_dump(tcp);
	return RVAL_DECIMAL;
}

/*
 * The writes print everything at entry; with -e write= the exit stop is
 * still needed, to dump what was written under the line.
 */
static int write_done(struct tcb *tcp, bool vec)
{
	int fd = tcp_iarg(tcp, 0);

	if (entering(tcp))
		return fd >= 0 && qual_write_dump(fd) ? 0 : RVAL_DECODED;
	if (vec)
		dump_iov(tcp, tcp_arg(tcp, 1), tcp_arg(tcp, 2), IOV_DATA_ALL);
	else
		dump_buf(tcp, tcp_arg(tcp, 1), tcp_arg(tcp, 2));
	return RVAL_DECIMAL;
}

SYS_FUNC(write)
{
	if (entering(tcp)) {
		print_fd(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		emit_buf(tcp, tcp_arg(tcp, 1), tcp_arg(tcp, 2));
		emit_next(tcp);
		emit_uint(tcp, tcp_arg(tcp, 2));
	}
	return write_done(tcp, false);
}

static void print_offset(struct tcb *tcp, unsigned int i)
{
	unsigned int next;

	emit_next(tcp);
	emit_int(tcp, (int64_t)tcp_arg64(tcp, i, &next));
}

SYS_FUNC(pread64)
{
	if (entering(tcp)) {
		print_fd(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	print_read_buf(tcp);
	print_offset(tcp, 3);
	read_dump(tcp);
	return RVAL_DECIMAL;
}

SYS_FUNC(pwrite64)
{
	if (entering(tcp)) {
		print_fd(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		emit_buf(tcp, tcp_arg(tcp, 1), tcp_arg(tcp, 2));
		emit_next(tcp);
		emit_uint(tcp, tcp_arg(tcp, 2));
		print_offset(tcp, 3);
	}
	return write_done(tcp, false);
}

/*
 * readv and its positioned forms: the array at exit, with the data the
 * call returned spread over its buffers.  off: index of the offset
 * argument or 0; flags: index of the RWF_* flags or 0.
 */
static int do_readv(struct tcb *tcp, unsigned int off, unsigned int flags)
{
	if (entering(tcp)) {
		print_fd(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp))
		print_iov(tcp, tcp_arg(tcp, 1), tcp_arg(tcp, 2), 0, false);
	else
		print_iov(tcp, tcp_arg(tcp, 1), tcp_arg(tcp, 2),
			  (uint64_t)tcp_rval(tcp), true);
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 2));
	if (off)
		print_offset(tcp, off);
	if (flags) {
		emit_next(tcp);
		print_flags(tcp, rwf_flags, (uint32_t)tcp_arg(tcp, flags),
			    "RWF_???");
	}
	if (!syserror(tcp) && qual_read_dump(tcp_iarg(tcp, 0)))
		dump_iov(tcp, tcp_arg(tcp, 1), tcp_arg(tcp, 2),
			 (uint64_t)tcp_rval(tcp));
	return RVAL_DECIMAL;
}

static int do_writev(struct tcb *tcp, unsigned int off, unsigned int flags)
{
	if (entering(tcp)) {
		print_fd(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		print_iov(tcp, tcp_arg(tcp, 1), tcp_arg(tcp, 2), IOV_DATA_ALL,
			  true);
		emit_next(tcp);
		emit_uint(tcp, tcp_arg(tcp, 2));
		if (off)
			print_offset(tcp, off);
		if (flags) {
			emit_next(tcp);
			print_flags(tcp, rwf_flags,
				    (uint32_t)tcp_arg(tcp, flags), "RWF_???");
		}
	}
	return write_done(tcp, true);
}

SYS_FUNC(readv)
{
	return do_readv(tcp, 0, 0);
}

SYS_FUNC(writev)
{
	return do_writev(tcp, 0, 0);
}

/*
 * preadv/pwritev take the offset as two longs, low half first, on every
 * ABI; a 64-bit kernel uses the low one whole (pos_from_hilo() in
 * fs/read_write.c), which is what tcp_arg64() reads on x86_64.
 */
SYS_FUNC(preadv)
{
	return do_readv(tcp, 3, 0);
}

SYS_FUNC(pwritev)
{
	return do_writev(tcp, 3, 0);
}

/* The flags follow both halves of the offset: argument 5 on both ABIs. */
SYS_FUNC(preadv2)
{
	return do_readv(tcp, 3, 5);
}

SYS_FUNC(pwritev2)
{
	return do_writev(tcp, 3, 5);
}

/*
 * sendfile: the offset is read and updated by the kernel; strace shows
 * the new value after the old one, "[2] => [7]".  The i386 sendfile
 * takes a 32-bit off_t, sendfile64 a loff_t.
 */
static void print_off_ptr(struct tcb *tcp, uint64_t addr, bool wide)
{
	uint64_t off = 0;
	int rc;

	/* Unlike splice's, strace shows this offset unsigned: [4294967291]. */
	if (wide)
		rc = tracee_read(tcp, addr, &off, sizeof(off));
	else
		rc = tracee_read(tcp, addr, &off, sizeof(uint32_t));
	if (!qual_verbose(tcp) || rc) {
		emit_ptr(tcp, addr);
		return;
	}
	print_num_in_brackets(tcp, off, false);
}

static int do_sendfile(struct tcb *tcp, bool wide)
{
	uint64_t addr = tcp_arg(tcp, 2);

	if (entering(tcp)) {
		print_fd(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		print_fd(tcp, tcp_iarg(tcp, 1));
		emit_next(tcp);
		if (!addr) {
			emit_ptr(tcp, 0);
			emit_next(tcp);
			emit_uint(tcp, tcp_arg(tcp, 3));
			return RVAL_DECODED;
		}
		print_off_ptr(tcp, addr, wide);
		return 0;
	}
	/* Nothing sent, the offset is as it was: strace shows it once. */
	if (!syserror(tcp) && tcp_rval(tcp) && qual_verbose(tcp)) {
		emit_changed(tcp);
		print_off_ptr(tcp, addr, wide);
	}
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 3));
	return RVAL_DECIMAL;
}

SYS_FUNC(sendfile)
{
	return do_sendfile(tcp, tcp_wordsize(tcp) == 8);
}

SYS_FUNC(sendfile64)
{
	return do_sendfile(tcp, true);
}

SYS_FUNC(splice)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_loff_ptr(tcp, tcp_arg(tcp, 1));
	emit_next(tcp);
	print_fd(tcp, tcp_iarg(tcp, 2));
	emit_next(tcp);
	print_loff_ptr(tcp, tcp_arg(tcp, 3));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 4));
	emit_next(tcp);
	print_flags(tcp, splice_flags, (uint32_t)tcp_arg(tcp, 5),
		    "SPLICE_F_???");
	return RVAL_DECODED;
}

SYS_FUNC(tee)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_fd(tcp, tcp_iarg(tcp, 1));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 2));
	emit_next(tcp);
	print_flags(tcp, splice_flags, (uint32_t)tcp_arg(tcp, 3),
		    "SPLICE_F_???");
	return RVAL_DECODED;
}

/* Shown as a write whichever way the pages go, data and dump alike. */
SYS_FUNC(vmsplice)
{
	if (entering(tcp)) {
		print_fd(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		print_iov(tcp, tcp_arg(tcp, 1), tcp_arg(tcp, 2), IOV_DATA_ALL,
			  true);
		emit_next(tcp);
		emit_uint(tcp, tcp_arg(tcp, 2));
		emit_next(tcp);
		print_flags(tcp, splice_flags, (uint32_t)tcp_arg(tcp, 3),
			    "SPLICE_F_???");
	}
	return write_done(tcp, true);
}

SYS_FUNC(copy_file_range)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_loff_ptr(tcp, tcp_arg(tcp, 1));
	emit_next(tcp);
	print_fd(tcp, tcp_iarg(tcp, 2));
	emit_next(tcp);
	print_loff_ptr(tcp, tcp_arg(tcp, 3));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 4));
	emit_next(tcp);
	emit_uint(tcp, (uint32_t)tcp_arg(tcp, 5));
	return RVAL_DECODED;
}
