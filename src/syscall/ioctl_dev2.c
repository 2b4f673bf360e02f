/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * More ioctls of devices: network block devices (linux/nbd.h), infrared
 * remotes (linux/lirc.h), UBI volumes (mtd/ubi-user.h) and raw flash
 * (mtd/mtd-abi.h).  PTP clocks and TEE are in ioctl_dev3.c.
 */
#include "config.h"

#include <string.h>
#include <linux/ioctl.h>
#include <linux/lirc.h>
#include <linux/nbd.h>
#include <mtd/mtd-abi.h>
#include <mtd/ubi-user.h>

#include "select/qualify.h"
#include "syscall/ioctl.h"
#include "xlat/tables/lirc_features.h"
#include "xlat/tables/lirc_modes.h"
#include "xlat/tables/mtd_file_modes.h"
#include "xlat/tables/mtd_flags.h"
#include "xlat/tables/mtd_nandecc.h"
#include "xlat/tables/mtd_ops_modes.h"
#include "xlat/tables/mtd_otp_modes.h"
#include "xlat/tables/mtd_types.h"
#include "xlat/tables/nbd_flags.h"
#include "xlat/tables/ubi_data_types.h"
#include "xlat/tables/ubi_volume_flags.h"
#include "xlat/tables/ubi_volume_props.h"
#include "xlat/tables/ubi_volume_types.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

uint32_t ioctl_native(struct tcb *tcp, uint32_t code,
		      const struct ioctl_compat *c, size_t n)
{
	if (tcp_wordsize(tcp) != 4)
		return code;
	for (size_t i = 0; i < n; i++) {
		if (code == _IOC(_IOC_DIR(c[i].native), _IOC_TYPE(c[i].native),
				 _IOC_NR(c[i].native), c[i].size32))
			return c[i].native;
		/*
		 * x86_64's number, with x86_64's size, is no command of an
		 * i386 tracee: 0, which no decoder claims, so a number.
		 */
		if (code == c[i].native)
			return 0;
	}
	return code;
}

int ioctl_getter(struct tcb *tcp, uint64_t arg, ioctl_print_fn print,
		 uint32_t code)
{
	if (entering(tcp)) {
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp) || !arg)
		emit_ptr(tcp, arg);
	else
		print(tcp, code, arg);
	return RVAL_DECIMAL;
}

/* --- NBD ------------------------------------------------------------- */

static int ioctl_nbd(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	switch (code) {
	case NBD_SET_SOCK:
		emit_next(tcp);
		print_fd(tcp, (int)arg);
		return RVAL_DECODED;
	case NBD_SET_BLKSIZE:
	case NBD_SET_SIZE:
	case NBD_SET_SIZE_BLOCKS:
	case NBD_SET_TIMEOUT:
		return ioctl_ulong_arg(tcp, arg);
	case NBD_SET_FLAGS:
		emit_next(tcp);
		print_flags(tcp, nbd_flags, arg, "NBD_IOC_FLAG_???");
		return RVAL_DECODED;
	}
	return IOCTL_UNKNOWN;
}

/* --- LIRC ------------------------------------------------------------ */

static void print_lirc_u32(struct tcb *tcp, uint32_t code, uint64_t addr)
{
	uint32_t v;

	if (!ioctl_fetch(tcp, addr, &v, sizeof(v)))
		return;
	emit_array_begin(tcp);
	emit_next(tcp);
	switch (code) {
	case LIRC_GET_FEATURES:
		print_flags(tcp, lirc_features, v, "LIRC_CAN_???");
		break;
	case LIRC_GET_SEND_MODE:
	case LIRC_GET_REC_MODE:
	case LIRC_SET_SEND_MODE:
	case LIRC_SET_REC_MODE:
		print_xval(tcp, lirc_modes, v, "LIRC_MODE_???");
		break;
	case LIRC_SET_TRANSMITTER_MASK:
		emit_hex(tcp, v);
		break;
	default:
		emit_uint(tcp, v);
	}
	emit_array_end(tcp);
}

static int ioctl_lirc(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	switch (code) {
	case LIRC_GET_FEATURES:
	case LIRC_GET_SEND_MODE:
	case LIRC_GET_REC_MODE:
	case LIRC_GET_REC_RESOLUTION:
	case LIRC_GET_MIN_TIMEOUT:
	case LIRC_GET_MAX_TIMEOUT:
	case LIRC_GET_LENGTH:
	case LIRC_GET_REC_TIMEOUT:
		return ioctl_getter(tcp, arg, print_lirc_u32, code);
	case LIRC_SET_SEND_MODE:
	case LIRC_SET_REC_MODE:
	case LIRC_SET_SEND_CARRIER:
	case LIRC_SET_REC_CARRIER:
	case LIRC_SET_SEND_DUTY_CYCLE:
	case LIRC_SET_TRANSMITTER_MASK:
	case LIRC_SET_REC_TIMEOUT:
	case LIRC_SET_REC_TIMEOUT_REPORTS:
	case LIRC_SET_MEASURE_CARRIER_MODE:
	case LIRC_SET_REC_CARRIER_RANGE:
	case LIRC_SET_WIDEBAND_RECEIVER:
		emit_next(tcp);
		print_lirc_u32(tcp, code, arg);
		return RVAL_DECODED;
	}
	return IOCTL_UNKNOWN;
}

/* --- UBI ------------------------------------------------------------- */

/*
 * A volume name of name_len bytes in a char array of UBI_MAX_VOLUME_NAME
 * + 1: up to its NUL, "..." when there is none in name_len + 1 bytes.
 */
static void ubi_name(struct tcb *tcp, const char *name, int name_len)
{
	size_t len = name_len < 0 ? 0 :
		     name_len > UBI_MAX_VOLUME_NAME ? UBI_MAX_VOLUME_NAME :
		     (size_t)name_len;
	size_t n = strnlen(name, len + 1);

	emit_field(tcp, "name");
	if (n > len)
		emit_quoted(tcp, name, len, QUOTE_ELLIPSIS);
	else
		emit_quoted(tcp, name, n, 0);
}

static void print_ubi_mkvol(struct tcb *tcp, const struct ubi_mkvol_req *r)
{
	emit_struct_begin(tcp);
	ioctl_field_d(tcp, "vol_id", r->vol_id);
	ioctl_field_d(tcp, "alignment", r->alignment);
	ioctl_field_d(tcp, "bytes", r->bytes);
	emit_field(tcp, "vol_type");
	print_xval(tcp, ubi_volume_types, (uint8_t)r->vol_type, "UBI_???_VOLUME");
	emit_field(tcp, "flags");
	print_flags(tcp, ubi_volume_flags, r->flags, "UBI_VOL_???");
	ioctl_field_d(tcp, "name_len", r->name_len);
	ubi_name(tcp, r->name, r->name_len);
	emit_struct_end(tcp);
}

static void print_ubi_rnvol(struct tcb *tcp, uint64_t addr)
{
	static struct ubi_rnvol_req r;

	if (!ioctl_fetch(tcp, addr, &r, sizeof(r)))
		return;
	emit_struct_begin(tcp);
	ioctl_field_d(tcp, "count", r.count);
	emit_field(tcp, "ents");
	emit_array_begin(tcp);
	for (int i = 0; i < r.count && i < UBI_MAX_RNVOL; i++) {
		emit_next(tcp);
		emit_struct_begin(tcp);
		ioctl_field_d(tcp, "vol_id", r.ents[i].vol_id);
		ioctl_field_d(tcp, "name_len", r.ents[i].name_len);
		ubi_name(tcp, r.ents[i].name, r.ents[i].name_len);
		emit_struct_end(tcp);
	}
	emit_array_end(tcp);
	emit_struct_end(tcp);
}

/* An in struct whose first int the kernel sets: "{...} => [id]". */
static int ubi_id_back(struct tcb *tcp, uint64_t arg)
{
	int32_t id;

	if (syserror(tcp) || tracee_read(tcp, arg, &id, sizeof(id)))
		return RVAL_DECIMAL;
	emit_changed(tcp);
	emit_array_begin(tcp);
	emit_next(tcp);
	emit_int(tcp, id);
	emit_array_end(tcp);
	return RVAL_DECIMAL;
}

static int ioctl_ubi(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	static const struct ioctl_compat compat[] = {
		{ UBI_IOCRSVOL, 12 },
	};
	union {
		struct ubi_attach_req att;
		struct ubi_mkvol_req mk;
		struct ubi_leb_change_req leb;
		struct ubi_map_req map;
		struct ubi_set_vol_prop_req prop;
		uint8_t rs[16];
	} u;

	code = ioctl_native(tcp, code, compat, ARRAY_SIZE(compat));
	if (exiting(tcp))
		return ubi_id_back(tcp, arg);
	switch (code) {
	case UBI_IOCVOLCRBLK:
	case UBI_IOCVOLRMBLK:
		return RVAL_DECODED;
	case UBI_IOCDET:
	case UBI_IOCEBER:
	case UBI_IOCEBISMAP:
	case UBI_IOCEBUNMAP:
	case UBI_IOCRMVOL:
	case UBI_IOCRPEB:
	case UBI_IOCSPEB:
		emit_next(tcp);
		ioctl_num_ptr(tcp, arg, 4, true, false);
		return RVAL_DECODED;
	case UBI_IOCVOLUP:
		emit_next(tcp);
		if (ioctl_fetch(tcp, arg, u.rs, 8)) {
			int64_t v;

			memcpy(&v, u.rs, 8);
			emit_array_begin(tcp);
			emit_next(tcp);
			emit_int(tcp, v);
			emit_array_end(tcp);
		}
		return RVAL_DECODED;
	case UBI_IOCATT:
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &u.att, sizeof(u.att)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		ioctl_field_d(tcp, "ubi_num", u.att.ubi_num);
		ioctl_field_d(tcp, "mtd_num", u.att.mtd_num);
		ioctl_field_d(tcp, "vid_hdr_offset", u.att.vid_hdr_offset);
		ioctl_field_d(tcp, "max_beb_per1024", u.att.max_beb_per1024);
		emit_struct_end(tcp);
		return 0;
	case UBI_IOCMKVOL:
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &u.mk, sizeof(u.mk)))
			return RVAL_DECODED;
		print_ubi_mkvol(tcp, &u.mk);
		return 0;
	case UBI_IOCEBCH:
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &u.leb, sizeof(u.leb)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		ioctl_field_d(tcp, "lnum", u.leb.lnum);
		ioctl_field_d(tcp, "bytes", u.leb.bytes);
		emit_field(tcp, "dtype");
		print_xval(tcp, ubi_data_types, (uint8_t)u.leb.dtype, "UBI_???");
		emit_struct_end(tcp);
		return RVAL_DECODED;
	case UBI_IOCEBMAP:
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &u.map, sizeof(u.map)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		ioctl_field_d(tcp, "lnum", u.map.lnum);
		emit_field(tcp, "dtype");
		print_xval(tcp, ubi_data_types, (uint8_t)u.map.dtype, "UBI_???");
		emit_struct_end(tcp);
		return RVAL_DECODED;
	case UBI_IOCRNVOL:
		emit_next(tcp);
		print_ubi_rnvol(tcp, arg);
		return RVAL_DECODED;
	case UBI_IOCRSVOL: {
		/* s64 bytes, s32 vol_id: 12 bytes on i386, 16 here. */
		int64_t bytes;
		int32_t vol_id;

		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, u.rs, 12))
			return RVAL_DECODED;
		memcpy(&bytes, u.rs, 8);
		memcpy(&vol_id, u.rs + 8, 4);
		emit_struct_begin(tcp);
		ioctl_field_d(tcp, "bytes", bytes);
		ioctl_field_d(tcp, "vol_id", vol_id);
		emit_struct_end(tcp);
		return RVAL_DECODED;
	}
	case UBI_IOCSETVOLPROP:
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &u.prop, sizeof(u.prop)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		emit_field(tcp, "property");
		print_xval(tcp, ubi_volume_props, u.prop.property,
			   "UBI_VOL_PROP_???");
		ioctl_field_x(tcp, "value", u.prop.value);
		emit_struct_end(tcp);
		return RVAL_DECODED;
	}
	return IOCTL_UNKNOWN;
}

/* --- MTD ------------------------------------------------------------- */

/* n 32-bit words in hex, the first -s limit of them unless -v. */
static void print_u32_array(struct tcb *tcp, const uint32_t *v, size_t n)
{
	emit_array_begin(tcp);
	for (size_t i = 0; i < n; i++) {
		if (i >= cfg.string_limit && qual_abbrev(tcp)) {
			emit_more(tcp);
			break;
		}
		emit_next(tcp);
		emit_hex(tcp, v[i]);
	}
	emit_array_end(tcp);
}

static void print_mtd_out(struct tcb *tcp, uint32_t code, uint64_t addr)
{
	union {
		struct mtd_info_user info;
		struct nand_oobinfo oob;
		struct nand_ecclayout_user lay;
		struct mtd_ecc_stats st;
		struct otp_info otp;
		int32_t i;
	} u;
	size_t len = code == MEMGETREGIONCOUNT || code == OTPGETREGIONCOUNT ?
		     4 : _IOC_SIZE(code);

	if (!ioctl_fetch(tcp, addr, &u, len))
		return;
	switch (code) {
	case MEMGETREGIONCOUNT:
	case OTPGETREGIONCOUNT:
		emit_array_begin(tcp);
		emit_next(tcp);
		if (code == MEMGETREGIONCOUNT)
			emit_int(tcp, u.i);
		else
			emit_uint(tcp, (uint32_t)u.i);
		emit_array_end(tcp);
		return;
	case MEMGETINFO:
		emit_struct_begin(tcp);
		emit_field(tcp, "type");
		print_xval(tcp, mtd_types, u.info.type, "MTD_???");
		emit_field(tcp, "flags");
		print_flags(tcp, mtd_flags, u.info.flags, "MTD_???");
		ioctl_field_x(tcp, "size", u.info.size);
		ioctl_field_x(tcp, "erasesize", u.info.erasesize);
		ioctl_field_x(tcp, "writesize", u.info.writesize);
		ioctl_field_x(tcp, "oobsize", u.info.oobsize);
		ioctl_field_x(tcp, "padding", u.info.padding);
		emit_struct_end(tcp);
		return;
	case MEMGETOOBSEL:
		emit_struct_begin(tcp);
		emit_field(tcp, "useecc");
		print_xval(tcp, mtd_nandecc, u.oob.useecc, "MTD_NANDECC_???");
		ioctl_field_x(tcp, "eccbytes", u.oob.eccbytes);
		emit_field(tcp, "oobfree");
		emit_array_begin(tcp);
		for (size_t i = 0; i < ARRAY_SIZE(u.oob.oobfree); i++) {
			emit_next(tcp);
			print_u32_array(tcp, u.oob.oobfree[i], 2);
		}
		emit_array_end(tcp);
		emit_field(tcp, "eccpos");
		print_u32_array(tcp, u.oob.eccpos, ARRAY_SIZE(u.oob.eccpos));
		emit_struct_end(tcp);
		return;
	case ECCGETLAYOUT:
		emit_struct_begin(tcp);
		ioctl_field_x(tcp, "eccbytes", u.lay.eccbytes);
		emit_field(tcp, "eccpos");
		print_u32_array(tcp, u.lay.eccpos, ARRAY_SIZE(u.lay.eccpos));
		ioctl_field_x(tcp, "oobavail", u.lay.oobavail);
		emit_field(tcp, "oobfree");
		emit_array_begin(tcp);
		for (size_t i = 0; i < ARRAY_SIZE(u.lay.oobfree); i++) {
			emit_next(tcp);
			emit_struct_begin(tcp);
			ioctl_field_x(tcp, "offset", u.lay.oobfree[i].offset);
			ioctl_field_x(tcp, "length", u.lay.oobfree[i].length);
			emit_struct_end(tcp);
		}
		emit_array_end(tcp);
		emit_struct_end(tcp);
		return;
	case ECCGETSTATS:
		emit_struct_begin(tcp);
		ioctl_field_x(tcp, "corrected", u.st.corrected);
		ioctl_field_x(tcp, "failed", u.st.failed);
		ioctl_field_x(tcp, "badblocks", u.st.badblocks);
		ioctl_field_x(tcp, "bbtblocks", u.st.bbtblocks);
		emit_struct_end(tcp);
		return;
	case OTPGETREGIONINFO:
		emit_struct_begin(tcp);
		ioctl_field_x(tcp, "start", u.otp.start);
		ioctl_field_x(tcp, "length", u.otp.length);
		ioctl_field_u(tcp, "locked", u.otp.locked);
		emit_struct_end(tcp);
		return;
	}
}

/* struct mtd_oob_buf: u32 start, length, then a pointer of the ABI. */
static void print_mtd_oob(struct tcb *tcp, uint64_t addr)
{
	unsigned int ws = tcp_wordsize(tcp);
	uint8_t b[16];
	uint32_t start, length;
	uint64_t ptr = 0;

	if (!ioctl_fetch(tcp, addr, b, 8 + ws))
		return;
	memcpy(&start, b, 4);
	memcpy(&length, b + 4, 4);
	memcpy(&ptr, b + 8, ws);
	emit_struct_begin(tcp);
	ioctl_field_x(tcp, "start", start);
	ioctl_field_x(tcp, "length", length);
	ioctl_field_ptr(tcp, "ptr", ptr);
	emit_struct_end(tcp);
}

static int ioctl_mtd(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	static const struct ioctl_compat compat[] = {
		{ MEMWRITEOOB, 12 },
		{ MEMREADOOB, 12 },
	};
	union {
		struct erase_info_user e;
		struct erase_info_user64 e64;
		struct mtd_oob_buf64 o64;
		struct otp_info otp;
		struct mtd_write_req wr;
		struct region_info_user ri;
		uint64_t v;
		int32_t i;
	} u;

	code = ioctl_native(tcp, code, compat, ARRAY_SIZE(compat));
	switch (code) {
	case MEMGETINFO:
	case MEMGETOOBSEL:
	case ECCGETLAYOUT:
	case ECCGETSTATS:
	case MEMGETREGIONCOUNT:
	case OTPGETREGIONCOUNT:
	case OTPGETREGIONINFO:
		return ioctl_getter(tcp, arg, print_mtd_out, code);
	case MTDFILEMODE:
		emit_next(tcp);
		print_xval(tcp, mtd_file_modes, arg, "MTD_FILE_MODE_???");
		return RVAL_DECODED;
	case OTPSELECT:
		emit_next(tcp);
		if (ioctl_fetch(tcp, arg, &u.i, 4)) {
			emit_array_begin(tcp);
			emit_next(tcp);
			print_xval(tcp, mtd_otp_modes, (uint32_t)u.i,
				   "MTD_OTP_???");
			emit_array_end(tcp);
		}
		return RVAL_DECODED;
	case MEMGETBADBLOCK:
	case MEMSETBADBLOCK:
		emit_next(tcp);
		ioctl_num_ptr(tcp, arg, 8, false, false);
		return RVAL_DECODED;
	case MEMERASE:
	case MEMLOCK:
	case MEMUNLOCK:
	case MEMISLOCKED:
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &u.e, sizeof(u.e)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		ioctl_field_x(tcp, "start", u.e.start);
		ioctl_field_x(tcp, "length", u.e.length);
		emit_struct_end(tcp);
		return RVAL_DECODED;
	case MEMERASE64:
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &u.e64, sizeof(u.e64)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		ioctl_field_x(tcp, "start", u.e64.start);
		ioctl_field_x(tcp, "length", u.e64.length);
		emit_struct_end(tcp);
		return RVAL_DECODED;
	case MEMWRITEOOB:
	case MEMREADOOB:
		emit_next(tcp);
		print_mtd_oob(tcp, arg);
		return RVAL_DECODED;
	case MEMWRITEOOB64:
	case MEMREADOOB64:
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &u.o64, sizeof(u.o64)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		ioctl_field_x(tcp, "start", u.o64.start);
		ioctl_field_x(tcp, "length", u.o64.length);
		ioctl_field_x(tcp, "usr_ptr", u.o64.usr_ptr);
		emit_struct_end(tcp);
		return RVAL_DECODED;
	case OTPLOCK:
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &u.otp, sizeof(u.otp)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		ioctl_field_x(tcp, "start", u.otp.start);
		ioctl_field_x(tcp, "length", u.otp.length);
		ioctl_field_u(tcp, "locked", u.otp.locked);
		emit_struct_end(tcp);
		return RVAL_DECODED;
	case MEMWRITE:
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, &u.wr, sizeof(u.wr)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		ioctl_field_x(tcp, "start", u.wr.start);
		ioctl_field_x(tcp, "len", u.wr.len);
		ioctl_field_x(tcp, "ooblen", u.wr.ooblen);
		ioctl_field_x(tcp, "usr_data", u.wr.usr_data);
		ioctl_field_x(tcp, "usr_oob", u.wr.usr_oob);
		emit_field(tcp, "mode");
		print_xval(tcp, mtd_ops_modes, u.wr.mode, "MTD_OPS_???");
		emit_struct_end(tcp);
		return RVAL_DECODED;
	case MEMGETREGIONINFO:
		/* regionindex in, the region's geometry out. */
		if (entering(tcp)) {
			emit_next(tcp);
			if (!ioctl_fetch(tcp, arg, &u.ri, sizeof(u.ri)))
				return RVAL_DECODED;
			emit_struct_begin(tcp);
			ioctl_field_x(tcp, "regionindex", u.ri.regionindex);
			return 0;
		}
		if (!syserror(tcp) &&
		    !tracee_read(tcp, arg, &u.ri, sizeof(u.ri))) {
			ioctl_field_x(tcp, "offset", u.ri.offset);
			ioctl_field_x(tcp, "erasesize", u.ri.erasesize);
			ioctl_field_x(tcp, "numblocks", u.ri.numblocks);
		}
		emit_struct_end(tcp);
		return RVAL_DECIMAL;
	}
	return IOCTL_UNKNOWN;
}

int ioctl_dev2(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	switch (_IOC_TYPE(code)) {
	case 0xab:
		return ioctl_nbd(tcp, code, arg);
	case 'i':
		return ioctl_lirc(tcp, code, arg);
	case 'o':
	case 'O':
		return ioctl_ubi(tcp, code, arg);
	case 'M':
		return ioctl_mtd(tcp, code, arg);
	}
	return IOCTL_UNKNOWN;
}
