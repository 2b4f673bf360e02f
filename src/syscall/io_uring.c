/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* io_uring_setup, io_uring_enter, io_uring_register: the basics. */
#include "config.h"

#include "select/qualify.h"
#include "syscall/defs.h"
#include "xlat/tables/uring_enter_flags.h"
#include "xlat/tables/uring_register_opcodes.h"
#include "xlat/tables/uring_setup_features.h"
#include "xlat/tables/uring_setup_flags.h"

/* linux/io_uring.h */
#define SETUP_ATTACH_WQ		(1U << 5)
#define ENTER_EXT_ARG		(1U << 3)
#define REGISTER_FILES		2
#define REGISTER_EVENTFD	4
#define REGISTER_EVENTFD_ASYNC	7

/* struct io_uring_params, as u32 words. */
enum {
	P_SQ_ENTRIES, P_CQ_ENTRIES, P_FLAGS, P_SQ_THREAD_CPU,
	P_SQ_THREAD_IDLE, P_FEATURES, P_WQ_FD, P_RESV,
	P_SQ_OFF = 10,		/* 7 u32, then a u32 and a u64 reserved */
	P_CQ_OFF = 20,
	P_WORDS = 30
};

static void print_offsets(struct tcb *tcp, const char *field,
			  const uint32_t *w, const char *const *names)
{
	emit_field(tcp, field);
	emit_struct_begin(tcp);
	for (int i = 0; i < 7; i++) {
		emit_field(tcp, names[i]);
		emit_uint(tcp, w[i]);
	}
	emit_struct_end(tcp);
}

SYS_FUNC(io_uring_setup)
{
	static const char *const sq_names[] = { "head", "tail", "ring_mask",
		"ring_entries", "flags", "dropped", "array" };
	static const char *const cq_names[] = { "head", "tail", "ring_mask",
		"ring_entries", "overflow", "cqes", "flags" };
	uint64_t addr = tcp_arg(tcp, 1);
	uint32_t p[P_WORDS];

	if (entering(tcp)) {
		emit_uint(tcp, (uint32_t)tcp_arg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	if (!addr || !qual_verbose(tcp) || tracee_read(tcp, addr, p, sizeof(p))) {
		emit_ptr(tcp, addr);
		return RVAL_FD;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "flags");
	print_flags(tcp, uring_setup_flags, p[P_FLAGS], "IORING_SETUP_???");
	emit_field(tcp, "sq_thread_cpu");
	emit_uint(tcp, p[P_SQ_THREAD_CPU]);
	emit_field(tcp, "sq_thread_idle");
	emit_uint(tcp, p[P_SQ_THREAD_IDLE]);
	if (p[P_FLAGS] & SETUP_ATTACH_WQ) {
		emit_field(tcp, "wq_fd");
		print_fd(tcp, (int)p[P_WQ_FD]);
	}
	if (p[P_RESV] || p[P_RESV + 1] || p[P_RESV + 2]) {
		emit_field(tcp, "resv");
		emit_array_begin(tcp);
		for (int i = 0; i < 3; i++) {
			emit_next(tcp);
			emit_hex(tcp, p[P_RESV + i]);
		}
		emit_array_end(tcp);
	}
	if (!syserror(tcp)) {
		emit_field(tcp, "sq_entries");
		emit_uint(tcp, p[P_SQ_ENTRIES]);
		emit_field(tcp, "cq_entries");
		emit_uint(tcp, p[P_CQ_ENTRIES]);
		emit_field(tcp, "features");
		print_flags(tcp, uring_setup_features, p[P_FEATURES],
			    "IORING_FEAT_???");
		print_offsets(tcp, "sq_off", p + P_SQ_OFF, sq_names);
		print_offsets(tcp, "cq_off", p + P_CQ_OFF, cq_names);
	}
	emit_struct_end(tcp);
	return RVAL_FD;
}

SYS_FUNC(io_uring_enter)
{
	uint32_t flags = (uint32_t)tcp_arg(tcp, 3);

	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	emit_uint(tcp, (uint32_t)tcp_arg(tcp, 1));
	emit_next(tcp);
	emit_uint(tcp, (uint32_t)tcp_arg(tcp, 2));
	emit_next(tcp);
	print_flags(tcp, uring_enter_flags, flags, "IORING_ENTER_???");
	emit_next(tcp);
	if (flags & ENTER_EXT_ARG)
		emit_ptr(tcp, tcp_arg(tcp, 4));
	else
		print_sigset(tcp, tcp_arg(tcp, 4), (uint32_t)tcp_arg(tcp, 5));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 5));
	return RVAL_DECODED;
}

static void print_fd_elem(struct tcb *tcp, const void *elem, void *data)
{
	(void)data;
	print_fd(tcp, *(const int32_t *)elem);
}

static void print_fd_array(struct tcb *tcp, uint64_t addr, uint32_t n)
{
	print_array(tcp, addr, n, sizeof(int32_t), print_fd_elem, NULL);
}

SYS_FUNC(io_uring_register)
{
	uint32_t op = (uint32_t)tcp_arg(tcp, 1);
	uint32_t nr = (uint32_t)tcp_arg(tcp, 3);

	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_xval(tcp, uring_register_opcodes, op, "IORING_REGISTER_???");
	emit_next(tcp);
	switch (op) {
	case REGISTER_FILES:
		print_fd_array(tcp, tcp_arg(tcp, 2), nr);
		break;
	case REGISTER_EVENTFD:
	case REGISTER_EVENTFD_ASYNC:
		print_fd_array(tcp, tcp_arg(tcp, 2), 1);
		break;
	default:
		emit_ptr(tcp, tcp_arg(tcp, 2));
		break;
	}
	emit_next(tcp);
	emit_uint(tcp, nr);
	return RVAL_DECODED;
}
