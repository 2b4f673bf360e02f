/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ioctls of the SCSI generic driver (scsi/sg.h) as strace 6.1 shows
 * them: the int setters at entry, the int getters at exit, the reset's
 * operation.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <scsi/sg.h>
#include <linux/bsg.h>

#include "engine/tcb.h"
#include "syscall/desc.h"

#include "select/qualify.h"
#include "syscall/ioctl.h"
#include "xlat/tables/sg_scsi_reset.h"

#ifndef SG_GET_ACCESS_COUNT
# define SG_GET_ACCESS_COUNT 0x2289
#endif
/* The flag over the operation byte (the kernel's scsi/sg.h). */
#define SG_SCSI_RESET_NO_ESCALATE 0x100

static void print_sg_int(struct tcb *tcp, uint32_t code, uint64_t addr)
{
	(void)code;
	ioctl_num_ptr(tcp, addr, 4, true, false);
}

static const struct xlat sg_reset_flags[] = {
	{ SG_SCSI_RESET_NO_ESCALATE, "SG_SCSI_RESET_NO_ESCALATE" },
	{ 0, NULL },
};

/*
 * "[SG_SCSI_RESET_NO_ESCALATE|SG_SCSI_RESET_BUS]": the flag and the
 * operation each in the -X style; a value with other bits or an unknown
 * operation as a whole.
 */
static void print_sg_reset(struct tcb *tcp, uint64_t addr)
{
	uint32_t v;

	if (!ioctl_fetch(tcp, addr, &v, sizeof(v)))
		return;
	emit_array_begin(tcp);
	emit_next(tcp);
	if (!xlat_name(sg_scsi_reset, v & 0xff) ||
	    (v & ~(uint32_t)(0xff | SG_SCSI_RESET_NO_ESCALATE))) {
		print_xval(tcp, sg_scsi_reset, v, "SG_SCSI_RESET_???");
	} else {
		if (v & SG_SCSI_RESET_NO_ESCALATE) {
			print_flags(tcp, sg_reset_flags,
				    SG_SCSI_RESET_NO_ESCALATE, NULL);
			emit_raw(tcp, "|");
		}
		print_xval(tcp, sg_scsi_reset, v & 0xff, "SG_SCSI_RESET_???");
	}
	emit_array_end(tcp);
}

/* --- SG_IO: struct sg_io_hdr ('S') and struct sg_io_v4 ('Q') --------- */

static const struct xlat sg_dxfer_dirs[] = {
	{ (uint32_t)SG_DXFER_NONE, "SG_DXFER_NONE" },
	{ (uint32_t)SG_DXFER_TO_DEV, "SG_DXFER_TO_DEV" },
	{ (uint32_t)SG_DXFER_FROM_DEV, "SG_DXFER_FROM_DEV" },
	{ (uint32_t)SG_DXFER_TO_FROM_DEV, "SG_DXFER_TO_FROM_DEV" },
	{ 0, NULL },
};

static const struct xlat sg_io_flags[] = {
	{ 0x1, "SG_FLAG_DIRECT_IO" },
	{ 0x2, "SG_FLAG_UNUSED_LUN_INHIBIT" },
	{ 0x4, "SG_FLAG_MMAP_IO" },
	{ 0x10000, "SG_FLAG_NO_DXFER" },
	{ 0x10, "SG_FLAG_Q_AT_TAIL" },
	{ 0x20, "SG_FLAG_Q_AT_HEAD" },
	{ 0, NULL },
};

static const struct xlat sg_io_info[] = {
	{ 0x1, "SG_INFO_CHECK" },
	{ 0x2, "SG_INFO_DIRECT_IO" },
	{ 0x4, "SG_INFO_MIXED_IO" },
	{ 0, NULL },
};

static const struct xlat bsg_protocols[] = {
	{ BSG_PROTOCOL_SCSI, "BSG_PROTOCOL_SCSI" },
	{ 0, NULL },
};

static const struct xlat bsg_subprotocols[] = {
	{ BSG_SUB_PROTOCOL_SCSI_CMD, "BSG_SUB_PROTOCOL_SCSI_CMD" },
	{ BSG_SUB_PROTOCOL_SCSI_TMF, "BSG_SUB_PROTOCOL_SCSI_TMF" },
	{ BSG_SUB_PROTOCOL_SCSI_TRANSPORT, "BSG_SUB_PROTOCOL_SCSI_TRANSPORT" },
	{ 0, NULL },
};

static const struct xlat bsg_flags[] = {
	{ BSG_FLAG_Q_AT_TAIL, "BSG_FLAG_Q_AT_TAIL" },
	{ BSG_FLAG_Q_AT_HEAD, "BSG_FLAG_Q_AT_HEAD" },
	{ 0, NULL },
};

/*
 * struct sg_io_hdr in the tracee's layout: the offsets after dxfer_len
 * follow the pointer size (88 bytes on x86_64, 64 on i386).
 */
struct sg_v3 {
	int32_t interface_id, dir;
	uint8_t cmd_len, mx_sb_len;
	uint16_t iovec_count;
	uint32_t dxfer_len;
	uint64_t dxferp, cmdp, sbp;
	uint32_t timeout, flags;
	uint8_t status, masked_status, msg_status, sb_len_wr;
	uint16_t host_status, driver_status;
	int32_t resid;
	uint32_t duration, info;
};

static uint32_t u32_at(const unsigned char *b, size_t off)
{
	uint32_t v;

	memcpy(&v, b + off, sizeof(v));
	return v;
}

static uint16_t u16_at(const unsigned char *b, size_t off)
{
	uint16_t v;

	memcpy(&v, b + off, sizeof(v));
	return v;
}

static uint64_t word_at(struct tcb *tcp, const unsigned char *b, size_t off)
{
	uint64_t v;

	if (tcp_wordsize(tcp) == 4)
		return u32_at(b, off);
	memcpy(&v, b + off, sizeof(v));
	return v;
}

static bool read_sg_v3(struct tcb *tcp, uint64_t addr, struct sg_v3 *h)
{
	unsigned char b[88];
	size_t ws = tcp_wordsize(tcp);
	size_t tail = 16 + 3 * ws, st = ws == 4 ? 44 : 64;

	if (tracee_read(tcp, addr, b, ws == 4 ? 64 : 88))
		return false;
	h->interface_id = (int32_t)u32_at(b, 0);
	h->dir = (int32_t)u32_at(b, 4);
	h->cmd_len = b[8];
	h->mx_sb_len = b[9];
	h->iovec_count = u16_at(b, 10);
	h->dxfer_len = u32_at(b, 12);
	h->dxferp = word_at(tcp, b, 16);
	h->cmdp = word_at(tcp, b, 16 + ws);
	h->sbp = word_at(tcp, b, 16 + 2 * ws);
	h->timeout = u32_at(b, tail);
	h->flags = u32_at(b, tail + 4);
	h->status = b[st];
	h->masked_status = b[st + 1];
	h->msg_status = b[st + 2];
	h->sb_len_wr = b[st + 3];
	h->host_status = u16_at(b, st + 4);
	h->driver_status = u16_at(b, st + 6);
	h->resid = (int32_t)u32_at(b, st + 8);
	h->duration = u32_at(b, st + 12);
	h->info = u32_at(b, st + 16);
	return true;
}

/* A transfer buffer: an iovec array when count is set, else hex bytes. */
static void print_sg_data(struct tcb *tcp, const char *name, uint64_t addr,
			  uint32_t iovec_count, uint64_t len)
{
	emit_field(tcp, name);
	if (iovec_count)
		print_iov(tcp, addr, iovec_count, len, true);
	else
		ioctl_buf(tcp, addr, len, QUOTE_FORCE_HEX);
}

/* The bytes the device sent: all but the residue, when that is sane. */
static uint64_t sg_in_len(uint32_t len, int32_t resid)
{
	if (resid > 0 && (uint32_t)resid <= len)
		return len - (uint32_t)resid;
	return len;
}

static int sg_io_v3(struct tcb *tcp, uint64_t arg)
{
	struct sg_v3 h;

	if (entering(tcp)) {
		if (!read_sg_v3(tcp, arg, &h)) {
			emit_next(tcp);
			emit_ptr(tcp, arg + 4);
			emit_struct_end(tcp);
			return RVAL_DECODED;
		}
		emit_field(tcp, "dxfer_direction");
		print_xval(tcp, sg_dxfer_dirs, (uint32_t)h.dir, "SG_DXFER_???");
		ioctl_field_u(tcp, "cmd_len", h.cmd_len);
		emit_field(tcp, "cmdp");
		ioctl_buf(tcp, h.cmdp, h.cmd_len, QUOTE_FORCE_HEX);
		ioctl_field_u(tcp, "mx_sb_len", h.mx_sb_len);
		ioctl_field_u(tcp, "iovec_count", h.iovec_count);
		ioctl_field_u(tcp, "dxfer_len", h.dxfer_len);
		ioctl_field_u(tcp, "timeout", h.timeout);
		emit_field(tcp, "flags");
		print_flags(tcp, sg_io_flags, h.flags, "SG_FLAG_???");
		if (h.dir == SG_DXFER_TO_DEV || h.dir == SG_DXFER_TO_FROM_DEV)
			print_sg_data(tcp, "dxferp", h.dxferp, h.iovec_count,
				      h.dxfer_len);
		return 0;
	}
	/* The kernel's answer shows even when the call failed. */
	if (!read_sg_v3(tcp, arg, &h)) {
		emit_struct_end(tcp);
		return RVAL_DECIMAL;
	}
	if (h.dir == SG_DXFER_FROM_DEV || h.dir == SG_DXFER_TO_FROM_DEV) {
		uint64_t n = sg_in_len(h.dxfer_len, h.resid);

		if (h.dir == SG_DXFER_FROM_DEV) {
			print_sg_data(tcp, "dxferp", h.dxferp, h.iovec_count,
				      n);
		} else if (n > 0) {
			emit_changed(tcp);
			emit_raw(tcp, "dxferp=");
			if (h.iovec_count)
				print_iov(tcp, h.dxferp, h.iovec_count, n,
					  true);
			else
				ioctl_buf(tcp, h.dxferp, n, QUOTE_FORCE_HEX);
		}
	}
	ioctl_field_x(tcp, "status", h.status);
	ioctl_field_x(tcp, "masked_status", h.masked_status);
	ioctl_field_x(tcp, "msg_status", h.msg_status);
	ioctl_field_u(tcp, "sb_len_wr", h.sb_len_wr);
	emit_field(tcp, "sbp");
	ioctl_buf(tcp, h.sbp, h.sb_len_wr, QUOTE_FORCE_HEX);
	ioctl_field_x(tcp, "host_status", h.host_status);
	ioctl_field_x(tcp, "driver_status", h.driver_status);
	ioctl_field_d(tcp, "resid", h.resid);
	ioctl_field_u(tcp, "duration", h.duration);
	emit_field(tcp, "info");
	print_flags(tcp, sg_io_info, h.info, "SG_INFO_???");
	emit_struct_end(tcp);
	return RVAL_DECIMAL;
}

/* A __u64 address field, in the tracee's pointer size. */
static uint64_t v4_ptr(struct tcb *tcp, uint64_t v)
{
	return tcp_wordsize(tcp) == 4 ? (uint32_t)v : v;
}

static int sg_io_v4(struct tcb *tcp, uint64_t arg)
{
	struct sg_io_v4 h;

	if (entering(tcp)) {
		if (tracee_read(tcp, arg, &h, sizeof(h))) {
			emit_next(tcp);
			emit_ptr(tcp, arg + 4);
			emit_struct_end(tcp);
			return RVAL_DECODED;
		}
		emit_field(tcp, "protocol");
		print_xval(tcp, bsg_protocols, h.protocol, "BSG_PROTOCOL_???");
		emit_field(tcp, "subprotocol");
		print_xval(tcp, bsg_subprotocols, h.subprotocol,
			   "BSG_SUB_PROTOCOL_???");
		ioctl_field_u(tcp, "request_len", h.request_len);
		emit_field(tcp, "request");
		ioctl_buf(tcp, v4_ptr(tcp, h.request), h.request_len,
			  QUOTE_FORCE_HEX);
		ioctl_field_x(tcp, "request_tag", h.request_tag);
		ioctl_field_u(tcp, "request_attr", h.request_attr);
		ioctl_field_u(tcp, "request_priority", h.request_priority);
		ioctl_field_u(tcp, "request_extra", h.request_extra);
		ioctl_field_u(tcp, "max_response_len", h.max_response_len);
		ioctl_field_u(tcp, "dout_iovec_count", h.dout_iovec_count);
		ioctl_field_u(tcp, "dout_xfer_len", h.dout_xfer_len);
		ioctl_field_u(tcp, "din_iovec_count", h.din_iovec_count);
		ioctl_field_u(tcp, "din_xfer_len", h.din_xfer_len);
		print_sg_data(tcp, "dout_xferp", v4_ptr(tcp, h.dout_xferp),
			      h.dout_iovec_count, h.dout_xfer_len);
		ioctl_field_u(tcp, "timeout", h.timeout);
		emit_field(tcp, "flags");
		print_flags(tcp, bsg_flags, h.flags, "BSG_FLAG_???");
		ioctl_field_x(tcp, "usr_ptr", h.usr_ptr);
		return 0;
	}
	if (tracee_read(tcp, arg, &h, sizeof(h))) {
		emit_struct_end(tcp);
		return RVAL_DECIMAL;
	}
	ioctl_field_u(tcp, "response_len", h.response_len);
	emit_field(tcp, "response");
	ioctl_buf(tcp, v4_ptr(tcp, h.response), h.response_len,
		  QUOTE_FORCE_HEX);
	print_sg_data(tcp, "din_xferp", v4_ptr(tcp, h.din_xferp),
		      h.din_iovec_count,
		      sg_in_len(h.din_xfer_len, h.din_resid));
	ioctl_field_x(tcp, "driver_status", h.driver_status);
	ioctl_field_x(tcp, "transport_status", h.transport_status);
	ioctl_field_x(tcp, "device_status", h.device_status);
	ioctl_field_u(tcp, "retry_delay", h.retry_delay);
	emit_field(tcp, "info");
	print_flags(tcp, sg_io_info, h.info, "SG_INFO_???");
	ioctl_field_u(tcp, "duration", h.duration);
	ioctl_field_u(tcp, "response_len", h.response_len);
	ioctl_field_d(tcp, "din_resid", h.din_resid);
	ioctl_field_d(tcp, "dout_resid", h.dout_resid);
	ioctl_field_x(tcp, "generated_tag", h.generated_tag);
	emit_struct_end(tcp);
	return RVAL_DECIMAL;
}

/*
 * The first int tells the interface: 'S' the SCSI generic header, 'Q'
 * the block layer's v4 one; any other value shows as "[value]".
 */
static int sg_io(struct tcb *tcp, uint64_t arg)
{
	uint32_t id;
	int *kind;

	if (exiting(tcp)) {
		kind = tcp->priv;
		if (!kind)
			return RVAL_DECIMAL;
		return *kind == 'S' ? sg_io_v3(tcp, arg) : sg_io_v4(tcp, arg);
	}
	emit_next(tcp);
	if (!ioctl_fetch(tcp, arg, &id, sizeof(id)))
		return RVAL_DECODED;
	if (id != 'S' && id != 'Q') {
		emit_array_begin(tcp);
		emit_next(tcp);
		emit_uint(tcp, id);
		emit_array_end(tcp);
		return RVAL_DECODED;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, id == 'S' ? "interface_id" : "guard");
	emit_raw(tcp, id == 'S' ? "'S'" : "'Q'");
	kind = malloc(sizeof(*kind));
	if (!kind)
		return RVAL_DECODED;
	*kind = (int)id;
	tcp->priv = kind;
	tcp->priv_free = free;
	return id == 'S' ? sg_io_v3(tcp, arg) : sg_io_v4(tcp, arg);
}

int ioctl_scsi(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	switch (code) {
	case SG_SET_TIMEOUT:
	case SG_SET_COMMAND_Q:
	case SG_SET_RESERVED_SIZE:
	case SG_SET_FORCE_LOW_DMA:
	case SG_SET_FORCE_PACK_ID:
	case SG_SET_DEBUG:
	case SG_NEXT_CMD_LEN:
	case SG_SET_KEEP_ORPHAN:
		emit_next(tcp);
		ioctl_num_ptr(tcp, arg, 4, true, false);
		return RVAL_DECODED;
	case SG_EMULATED_HOST:
	case SG_GET_TRANSFORM:
	case SG_GET_COMMAND_Q:
	case SG_GET_RESERVED_SIZE:
	case SG_GET_LOW_DMA:
	case SG_GET_PACK_ID:
	case SG_GET_NUM_WAITING:
	case SG_GET_SG_TABLESIZE:
	case SG_GET_VERSION_NUM:
	case SG_GET_KEEP_ORPHAN:
	case SG_GET_ACCESS_COUNT:
		return ioctl_getter(tcp, arg, print_sg_int, code);
	case SG_SET_TRANSFORM:
		/* A value, not a pointer. */
		emit_next(tcp);
		emit_hex(tcp, (uint32_t)arg);
		return RVAL_DECODED;
	case SG_SCSI_RESET:
		emit_next(tcp);
		print_sg_reset(tcp, arg);
		return RVAL_DECODED;
	case SG_IO:
		return sg_io(tcp, arg);
	case SG_GET_SCSI_ID:
	case SG_GET_REQUEST_TABLE:
		return ioctl_ptr_arg(tcp, arg);
	}
	return IOCTL_UNKNOWN;
}
