/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * io_uring_setup, io_uring_enter, io_uring_register: the rings' parameters
 * and every register operation's argument, as strace 6.1 shows them.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/desc.h"
#include "syscall/file.h"
#include "syscall/process.h"
#include "xlat/tables/uring_enter_flags.h"
#include "xlat/tables/uring_iowq_acct.h"
#include "xlat/tables/uring_op_flags.h"
#include "xlat/tables/uring_ops.h"
#include "xlat/tables/uring_register_opcodes.h"
#include "xlat/tables/uring_restriction_opcodes.h"
#include "xlat/tables/uring_rsrc_flags.h"
#include "xlat/tables/uring_setup_features.h"
#include "xlat/tables/uring_setup_flags.h"
#include "xlat/tables/uring_sqe_flags.h"

/* linux/io_uring.h */
#define SETUP_ATTACH_WQ		(1U << 5)
#define FILES_SKIP		(-2)

enum {
	REG_BUFFERS = 0,
	REG_FILES = 2,
	REG_EVENTFD = 4,
	REG_FILES_UPDATE = 6,
	REG_EVENTFD_ASYNC = 7,
	REG_PROBE = 8,
	REG_RESTRICTIONS = 11,
	REG_FILES2 = 13,
	REG_FILES_UPDATE2 = 14,
	REG_BUFFERS2 = 15,
	REG_BUFFERS_UPDATE = 16,
	REG_IOWQ_AFF = 17,
	REG_IOWQ_MAX_WORKERS = 19,
	REG_RING_FDS = 20,
	UNREG_RING_FDS = 21,
	REG_PBUF_RING = 22,
	UNREG_PBUF_RING = 23,
};

enum { RESTRICTION_REGISTER_OP, RESTRICTION_SQE_OP };

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
	uint64_t resv2;

	emit_field(tcp, field);
	emit_struct_begin(tcp);
	for (int i = 0; i < 7; i++) {
		emit_field(tcp, names[i]);
		emit_uint(tcp, w[i]);
	}
	if (w[7]) {
		emit_field(tcp, "resv1");
		emit_hex(tcp, w[7]);
	}
	memcpy(&resv2, w + 8, sizeof(resv2));
	if (resv2) {
		emit_field(tcp, "resv2");
		emit_hex(tcp, resv2);
	}
	emit_struct_end(tcp);
}

/*
 * The kernel reads flags, sq_thread_cpu, sq_thread_idle, wq_fd and resv
 * and, on success, writes the rest: the struct opens at entry with what
 * the call is given and closes at exit with what it got back.
 */
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
		if (!addr || !qual_verbose(tcp) ||
		    tracee_read(tcp, addr, p, sizeof(p))) {
			emit_ptr(tcp, addr);
			return RVAL_DECODED | RVAL_FD;
		}
		emit_struct_begin(tcp);
		emit_field(tcp, "flags");
		print_flags(tcp, uring_setup_flags, p[P_FLAGS],
			    "IORING_SETUP_???");
		emit_field(tcp, "sq_thread_cpu");
		emit_hex(tcp, p[P_SQ_THREAD_CPU]);
		emit_field(tcp, "sq_thread_idle");
		emit_uint(tcp, p[P_SQ_THREAD_IDLE]);
		if (p[P_FLAGS] & SETUP_ATTACH_WQ) {
			emit_field(tcp, "wq_fd");
			print_fd(tcp, (int)p[P_WQ_FD]);
		}
		print_reserved_u32(tcp, "resv", p + P_RESV, 3);
		return 0;
	}
	if (!syserror(tcp) && !tracee_read(tcp, addr, p, sizeof(p))) {
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

/*
 * The fifth argument is a signal set, or with IORING_ENTER_EXT_ARG a
 * struct io_uring_getevents_arg of the size in the sixth; strace 6.1
 * shows it as a signal set either way (the getevents arg's size, 24, is
 * no signal set's: its address).
 */
SYS_FUNC(io_uring_enter)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	emit_uint(tcp, (uint32_t)tcp_arg(tcp, 1));
	emit_next(tcp);
	emit_uint(tcp, (uint32_t)tcp_arg(tcp, 2));
	emit_next(tcp);
	print_flags(tcp, uring_enter_flags, (uint32_t)tcp_arg(tcp, 3),
		    "IORING_ENTER_???");
	emit_next(tcp);
	print_sigset(tcp, tcp_arg(tcp, 4), tcp_arg(tcp, 5));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 5));
	return RVAL_DECODED;
}

/* --- io_uring_register ------------------------------------------------ */

static void print_fd_elem(struct tcb *tcp, const void *elem, void *data)
{
	(void)data;
	print_fd(tcp, *(const int32_t *)elem);
}

/* An fd of a files update: -2 leaves its slot as it is. */
static void print_upd_fd_elem(struct tcb *tcp, const void *elem, void *data)
{
	int32_t fd = *(const int32_t *)elem;

	(void)data;
	if (fd == FILES_SKIP)
		print_named(tcp, (uint64_t)(int64_t)fd,
			    "IORING_REGISTER_FILES_SKIP", true);
	else
		print_fd(tcp, fd);
}

static void print_hex64_elem(struct tcb *tcp, const void *elem, void *data)
{
	uint64_t v;

	(void)data;
	memcpy(&v, elem, sizeof(v));
	emit_hex(tcp, v);
}

/* The data of a files or buffers register/update: fds or iovecs. */
static void print_rsrc_data(struct tcb *tcp, uint64_t addr, uint32_t nr,
			    bool buffers, bool update)
{
	if (buffers)
		print_iov(tcp, addr, nr, 0, false);
	else
		print_array(tcp, addr, nr, sizeof(int32_t),
			    update ? print_upd_fd_elem : print_fd_elem, NULL);
}

/* IORING_REGISTER_FILES_UPDATE: struct io_uring_files_update. */
static void print_files_update(struct tcb *tcp, uint64_t addr, uint32_t nr)
{
	uint32_t u[4];
	uint64_t fds;

	if (!addr || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, u, sizeof(u))) {
		emit_ptr(tcp, addr);
		return;
	}
	memcpy(&fds, u + 2, sizeof(fds));
	emit_struct_begin(tcp);
	emit_field(tcp, "offset");
	emit_uint(tcp, u[0]);
	if (u[1]) {
		emit_field(tcp, "resv");
		emit_hex(tcp, u[1]);
	}
	emit_field(tcp, "fds");
	print_array(tcp, fds, nr, sizeof(int32_t), print_upd_fd_elem, NULL);
	emit_struct_end(tcp);
}

/*
 * IORING_REGISTER_FILES2 / BUFFERS2: struct io_uring_rsrc_register, of
 * the size in nr_args (the kernel takes a bigger one whose tail is
 * zero).
 */
#define RSRC_REG_SIZE 32

static void print_rsrc_register(struct tcb *tcp, uint64_t addr, uint32_t size,
				bool buffers)
{
	struct {
		uint32_t nr, flags;
		uint64_t resv2, data, tags;
	} r;

	if (!addr || size < RSRC_REG_SIZE || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, &r, sizeof(r))) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "nr");
	emit_uint(tcp, r.nr);
	emit_field(tcp, "flags");
	print_flags(tcp, uring_rsrc_flags, r.flags, "IORING_RSRC_REGISTER_???");
	if (r.resv2) {
		emit_field(tcp, "resv2");
		emit_hex(tcp, r.resv2);
	}
	emit_field(tcp, "data");
	print_rsrc_data(tcp, r.data, r.nr, buffers, false);
	emit_field(tcp, "tags");
	print_array(tcp, r.tags, r.nr, sizeof(uint64_t), print_hex64_elem,
		    NULL);
	if (size > RSRC_REG_SIZE)
		print_struct_tail(tcp, addr, RSRC_REG_SIZE, size);
	emit_struct_end(tcp);
}

/* IORING_REGISTER_FILES_UPDATE2 / BUFFERS_UPDATE: io_uring_rsrc_update2. */
#define RSRC_UPD2_SIZE 32

static void print_rsrc_update2(struct tcb *tcp, uint64_t addr, uint32_t size,
			       bool buffers)
{
	struct {
		uint32_t offset, resv;
		uint64_t data, tags;
		uint32_t nr, resv2;
	} u;

	if (!addr || size < RSRC_UPD2_SIZE || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, &u, sizeof(u))) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "offset");
	emit_uint(tcp, u.offset);
	if (u.resv) {
		emit_field(tcp, "resv");
		emit_hex(tcp, u.resv);
	}
	emit_field(tcp, "data");
	print_rsrc_data(tcp, u.data, u.nr, buffers, true);
	emit_field(tcp, "tags");
	print_array(tcp, u.tags, u.nr, sizeof(uint64_t), print_hex64_elem,
		    NULL);
	emit_field(tcp, "nr");
	emit_uint(tcp, u.nr);
	if (u.resv2) {
		emit_field(tcp, "resv2");
		emit_hex(tcp, u.resv2);
	}
	if (size > RSRC_UPD2_SIZE)
		print_struct_tail(tcp, addr, RSRC_UPD2_SIZE, size);
	emit_struct_end(tcp);
}

/* IORING_REGISTER_RESTRICTIONS: struct io_uring_restriction[nr]. */
static void print_restriction_elem(struct tcb *tcp, const void *elem,
				   void *data)
{
	const unsigned char *b = elem;
	uint16_t opcode;
	uint32_t resv2[3];
	char comment[32];

	(void)data;
	memcpy(&opcode, b, sizeof(opcode));
	memcpy(resv2, b + 4, sizeof(resv2));
	emit_struct_begin(tcp);
	emit_field(tcp, "opcode");
	print_xval(tcp, uring_restriction_opcodes, opcode,
		   "IORING_RESTRICTION_???");
	/* The union member the opcode selects; an unknown one's byte as a
	 * comment. */
	switch (opcode) {
	case RESTRICTION_REGISTER_OP:
		emit_field(tcp, "register_op");
		print_xval(tcp, uring_register_opcodes, b[2],
			   "IORING_REGISTER_???");
		break;
	case RESTRICTION_SQE_OP:
		emit_field(tcp, "sqe_op");
		print_xval(tcp, uring_ops, b[2], "IORING_OP_???");
		break;
	default:
		if (xlat_name(uring_restriction_opcodes, opcode)) {
			emit_field(tcp, "sqe_flags");
			print_flags(tcp, uring_sqe_flags, b[2], "IOSQE_???");
		} else {
			snprintf(comment, sizeof(comment), "op: %#x", b[2]);
			emit_comment(tcp, comment);
		}
		break;
	}
	if (b[3]) {
		emit_field(tcp, "resv");
		emit_hex(tcp, b[3]);
	}
	print_reserved_u32(tcp, "resv2", resv2, 3);
	emit_struct_end(tcp);
}

/* IORING_REGISTER_RING_FDS and its undoing: io_uring_rsrc_update[nr]. */
static void print_ringfd_elem(struct tcb *tcp, const void *elem, void *data)
{
	bool reg = data != NULL;
	uint32_t u[2];
	uint64_t d;

	memcpy(u, elem, sizeof(u));
	memcpy(&d, (const unsigned char *)elem + 8, sizeof(d));
	emit_struct_begin(tcp);
	emit_field(tcp, "offset");
	/* -1U registers at any free slot: shown as -1. */
	if (reg && u[0] == UINT32_MAX)
		emit_int(tcp, -1);
	else
		emit_uint(tcp, u[0]);
	if (u[1]) {
		emit_field(tcp, "resv");
		emit_hex(tcp, u[1]);
	}
	/* Registering, data is the ring fd; unregistering, unused. */
	if (reg) {
		emit_field(tcp, "data");
		print_fd(tcp, (int)(uint32_t)d);
	} else if (d) {
		emit_field(tcp, "data");
		emit_hex(tcp, d);
	}
	emit_struct_end(tcp);
}

/* IORING_(UN)REGISTER_PBUF_RING: struct io_uring_buf_reg. */
static void print_buf_reg(struct tcb *tcp, uint64_t addr)
{
	struct {
		uint64_t ring_addr;
		uint32_t ring_entries;
		uint16_t bgid, pad;
		uint64_t resv[3];
	} r;

	if (!addr || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, &r, sizeof(r))) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "ring_addr");
	emit_ptr(tcp, r.ring_addr);
	emit_field(tcp, "ring_entries");
	emit_uint(tcp, r.ring_entries);
	emit_field(tcp, "bgid");
	emit_uint(tcp, r.bgid);
	if (r.pad) {
		emit_field(tcp, "pad");
		emit_hex(tcp, r.pad);
	}
	if (r.resv[0] || r.resv[1] || r.resv[2]) {
		emit_field(tcp, "resv");
		emit_array_begin(tcp);
		for (int i = 0; i < 3; i++) {
			emit_next(tcp);
			emit_hex(tcp, r.resv[i]);
		}
		emit_array_end(tcp);
	}
	emit_struct_end(tcp);
}

/*
 * IORING_REGISTER_IOWQ_MAX_WORKERS: u32[nr] indexed by worker category,
 * "[[IO_WQ_BOUND]=0, [IO_WQ_UNBOUND]=0]"; the kernel writes the old
 * limits back.
 */
static void print_max_workers_elem(struct tcb *tcp, const void *elem,
				   void *data)
{
	unsigned int *idx = data;
	const char *name = xlat_name(uring_iowq_acct, *idx);
	char text[64];

	if (cfg.xlat_style == XLAT_STYLE_RAW)
		snprintf(text, sizeof(text), "[%u]=", *idx);
	else if (!name)
		snprintf(text, sizeof(text), "[%u /* IO_WQ_??? */]=", *idx);
	else if (cfg.xlat_style == XLAT_STYLE_VERBOSE)
		snprintf(text, sizeof(text), "[%u /* %s */]=", *idx, name);
	else
		snprintf(text, sizeof(text), "[%s]=", name);
	++*idx;
	/* An index and its value, as one item. */
	emit_prefix(tcp, text);
	emit_uint(tcp, *(const uint32_t *)elem);
}

static void print_max_workers(struct tcb *tcp, uint64_t addr, uint32_t nr)
{
	unsigned int idx = 0;

	print_array(tcp, addr, nr, sizeof(uint32_t), print_max_workers_elem,
		    &idx);
}

/* True when the len bytes at addr can all be read (64 KiB at most). */
static bool readable(struct tcb *tcp, uint64_t addr, uint64_t len)
{
	unsigned char buf[4096];

	if (len > 65536)
		return false;
	while (len) {
		size_t n = len < sizeof(buf) ? (size_t)len : sizeof(buf);

		if (tracee_read(tcp, addr, buf, n))
			return false;
		addr += n;
		len -= n;
	}
	return true;
}

/*
 * IORING_REGISTER_PROBE: struct io_uring_probe with room for nr ops.  The
 * kernel wants it zeroed and fills it in: a zeroed one shows at exit
 * only, another at entry and, when the call succeeds, again after " => ".
 */
#define PROBE_HDR 16
#define PROBE_OP 8

static void print_probe_op(struct tcb *tcp, const unsigned char *b)
{
	uint16_t flags;
	uint32_t resv2;

	memcpy(&flags, b + 2, sizeof(flags));
	memcpy(&resv2, b + 4, sizeof(resv2));
	emit_struct_begin(tcp);
	emit_field(tcp, "op");
	print_xval_d(tcp, uring_ops, b[0], "IORING_OP_???");
	if (b[1]) {
		emit_field(tcp, "resv");
		emit_hex(tcp, b[1]);
	}
	emit_field(tcp, "flags");
	print_flags(tcp, uring_op_flags, flags, "IO_URING_OP_???");
	if (resv2) {
		emit_field(tcp, "resv2");
		emit_hex(tcp, resv2);
	}
	emit_struct_end(tcp);
}

/*
 * The probe with room for nr ops at addr, read whole (false when it
 * cannot be): at entry its nr ops; at exit the ops_len the kernel
 * filled in, "..." after them when that is more than nr.  With zero,
 * nothing is shown of a probe all zero (*zero tells).
 */
static bool print_probe(struct tcb *tcp, uint64_t addr, uint32_t nr,
			bool at_exit, bool *zero)
{
	uint64_t size = PROBE_HDR + (uint64_t)nr * PROBE_OP;
	unsigned char *p;
	uint32_t resv2[3];
	uint16_t resv;
	uint64_t n = nr;
	bool more = false;

	if (size > 65536 || !(p = malloc(size)))
		return false;
	if (tracee_read(tcp, addr, p, size)) {
		free(p);
		return false;
	}
	if (zero) {
		uint64_t i;

		for (i = 0; i < size && !p[i]; i++)
			;
		*zero = i == size;
		if (*zero) {
			free(p);
			return true;
		}
	}
	/* At exit, ops_len says how many ops the kernel filled in. */
	if (at_exit) {
		n = p[1] < nr ? p[1] : nr;
		more = p[1] > nr;
	}
	memcpy(&resv, p + 2, sizeof(resv));
	memcpy(resv2, p + 4, sizeof(resv2));
	emit_struct_begin(tcp);
	emit_field(tcp, "last_op");
	print_xval_d(tcp, uring_ops, p[0], "IORING_OP_???");
	emit_field(tcp, "ops_len");
	emit_uint(tcp, p[1]);
	if (resv) {
		emit_field(tcp, "resv");
		emit_hex(tcp, resv);
	}
	print_reserved_u32(tcp, "resv2", resv2, 3);
	emit_field(tcp, "ops");
	emit_array_begin(tcp);
	for (uint64_t i = 0; i < n; i++) {
		if (qual_abbrev(tcp) && i >= cfg.string_limit) {
			more = true;
			break;
		}
		emit_next(tcp);
		print_probe_op(tcp, p + PROBE_HDR + i * PROBE_OP);
	}
	if (more)
		emit_more(tcp);
	emit_array_end(tcp);
	emit_struct_end(tcp);
	free(p);
	return true;
}

/* What the exit stop shows of the argument (kept in tcp->priv). */
static const char show_again;	/* " => " and what the kernel wrote */
static const char show_whole;	/* all of it: nothing was shown at entry */

/* At entry: the argument; what is left for the exit, or NULL. */
static const char *register_arg_entry(struct tcb *tcp, uint32_t op,
				      uint64_t arg, uint32_t nr)
{
	static const bool reg = true;
	bool zero;

	switch (op) {
	case REG_BUFFERS:
		print_iov(tcp, arg, nr, 0, false);
		break;
	case REG_FILES:
	case REG_EVENTFD:
	case REG_EVENTFD_ASYNC:
		print_array(tcp, arg, nr, sizeof(int32_t), print_fd_elem,
			    NULL);
		break;
	case REG_FILES_UPDATE:
		print_files_update(tcp, arg, nr);
		break;
	case REG_PROBE:
		if (!arg || !qual_verbose(tcp) ||
		    !print_probe(tcp, arg, nr, false, &zero)) {
			emit_ptr(tcp, arg);
			break;
		}
		return zero ? &show_whole : &show_again;
	case REG_RESTRICTIONS:
		print_array(tcp, arg, nr, 16, print_restriction_elem, NULL);
		break;
	case REG_FILES2:
	case REG_BUFFERS2:
		print_rsrc_register(tcp, arg, nr, op == REG_BUFFERS2);
		break;
	case REG_FILES_UPDATE2:
	case REG_BUFFERS_UPDATE:
		print_rsrc_update2(tcp, arg, nr, op == REG_BUFFERS_UPDATE);
		break;
	case REG_IOWQ_AFF:
		print_cpu_set(tcp, arg, nr);
		break;
	case REG_IOWQ_MAX_WORKERS:
		print_max_workers(tcp, arg, nr);
		/* Shown again only when all of it was. */
		if (arg && nr && qual_verbose(tcp) &&
		    readable(tcp, arg, (uint64_t)nr * sizeof(uint32_t)))
			return &show_again;
		break;
	case REG_RING_FDS:
	case UNREG_RING_FDS:
		print_array(tcp, arg, nr, 16, print_ringfd_elem,
			    op == REG_RING_FDS ? (void *)&reg : NULL);
		break;
	case REG_PBUF_RING:
	case UNREG_PBUF_RING:
		print_buf_reg(tcp, arg);
		break;
	default:
		emit_ptr(tcp, arg);
		break;
	}
	return NULL;
}

static void register_arg_exit(struct tcb *tcp, uint32_t op, uint64_t arg,
			      uint32_t nr)
{
	if (tcp->priv == &show_whole) {
		if (syserror(tcp) || !print_probe(tcp, arg, nr, true, NULL))
			emit_ptr(tcp, arg);
		return;
	}
	if (op == REG_PROBE) {
		/* A failed call wrote nothing. */
		if (syserror(tcp))
			return;
		emit_changed(tcp);
		if (!print_probe(tcp, arg, nr, true, NULL))
			emit_ptr(tcp, arg);
		return;
	}
	emit_changed(tcp);
	if (syserror(tcp))
		emit_ptr(tcp, arg);
	else
		print_max_workers(tcp, arg, nr);
}

SYS_FUNC(io_uring_register)
{
	uint32_t op = (uint32_t)tcp_arg(tcp, 1);
	uint64_t arg = tcp_arg(tcp, 2);
	uint32_t nr = (uint32_t)tcp_arg(tcp, 3);
	const char *left;

	if (entering(tcp)) {
		print_fd(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		print_xval(tcp, uring_register_opcodes, op,
			   "IORING_REGISTER_???");
		emit_next(tcp);
		left = register_arg_entry(tcp, op, arg, nr);
		if (left) {
			tcp->priv = (void *)left;
			return 0;
		}
		emit_next(tcp);
		emit_uint(tcp, nr);
		return RVAL_DECODED;
	}
	register_arg_exit(tcp, op, arg, nr);
	emit_next(tcp);
	emit_uint(tcp, nr);
	return 0;
}
