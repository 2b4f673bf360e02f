/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Native asynchronous I/O (linux/aio_abi.h): io_setup, io_destroy,
 * io_submit and its control blocks, io_cancel, io_getevents and
 * io_pgetevents and their completion events.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/desc.h"
#include "xlat/tables/aio_cmds.h"
#include "xlat/tables/aio_iocb_flags.h"
#include "xlat/tables/poll_events.h"
#include "xlat/tables/rwf_flags.h"

/* struct iocb: the same 64 bytes for every ABI (little-endian order). */
struct aio_iocb {
	uint64_t data;
	uint32_t key;
	uint32_t rw_flags;
	uint16_t opcode;
	int16_t reqprio;
	uint32_t fildes;
	uint64_t buf;
	uint64_t nbytes;
	int64_t offset;
	uint64_t reserved2;
	uint32_t flags;
	uint32_t resfd;
};

/* struct io_event: 32 bytes everywhere. */
struct aio_event {
	uint64_t data;
	uint64_t obj;
	int64_t res;
	int64_t res2;
};

/* linux/aio_abi.h */
#define IOCB_CMD_PREAD_VAL 0
#define IOCB_CMD_PWRITE_VAL 1
#define IOCB_CMD_POLL_VAL 5
#define IOCB_CMD_PREADV_VAL 7
#define IOCB_CMD_PWRITEV_VAL 8
#define IOCB_FLAG_RESFD_VAL 1
#define IOCB_FLAG_IOPRIO_VAL 2
/* "IOPRIO_PRIO_VALUE(IOPRIO_CLASS_BE, 4)": class and level. */
static void print_ioprio(struct tcb *tcp, uint16_t prio)
{
	char text[128];

	print_named(tcp, prio, sprint_ioprio(text, sizeof(text), prio), false);
}

/* The data, opcode, priority and fd: what every control block shows. */
static void print_iocb_head(struct tcb *tcp, const struct aio_iocb *cb)
{
	emit_field(tcp, "aio_data");
	emit_hex(tcp, cb->data);
	if (cb->key) {
		emit_field(tcp, "aio_key");
		emit_uint(tcp, cb->key);
	}
	if (cb->rw_flags) {
		emit_field(tcp, "aio_rw_flags");
		print_flags(tcp, rwf_flags, cb->rw_flags, "RWF_???");
	}
	emit_field(tcp, "aio_lio_opcode");
	print_xval_d(tcp, aio_cmds, cb->opcode, "IOCB_CMD_???");
	/* A priority class when the flag says there is one, even 0. */
	if (cb->reqprio || (cb->flags & IOCB_FLAG_IOPRIO_VAL)) {
		emit_field(tcp, "aio_reqprio");
		if (cb->flags & IOCB_FLAG_IOPRIO_VAL)
			print_ioprio(tcp, (uint16_t)cb->reqprio);
		else
			emit_int(tcp, cb->reqprio);
	}
	emit_field(tcp, "aio_fildes");
	print_fd(tcp, (int)cb->fildes);
}

/*
 * The vectored buffers: an iovec array of aio_nbytes elements, or, when
 * that many could not even be addressed, the pointer and the count.
 */
static void print_iocb_iov(struct tcb *tcp, const struct aio_iocb *cb,
			   bool data)
{
	uint64_t word_max = tcp_wordsize(tcp) == 4 ? UINT32_MAX : UINT64_MAX;

	emit_field(tcp, "aio_buf");
	if (cb->nbytes > word_max / (2 * tcp_wordsize(tcp))) {
		emit_hex(tcp, cb->buf);
		emit_field(tcp, "aio_nbytes");
		emit_uint(tcp, cb->nbytes);
		return;
	}
	print_iov(tcp, cb->buf, cb->nbytes, IOV_DATA_ALL, data);
}

/*
 * A whole control block: the head, then what its opcode uses (reads
 * show their buffer's address, writes its bytes), then the flags of
 * the read and write opcodes.
 */
static void print_iocb(struct tcb *tcp, const struct aio_iocb *cb)
{
	bool rw = true;

	emit_struct_begin(tcp);
	print_iocb_head(tcp, cb);
	switch (cb->opcode) {
	case IOCB_CMD_PREAD_VAL:
		emit_field(tcp, "aio_buf");
		emit_hex(tcp, cb->buf);
		emit_field(tcp, "aio_nbytes");
		emit_uint(tcp, cb->nbytes);
		break;
	case IOCB_CMD_PWRITE_VAL:
		emit_field(tcp, "aio_buf");
		emit_buf(tcp, cb->buf, cb->nbytes);
		emit_field(tcp, "aio_nbytes");
		emit_uint(tcp, cb->nbytes);
		break;
	case IOCB_CMD_PREADV_VAL:
	case IOCB_CMD_PWRITEV_VAL:
		print_iocb_iov(tcp, cb, cb->opcode == IOCB_CMD_PWRITEV_VAL);
		break;
	case IOCB_CMD_POLL_VAL:
		emit_field(tcp, "aio_buf");
		print_flags(tcp, poll_events, cb->buf, "POLL???");
		/* fallthrough */
	default:
		rw = false;
		break;
	}
	if (rw) {
		emit_field(tcp, "aio_offset");
		emit_int(tcp, cb->offset);
		if (cb->flags) {
			emit_field(tcp, "aio_flags");
			print_flags(tcp, aio_iocb_flags, cb->flags,
				    "IOCB_FLAG_???");
		}
		if (cb->flags & IOCB_FLAG_RESFD_VAL) {
			emit_field(tcp, "aio_resfd");
			print_fd(tcp, (int)cb->resfd);
		}
	}
	emit_struct_end(tcp);
}

/* An element of io_submit's array: a pointer to a control block. */
static void print_iocbp(struct tcb *tcp, const void *elem, void *data)
{
	uint64_t addr = tcp_wordsize(tcp) == 4 ? *(const uint32_t *)elem
					       : *(const uint64_t *)elem;
	struct aio_iocb cb;

	(void)data;
	if (!addr || tracee_read(tcp, addr, &cb, sizeof(cb)))
		emit_ptr(tcp, addr);
	else
		print_iocb(tcp, &cb);
}

SYS_FUNC(io_setup)
{
	uint64_t ctx;

	if (entering(tcp)) {
		emit_uint(tcp, (uint32_t)tcp_arg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	/* aio_context_t is an unsigned long. */
	ctx = 0;
	if (syserror(tcp) || !qual_verbose(tcp) ||
	    tracee_read(tcp, tcp_arg(tcp, 1), &ctx, tcp_wordsize(tcp))) {
		emit_ptr(tcp, tcp_arg(tcp, 1));
		return RVAL_DECIMAL;
	}
	emit_array_begin(tcp);
	emit_ptr(tcp, ctx);
	emit_array_end(tcp);
	return RVAL_DECIMAL;
}

SYS_FUNC(io_destroy)
{
	emit_ptr(tcp, tcp_arg(tcp, 0));
	return RVAL_DECODED;
}

SYS_FUNC(io_submit)
{
	int64_t nr = tcp_sarg(tcp, 1);

	emit_ptr(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	emit_int(tcp, nr);
	emit_next(tcp);
	if (nr < 0)
		emit_ptr(tcp, tcp_arg(tcp, 2));
	else
		print_array(tcp, tcp_arg(tcp, 2), (uint64_t)nr,
			    tcp_wordsize(tcp), print_iocbp, NULL);
	return RVAL_DECODED;
}

static void print_event_fields(struct tcb *tcp, const struct aio_event *ev)
{
	emit_struct_begin(tcp);
	emit_field(tcp, "data");
	emit_hex(tcp, ev->data);
	emit_field(tcp, "obj");
	emit_ptr(tcp, ev->obj);
	emit_field(tcp, "res");
	emit_int(tcp, ev->res);
	emit_field(tcp, "res2");
	emit_int(tcp, ev->res2);
	emit_struct_end(tcp);
}

static void print_event(struct tcb *tcp, const void *elem, void *data)
{
	struct aio_event ev;

	(void)data;
	memcpy(&ev, elem, sizeof(ev));
	print_event_fields(tcp, &ev);
}

SYS_FUNC(io_cancel)
{
	struct aio_iocb cb;
	struct aio_event ev;
	uint64_t addr;

	if (entering(tcp)) {
		emit_ptr(tcp, tcp_arg(tcp, 0));
		emit_next(tcp);
		/* Only the head: which request, not what it does. */
		addr = tcp_arg(tcp, 1);
		if (!addr || !qual_verbose(tcp) ||
		    tracee_read(tcp, addr, &cb, sizeof(cb))) {
			emit_ptr(tcp, addr);
		} else {
			emit_struct_begin(tcp);
			print_iocb_head(tcp, &cb);
			emit_struct_end(tcp);
		}
		emit_next(tcp);
		return 0;
	}
	addr = tcp_arg(tcp, 2);
	if (syserror(tcp) || !addr || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, &ev, sizeof(ev)))
		emit_ptr(tcp, addr);
	else
		print_event_fields(tcp, &ev);
	return RVAL_DECIMAL;
}

/*
 * io_getevents and io_pgetevents: the events written (as many as the
 * return value says) and the timeout, at exit.
 */
static int decode_getevents(struct tcb *tcp, bool time64)
{
	if (entering(tcp)) {
		emit_ptr(tcp, tcp_arg(tcp, 0));
		emit_next(tcp);
		emit_int(tcp, tcp_sarg(tcp, 1));
		emit_next(tcp);
		emit_int(tcp, tcp_sarg(tcp, 2));
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 3));
	else
		print_array(tcp, tcp_arg(tcp, 3), (uint64_t)tcp_rval(tcp),
			    sizeof(struct aio_event), print_event, NULL);
	emit_next(tcp);
	print_any_timespec(tcp, tcp_arg(tcp, 4), time64);
	return RVAL_DECIMAL;
}

SYS_FUNC(io_getevents)
{
	return decode_getevents(tcp, false);
}

/* struct __aio_sigset: the mask's address and size, longs both. */
static void print_aio_sigset(struct tcb *tcp, uint64_t addr)
{
	uint64_t v[2] = { 0, 0 };
	uint32_t w[2];

	if (!addr || !qual_verbose(tcp)) {
		emit_ptr(tcp, addr);
		return;
	}
	if (tcp_wordsize(tcp) == 4) {
		if (tracee_read(tcp, addr, w, sizeof(w))) {
			emit_ptr(tcp, addr);
			return;
		}
		v[0] = w[0];
		v[1] = w[1];
	} else if (tracee_read(tcp, addr, v, sizeof(v))) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "sigmask");
	print_sigset(tcp, v[0], v[1]);
	emit_field(tcp, "sigsetsize");
	emit_uint(tcp, v[1]);
	emit_struct_end(tcp);
}

static int decode_pgetevents(struct tcb *tcp, bool time64)
{
	int rc = decode_getevents(tcp, time64);

	if (exiting(tcp)) {
		emit_next(tcp);
		print_aio_sigset(tcp, tcp_arg(tcp, 5));
	}
	return rc;
}

SYS_FUNC(io_pgetevents)
{
	return decode_pgetevents(tcp, false);
}

SYS_FUNC(io_pgetevents_time64)
{
	return decode_pgetevents(tcp, true);
}
