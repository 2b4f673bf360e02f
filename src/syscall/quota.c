/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * quotactl and quotactl_fd: QCMD(cmd, type), then what the command
 * takes (include/uapi/linux/quota.h, include/uapi/linux/dqblk_xfs.h).
 * Each command has its own argument list: strace shows only the
 * arguments it uses, the id and the address in full for a command it
 * does not know.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "select/qualify.h"
#include "syscall/defs.h"
#include "xlat/tables/if_dqblk_valid.h"
#include "xlat/tables/if_dqinfo_flags.h"
#include "xlat/tables/if_dqinfo_valid.h"
#include "xlat/tables/quota_formats.h"
#include "xlat/tables/quotacmds.h"
#include "xlat/tables/quotatypes.h"
#include "xlat/tables/xfs_dqblk_flags.h"
#include "xlat/tables/xfs_quota_flags.h"

/* The command half of QCMD (cmd << SUBCMDSHIFT | type). */
enum {
	Q_SYNC = 0x800001,
	Q_QUOTAON = 0x800002,
	Q_QUOTAOFF = 0x800003,
	Q_GETFMT = 0x800004,
	Q_GETINFO = 0x800005,
	Q_SETINFO = 0x800006,
	Q_GETQUOTA = 0x800007,
	Q_SETQUOTA = 0x800008,
	Q_GETNEXTQUOTA = 0x800009,
	Q_XQUOTAON = 0x5801,
	Q_XQUOTAOFF = 0x5802,
	Q_XGETQUOTA = 0x5803,
	Q_XSETQLIM = 0x5804,
	Q_XGETQSTAT = 0x5805,
	Q_XQUOTARM = 0x5806,
	Q_XQUOTASYNC = 0x5807,
	Q_XGETQSTATV = 0x5808,
	Q_XGETNEXTQUOTA = 0x5809,
};

#define SUBCMDSHIFT 8
#define SUBCMDMASK 0xff

/*
 * Sizes of the structs: struct if_dqblk ends with a __u32 after eight
 * __u64, so i386 (4-byte alignment of __u64) has no tail padding; struct
 * fs_quota_stat holds two fs_qfilestat of 20 bytes there, 24 on x86_64.
 */
#define IF_DQBLK_SIZE64 72
#define IF_DQBLK_SIZE32 68
#define IF_NEXTDQBLK_SIZE 72
#define IF_DQINFO_SIZE 24
#define FS_DISK_QUOTA_SIZE 112
#define FS_QUOTA_STAT_SIZE64 80
#define FS_QUOTA_STAT_SIZE32 68
#define FS_QUOTA_STATV_SIZE 160

static uint64_t get_u64(const unsigned char *p, size_t off)
{
	uint64_t v;

	memcpy(&v, p + off, sizeof(v));
	return v;
}

static uint32_t get_u32(const unsigned char *p, size_t off)
{
	uint32_t v;

	memcpy(&v, p + off, sizeof(v));
	return v;
}

static uint16_t get_u16(const unsigned char *p, size_t off)
{
	uint16_t v;

	memcpy(&v, p + off, sizeof(v));
	return v;
}

/*
 * "QCMD(Q_GETQUOTA, USRQUOTA)"; unknown halves as "0xbadc0d /\* Q_??? *\/";
 * with -X verbose after the whole in decimal, -X raw the number alone.
 */
static void print_qcmd(struct tcb *tcp, uint32_t qcmd)
{
	uint32_t cmd = qcmd >> SUBCMDSHIFT, type = qcmd & SUBCMDMASK;
	const char *cn = xlat_name(quotacmds, cmd);
	const char *tn = xlat_name(quotatypes, type);
	char c[48], t[48], buf[128];

	if (cn)
		snprintf(c, sizeof(c), "%s", cn);
	else
		snprintf(c, sizeof(c), "%#x /* Q_??? */", cmd);
	if (tn)
		snprintf(t, sizeof(t), "%s", tn);
	else
		snprintf(t, sizeof(t), "%#x /* ???QUOTA */", type);
	snprintf(buf, sizeof(buf), "QCMD(%s, %s)", c, t);
	print_named(tcp, qcmd, buf, true);
}

/* A user, group or project id: unsigned, but -1 as such. */
static void print_qid(struct tcb *tcp, uint32_t id)
{
	if (id == UINT32_MAX)
		emit_int(tcp, -1);
	else
		emit_uint(tcp, id);
}

static void field_u(struct tcb *tcp, const char *name, uint64_t v)
{
	emit_field(tcp, name);
	emit_uint(tcp, v);
}

static void field_d(struct tcb *tcp, const char *name, int64_t v)
{
	emit_field(tcp, name);
	emit_int(tcp, v);
}

/*
 * Read a struct the kernel reads or wrote; false (the address printed)
 * when it cannot, or for an output after a failure.
 */
static bool read_struct(struct tcb *tcp, uint64_t addr, void *buf, size_t size,
			bool out)
{
	if (!addr || (out && syserror(tcp)) ||
	    tracee_read(tcp, addr, buf, size)) {
		emit_ptr(tcp, addr);
		return false;
	}
	return true;
}

/* struct if_dqblk, or struct if_nextdqblk (the same and dqb_id). */
static void print_if_dqblk(struct tcb *tcp, uint64_t addr, bool next, bool out)
{
	static const char *const names[] = {
		"dqb_bhardlimit", "dqb_bsoftlimit", "dqb_curspace",
		"dqb_ihardlimit", "dqb_isoftlimit", "dqb_curinodes",
	};
	unsigned char b[IF_NEXTDQBLK_SIZE];
	size_t size = next		     ? IF_NEXTDQBLK_SIZE :
		      tcp_wordsize(tcp) == 4 ? IF_DQBLK_SIZE32 :
					       IF_DQBLK_SIZE64;

	if (!read_struct(tcp, addr, b, size, out))
		return;
	emit_struct_begin(tcp);
	for (size_t i = 0; i < 6; i++)
		field_u(tcp, names[i], get_u64(b, i * 8));
	if (qual_abbrev(tcp)) {
		/* The id goes before the ellipsis: it says which one came. */
		if (next)
			field_u(tcp, "dqb_id", get_u32(b, 68));
		emit_more(tcp);
	} else {
		field_u(tcp, "dqb_btime", get_u64(b, 48));
		field_u(tcp, "dqb_itime", get_u64(b, 56));
		emit_field(tcp, "dqb_valid");
		print_flags(tcp, if_dqblk_valid, get_u32(b, 64), "QIF_???");
		if (next)
			field_u(tcp, "dqb_id", get_u32(b, 68));
	}
	emit_struct_end(tcp);
}

static void print_if_dqinfo(struct tcb *tcp, uint64_t addr, bool out)
{
	unsigned char b[IF_DQINFO_SIZE];

	if (!read_struct(tcp, addr, b, sizeof(b), out))
		return;
	emit_struct_begin(tcp);
	field_u(tcp, "dqi_bgrace", get_u64(b, 0));
	field_u(tcp, "dqi_igrace", get_u64(b, 8));
	emit_field(tcp, "dqi_flags");
	print_flags(tcp, if_dqinfo_flags, get_u32(b, 16), "DQF_???");
	emit_field(tcp, "dqi_valid");
	print_flags(tcp, if_dqinfo_valid, get_u32(b, 20), "IIF_???");
	emit_struct_end(tcp);
}

static void print_fs_disk_quota(struct tcb *tcp, uint64_t addr, bool out)
{
	static const char *const limits[] = {
		"d_blk_hardlimit", "d_blk_softlimit", "d_ino_hardlimit",
		"d_ino_softlimit", "d_bcount",	      "d_icount",
	};
	unsigned char b[FS_DISK_QUOTA_SIZE];

	if (!read_struct(tcp, addr, b, sizeof(b), out))
		return;
	emit_struct_begin(tcp);
	field_d(tcp, "d_version", (int8_t)b[0]);
	emit_field(tcp, "d_flags");
	print_flags(tcp, xfs_dqblk_flags, b[1], "FS_???_QUOTA");
	emit_field(tcp, "d_fieldmask");
	emit_hex(tcp, get_u16(b, 2));
	field_u(tcp, "d_id", get_u32(b, 4));
	for (size_t i = 0; i < 6; i++)
		field_u(tcp, limits[i], get_u64(b, 8 + i * 8));
	if (qual_abbrev(tcp)) {
		emit_more(tcp);
		emit_struct_end(tcp);
		return;
	}
	field_d(tcp, "d_itimer", (int32_t)get_u32(b, 56));
	field_d(tcp, "d_btimer", (int32_t)get_u32(b, 60));
	field_u(tcp, "d_iwarns", get_u16(b, 64));
	field_u(tcp, "d_bwarns", get_u16(b, 66));
	field_u(tcp, "d_rtb_hardlimit", get_u64(b, 72));
	field_u(tcp, "d_rtb_softlimit", get_u64(b, 80));
	field_u(tcp, "d_rtbcount", get_u64(b, 88));
	field_d(tcp, "d_rtbtimer", (int32_t)get_u32(b, 96));
	field_u(tcp, "d_rtbwarns", get_u16(b, 100));
	emit_struct_end(tcp);
}

/* struct fs_qfilestat{,v} at off: ino, nblks, nextents. */
static void print_qfilestat(struct tcb *tcp, const char *name,
			    const unsigned char *b, size_t off)
{
	emit_field(tcp, name);
	emit_struct_begin(tcp);
	field_u(tcp, "qfs_ino", get_u64(b, off));
	field_u(tcp, "qfs_nblks", get_u64(b, off + 8));
	field_u(tcp, "qfs_nextents", get_u32(b, off + 16));
	emit_struct_end(tcp);
}

/* The limits that end both stat structs, from off. */
static void print_qstat_limits(struct tcb *tcp, const unsigned char *b,
			       size_t off)
{
	field_d(tcp, "qs_btimelimit", (int32_t)get_u32(b, off));
	field_d(tcp, "qs_itimelimit", (int32_t)get_u32(b, off + 4));
	field_d(tcp, "qs_rtbtimelimit", (int32_t)get_u32(b, off + 8));
	field_u(tcp, "qs_bwarnlimit", get_u16(b, off + 12));
	field_u(tcp, "qs_iwarnlimit", get_u16(b, off + 14));
}

static void print_fs_quota_stat(struct tcb *tcp, uint64_t addr)
{
	unsigned char b[FS_QUOTA_STAT_SIZE64];
	bool compat = tcp_wordsize(tcp) == 4;
	/* Where qs_gquota and qs_incoredqs lie in each layout. */
	size_t gq = compat ? 28 : 32, inc = compat ? 48 : 56;

	if (!read_struct(tcp, addr, b,
			 compat ? FS_QUOTA_STAT_SIZE32 : FS_QUOTA_STAT_SIZE64,
			 true))
		return;
	emit_struct_begin(tcp);
	field_d(tcp, "qs_version", (int8_t)b[0]);
	if (qual_abbrev(tcp)) {
		emit_more(tcp);
		emit_struct_end(tcp);
		return;
	}
	emit_field(tcp, "qs_flags");
	print_flags(tcp, xfs_quota_flags, get_u16(b, 2), "FS_QUOTA_???");
	print_qfilestat(tcp, "qs_uquota", b, 8);
	print_qfilestat(tcp, "qs_gquota", b, gq);
	field_u(tcp, "qs_incoredqs", get_u32(b, inc));
	print_qstat_limits(tcp, b, inc + 4);
	emit_struct_end(tcp);
}

static void print_fs_quota_statv(struct tcb *tcp, uint64_t addr)
{
	unsigned char b[FS_QUOTA_STATV_SIZE];

	if (!read_struct(tcp, addr, b, sizeof(b), true))
		return;
	emit_struct_begin(tcp);
	field_d(tcp, "qs_version", (int8_t)b[0]);
	if (qual_abbrev(tcp)) {
		emit_more(tcp);
		emit_struct_end(tcp);
		return;
	}
	emit_field(tcp, "qs_flags");
	print_flags(tcp, xfs_quota_flags, get_u16(b, 2), "FS_QUOTA_???");
	field_u(tcp, "qs_incoredqs", get_u32(b, 4));
	print_qfilestat(tcp, "qs_uquota", b, 8);
	print_qfilestat(tcp, "qs_gquota", b, 32);
	print_qfilestat(tcp, "qs_pquota", b, 56);
	print_qstat_limits(tcp, b, 80);
	emit_struct_end(tcp);
}

/* "[FLAGS]": the __u32 of flags Q_XQUOTAON, _OFF and _RM read. */
static void print_u32_flags(struct tcb *tcp, uint64_t addr,
			    const struct xlat *x, const char *dflt)
{
	uint32_t v;

	if (!read_struct(tcp, addr, &v, sizeof(v), false))
		return;
	emit_array_begin(tcp);
	print_flags(tcp, x, v, dflt);
	emit_array_end(tcp);
}

/* The quota format Q_GETFMT wrote. */
static void print_qfmt(struct tcb *tcp, uint64_t addr)
{
	uint32_t v;

	if (!read_struct(tcp, addr, &v, sizeof(v), true))
		return;
	emit_array_begin(tcp);
	print_xval(tcp, quota_formats, v, "QFMT_VFS_???");
	emit_array_end(tcp);
}

/* The arguments after cmd and special (or fd), at entry. */
static int quota_entry(struct tcb *tcp, uint32_t cmd, uint32_t id,
		       uint64_t addr)
{
	switch (cmd) {
	case Q_SYNC:
	case Q_QUOTAOFF:
	case Q_XQUOTASYNC:
		return RVAL_DECODED;
	case Q_QUOTAON:
		emit_next(tcp);
		print_xval(tcp, quota_formats, id, "QFMT_VFS_???");
		emit_next(tcp);
		emit_path(tcp, addr);
		return RVAL_DECODED;
	case Q_GETQUOTA:
	case Q_GETNEXTQUOTA:
	case Q_XGETQUOTA:
	case Q_XGETNEXTQUOTA:
		emit_next(tcp);
		print_qid(tcp, id);
		emit_next(tcp);
		return 0;
	case Q_SETQUOTA:
	case Q_XSETQLIM:
		emit_next(tcp);
		print_qid(tcp, id);
		emit_next(tcp);
		if (cmd == Q_SETQUOTA)
			print_if_dqblk(tcp, addr, false, false);
		else
			print_fs_disk_quota(tcp, addr, false);
		return RVAL_DECODED;
	case Q_GETINFO:
	case Q_GETFMT:
	case Q_XGETQSTAT:
	case Q_XGETQSTATV:
		emit_next(tcp);
		return 0;
	case Q_SETINFO:
		emit_next(tcp);
		print_if_dqinfo(tcp, addr, false);
		return RVAL_DECODED;
	case Q_XQUOTAON:
	case Q_XQUOTAOFF:
		emit_next(tcp);
		print_u32_flags(tcp, addr, xfs_quota_flags, "FS_QUOTA_???");
		return RVAL_DECODED;
	case Q_XQUOTARM:
		emit_next(tcp);
		print_u32_flags(tcp, addr, xfs_dqblk_flags, "FS_???_QUOTA");
		return RVAL_DECODED;
	default:
		emit_next(tcp);
		print_qid(tcp, id);
		emit_next(tcp);
		emit_ptr(tcp, addr);
		return RVAL_DECODED;
	}
}

/* What the getters wrote, at exit. */
static int quota_exit(struct tcb *tcp, uint32_t cmd, uint64_t addr)
{
	switch (cmd) {
	case Q_GETQUOTA:
	case Q_GETNEXTQUOTA:
		print_if_dqblk(tcp, addr, cmd == Q_GETNEXTQUOTA, true);
		break;
	case Q_XGETQUOTA:
	case Q_XGETNEXTQUOTA:
		print_fs_disk_quota(tcp, addr, true);
		break;
	case Q_GETINFO:
		print_if_dqinfo(tcp, addr, true);
		break;
	case Q_GETFMT:
		print_qfmt(tcp, addr);
		break;
	case Q_XGETQSTAT:
		print_fs_quota_stat(tcp, addr);
		break;
	case Q_XGETQSTATV:
		print_fs_quota_statv(tcp, addr);
		break;
	}
	return RVAL_DECIMAL;
}

SYS_FUNC(quotactl)
{
	uint32_t qcmd = (uint32_t)tcp_arg(tcp, 0);
	uint32_t cmd = qcmd >> SUBCMDSHIFT;

	if (exiting(tcp))
		return quota_exit(tcp, cmd, tcp_arg(tcp, 3));
	print_qcmd(tcp, qcmd);
	emit_next(tcp);
	emit_path(tcp, tcp_arg(tcp, 1));
	return quota_entry(tcp, cmd, (uint32_t)tcp_arg(tcp, 2),
			   tcp_arg(tcp, 3));
}

SYS_FUNC(quotactl_fd)
{
	uint32_t qcmd = (uint32_t)tcp_arg(tcp, 1);
	uint32_t cmd = qcmd >> SUBCMDSHIFT;

	if (exiting(tcp))
		return quota_exit(tcp, cmd, tcp_arg(tcp, 3));
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_qcmd(tcp, qcmd);
	return quota_entry(tcp, cmd, (uint32_t)tcp_arg(tcp, 2),
			   tcp_arg(tcp, 3));
}
