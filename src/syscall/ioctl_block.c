/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ioctls of block devices and file systems: loop devices (linux/loop.h),
 * BLKPG and BLKTRACESETUP (linux/blkpg.h, linux/blktrace_api.h), FITRIM,
 * FS_IOC_FSGETXATTR/FSSETXATTR and FS_IOC_FIEMAP (linux/fs.h,
 * linux/fiemap.h).  The simple BLK* ones are rows of ioctl.c's table.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <linux/blkpg.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <linux/ioctl.h>
#include <linux/loop.h>

#include "output/pidcomm.h"
#include "select/qualify.h"
#include "syscall/file.h"
#include "syscall/ioctl.h"
#include "syscall/net.h"
#include "xlat/tables/blkpg_ops.h"
#include "xlat/tables/fiemap_extent_flags.h"
#include "xlat/tables/fiemap_flags.h"
#include "xlat/tables/fs_xflags.h"
#include "xlat/tables/loop_crypt_types.h"
#include "xlat/tables/loop_flags.h"

static uint64_t get_u(const unsigned char *b, unsigned int off, unsigned int size)
{
	uint64_t v = 0;

	memcpy(&v, b + off, size);
	return v;
}

static int32_t get_i32(const unsigned char *b, unsigned int off)
{
	int32_t v;

	memcpy(&v, b + off, 4);
	return v;
}

static void print_hex_u64s(struct tcb *tcp, const char *name,
			   const unsigned char *b, unsigned int n,
			   unsigned int size)
{
	emit_field(tcp, name);
	emit_array_begin(tcp);
	for (unsigned int i = 0; i < n; i++) {
		/* strace shows these arrays whole, whatever -s says. */
		emit_next(tcp);
		emit_hex(tcp, get_u(b, i * size, size));
	}
	emit_array_end(tcp);
}

/* The key: lo_encrypt_key_size bytes of it, at most LO_KEY_SIZE. */
static void print_loop_key(struct tcb *tcp, const unsigned char *key,
			   uint32_t size)
{
	emit_field(tcp, "lo_encrypt_key");
	emit_quoted(tcp, (const char *)key, size < LO_KEY_SIZE ? size : LO_KEY_SIZE,
		    0);
}

/*
 * struct loop_info: its longs and old dev_t differ by ABI (x86_64: 8, 8;
 * i386: 4, 2), so the offsets are the ABI's.
 */
static void print_loop_info(struct tcb *tcp, uint64_t addr)
{
	unsigned char b[168];
	bool w8 = tcp_wordsize(tcp) == 8;
	unsigned int devsz = w8 ? 8 : 2, ws = w8 ? 8 : 4;
	unsigned int o_dev = w8 ? 8 : 4, o_ino = w8 ? 16 : 8;
	unsigned int o_rdev = w8 ? 24 : 12;
	unsigned int o = w8 ? 32 : 16;	/* lo_offset and the ints after it */
	unsigned int o_name = o + 16, o_key = o_name + LO_NAME_SIZE;
	unsigned int o_init = o_key + LO_KEY_SIZE, o_res = o_init + 2 * ws;
	bool v = !qual_abbrev(tcp);
	uint32_t type, keysize;

	if (!ioctl_fetch(tcp, addr, b, w8 ? 168 : 140))
		return;
	type = (uint32_t)get_i32(b, o + 4);
	keysize = (uint32_t)get_i32(b, o + 8);
	emit_struct_begin(tcp);
	ioctl_field_d(tcp, "lo_number", get_i32(b, 0));
	if (v) {
		emit_field(tcp, "lo_device");
		print_dev(tcp, get_u(b, o_dev, devsz));
		ioctl_field_u(tcp, "lo_inode", get_u(b, o_ino, ws));
		emit_field(tcp, "lo_rdevice");
		print_dev(tcp, get_u(b, o_rdev, devsz));
	}
	ioctl_field_x(tcp, "lo_offset", (uint32_t)get_i32(b, o));
	/* Encryption is all but gone: strace shows it when it is set. */
	if (v || type != LO_CRYPT_NONE) {
		emit_field(tcp, "lo_encrypt_type");
		print_xval(tcp, loop_crypt_types, type, "LO_CRYPT_???");
		ioctl_field_u(tcp, "lo_encrypt_key_size", keysize);
	}
	emit_field(tcp, "lo_flags");
	print_flags(tcp, loop_flags, (uint32_t)get_i32(b, o + 12),
		    "LO_FLAGS_???");
	ioctl_cstr_field(tcp, "lo_name", b + o_name, LO_NAME_SIZE);
	if (v || type != LO_CRYPT_NONE)
		print_loop_key(tcp, b + o_key, keysize);
	if (v) {
		print_hex_u64s(tcp, "lo_init", b + o_init, 2, ws);
		print_hex_u64s(tcp, "reserved", b + o_res, 4, 1);
	} else {
		emit_more(tcp);
	}
	emit_struct_end(tcp);
}

/* struct loop_info64: the same on both ABIs, 232 bytes. */
static void print_loop_info64_buf(struct tcb *tcp, const unsigned char *b)
{
	bool v = !qual_abbrev(tcp);
	uint32_t type = (uint32_t)get_u(b, 44, 4);
	uint32_t keysize = (uint32_t)get_u(b, 48, 4);

	emit_struct_begin(tcp);
	if (v) {
		emit_field(tcp, "lo_device");
		print_dev(tcp, get_u(b, 0, 8));
		ioctl_field_u(tcp, "lo_inode", get_u(b, 8, 8));
		emit_field(tcp, "lo_rdevice");
		print_dev(tcp, get_u(b, 16, 8));
	}
	ioctl_field_x(tcp, "lo_offset", get_u(b, 24, 8));
	if (v)
		ioctl_field_u(tcp, "lo_sizelimit", get_u(b, 32, 8));
	ioctl_field_u(tcp, "lo_number", get_u(b, 40, 4));
	if (v || type != LO_CRYPT_NONE) {
		emit_field(tcp, "lo_encrypt_type");
		print_xval(tcp, loop_crypt_types, type, "LO_CRYPT_???");
		ioctl_field_u(tcp, "lo_encrypt_key_size", keysize);
	}
	emit_field(tcp, "lo_flags");
	print_flags(tcp, loop_flags, get_u(b, 52, 4), "LO_FLAGS_???");
	ioctl_cstr_field(tcp, "lo_file_name", b + 56, LO_NAME_SIZE);
	if (v || type != LO_CRYPT_NONE) {
		ioctl_cstr_field(tcp, "lo_crypt_name", b + 120, LO_NAME_SIZE);
		print_loop_key(tcp, b + 184, keysize);
	}
	if (v)
		print_hex_u64s(tcp, "lo_init", b + 216, 2, 8);
	else
		emit_more(tcp);
	emit_struct_end(tcp);
}

static void print_loop_info64(struct tcb *tcp, uint64_t addr)
{
	unsigned char b[232];

	if (ioctl_fetch(tcp, addr, b, sizeof(b)))
		print_loop_info64_buf(tcp, b);
}

/* struct loop_config: fd, block_size, a loop_info64, __reserved[8]. */
static void print_loop_config(struct tcb *tcp, uint64_t addr)
{
	static const unsigned char zero[64];
	unsigned char b[8 + 232 + 64];

	if (!ioctl_fetch(tcp, addr, b, sizeof(b)))
		return;
	emit_struct_begin(tcp);
	ioctl_field_d(tcp, "fd", get_i32(b, 0));
	ioctl_field_u(tcp, "block_size", get_u(b, 4, 4));
	emit_field(tcp, "info");
	print_loop_info64_buf(tcp, b + 8);
	if (memcmp(b + 240, zero, sizeof(zero)))
		print_hex_u64s(tcp, "__reserved", b + 240, 8, 8);
	emit_struct_end(tcp);
}

/* Output structs: nothing at entry, the struct (or address) at exit. */
static int out_struct(struct tcb *tcp, uint64_t arg,
		      void (*print)(struct tcb *, uint64_t))
{
	if (entering(tcp)) {
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp))
		emit_ptr(tcp, arg);
	else
		print(tcp, arg);
	return RVAL_DECIMAL;
}

static int in_struct(struct tcb *tcp, uint64_t arg,
		     void (*print)(struct tcb *, uint64_t))
{
	emit_next(tcp);
	print(tcp, arg);
	return RVAL_DECODED;
}

static int ioctl_loop(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	switch (code) {
	case LOOP_SET_FD:
	case LOOP_CHANGE_FD:
		emit_next(tcp);
		print_fd(tcp, (int)arg);
		return RVAL_DECODED;
	case LOOP_CTL_ADD:
	case LOOP_CTL_REMOVE:
		return ioctl_int_arg(tcp, arg);
	case LOOP_CLR_FD:
	case LOOP_SET_CAPACITY:
	case LOOP_CTL_GET_FREE:
		return RVAL_DECODED;
	case LOOP_SET_DIRECT_IO:
	case LOOP_SET_BLOCK_SIZE:
		return ioctl_ulong_arg(tcp, arg);
	case LOOP_SET_STATUS:
		return in_struct(tcp, arg, print_loop_info);
	case LOOP_GET_STATUS:
		return out_struct(tcp, arg, print_loop_info);
	case LOOP_SET_STATUS64:
		return in_struct(tcp, arg, print_loop_info64);
	case LOOP_GET_STATUS64:
		return out_struct(tcp, arg, print_loop_info64);
	case LOOP_CONFIGURE:
		return in_struct(tcp, arg, print_loop_config);
	}
	return IOCTL_UNKNOWN;
}

/* --- BLKPG, BLKTRACESETUP -------------------------------------------- */

/*
 * struct blkpg_ioctl_arg { int op, flags, datalen; void *data; } and the
 * struct blkpg_partition it points to (long long start, length; int pno;
 * char devname[64], volname[64]).
 */
static void print_blkpg(struct tcb *tcp, uint64_t addr)
{
	unsigned char b[24], p[148];
	bool w8 = tcp_wordsize(tcp) == 8;
	int32_t op;
	uint64_t data;

	if (!ioctl_fetch(tcp, addr, b, w8 ? 24 : 16))
		return;
	op = get_i32(b, 0);
	data = get_u(b, w8 ? 16 : 12, w8 ? 8 : 4);
	emit_struct_begin(tcp);
	emit_field(tcp, "op");
	print_xval(tcp, blkpg_ops, (uint32_t)op, "BLKPG_???");
	ioctl_field_d(tcp, "flags", get_i32(b, 4));
	ioctl_field_d(tcp, "datalen", get_i32(b, 8));
	emit_field(tcp, "data");
	if (ioctl_fetch(tcp, data, p, sizeof(p))) {
		emit_struct_begin(tcp);
		ioctl_field_d(tcp, "start", (int64_t)get_u(p, 0, 8));
		ioctl_field_d(tcp, "length", (int64_t)get_u(p, 8, 8));
		ioctl_field_d(tcp, "pno", get_i32(p, 16));
		ioctl_cstr_field(tcp, "devname", p + 20, 64);
		ioctl_cstr_field(tcp, "volname", p + 84, 64);
		emit_struct_end(tcp);
	}
	emit_struct_end(tcp);
}

/*
 * struct blk_user_trace_setup: name[32], u16 act_mask, u32 buf_size,
 * buf_nr, u64 start_lba, end_lba, u32 pid; the u64s are 8-aligned on
 * x86_64 only.
 */
static int blktrace_setup(struct tcb *tcp, uint64_t arg)
{
	unsigned char b[72];
	bool w8 = tcp_wordsize(tcp) == 8;
	unsigned int o = w8 ? 48 : 44;

	if (entering(tcp)) {
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, b, w8 ? 72 : 64))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		ioctl_field_u(tcp, "act_mask", get_u(b, 32, 2));
		ioctl_field_u(tcp, "buf_size", get_u(b, 36, 4));
		ioctl_field_u(tcp, "buf_nr", get_u(b, 40, 4));
		ioctl_field_u(tcp, "start_lba", get_u(b, o, 8));
		ioctl_field_u(tcp, "end_lba", get_u(b, o + 8, 8));
		emit_field(tcp, "pid");
		print_pid(tcp, (int)get_u(b, o + 16, 4));
		emit_struct_end(tcp);
		net_priv_set(tcp, 1);
		return 0;
	}
	/* The kernel names the trace: " => {name=...}". */
	if (!syserror(tcp) && !tracee_read(tcp, arg, b, 32)) {
		emit_changed(tcp);
		emit_struct_begin(tcp);
		ioctl_cstr_field(tcp, "name", b, 32);
		emit_struct_end(tcp);
	}
	return RVAL_DECIMAL;
}

/* --- file systems ---------------------------------------------------- */

static void print_fstrim_range(struct tcb *tcp, uint64_t addr)
{
	uint64_t r[3];

	if (!ioctl_fetch(tcp, addr, r, sizeof(r)))
		return;
	emit_struct_begin(tcp);
	ioctl_field_x(tcp, "start", r[0]);
	ioctl_field_u(tcp, "len", r[1]);
	ioctl_field_u(tcp, "minlen", r[2]);
	emit_struct_end(tcp);
}

/* struct fsxattr; fsx_nextents is the kernel's to tell (the getter). */
static void print_fsxattr(struct tcb *tcp, uint64_t addr, bool get)
{
	uint32_t f[7];	/* with fsx_pad[8] */

	if (!ioctl_fetch(tcp, addr, f, sizeof(f)))
		return;
	emit_struct_begin(tcp);
	emit_field(tcp, "fsx_xflags");
	print_flags(tcp, fs_xflags, f[0], "FS_XFLAG_???");
	ioctl_field_u(tcp, "fsx_extsize", f[1]);
	if (get)
		ioctl_field_u(tcp, "fsx_nextents", f[2]);
	ioctl_field_x(tcp, "fsx_projid", f[3]);
	ioctl_field_u(tcp, "fsx_cowextsize", f[4]);
	emit_struct_end(tcp);
}

static void print_fsxattr_get(struct tcb *tcp, uint64_t addr)
{
	print_fsxattr(tcp, addr, true);
}

static void print_fsxattr_set(struct tcb *tcp, uint64_t addr)
{
	print_fsxattr(tcp, addr, false);
}

static void print_fiemap_extent(struct tcb *tcp, const void *elem, void *data)
{
	const unsigned char *e = elem;

	(void)data;
	emit_struct_begin(tcp);
	ioctl_field_u(tcp, "fe_logical", get_u(e, 0, 8));
	ioctl_field_u(tcp, "fe_physical", get_u(e, 8, 8));
	ioctl_field_u(tcp, "fe_length", get_u(e, 16, 8));
	emit_field(tcp, "fe_flags");
	print_flags(tcp, fiemap_extent_flags, get_u(e, 40, 4),
		    "FIEMAP_EXTENT_???");
	emit_struct_end(tcp);
}

/*
 * struct fiemap: the request at entry; at exit " => " the flags, the
 * count of extents mapped and (with -v) the extents.
 */
static int fiemap(struct tcb *tcp, uint64_t arg)
{
	unsigned char b[32];

	if (entering(tcp)) {
		emit_next(tcp);
		if (!ioctl_fetch(tcp, arg, b, sizeof(b)))
			return RVAL_DECODED;
		emit_struct_begin(tcp);
		ioctl_field_u(tcp, "fm_start", get_u(b, 0, 8));
		ioctl_field_u(tcp, "fm_length", get_u(b, 8, 8));
		emit_field(tcp, "fm_flags");
		print_flags(tcp, fiemap_flags, get_u(b, 16, 4),
			    "FIEMAP_FLAG_???");
		ioctl_field_u(tcp, "fm_extent_count", get_u(b, 24, 4));
		emit_struct_end(tcp);
		return 0;
	}
	if (syserror(tcp) || tracee_read(tcp, arg, b, sizeof(b)))
		return RVAL_DECIMAL;
	emit_changed(tcp);
	emit_struct_begin(tcp);
	emit_field(tcp, "fm_flags");
	print_flags(tcp, fiemap_flags, get_u(b, 16, 4), "FIEMAP_FLAG_???");
	ioctl_field_u(tcp, "fm_mapped_extents", get_u(b, 20, 4));
	if (qual_abbrev(tcp)) {
		emit_more(tcp);
	} else {
		emit_field(tcp, "fm_extents");
		print_array(tcp, arg + 32, get_u(b, 20, 4),
			    sizeof(struct fiemap_extent), print_fiemap_extent,
			    NULL);
	}
	emit_struct_end(tcp);
	return RVAL_DECIMAL;
}

int ioctl_block(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	switch (_IOC_TYPE(code)) {
	case 'L':
		return ioctl_loop(tcp, code, arg);
	case 0x12:
		if (code == BLKPG)
			return in_struct(tcp, arg, print_blkpg);
		/*
		 * BLKTRACESETUP: the size is the ABI's struct's (72 bytes
		 * on x86_64, 64 on i386); the other one's is a number.
		 */
		if (code == _IOC(_IOC_READ | _IOC_WRITE, 0x12, 115,
				 tcp_wordsize(tcp) == 8 ? 72 : 64))
			return blktrace_setup(tcp, arg);
		break;
	case 'X':
		if (code == FITRIM)
			return in_struct(tcp, arg, print_fstrim_range);
		if (code == FS_IOC_FSGETXATTR)
			return out_struct(tcp, arg, print_fsxattr_get);
		if (code == FS_IOC_FSSETXATTR)
			return in_struct(tcp, arg, print_fsxattr_set);
		break;
	case 'f':
		if (code == FS_IOC_FIEMAP)
			return fiemap(tcp, arg);
		break;
	}
	return IOCTL_UNKNOWN;
}
