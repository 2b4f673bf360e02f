/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * POSIX message queues: mq_open, mq_unlink, mq_timedsend,
 * mq_timedreceive (and their i386 *_time64 forms), mq_notify,
 * mq_getsetattr.
 */
#include "config.h"

#include <fcntl.h>

#include "select/qualify.h"
#include "syscall/clock.h"
#include "syscall/defs.h"
#include "syscall/desc.h"
#include "syscall/file.h"

static const struct xlat mq_attr_flags[] = {
	{ O_NONBLOCK, "O_NONBLOCK" },
	{ 0, NULL }
};

/*
 * struct mq_attr: four longs, then four reserved ones (read too: strace
 * shows the address of a struct cut short).  mq_open's flags are shown
 * as a number: the kernel ignores them there.
 */
static void print_mq_attr(struct tcb *tcp, uint64_t addr, bool decode_flags)
{
	static const char *const names[] = { "mq_flags", "mq_maxmsg",
					     "mq_msgsize", "mq_curmsgs" };
	int64_t v[8];

	if (!addr || !qual_verbose(tcp)) {
		emit_ptr(tcp, addr);
		return;
	}
	if (tcp_wordsize(tcp) == 4) {
		int32_t s[8];

		if (tracee_read(tcp, addr, s, sizeof(s))) {
			emit_ptr(tcp, addr);
			return;
		}
		for (int i = 0; i < 4; i++)
			v[i] = s[i];
		v[0] = (uint32_t)s[0];
	} else if (tracee_read(tcp, addr, v, sizeof(v))) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	for (int i = 0; i < 4; i++) {
		emit_field(tcp, names[i]);
		if (i == 0 && decode_flags)
			print_flags(tcp, mq_attr_flags, (uint64_t)v[0],
				    "O_???");
		else if (i == 0)
			emit_hex(tcp, (uint64_t)v[0]);
		else
			emit_int(tcp, v[i]);
	}
	emit_struct_end(tcp);
}

SYS_FUNC(mq_open)
{
	uint32_t flags = (uint32_t)tcp_iarg(tcp, 1);

	emit_path(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	print_open_flags(tcp, flags);
	if (flags & O_CREAT) {
		emit_next(tcp);
		print_numeric_mode(tcp, tcp_arg(tcp, 2));
		emit_next(tcp);
		print_mq_attr(tcp, tcp_arg(tcp, 3), false);
	}
	return RVAL_DECODED | RVAL_FD;
}

SYS_FUNC(mq_unlink)
{
	emit_path(tcp, tcp_arg(tcp, 0));
	return RVAL_DECODED;
}

static int decode_mq_timedsend(struct tcb *tcp, int wide)
{
	/* -e write=: the message sent, dumped under the line. */
	if (exiting(tcp)) {
		if (!syserror(tcp))
			dump_buf(tcp, tcp_arg(tcp, 1), tcp_arg(tcp, 2));
		return RVAL_DECIMAL;
	}
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	emit_buf(tcp, tcp_arg(tcp, 1), tcp_arg(tcp, 2));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 2));
	emit_next(tcp);
	emit_uint(tcp, (uint32_t)tcp_arg(tcp, 3));
	emit_next(tcp);
	print_any_timespec(tcp, tcp_arg(tcp, 4), wide);
	return tcp_iarg(tcp, 0) >= 0 && qual_write_dump(tcp_iarg(tcp, 0)) ?
	       0 : RVAL_DECODED;
}

SYS_FUNC(mq_timedsend)
{
	return decode_mq_timedsend(tcp, 0);
}

SYS_FUNC(mq_timedsend_time64)
{
	return decode_mq_timedsend(tcp, 1);
}

static int decode_mq_timedreceive(struct tcb *tcp, int wide)
{
	uint64_t prio = tcp_arg(tcp, 3);
	uint32_t p;

	if (entering(tcp)) {
		print_fd(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 1));
	else
		emit_buf(tcp, tcp_arg(tcp, 1), (uint64_t)tcp_rval(tcp));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 2));
	emit_next(tcp);
	if (!prio || syserror(tcp) || !qual_verbose(tcp) ||
	    tracee_read(tcp, prio, &p, sizeof(p))) {
		emit_ptr(tcp, prio);
	} else {
		emit_array_begin(tcp);
		emit_uint(tcp, p);
		emit_array_end(tcp);
	}
	emit_next(tcp);
	print_any_timespec(tcp, tcp_arg(tcp, 4), wide);
	/* -e read=: the message received, dumped under the line. */
	if (!syserror(tcp) && qual_read_dump(tcp_iarg(tcp, 0)))
		dump_buf(tcp, tcp_arg(tcp, 1), (uint64_t)tcp_rval(tcp));
	return RVAL_DECIMAL;
}

SYS_FUNC(mq_timedreceive)
{
	return decode_mq_timedreceive(tcp, 0);
}

SYS_FUNC(mq_timedreceive_time64)
{
	return decode_mq_timedreceive(tcp, 1);
}

SYS_FUNC(mq_notify)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_sigevent(tcp, tcp_arg(tcp, 1));
	return RVAL_DECODED;
}

SYS_FUNC(mq_getsetattr)
{
	if (entering(tcp)) {
		print_fd(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		print_mq_attr(tcp, tcp_arg(tcp, 1), true);
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 2));
	else
		print_mq_attr(tcp, tcp_arg(tcp, 2), true);
	return RVAL_DECIMAL;
}
