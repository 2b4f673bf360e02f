/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ioctls of the SCSI generic driver (scsi/sg.h) as strace 6.1 shows
 * them: the int setters at entry, the int getters at exit, the reset's
 * operation.
 */
#include "config.h"

#include <scsi/sg.h>

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
	case SG_GET_SCSI_ID:
	case SG_GET_REQUEST_TABLE:
	case SG_IO:
		return ioctl_ptr_arg(tcp, arg);
	}
	return IOCTL_UNKNOWN;
}
