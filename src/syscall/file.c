/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Files and directories: open and friends, access, links and names,
 * modes and owners, directories, times, sizes, extended attributes,
 * mount, file handles.  The stat and statfs families and getdents are
 * in stat.c.  Formats are those of Debian's strace 6.1, observed.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/sysmacros.h>

#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/file.h"
#include "xlat/tables/access_modes.h"
#include "xlat/tables/at_flags.h"
#include "xlat/tables/faccessat_flags.h"
#include "xlat/tables/falloc_flags.h"
#include "xlat/tables/file_types.h"
#include "xlat/tables/handle_at_flags.h"
#include "xlat/tables/mount_flags.h"
#include "xlat/tables/open_access_modes.h"
#include "xlat/tables/open_flags.h"
#include "xlat/tables/rename_flags.h"
#include "xlat/tables/resolve_flags.h"
#include "xlat/tables/umount_flags.h"
#include "xlat/tables/xattr_flags.h"

/* include/uapi/asm-generic/fcntl.h: the bits that make open take a mode. */
#define K_O_CREAT	00000100
#define K_O_TMPFILE	020000000	/* __O_TMPFILE, without O_DIRECTORY */

/* include/uapi/linux/stat.h */
#define K_S_IFMT	0170000
#define K_S_ISUID	04000
#define K_S_ISGID	02000
#define K_S_ISVTX	01000

/* include/uapi/linux/stat.h: utimensat's special tv_nsec values. */
#define K_UTIME_NOW	((1l << 30) - 1l)
#define K_UTIME_OMIT	((1l << 30) - 2l)

/* include/uapi/linux/mount.h */
#define K_MS_REMOUNT	0x20
#define K_MS_BIND	0x1000
#define K_MS_MOVE	0x2000
#define K_MS_UNBINDABLE	0x20000
#define K_MS_PRIVATE	0x40000
#define K_MS_SLAVE	0x80000
#define K_MS_SHARED	0x100000
#define K_MS_MGC_VAL	0xc0ed0000u
#define K_MS_MGC_MSK	0xffff0000u

/* include/uapi/linux/fcntl.h: MAX_HANDLE_SZ */
#define K_MAX_HANDLE_SZ	128

/* include/uapi/linux/openat2.h: the size of the first struct open_how. */
#define OPEN_HOW_SIZE_VER0	24

/* --- shared printers ------------------------------------------------- */

const char *sprint_open_flags(char *buf, size_t size, uint64_t flags)
{
	char names[768];
	uint64_t rest = flags & ~3ULL;
	size_t n;

	if (cfg.xlat_style == XLAT_STYLE_RAW) {
		snprintf(buf, size, flags ? "%#llx" : "0",
			 (unsigned long long)flags);
		return buf;
	}
	/* The access mode is a 2-bit number, always named (O_ACCMODE: 3). */
	n = (size_t)snprintf(names, sizeof(names), "%s",
			     xlat_name(open_access_modes, flags & 3));
	if (rest) {
		names[n++] = '|';
		sprint_flags_abbrev(names + n, sizeof(names) - n, open_flags,
				    rest, NULL);
	}
	if (cfg.xlat_style == XLAT_STYLE_VERBOSE)
		snprintf(buf, size, "%#llx /* %s */", (unsigned long long)flags,
			 names);
	else
		snprintf(buf, size, "%s", names);
	return buf;
}

void print_open_flags(struct tcb *tcp, uint64_t flags)
{
	char buf[1024];

	emit_sym(tcp, flags, sprint_open_flags(buf, sizeof(buf), flags));
}

void print_numeric_mode(struct tcb *tcp, uint64_t mode)
{
	emit_oct(tcp, mode & 0177777);
}

void print_symbolic_mode(struct tcb *tcp, unsigned int mode)
{
	unsigned int type = mode & K_S_IFMT;
	const char *tname = type ? xlat_name(file_types, type) : NULL;
	char names[128], buf[160];
	size_t n = 0;

	/* An impossible file type prints as a bare number in every style. */
	if ((type && !tname) || cfg.xlat_style == XLAT_STYLE_RAW) {
		emit_oct(tcp, mode);
		return;
	}
	if (tname)
		n += (size_t)snprintf(names + n, sizeof(names) - n, "%s|",
				      tname);
	if (mode & K_S_ISUID)
		n += (size_t)snprintf(names + n, sizeof(names) - n, "S_ISUID|");
	if (mode & K_S_ISGID)
		n += (size_t)snprintf(names + n, sizeof(names) - n, "S_ISGID|");
	if (mode & K_S_ISVTX)
		n += (size_t)snprintf(names + n, sizeof(names) - n, "S_ISVTX|");
	snprintf(names + n, sizeof(names) - n, "%#03o", mode & 0777);
	if (cfg.xlat_style == XLAT_STYLE_VERBOSE) {
		snprintf(buf, sizeof(buf), "%#03o /* %s */", mode, names);
		emit_sym(tcp, mode, buf);
	} else {
		emit_sym(tcp, mode, names);
	}
}

void print_dev(struct tcb *tcp, uint64_t dev)
{
	char names[64];

	if (cfg.xlat_style == XLAT_STYLE_RAW) {
		emit_hex(tcp, dev);
		return;
	}
	snprintf(names, sizeof(names), "makedev(%#x, %#x)", major(dev),
		 minor(dev));
	/*
	 * The expression that makes the number is no name of it: JSON has
	 * it as text, or with -X verbose as the comment of the number.
	 */
	if (cfg.xlat_style == XLAT_STYLE_VERBOSE) {
		emit_hex(tcp, dev);
		emit_comment(tcp, names);
	} else {
		emit_raw(tcp, names);
	}
}

bool sprint_time(char *buf, size_t size, int64_t sec, uint64_t frac,
		 unsigned int digits)
{
	time_t t = (time_t)sec;
	struct tm tm;
	size_t n;

	if ((int64_t)t != sec || !localtime_r(&t, &tm))
		return false;
	n = strftime(buf, size, "%Y-%m-%dT%H:%M:%S", &tm);
	if (!n)
		return false;
	if (frac)
		n += (size_t)snprintf(buf + n, size - n, ".%0*llu", (int)digits,
				      (unsigned long long)frac);
	if (n >= size || !strftime(buf + n, size - n, "%z", &tm))
		return false;
	return true;
}

void print_time_comment(struct tcb *tcp, int64_t sec, uint64_t frac,
			unsigned int digits)
{
	char buf[96];

	/* The epoch itself is "no time": strace gives it no comment. */
	if ((sec || frac) && sprint_time(buf, sizeof(buf), sec, frac, digits))
		emit_comment(tcp, buf);
}

/* A uid or gid: -1 (unchanged) by name, others unsigned. */
static void print_id(struct tcb *tcp, uint64_t id, bool id16)
{
	uint32_t v = id16 ? (uint16_t)id : (uint32_t)id;

	if (v == (id16 ? 0xffffu : 0xffffffffu))
		emit_int(tcp, -1);
	else
		emit_uint(tcp, v);
}

static void print_at_flags(struct tcb *tcp, unsigned int i)
{
	print_flags(tcp, at_flags, (uint32_t)tcp_arg(tcp, i), "AT_???");
}

/* An argument that is a dirfd (i) followed by a path (i + 1). */
static void print_dirfd_path(struct tcb *tcp, unsigned int i)
{
	print_dirfd(tcp, tcp_iarg(tcp, i));
	emit_next(tcp);
	emit_path(tcp, tcp_arg(tcp, i + 1));
}

/* --- open ------------------------------------------------------------ */

/* path, flags[, mode] from argument i on. */
static int decode_open(struct tcb *tcp, unsigned int i)
{
	uint32_t flags = (uint32_t)tcp_arg(tcp, i + 1);

	emit_path(tcp, tcp_arg(tcp, i));
	emit_next(tcp);
	print_open_flags(tcp, flags);
	if (flags & (K_O_CREAT | K_O_TMPFILE)) {
		emit_next(tcp);
		print_numeric_mode(tcp, tcp_arg(tcp, i + 2));
	}
	return RVAL_DECODED | RVAL_FD;
}

SYS_FUNC(open)
{
	return decode_open(tcp, 0);
}

SYS_FUNC(openat)
{
	print_dirfd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	return decode_open(tcp, 1);
}

SYS_FUNC(creat)
{
	emit_path(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	print_numeric_mode(tcp, tcp_arg(tcp, 1));
	return RVAL_DECODED | RVAL_FD;
}

void print_struct_tail(struct tcb *tcp, uint64_t addr, uint64_t from,
			      uint64_t size)
{
	uint64_t len;
	unsigned char *buf;
	char head[64];
	uint64_t i;

	/* strace looks at no more than a page of a struct (4096 bytes
	 * from its start) however big the size. */
	if (size > STRUCT_TAIL_MAX)
		size = STRUCT_TAIL_MAX;
	if (size <= from)
		return;
	len = size - from;
	buf = malloc(len);
	if (!buf)
		return;
	if (tracee_read(tcp, addr + from, buf, len)) {
		emit_next(tcp);
		emit_raw(tcp, "???");
		free(buf);
		return;
	}
	for (i = 0; i < len && !buf[i]; i++)
		;
	if (i < len) {
		emit_next(tcp);
		snprintf(head, sizeof(head), "/* bytes %llu..%llu */ ",
			 (unsigned long long)from,
			 (unsigned long long)(from + len - 1));
		emit_prefix(tcp, head);
		/* The range names every byte; the string is cut at -s. */
		emit_quoted(tcp, (char *)buf,
			    len > cfg.string_limit ? cfg.string_limit : len,
			    QUOTE_FORCE_HEX | (len > cfg.string_limit ?
					       QUOTE_ELLIPSIS : 0));
	}
	free(buf);
}

SYS_FUNC(openat2)
{
	uint64_t addr = tcp_arg(tcp, 2), size = tcp_arg(tcp, 3);
	uint64_t how[3];

	print_dirfd_path(tcp, 0);
	emit_next(tcp);
	if (!addr || size < OPEN_HOW_SIZE_VER0 || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, how, sizeof(how))) {
		emit_ptr(tcp, addr);
	} else {
		emit_struct_begin(tcp);
		emit_field(tcp, "flags");
		print_open_flags(tcp, how[0]);
		if ((how[0] & (K_O_CREAT | K_O_TMPFILE)) || how[1]) {
			emit_field(tcp, "mode");
			emit_oct(tcp, how[1]);
		}
		emit_field(tcp, "resolve");
		print_flags(tcp, resolve_flags, how[2], "RESOLVE_???");
		if (size > OPEN_HOW_SIZE_VER0)
			print_struct_tail(tcp, addr, OPEN_HOW_SIZE_VER0, size);
		emit_struct_end(tcp);
	}
	emit_next(tcp);
	emit_uint(tcp, size);
	return RVAL_DECODED | RVAL_FD;
}

/* --- access, readlink ------------------------------------------------ */

static void print_access_mode(struct tcb *tcp, unsigned int i)
{
	print_flags(tcp, access_modes, (uint32_t)tcp_arg(tcp, i), "?_OK");
}

SYS_FUNC(access)
{
	emit_path(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	print_access_mode(tcp, 1);
	return RVAL_DECODED;
}

SYS_FUNC(faccessat)
{
	print_dirfd_path(tcp, 0);
	emit_next(tcp);
	print_access_mode(tcp, 2);
	return RVAL_DECODED;
}

SYS_FUNC(faccessat2)
{
	print_dirfd_path(tcp, 0);
	emit_next(tcp);
	print_access_mode(tcp, 2);
	emit_next(tcp);
	print_flags(tcp, faccessat_flags, (uint32_t)tcp_arg(tcp, 3), "AT_???");
	return RVAL_DECODED;
}

/* buf (i), filled with rval bytes at exit, then its size (i + 1). */
static int decode_out_buf(struct tcb *tcp, unsigned int i)
{
	if (entering(tcp)) {
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, i));
	else
		emit_buf(tcp, tcp_arg(tcp, i), (uint64_t)tcp_rval(tcp));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, i + 1));
	return RVAL_DECIMAL;
}

SYS_FUNC(readlink)
{
	if (entering(tcp))
		emit_path(tcp, tcp_arg(tcp, 0));
	return decode_out_buf(tcp, 1);
}

SYS_FUNC(readlinkat)
{
	if (entering(tcp))
		print_dirfd_path(tcp, 0);
	return decode_out_buf(tcp, 2);
}

/* --- modes and owners ------------------------------------------------ */

SYS_FUNC(chmod)
{
	emit_path(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	print_numeric_mode(tcp, tcp_arg(tcp, 1));
	return RVAL_DECODED;
}

SYS_FUNC(fchmod)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_numeric_mode(tcp, tcp_arg(tcp, 1));
	return RVAL_DECODED;
}

SYS_FUNC(fchmodat)
{
	print_dirfd_path(tcp, 0);
	emit_next(tcp);
	print_numeric_mode(tcp, tcp_arg(tcp, 2));
	return RVAL_DECODED;
}

/* path or fd (i = 0), uid, gid; id16: the old 16-bit ids of i386. */
static int decode_chown(struct tcb *tcp, bool fd, bool id16)
{
	if (fd)
		print_fd(tcp, tcp_iarg(tcp, 0));
	else
		emit_path(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	print_id(tcp, tcp_arg(tcp, 1), id16);
	emit_next(tcp);
	print_id(tcp, tcp_arg(tcp, 2), id16);
	return RVAL_DECODED;
}

/* On i386 chown, lchown and fchown are the 16-bit ones (chown32...). */
SYS_FUNC(chown)
{
	return decode_chown(tcp, false, tcp->sc.pers == PERS_COMPAT);
}

SYS_FUNC(lchown)
{
	return decode_chown(tcp, false, tcp->sc.pers == PERS_COMPAT);
}

SYS_FUNC(fchown)
{
	return decode_chown(tcp, true, tcp->sc.pers == PERS_COMPAT);
}

SYS_FUNC(chown32)
{
	return decode_chown(tcp, false, false);
}

SYS_FUNC(lchown32)
{
	return decode_chown(tcp, false, false);
}

SYS_FUNC(fchown32)
{
	return decode_chown(tcp, true, false);
}

SYS_FUNC(fchownat)
{
	print_dirfd_path(tcp, 0);
	emit_next(tcp);
	print_id(tcp, tcp_arg(tcp, 2), false);
	emit_next(tcp);
	print_id(tcp, tcp_arg(tcp, 3), false);
	emit_next(tcp);
	print_at_flags(tcp, 4);
	return RVAL_DECODED;
}

SYS_FUNC(umask)
{
	print_numeric_mode(tcp, tcp_arg(tcp, 0));
	return RVAL_DECODED | RVAL_OCTAL;
}

/* --- names: rename, link, unlink, mkdir, mknod ----------------------- */

/* Two paths from argument 0 on. */
static int decode_two_paths(struct tcb *tcp)
{
	emit_path(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	emit_path(tcp, tcp_arg(tcp, 1));
	return RVAL_DECODED;
}

SYS_FUNC(rename)
{
	return decode_two_paths(tcp);
}

SYS_FUNC(link)
{
	return decode_two_paths(tcp);
}

SYS_FUNC(symlink)
{
	return decode_two_paths(tcp);
}

/* dirfd, path, dirfd, path. */
static void print_two_dirfd_paths(struct tcb *tcp)
{
	print_dirfd_path(tcp, 0);
	emit_next(tcp);
	print_dirfd_path(tcp, 2);
}

SYS_FUNC(renameat)
{
	print_two_dirfd_paths(tcp);
	return RVAL_DECODED;
}

SYS_FUNC(renameat2)
{
	print_two_dirfd_paths(tcp);
	emit_next(tcp);
	print_flags(tcp, rename_flags, (uint32_t)tcp_arg(tcp, 4), "RENAME_??");
	return RVAL_DECODED;
}

SYS_FUNC(linkat)
{
	print_two_dirfd_paths(tcp);
	emit_next(tcp);
	print_at_flags(tcp, 4);
	return RVAL_DECODED;
}

SYS_FUNC(symlinkat)
{
	emit_path(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	print_dirfd_path(tcp, 1);
	return RVAL_DECODED;
}

/* One path: unlink, rmdir, chdir, chroot, umount. */
static int decode_path(struct tcb *tcp)
{
	emit_path(tcp, tcp_arg(tcp, 0));
	return RVAL_DECODED;
}

SYS_FUNC(unlink)
{
	return decode_path(tcp);
}

SYS_FUNC(rmdir)
{
	return decode_path(tcp);
}

SYS_FUNC(chdir)
{
	return decode_path(tcp);
}

SYS_FUNC(chroot)
{
	return decode_path(tcp);
}

SYS_FUNC(unlinkat)
{
	print_dirfd_path(tcp, 0);
	emit_next(tcp);
	print_at_flags(tcp, 2);
	return RVAL_DECODED;
}

SYS_FUNC(mkdir)
{
	emit_path(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	print_numeric_mode(tcp, tcp_arg(tcp, 1));
	return RVAL_DECODED;
}

SYS_FUNC(mkdirat)
{
	print_dirfd_path(tcp, 0);
	emit_next(tcp);
	print_numeric_mode(tcp, tcp_arg(tcp, 2));
	return RVAL_DECODED;
}

/* mode (i), then the device (i + 1) for character and block devices. */
static int decode_mknod_mode(struct tcb *tcp, unsigned int i)
{
	/* The kernel takes a 16-bit umode_t and a 32-bit dev. */
	unsigned int mode = (uint16_t)tcp_arg(tcp, i);
	unsigned int type = mode & K_S_IFMT;

	print_symbolic_mode(tcp, mode);
	if (type == 0020000 || type == 0060000) {
		emit_next(tcp);
		print_dev(tcp, (uint32_t)tcp_arg(tcp, i + 1));
	}
	return RVAL_DECODED;
}

SYS_FUNC(mknod)
{
	emit_path(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	return decode_mknod_mode(tcp, 1);
}

SYS_FUNC(mknodat)
{
	print_dirfd_path(tcp, 0);
	emit_next(tcp);
	return decode_mknod_mode(tcp, 2);
}

/* --- directories ----------------------------------------------------- */

SYS_FUNC(fchdir)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	return RVAL_DECODED;
}

SYS_FUNC(getcwd)
{
	if (entering(tcp))
		return 0;
	/*
	 * The length counts the NUL; strace shows the path whole -- as long
	 * as the kernel says, "/"... when the bytes were changed under it.
	 */
	if (syserror(tcp) || tcp->sc.rval <= 0)
		emit_ptr(tcp, tcp_arg(tcp, 0));
	else
		emit_path_max(tcp, tcp_arg(tcp, 0), (size_t)tcp->sc.rval - 1);
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 1));
	return RVAL_DECIMAL;
}

/* --- times ----------------------------------------------------------- */

/*
 * One timespec of utimensat: UTIME_NOW and UTIME_OMIT by name, a valid
 * time with its calendar comment.  strace shows tv_nsec unsigned.
 */
static void print_utimens_one(struct tcb *tcp, int64_t sec, uint64_t nsec)
{
	const char *special = nsec == K_UTIME_NOW ? "UTIME_NOW" :
			      nsec == K_UTIME_OMIT ? "UTIME_OMIT" : NULL;

	if (special && cfg.xlat_style == XLAT_STYLE_ABBREV) {
		emit_sym(tcp, nsec, special);
		return;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "tv_sec");
	emit_int(tcp, sec);
	emit_field(tcp, "tv_nsec");
	emit_uint(tcp, nsec);
	emit_struct_end(tcp);
	if (special) {
		if (cfg.xlat_style == XLAT_STYLE_VERBOSE)
			emit_comment(tcp, special);
	} else if (nsec < 1000000000) {
		print_time_comment(tcp, sec, nsec, 9);
	}
}

/* Two timespecs (wide: 64-bit layout whatever the personality). */
static void print_utimens(struct tcb *tcp, uint64_t addr, bool wide)
{
	int64_t sec[2];
	uint64_t nsec[2];

	if (!addr || !qual_verbose(tcp)) {
		emit_ptr(tcp, addr);
		return;
	}
	if (!wide && tcp_wordsize(tcp) == 4) {
		int32_t v[4];

		if (tracee_read(tcp, addr, v, sizeof(v))) {
			emit_ptr(tcp, addr);
			return;
		}
		sec[0] = v[0];
		nsec[0] = (uint32_t)v[1];
		sec[1] = v[2];
		nsec[1] = (uint32_t)v[3];
	} else {
		int64_t v[4];

		if (tracee_read(tcp, addr, v, sizeof(v))) {
			emit_ptr(tcp, addr);
			return;
		}
		sec[0] = v[0];
		nsec[0] = (uint64_t)v[1];
		sec[1] = v[2];
		nsec[1] = (uint64_t)v[3];
	}
	emit_array_begin(tcp);
	for (int i = 0; i < 2; i++) {
		emit_next(tcp);
		print_utimens_one(tcp, sec[i], nsec[i]);
	}
	emit_array_end(tcp);
}

static int decode_utimensat(struct tcb *tcp, bool wide)
{
	print_dirfd_path(tcp, 0);
	emit_next(tcp);
	print_utimens(tcp, tcp_arg(tcp, 2), wide);
	emit_next(tcp);
	print_at_flags(tcp, 3);
	return RVAL_DECODED;
}

SYS_FUNC(utimensat)
{
	return decode_utimensat(tcp, false);
}

SYS_FUNC(utimensat_time64)
{
	return decode_utimensat(tcp, true);
}

/* Two timevals of utimes and futimesat. */
static void print_utimes(struct tcb *tcp, uint64_t addr)
{
	int64_t sec[2];
	uint64_t usec[2];

	if (!addr || !qual_verbose(tcp)) {
		emit_ptr(tcp, addr);
		return;
	}
	if (tcp_wordsize(tcp) == 4) {
		int32_t v[4];

		if (tracee_read(tcp, addr, v, sizeof(v))) {
			emit_ptr(tcp, addr);
			return;
		}
		for (int i = 0; i < 2; i++) {
			sec[i] = v[2 * i];
			usec[i] = (uint32_t)v[2 * i + 1];
		}
	} else {
		int64_t v[4];

		if (tracee_read(tcp, addr, v, sizeof(v))) {
			emit_ptr(tcp, addr);
			return;
		}
		for (int i = 0; i < 2; i++) {
			sec[i] = v[2 * i];
			usec[i] = (uint64_t)v[2 * i + 1];
		}
	}
	emit_array_begin(tcp);
	for (int i = 0; i < 2; i++) {
		emit_next(tcp);
		emit_struct_begin(tcp);
		emit_field(tcp, "tv_sec");
		emit_int(tcp, sec[i]);
		emit_field(tcp, "tv_usec");
		emit_uint(tcp, usec[i]);
		emit_struct_end(tcp);
		if (usec[i] < 1000000)
			print_time_comment(tcp, sec[i], usec[i], 6);
	}
	emit_array_end(tcp);
}

SYS_FUNC(utimes)
{
	emit_path(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	print_utimes(tcp, tcp_arg(tcp, 1));
	return RVAL_DECODED;
}

SYS_FUNC(futimesat)
{
	print_dirfd_path(tcp, 0);
	emit_next(tcp);
	print_utimes(tcp, tcp_arg(tcp, 2));
	return RVAL_DECODED;
}

SYS_FUNC(utime)
{
	uint64_t addr = tcp_arg(tcp, 1);
	int64_t t[2];

	emit_path(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	if (!addr || !qual_verbose(tcp)) {
		emit_ptr(tcp, addr);
		return RVAL_DECODED;
	}
	if (tcp_wordsize(tcp) == 4) {
		int32_t v[2];

		if (tracee_read(tcp, addr, v, sizeof(v))) {
			emit_ptr(tcp, addr);
			return RVAL_DECODED;
		}
		t[0] = v[0];
		t[1] = v[1];
	} else if (tracee_read(tcp, addr, t, sizeof(t))) {
		emit_ptr(tcp, addr);
		return RVAL_DECODED;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "actime");
	emit_int(tcp, t[0]);
	print_time_comment(tcp, t[0], 0, 0);
	emit_field(tcp, "modtime");
	emit_int(tcp, t[1]);
	print_time_comment(tcp, t[1], 0, 0);
	emit_struct_end(tcp);
	return RVAL_DECODED;
}

/* --- sizes and syncs ------------------------------------------------- */

SYS_FUNC(truncate)
{
	emit_path(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 1));
	return RVAL_DECODED;
}

SYS_FUNC(ftruncate)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 1));
	return RVAL_DECODED;
}

SYS_FUNC(truncate64)
{
	unsigned int next;

	emit_path(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg64(tcp, 1, &next));
	return RVAL_DECODED;
}

SYS_FUNC(ftruncate64)
{
	unsigned int next;

	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg64(tcp, 1, &next));
	return RVAL_DECODED;
}

SYS_FUNC(fallocate)
{
	unsigned int i;
	int64_t off;

	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_flags(tcp, falloc_flags, (uint32_t)tcp_arg(tcp, 1),
		    "FALLOC_FL_???");
	emit_next(tcp);
	off = (int64_t)tcp_arg64(tcp, 2, &i);
	emit_int(tcp, off);
	emit_next(tcp);
	emit_int(tcp, (int64_t)tcp_arg64(tcp, i, &i));
	return RVAL_DECODED;
}

/* fsync, fdatasync, syncfs: one fd. */
static int decode_fd(struct tcb *tcp)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	return RVAL_DECODED;
}

SYS_FUNC(fsync)
{
	return decode_fd(tcp);
}

SYS_FUNC(fdatasync)
{
	return decode_fd(tcp);
}

SYS_FUNC(syncfs)
{
	return decode_fd(tcp);
}

SYS_FUNC(sync)
{
	(void)tcp;
	return RVAL_DECODED;
}

/* --- extended attributes --------------------------------------------- */

/*
 * An attribute value of len bytes: cut at -s, and a NUL ending the
 * part shown is left out (then without "...") — values are often
 * C strings with their NUL.  Under -x the NUL stays and makes it hex.
 */
static void print_xattr_value(struct tcb *tcp, uint64_t addr, uint64_t len)
{
	size_t limit = cfg.string_limit;
	size_t show = len > limit ? limit : (size_t)len;
	size_t want = len > limit ? limit + 1 : (size_t)len;
	bool more = len > limit;
	char *buf;

	if (!addr || !len) {
		emit_buf(tcp, addr, len);
		return;
	}
	buf = malloc(want);
	if (!buf || tracee_read(tcp, addr, buf, want)) {
		free(buf);
		emit_ptr(tcp, addr);
		return;
	}
	/* A trailing NUL is dropped unless every byte is shown in hex. */
	if ((cfg.hex_strings == HEX_STRINGS_NONE ||
	     cfg.hex_strings == HEX_STRINGS_ESCAPES) && show && !buf[show - 1]) {
		show--;
		more = false;
	}
	emit_quoted(tcp, buf, show, more ? QUOTE_ELLIPSIS : 0);
	free(buf);
}

/* path or fd (0), name (1): the start of every xattr call. */
static void print_xattr_target(struct tcb *tcp, bool fd, bool name)
{
	if (fd)
		print_fd(tcp, tcp_iarg(tcp, 0));
	else
		emit_path(tcp, tcp_arg(tcp, 0));
	if (name) {
		emit_next(tcp);
		emit_cstr(tcp, tcp_arg(tcp, 1));
	}
}

/* include/uapi/linux/limits.h: the largest value the kernel takes. */
#define XATTR_SIZE_MAX_VAL 65536

static int decode_setxattr(struct tcb *tcp, bool fd)
{
	uint64_t len = tcp_arg(tcp, 3);

	print_xattr_target(tcp, fd, true);
	emit_next(tcp);
	/* A value the kernel refuses as too big (E2BIG) is not read. */
	if (len > XATTR_SIZE_MAX_VAL)
		emit_ptr(tcp, tcp_arg(tcp, 2));
	else
		print_xattr_value(tcp, tcp_arg(tcp, 2), len);
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 3));
	emit_next(tcp);
	print_flags(tcp, xattr_flags, (uint32_t)tcp_arg(tcp, 4), "XATTR_???");
	return RVAL_DECODED;
}

SYS_FUNC(setxattr)
{
	return decode_setxattr(tcp, false);
}

SYS_FUNC(lsetxattr)
{
	return decode_setxattr(tcp, false);
}

SYS_FUNC(fsetxattr)
{
	return decode_setxattr(tcp, true);
}

static int decode_getxattr(struct tcb *tcp, bool fd)
{
	if (entering(tcp)) {
		print_xattr_target(tcp, fd, true);
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 2));
	else
		print_xattr_value(tcp, tcp_arg(tcp, 2),
				  (uint64_t)tcp_rval(tcp));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 3));
	return RVAL_DECIMAL;
}

SYS_FUNC(getxattr)
{
	return decode_getxattr(tcp, false);
}

SYS_FUNC(lgetxattr)
{
	return decode_getxattr(tcp, false);
}

SYS_FUNC(fgetxattr)
{
	return decode_getxattr(tcp, true);
}

/*
 * The list of names is shown as one string with its NULs.  With size 0
 * the kernel only returns the size it needs and writes nothing: the
 * list is its address.
 */
static int decode_listxattr(struct tcb *tcp, bool fd)
{
	if (entering(tcp)) {
		print_xattr_target(tcp, fd, false);
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp) || !tcp_arg(tcp, 2))
		emit_ptr(tcp, tcp_arg(tcp, 1));
	else
		emit_buf(tcp, tcp_arg(tcp, 1), (uint64_t)tcp_rval(tcp));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 2));
	return RVAL_DECIMAL;
}

SYS_FUNC(listxattr)
{
	return decode_listxattr(tcp, false);
}

SYS_FUNC(llistxattr)
{
	return decode_listxattr(tcp, false);
}

SYS_FUNC(flistxattr)
{
	return decode_listxattr(tcp, true);
}

static int decode_removexattr(struct tcb *tcp, bool fd)
{
	print_xattr_target(tcp, fd, true);
	return RVAL_DECODED;
}

SYS_FUNC(removexattr)
{
	return decode_removexattr(tcp, false);
}

SYS_FUNC(lremovexattr)
{
	return decode_removexattr(tcp, false);
}

SYS_FUNC(fremovexattr)
{
	return decode_removexattr(tcp, true);
}

/* --- mount ----------------------------------------------------------- */

/* "MS_MGC_VAL|MS_NOEXEC": the old magic of the high half goes first. */
static void print_mount_flags(struct tcb *tcp, uint64_t flags)
{
	uint64_t val = flags;
	char buf[1024];
	size_t n = 0;

	if ((flags & K_MS_MGC_MSK) == K_MS_MGC_VAL) {
		if (cfg.xlat_style == XLAT_STYLE_RAW)
			n = (size_t)snprintf(buf, sizeof(buf), "%#x",
					     K_MS_MGC_VAL);
		else if (cfg.xlat_style == XLAT_STYLE_VERBOSE)
			n = (size_t)snprintf(buf, sizeof(buf),
					     "%#x /* MS_MGC_VAL */",
					     K_MS_MGC_VAL);
		else
			n = (size_t)snprintf(buf, sizeof(buf), "MS_MGC_VAL");
		flags &= ~(uint64_t)K_MS_MGC_MSK;
		if (!flags) {
			emit_sym(tcp, val, buf);
			return;
		}
		buf[n++] = '|';
	}
	sprint_flags(buf + n, sizeof(buf) - n, mount_flags, flags, "MS_???");
	emit_sym(tcp, val, buf);
}

SYS_FUNC(mount)
{
	/* The whole long: strace shows bits above 31 too. */
	uint64_t flags = tcp_arg(tcp, 3);
	uint64_t f = flags;
	bool moves, ignore_type, ignore_data;

	if ((f & K_MS_MGC_MSK) == K_MS_MGC_VAL)
		f &= ~(uint64_t)K_MS_MGC_MSK;
	/*
	 * The kernel ignores the type of remounts, binds, moves and
	 * propagation changes, and the data of all but remounts: strace
	 * shows those as addresses.
	 */
	moves = f & (K_MS_BIND | K_MS_MOVE | K_MS_SHARED | K_MS_PRIVATE |
		     K_MS_SLAVE | K_MS_UNBINDABLE);
	ignore_type = moves || (f & K_MS_REMOUNT);
	ignore_data = moves && !(f & K_MS_REMOUNT);

	emit_path(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	emit_path(tcp, tcp_arg(tcp, 1));
	emit_next(tcp);
	if (ignore_type)
		emit_ptr(tcp, tcp_arg(tcp, 2));
	else
		emit_cstr(tcp, tcp_arg(tcp, 2));
	emit_next(tcp);
	print_mount_flags(tcp, flags);
	emit_next(tcp);
	if (ignore_data)
		emit_ptr(tcp, tcp_arg(tcp, 4));
	else
		emit_cstr(tcp, tcp_arg(tcp, 4));
	return RVAL_DECODED;
}

SYS_FUNC(umount2)
{
	emit_path(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	print_flags(tcp, umount_flags, (uint32_t)tcp_arg(tcp, 1), "MNT_???");
	return RVAL_DECODED;
}

SYS_FUNC(umount)
{
	return decode_path(tcp);
}

/* --- file handles ---------------------------------------------------- */

/* handle_type and the handle bytes of a struct file_handle. */
static void print_handle_rest(struct tcb *tcp, uint64_t addr,
			      uint32_t bytes)
{
	unsigned char buf[8 + K_MAX_HANDLE_SZ];
	int32_t type;

	if (tracee_read(tcp, addr, buf, 8))
		return;
	memcpy(&type, buf + 4, sizeof(type));
	emit_field(tcp, "handle_type");
	emit_int(tcp, type);
	emit_field(tcp, "f_handle");
	/* A size past MAX_HANDLE_SZ: strace reads no handle bytes. */
	if (bytes > K_MAX_HANDLE_SZ)
		emit_raw(tcp, "???");
	else if (tracee_read(tcp, addr + 8, buf + 8, bytes))
		emit_ptr(tcp, addr + 8);
	else
		emit_quoted(tcp, (char *)buf + 8, bytes, QUOTE_FORCE_HEX);
}

/* What name_to_handle_at read at entry, for the exit. */
struct handle_entry {
	uint32_t bytes;
};

SYS_FUNC(name_to_handle_at)
{
	uint64_t addr = tcp_arg(tcp, 2);
	struct handle_entry *he = tcp->priv;
	uint32_t bytes;
	int id;

	if (entering(tcp)) {
		print_dirfd_path(tcp, 0);
		emit_next(tcp);
		if (!addr || !qual_verbose(tcp) ||
		    tracee_read(tcp, addr, &bytes, sizeof(bytes))) {
			emit_ptr(tcp, addr);
			emit_next(tcp);
			return 0;
		}
		emit_struct_begin(tcp);
		emit_field(tcp, "handle_bytes");
		emit_uint(tcp, bytes);
		he = malloc(sizeof(*he));
		if (!he) {
			emit_struct_end(tcp);
			emit_next(tcp);
			return 0;
		}
		tcb_priv_clear(tcp);
		he->bytes = bytes;
		tcp->priv = he;
		tcp->priv_free = free;
		return 0;
	}
	if (he) {
		/* The kernel writes back the size it needs or used. */
		if (!tracee_read(tcp, addr, &bytes, sizeof(bytes)) &&
		    bytes != he->bytes) {
			emit_changed(tcp);
			emit_uint(tcp, bytes);
		} else {
			bytes = he->bytes;
		}
		if (!syserror(tcp))
			print_handle_rest(tcp, addr, bytes);
		emit_struct_end(tcp);
		emit_next(tcp);
	}
	if (syserror(tcp) || !qual_verbose(tcp) ||
	    tracee_read(tcp, tcp_arg(tcp, 3), &id, sizeof(id))) {
		emit_ptr(tcp, tcp_arg(tcp, 3));
	} else {
		emit_array_begin(tcp);
		emit_int(tcp, id);
		emit_array_end(tcp);
	}
	emit_next(tcp);
	print_flags(tcp, handle_at_flags, (uint32_t)tcp_arg(tcp, 4), "AT_???");
	return RVAL_DECIMAL;
}

SYS_FUNC(open_by_handle_at)
{
	uint64_t addr = tcp_arg(tcp, 1);
	uint32_t bytes, hdr[2];

	/* strace shows the mount fd as a plain fd: -100, not AT_FDCWD. */
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	/* The struct's header (handle_bytes, handle_type) is read whole. */
	if (!addr || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, hdr, sizeof(hdr))) {
		emit_ptr(tcp, addr);
	} else {
		bytes = hdr[0];
		emit_struct_begin(tcp);
		emit_field(tcp, "handle_bytes");
		emit_uint(tcp, bytes);
		print_handle_rest(tcp, addr, bytes);
		emit_struct_end(tcp);
	}
	emit_next(tcp);
	print_open_flags(tcp, (uint32_t)tcp_arg(tcp, 2));
	return RVAL_DECODED;
}
