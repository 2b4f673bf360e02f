/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The stat family (stat, newfstatat, statx and the i386 stat64 and old
 * stat layouts), statfs and statfs64, getdents and getdents64.  Every
 * struct is read in one piece; the layouts are the kernel's (uapi
 * asm/stat.h, asm-generic/statfs.h, linux/stat.h, fs/readdir.c), not
 * glibc's.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/file.h"
#include "xlat/tables/at_flags.h"
#include "xlat/tables/dirent_types.h"
#include "xlat/tables/fsmagic.h"
#include "xlat/tables/statfs_flags.h"
#include "xlat/tables/statx_attrs.h"
#include "xlat/tables/statx_masks.h"
#include "xlat/tables/statx_sync.h"

#define K_S_IFMT	0170000
#define K_S_IFCHR	0020000
#define K_S_IFBLK	0060000

/* Little-endian fields at an offset of a struct read as bytes. */
static inline uint64_t get_u64(const unsigned char *p, size_t off)
{
	uint64_t v;

	memcpy(&v, p + off, sizeof(v));
	return v;
}

static inline uint32_t get_u32(const unsigned char *p, size_t off)
{
	uint32_t v;

	memcpy(&v, p + off, sizeof(v));
	return v;
}

static inline uint16_t get_u16(const unsigned char *p, size_t off)
{
	uint16_t v;

	memcpy(&v, p + off, sizeof(v));
	return v;
}

/* An output struct pointer at exit: NULL, unread or failed as address. */
static bool struct_unprintable(struct tcb *tcp, uint64_t addr)
{
	return !addr || syserror(tcp) || !qual_verbose(tcp);
}

/* --- struct stat ----------------------------------------------------- */

/* Any of the kernel's stat layouts, widened. */
struct kstat {
	uint64_t dev, ino, nlink, rdev, blksize, blocks;
	int64_t size;
	unsigned int mode, uid, gid;
	int64_t atime, mtime, ctime;
	uint64_t atime_ns, mtime_ns, ctime_ns;
	bool has_nsec;		/* the old i386 stat has none */
};

enum stat_layout {
	STAT_X86_64,		/* struct stat of x86_64: 144 bytes */
	STAT_I386,		/* struct stat of i386: 64 bytes */
	STAT64_I386,		/* struct stat64 of i386: 96, 4-aligned */
	STAT_OLD_I386,		/* struct __old_kernel_stat: 32 bytes */
};

static const size_t stat_size[] = {
	[STAT_X86_64] = 144,
	[STAT_I386] = 64,
	[STAT64_I386] = 96,
	[STAT_OLD_I386] = 32,
};

static void stat_from(struct kstat *st, const unsigned char *b,
		      enum stat_layout l)
{
	memset(st, 0, sizeof(*st));
	st->has_nsec = true;
	switch (l) {
	case STAT_X86_64:
		st->dev = get_u64(b, 0);
		st->ino = get_u64(b, 8);
		st->nlink = get_u64(b, 16);
		st->mode = get_u32(b, 24);
		st->uid = get_u32(b, 28);
		st->gid = get_u32(b, 32);
		st->rdev = get_u64(b, 40);
		st->size = (int64_t)get_u64(b, 48);
		st->blksize = get_u64(b, 56);
		st->blocks = get_u64(b, 64);
		st->atime = (int64_t)get_u64(b, 72);
		st->atime_ns = get_u64(b, 80);
		st->mtime = (int64_t)get_u64(b, 88);
		st->mtime_ns = get_u64(b, 96);
		st->ctime = (int64_t)get_u64(b, 104);
		st->ctime_ns = get_u64(b, 112);
		break;
	case STAT_I386:
		st->dev = get_u32(b, 0);
		st->ino = get_u32(b, 4);
		st->mode = get_u16(b, 8);
		st->nlink = get_u16(b, 10);
		st->uid = get_u16(b, 12);
		st->gid = get_u16(b, 14);
		st->rdev = get_u32(b, 16);
		st->size = get_u32(b, 20);
		st->blksize = get_u32(b, 24);
		st->blocks = get_u32(b, 28);
		st->atime = (int32_t)get_u32(b, 32);
		st->atime_ns = get_u32(b, 36);
		st->mtime = (int32_t)get_u32(b, 40);
		st->mtime_ns = get_u32(b, 44);
		st->ctime = (int32_t)get_u32(b, 48);
		st->ctime_ns = get_u32(b, 52);
		break;
	case STAT64_I386:
		st->dev = get_u64(b, 0);
		st->mode = get_u32(b, 16);
		st->nlink = get_u32(b, 20);
		st->uid = get_u32(b, 24);
		st->gid = get_u32(b, 28);
		st->rdev = get_u64(b, 32);
		st->size = (int64_t)get_u64(b, 44);
		st->blksize = get_u32(b, 52);
		st->blocks = get_u64(b, 56);
		st->atime = (int32_t)get_u32(b, 64);
		st->atime_ns = get_u32(b, 68);
		st->mtime = (int32_t)get_u32(b, 72);
		st->mtime_ns = get_u32(b, 76);
		st->ctime = (int32_t)get_u32(b, 80);
		st->ctime_ns = get_u32(b, 84);
		/* The full inode number is the last field; __st_ino is cut. */
		st->ino = get_u64(b, 88);
		break;
	case STAT_OLD_I386:
		st->dev = get_u16(b, 0);
		st->ino = get_u16(b, 2);
		st->mode = get_u16(b, 4);
		st->nlink = get_u16(b, 6);
		st->uid = get_u16(b, 8);
		st->gid = get_u16(b, 10);
		st->rdev = get_u16(b, 12);
		st->size = get_u32(b, 16);
		st->atime = (int32_t)get_u32(b, 20);
		st->mtime = (int32_t)get_u32(b, 24);
		st->ctime = (int32_t)get_u32(b, 28);
		st->has_nsec = false;
		break;
	}
}

static void print_stat_time(struct tcb *tcp, const char *name,
			    const char *nsname, int64_t sec, uint64_t nsec,
			    bool has_nsec)
{
	emit_field(tcp, name);
	emit_int(tcp, sec);
	print_time_comment(tcp, sec, has_nsec ? nsec : 0, 9);
	if (has_nsec) {
		emit_field(tcp, nsname);
		emit_uint(tcp, nsec);
	}
}

static void print_kstat(struct tcb *tcp, const struct kstat *st)
{
	unsigned int type = st->mode & K_S_IFMT;
	bool dev = type == K_S_IFCHR || type == K_S_IFBLK;
	bool full = !qual_abbrev(tcp);

	emit_struct_begin(tcp);
	if (full) {
		emit_field(tcp, "st_dev");
		print_dev(tcp, st->dev);
		emit_field(tcp, "st_ino");
		emit_uint(tcp, st->ino);
	}
	emit_field(tcp, "st_mode");
	print_symbolic_mode(tcp, st->mode);
	if (full) {
		emit_field(tcp, "st_nlink");
		emit_uint(tcp, st->nlink);
		emit_field(tcp, "st_uid");
		emit_uint(tcp, st->uid);
		emit_field(tcp, "st_gid");
		emit_uint(tcp, st->gid);
		emit_field(tcp, "st_blksize");
		emit_uint(tcp, st->blksize);
		emit_field(tcp, "st_blocks");
		emit_uint(tcp, st->blocks);
	}
	if (dev) {
		emit_field(tcp, "st_rdev");
		print_dev(tcp, st->rdev);
	} else {
		emit_field(tcp, "st_size");
		emit_int(tcp, st->size);
	}
	if (full) {
		print_stat_time(tcp, "st_atime", "st_atime_nsec", st->atime,
				st->atime_ns, st->has_nsec);
		print_stat_time(tcp, "st_mtime", "st_mtime_nsec", st->mtime,
				st->mtime_ns, st->has_nsec);
		print_stat_time(tcp, "st_ctime", "st_ctime_nsec", st->ctime,
				st->ctime_ns, st->has_nsec);
	} else {
		emit_more(tcp);
	}
	emit_struct_end(tcp);
}

/* The struct stat at addr, at exit. */
static void print_stat_at(struct tcb *tcp, uint64_t addr, enum stat_layout l)
{
	unsigned char buf[144];
	struct kstat st;

	if (struct_unprintable(tcp, addr) ||
	    tracee_read(tcp, addr, buf, stat_size[l])) {
		emit_ptr(tcp, addr);
		return;
	}
	stat_from(&st, buf, l);
	print_kstat(tcp, &st);
}

/* The layout of the syscalls named stat, lstat, fstat in each table. */
static enum stat_layout plain_stat(const struct tcb *tcp)
{
	return tcp->sc.pers == PERS_COMPAT ? STAT_I386 : STAT_X86_64;
}

/* path (0), struct stat (1): stat, lstat and their i386 variants. */
static int decode_stat_path(struct tcb *tcp, enum stat_layout l)
{
	if (entering(tcp)) {
		emit_path(tcp, tcp_arg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	print_stat_at(tcp, tcp_arg(tcp, 1), l);
	return RVAL_DECIMAL;
}

static int decode_stat_fd(struct tcb *tcp, enum stat_layout l)
{
	if (entering(tcp)) {
		print_fd(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	print_stat_at(tcp, tcp_arg(tcp, 1), l);
	return RVAL_DECIMAL;
}

/* dirfd, path, struct stat, flags: newfstatat and fstatat64. */
static int decode_fstatat(struct tcb *tcp, enum stat_layout l)
{
	if (entering(tcp)) {
		print_dirfd(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		emit_path(tcp, tcp_arg(tcp, 1));
		emit_next(tcp);
		return 0;
	}
	print_stat_at(tcp, tcp_arg(tcp, 2), l);
	emit_next(tcp);
	print_flags(tcp, at_flags, (uint32_t)tcp_arg(tcp, 3), "AT_???");
	return RVAL_DECIMAL;
}

SYS_FUNC(stat)
{
	return decode_stat_path(tcp, plain_stat(tcp));
}

SYS_FUNC(lstat)
{
	return decode_stat_path(tcp, plain_stat(tcp));
}

SYS_FUNC(fstat)
{
	return decode_stat_fd(tcp, plain_stat(tcp));
}

SYS_FUNC(newfstatat)
{
	return decode_fstatat(tcp, STAT_X86_64);
}

SYS_FUNC(stat64)
{
	return decode_stat_path(tcp, STAT64_I386);
}

SYS_FUNC(lstat64)
{
	return decode_stat_path(tcp, STAT64_I386);
}

SYS_FUNC(fstat64)
{
	return decode_stat_fd(tcp, STAT64_I386);
}

SYS_FUNC(fstatat64)
{
	return decode_fstatat(tcp, STAT64_I386);
}

SYS_FUNC(oldstat)
{
	return decode_stat_path(tcp, STAT_OLD_I386);
}

SYS_FUNC(oldlstat)
{
	return decode_stat_path(tcp, STAT_OLD_I386);
}

SYS_FUNC(oldfstat)
{
	return decode_stat_fd(tcp, STAT_OLD_I386);
}

/* --- statx ----------------------------------------------------------- */

/* include/uapi/linux/stat.h */
#define K_STATX_ATIME		0x20U
#define K_STATX_MTIME		0x40U
#define K_STATX_CTIME		0x80U
#define K_STATX_BTIME		0x800U
#define K_STATX_MNT_ID		0x1000U
#define K_STATX_DIOALIGN	0x2000U
#define K_AT_STATX_SYNC_TYPE	0x6000U
#define STATX_SIZE		256

/*
 * statx flags: the sync type first ("AT_STATX_SYNC_AS_STAT" for none),
 * then the AT_* flags after a '|'.  Under -X raw strace leaves an empty
 * sync type out entirely, so flags 0 print as nothing at all.
 */
static void print_statx_flags(struct tcb *tcp, uint32_t flags)
{
	uint32_t sync = flags & K_AT_STATX_SYNC_TYPE;
	uint32_t rest = flags & ~K_AT_STATX_SYNC_TYPE;
	char buf[1024];
	size_t n = 0;

	if (cfg.xlat_style != XLAT_STYLE_RAW || sync)
		n = strlen(
			sprint_flags(buf, sizeof(buf), statx_sync, sync, NULL));
	else
		buf[0] = '\0';
	if (rest) {
		buf[n++] = '|';
		sprint_flags(buf + n, sizeof(buf) - n, at_flags, rest, NULL);
	}
	emit_sym(tcp, flags, buf);
}

static void print_statx_time(struct tcb *tcp, const char *name,
			     const unsigned char *p)
{
	int64_t sec = (int64_t)get_u64(p, 0);
	uint32_t nsec = get_u32(p, 8);

	emit_field(tcp, name);
	emit_struct_begin(tcp);
	emit_field(tcp, "tv_sec");
	emit_int(tcp, sec);
	emit_field(tcp, "tv_nsec");
	emit_uint(tcp, nsec);
	emit_struct_end(tcp);
	print_time_comment(tcp, sec, nsec, 9);
}

static void print_statx(struct tcb *tcp, const unsigned char *b)
{
	uint32_t mask = get_u32(b, 0);
	bool full = !qual_abbrev(tcp);

	emit_struct_begin(tcp);
	emit_field(tcp, "stx_mask");
	print_flags(tcp, statx_masks, mask, "STATX_???");
	if (full) {
		emit_field(tcp, "stx_blksize");
		emit_uint(tcp, get_u32(b, 4));
	}
	emit_field(tcp, "stx_attributes");
	print_flags(tcp, statx_attrs, get_u64(b, 8), "STATX_ATTR_???");
	if (full) {
		emit_field(tcp, "stx_nlink");
		emit_uint(tcp, get_u32(b, 16));
		emit_field(tcp, "stx_uid");
		emit_uint(tcp, get_u32(b, 20));
		emit_field(tcp, "stx_gid");
		emit_uint(tcp, get_u32(b, 24));
	}
	emit_field(tcp, "stx_mode");
	print_symbolic_mode(tcp, get_u16(b, 28));
	if (full) {
		emit_field(tcp, "stx_ino");
		emit_uint(tcp, get_u64(b, 32));
	}
	emit_field(tcp, "stx_size");
	emit_uint(tcp, get_u64(b, 40));
	if (!full) {
		emit_more(tcp);
		emit_struct_end(tcp);
		return;
	}
	emit_field(tcp, "stx_blocks");
	emit_uint(tcp, get_u64(b, 48));
	emit_field(tcp, "stx_attributes_mask");
	print_flags(tcp, statx_attrs, get_u64(b, 56), "STATX_ATTR_???");
	if (mask & K_STATX_ATIME)
		print_statx_time(tcp, "stx_atime", b + 64);
	if (mask & K_STATX_BTIME)
		print_statx_time(tcp, "stx_btime", b + 80);
	if (mask & K_STATX_CTIME)
		print_statx_time(tcp, "stx_ctime", b + 96);
	if (mask & K_STATX_MTIME)
		print_statx_time(tcp, "stx_mtime", b + 112);
	emit_field(tcp, "stx_rdev_major");
	emit_uint(tcp, get_u32(b, 128));
	emit_field(tcp, "stx_rdev_minor");
	emit_uint(tcp, get_u32(b, 132));
	emit_field(tcp, "stx_dev_major");
	emit_uint(tcp, get_u32(b, 136));
	emit_field(tcp, "stx_dev_minor");
	emit_uint(tcp, get_u32(b, 140));
	if (mask & K_STATX_MNT_ID) {
		emit_field(tcp, "stx_mnt_id");
		emit_hex(tcp, get_u64(b, 144));
	}
	if (mask & K_STATX_DIOALIGN) {
		emit_field(tcp, "stx_dio_mem_align");
		emit_uint(tcp, get_u32(b, 152));
		emit_field(tcp, "stx_dio_offset_align");
		emit_uint(tcp, get_u32(b, 156));
	}
	emit_struct_end(tcp);
}

SYS_FUNC(statx)
{
	uint64_t addr = tcp_arg(tcp, 4);
	unsigned char buf[STATX_SIZE];

	if (entering(tcp)) {
		print_dirfd(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		emit_path(tcp, tcp_arg(tcp, 1));
		emit_next(tcp);
		print_statx_flags(tcp, (uint32_t)tcp_arg(tcp, 2));
		emit_next(tcp);
		print_flags(tcp, statx_masks, (uint32_t)tcp_arg(tcp, 3),
			    "STATX_???");
		emit_next(tcp);
		return 0;
	}
	if (struct_unprintable(tcp, addr) ||
	    tracee_read(tcp, addr, buf, sizeof(buf)))
		emit_ptr(tcp, addr);
	else
		print_statx(tcp, buf);
	return RVAL_DECIMAL;
}

/* --- statfs ---------------------------------------------------------- */

struct kstatfs {
	uint64_t type, bsize, blocks, bfree, bavail, files, ffree;
	uint32_t fsid[2];
	uint64_t namelen, frsize, flags;
};

enum statfs_layout {
	STATFS_X86_64,		/* struct statfs of x86_64: 120 bytes */
	STATFS_I386,		/* struct statfs of i386: 64 bytes */
	STATFS64_I386,		/* struct statfs64 of i386: 84 bytes */
};

static const size_t statfs_size[] = {
	[STATFS_X86_64] = 120,
	[STATFS_I386] = 64,
	[STATFS64_I386] = 84,
};

static void statfs_from(struct kstatfs *s, const unsigned char *b,
			enum statfs_layout l)
{
	switch (l) {
	case STATFS_X86_64:
		s->type = get_u64(b, 0);
		s->bsize = get_u64(b, 8);
		s->blocks = get_u64(b, 16);
		s->bfree = get_u64(b, 24);
		s->bavail = get_u64(b, 32);
		s->files = get_u64(b, 40);
		s->ffree = get_u64(b, 48);
		s->fsid[0] = get_u32(b, 56);
		s->fsid[1] = get_u32(b, 60);
		s->namelen = get_u64(b, 64);
		s->frsize = get_u64(b, 72);
		s->flags = get_u64(b, 80);
		break;
	case STATFS_I386:
		s->type = get_u32(b, 0);
		s->bsize = get_u32(b, 4);
		s->blocks = get_u32(b, 8);
		s->bfree = get_u32(b, 12);
		s->bavail = get_u32(b, 16);
		s->files = get_u32(b, 20);
		s->ffree = get_u32(b, 24);
		s->fsid[0] = get_u32(b, 28);
		s->fsid[1] = get_u32(b, 32);
		s->namelen = get_u32(b, 36);
		s->frsize = get_u32(b, 40);
		s->flags = get_u32(b, 44);
		break;
	case STATFS64_I386:
		s->type = get_u32(b, 0);
		s->bsize = get_u32(b, 4);
		s->blocks = get_u64(b, 8);
		s->bfree = get_u64(b, 16);
		s->bavail = get_u64(b, 24);
		s->files = get_u64(b, 32);
		s->ffree = get_u64(b, 40);
		s->fsid[0] = get_u32(b, 48);
		s->fsid[1] = get_u32(b, 52);
		s->namelen = get_u32(b, 56);
		s->frsize = get_u32(b, 60);
		s->flags = get_u32(b, 64);
		break;
	}
}

/* A file system magic: its name, an unknown one in bare hex. */
static void print_fsmagic(struct tcb *tcp, uint64_t type)
{
	const char *name = xlat_name(fsmagic, type);

	if (!name)
		emit_hex(tcp, type);
	else
		print_named(tcp, type, name, false);
}

static void print_kstatfs(struct tcb *tcp, const struct kstatfs *s)
{
	static const char *const counts[] = {
		"f_bsize", "f_blocks", "f_bfree", "f_bavail", "f_files",
		"f_ffree",
	};
	const uint64_t vals[] = {
		s->bsize, s->blocks, s->bfree, s->bavail, s->files, s->ffree,
	};

	emit_struct_begin(tcp);
	emit_field(tcp, "f_type");
	print_fsmagic(tcp, s->type);
	for (size_t i = 0; i < sizeof(vals) / sizeof(vals[0]); i++) {
		emit_field(tcp, counts[i]);
		emit_uint(tcp, vals[i]);
	}
	emit_field(tcp, "f_fsid");
	emit_struct_begin(tcp);
	emit_field(tcp, "val");
	emit_array_begin(tcp);
	emit_hex(tcp, s->fsid[0]);
	emit_next(tcp);
	emit_hex(tcp, s->fsid[1]);
	emit_array_end(tcp);
	emit_struct_end(tcp);
	emit_field(tcp, "f_namelen");
	emit_uint(tcp, s->namelen);
	emit_field(tcp, "f_frsize");
	emit_uint(tcp, s->frsize);
	emit_field(tcp, "f_flags");
	print_flags(tcp, statfs_flags, s->flags, "ST_???");
	emit_struct_end(tcp);
}

static void print_statfs_at(struct tcb *tcp, uint64_t addr,
			    enum statfs_layout l)
{
	unsigned char buf[120];
	struct kstatfs s;

	if (struct_unprintable(tcp, addr) ||
	    tracee_read(tcp, addr, buf, statfs_size[l])) {
		emit_ptr(tcp, addr);
		return;
	}
	statfs_from(&s, buf, l);
	print_kstatfs(tcp, &s);
}

static enum statfs_layout plain_statfs(const struct tcb *tcp)
{
	return tcp->sc.pers == PERS_COMPAT ? STATFS_I386 : STATFS_X86_64;
}

SYS_FUNC(statfs)
{
	if (entering(tcp)) {
		emit_path(tcp, tcp_arg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	print_statfs_at(tcp, tcp_arg(tcp, 1), plain_statfs(tcp));
	return RVAL_DECIMAL;
}

SYS_FUNC(fstatfs)
{
	if (entering(tcp)) {
		print_fd(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	print_statfs_at(tcp, tcp_arg(tcp, 1), plain_statfs(tcp));
	return RVAL_DECIMAL;
}

/*
 * ustat(2): the kernel takes the device as a 32-bit number (its new
 * encoding), and strace shows struct ustat by its address only.
 */
SYS_FUNC(ustat)
{
	print_dev(tcp, (uint32_t)tcp_arg(tcp, 0));
	emit_next(tcp);
	emit_ptr(tcp, tcp_arg(tcp, 1));
	return RVAL_DECODED;
}

/* path or fd, size, struct statfs64 (i386). */
static int decode_statfs64(struct tcb *tcp, bool fd)
{
	if (entering(tcp)) {
		if (fd)
			print_fd(tcp, tcp_iarg(tcp, 0));
		else
			emit_path(tcp, tcp_arg(tcp, 0));
		emit_next(tcp);
		emit_uint(tcp, tcp_arg(tcp, 1));
		emit_next(tcp);
		return 0;
	}
	if (tcp_arg(tcp, 1) < statfs_size[STATFS64_I386])
		emit_ptr(tcp, tcp_arg(tcp, 2));
	else
		print_statfs_at(tcp, tcp_arg(tcp, 2), STATFS64_I386);
	return RVAL_DECIMAL;
}

SYS_FUNC(statfs64)
{
	return decode_statfs64(tcp, false);
}

SYS_FUNC(fstatfs64)
{
	return decode_statfs64(tcp, true);
}

/* --- getdents -------------------------------------------------------- */

/*
 * The records of a getdents buffer.  linux_dirent64: u64 d_ino, s64
 * d_off, u16 d_reclen, u8 d_type, d_name.  The old linux_dirent: long
 * d_ino, long d_off, u16 d_reclen, d_name, and d_type in the record's
 * last byte.
 */
struct dent_layout {
	bool is64;
	unsigned int word;	/* size of d_ino and d_off */
};

static size_t dent_header(const struct dent_layout *dl)
{
	return dl->is64 ? 19 : 2 * dl->word + 2;
}

static uint16_t dent_reclen(const struct dent_layout *dl,
			    const unsigned char *p)
{
	return get_u16(p, dl->is64 ? 16 : 2 * dl->word);
}

/* Records that fit whole in len bytes. */
static unsigned int dent_count(const struct dent_layout *dl,
			       const unsigned char *buf, size_t len)
{
	unsigned int n = 0;
	size_t off = 0;

	while (off + dent_header(dl) <= len) {
		uint16_t reclen = dent_reclen(dl, buf + off);

		if (reclen < dent_header(dl) || off + reclen > len)
			break;
		n++;
		off += reclen;
	}
	return n;
}

static void print_dent(struct tcb *tcp, const struct dent_layout *dl,
		       const unsigned char *p, uint16_t reclen)
{
	size_t hdr = dent_header(dl);
	const char *name = (const char *)p + hdr;
	size_t max;
	uint64_t ino;
	int64_t off;
	uint8_t type;

	if (dl->is64 || dl->word == 8) {
		ino = get_u64(p, 0);
		off = (int64_t)get_u64(p, 8);
	} else {
		ino = get_u32(p, 0);
		off = (int32_t)get_u32(p, 4);
	}
	if (dl->is64) {
		type = p[18];
		max = reclen - hdr;
	} else {
		type = p[reclen - 1];
		max = reclen - hdr - 1;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "d_ino");
	emit_uint(tcp, ino);
	emit_field(tcp, "d_off");
	emit_int(tcp, off);
	emit_field(tcp, "d_reclen");
	emit_uint(tcp, reclen);
	if (dl->is64) {
		emit_field(tcp, "d_type");
		print_xval(tcp, dirent_types, type, "DT_???");
	}
	emit_field(tcp, "d_name");
	emit_quoted(tcp, name, strnlen(name, max), 0);
	if (!dl->is64) {
		emit_field(tcp, "d_type");
		print_xval(tcp, dirent_types, type, "DT_???");
	}
	emit_struct_end(tcp);
}

static int decode_getdents(struct tcb *tcp, bool is64)
{
	struct dent_layout dl = { is64, tcp_wordsize(tcp) };
	uint64_t addr = tcp_arg(tcp, 1);
	size_t len, off = 0;
	unsigned char *buf = NULL;
	char text[48];

	if (entering(tcp)) {
		print_fd(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp) || !qual_verbose(tcp)) {
		emit_ptr(tcp, addr);
		goto count;
	}
	len = (size_t)tcp_rval(tcp);
	if (len) {
		buf = malloc(len);
		if (!buf || tracee_read(tcp, addr, buf, len)) {
			emit_ptr(tcp, addr);
			goto count;
		}
	}
	if (qual_abbrev(tcp)) {
		emit_ptr(tcp, addr);
		snprintf(text, sizeof(text), "%u entries",
			 buf ? dent_count(&dl, buf, len) : 0);
		emit_comment(tcp, text);
		goto count;
	}
	emit_array_begin(tcp);
	while (buf && off + dent_header(&dl) <= len) {
		uint16_t reclen = dent_reclen(&dl, buf + off);

		if (reclen < dent_header(&dl) || off + reclen > len)
			break;
		emit_next(tcp);
		print_dent(tcp, &dl, buf + off, reclen);
		off += reclen;
	}
	emit_array_end(tcp);
count:
	free(buf);
	emit_next(tcp);
	emit_uint(tcp, (uint32_t)tcp_arg(tcp, 2));
	return RVAL_DECIMAL;
}

SYS_FUNC(getdents)
{
	return decode_getdents(tcp, false);
}

SYS_FUNC(getdents64)
{
	return decode_getdents(tcp, true);
}

/*
 * i386's old readdir(fd, struct old_linux_dirent *, count): one entry
 * {u32 d_ino; u32 d_offset; u16 d_namlen; char d_name[]} (fs/readdir.c),
 * shown when the call returns 1; strace shows the count only when it is
 * not the 1 the kernel expects.
 */
static int readdir_count(struct tcb *tcp)
{
	uint32_t count = (uint32_t)tcp_arg(tcp, 2);

	if (count != 1) {
		emit_next(tcp);
		emit_uint(tcp, count);
	}
	return RVAL_DECIMAL;
}

SYS_FUNC(readdir)
{
	uint64_t addr = tcp_arg(tcp, 1);
	unsigned char head[10];
	char name[256];
	uint32_t ino, off;
	uint16_t namlen;

	if (entering(tcp)) {
		print_fd(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp) || tcp_rval(tcp) != 1 || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, head, sizeof(head))) {
		emit_ptr(tcp, addr);
		return readdir_count(tcp);
	}
	memcpy(&ino, head, 4);
	memcpy(&off, head + 4, 4);
	memcpy(&namlen, head + 8, 2);
	if (namlen > sizeof(name) ||
	    tracee_read(tcp, addr + sizeof(head), name, namlen)) {
		emit_ptr(tcp, addr);
		return readdir_count(tcp);
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "d_ino");
	emit_uint(tcp, ino);
	emit_field(tcp, "d_off");
	emit_uint(tcp, off);
	emit_field(tcp, "d_reclen");
	emit_uint(tcp, namlen);
	emit_field(tcp, "d_name");
	emit_quoted(tcp, name, namlen, 0);
	emit_struct_end(tcp);
	return readdir_count(tcp);
}
