/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The new mount API (Linux 5.2+): fsopen, fsconfig, fsmount, fspick,
 * move_mount, open_tree, mount_setattr.  mount(2) and umount2 live in
 * file.c.
 */
#include "config.h"

#include <limits.h>
#include <stdlib.h>

#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/file.h"
#include "xlat/tables/fsconfig_cmds.h"
#include "xlat/tables/fsmount_attr_flags.h"
#include "xlat/tables/fsmount_flags.h"
#include "xlat/tables/fsopen_flags.h"
#include "xlat/tables/fspick_flags.h"
#include "xlat/tables/mount_attr_flags.h"
#include "xlat/tables/mount_propagation.h"
#include "xlat/tables/mount_setattr_flags.h"
#include "xlat/tables/move_mount_flags.h"
#include "xlat/tables/open_tree_flags.h"

/* include/uapi/linux/mount.h */
#define FSCONFIG_SET_FLAG 0
#define FSCONFIG_SET_STRING 1
#define FSCONFIG_SET_BINARY 2
#define FSCONFIG_SET_PATH 3
#define FSCONFIG_SET_PATH_EMPTY 4
#define FSCONFIG_SET_FD 5
#define MOUNT_ATTR_IDMAP 0x00100000
#define MOUNT_ATTR_SIZE_VER0 32

/*
 * fs/fsopen.c: keys and string values are strndup_user(, 256) — strace
 * cuts them there as well; a binary value is at most 1 MiB.
 */
#define FSCONFIG_STR_MAX 256
#define FSCONFIG_BLOB_MAX (1024 * 1024)

static void print_dirfd_path(struct tcb *tcp, unsigned int i)
{
	print_dirfd(tcp, tcp_iarg(tcp, i));
	emit_next(tcp);
	emit_path(tcp, tcp_arg(tcp, i + 1));
}

SYS_FUNC(fsopen)
{
	emit_cstr(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	print_flags(tcp, fsopen_flags, (uint32_t)tcp_arg(tcp, 1), "FSOPEN_???");
	return RVAL_DECODED | RVAL_FD;
}

/* A binary value: len bytes, every one as \xNN, cut at -s. */
static void print_blob(struct tcb *tcp, uint64_t addr, uint64_t len)
{
	size_t limit = cfg.string_limit;
	size_t show = len > limit ? limit : (size_t)len;
	/* As strace's other buffers: one byte past -s is read too. */
	size_t want = len > limit ? show + 1 : show;
	char *buf;

	if (!addr) {
		emit_ptr(tcp, 0);
		return;
	}
	buf = malloc(want + 1);
	if (!buf || tracee_read(tcp, addr, buf, want)) {
		emit_ptr(tcp, addr);
	} else {
		emit_quoted(tcp, buf, show,
			    QUOTE_FORCE_HEX |
				    (len > limit ? QUOTE_ELLIPSIS : 0));
	}
	free(buf);
}

SYS_FUNC(fsconfig)
{
	uint32_t cmd = (uint32_t)tcp_arg(tcp, 1);
	uint64_t key = tcp_arg(tcp, 2), value = tcp_arg(tcp, 3);
	int aux = tcp_iarg(tcp, 4);

	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_xval(tcp, fsconfig_cmds, cmd, "FSCONFIG_???");
	emit_next(tcp);
	/* The commands that set a parameter name it by key. */
	if (cmd <= FSCONFIG_SET_FD)
		emit_cstr_max(tcp, key, FSCONFIG_STR_MAX);
	else
		emit_ptr(tcp, key);
	emit_next(tcp);
	switch (cmd) {
	case FSCONFIG_SET_STRING:
		emit_cstr_max(tcp, value, FSCONFIG_STR_MAX);
		break;
	case FSCONFIG_SET_BINARY:
		if (aux >= 0 && aux <= FSCONFIG_BLOB_MAX)
			print_blob(tcp, value, (uint64_t)aux);
		else
			emit_ptr(tcp, value);
		break;
	case FSCONFIG_SET_PATH:
	case FSCONFIG_SET_PATH_EMPTY:
		emit_path(tcp, value);
		break;
	default:
		emit_ptr(tcp, value);
		break;
	}
	emit_next(tcp);
	/* aux is the dirfd of a path, the fd of SET_FD, else a size. */
	switch (cmd) {
	case FSCONFIG_SET_PATH:
	case FSCONFIG_SET_PATH_EMPTY:
		print_dirfd(tcp, aux);
		break;
	case FSCONFIG_SET_FD:
		print_fd(tcp, aux);
		break;
	default:
		emit_int(tcp, aux);
		break;
	}
	return RVAL_DECODED;
}

SYS_FUNC(fsmount)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_flags(tcp, fsmount_flags, (uint32_t)tcp_arg(tcp, 1),
		    "FSMOUNT_???");
	emit_next(tcp);
	print_flags(tcp, fsmount_attr_flags, (uint32_t)tcp_arg(tcp, 2),
		    "MOUNT_ATTR_???");
	return RVAL_DECODED | RVAL_FD;
}

SYS_FUNC(fspick)
{
	print_dirfd_path(tcp, 0);
	emit_next(tcp);
	print_flags(tcp, fspick_flags, (uint32_t)tcp_arg(tcp, 2), "FSPICK_???");
	return RVAL_DECODED | RVAL_FD;
}

SYS_FUNC(move_mount)
{
	print_dirfd_path(tcp, 0);
	emit_next(tcp);
	print_dirfd_path(tcp, 2);
	emit_next(tcp);
	print_flags(tcp, move_mount_flags, (uint32_t)tcp_arg(tcp, 4),
		    "MOVE_MOUNT_???");
	return RVAL_DECODED;
}

SYS_FUNC(open_tree)
{
	print_dirfd_path(tcp, 0);
	emit_next(tcp);
	print_flags(tcp, open_tree_flags, (uint32_t)tcp_arg(tcp, 2),
		    "OPEN_TREE_???");
	return RVAL_DECODED | RVAL_FD;
}

/* struct mount_attr: four __u64 (attr_set, attr_clr, propagation, userns_fd). */
static void print_mount_attr(struct tcb *tcp, uint64_t addr, uint64_t size)
{
	uint64_t a[4];

	if (!addr || size < MOUNT_ATTR_SIZE_VER0 || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, a, sizeof(a))) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "attr_set");
	print_flags(tcp, mount_attr_flags, a[0], "MOUNT_ATTR_???");
	emit_field(tcp, "attr_clr");
	print_flags(tcp, mount_attr_flags, a[1], "MOUNT_ATTR_???");
	emit_field(tcp, "propagation");
	print_xval(tcp, mount_propagation, a[2], "MS_???");
	emit_field(tcp, "userns_fd");
	/* A descriptor only when MOUNT_ATTR_IDMAP makes it one. */
	if ((a[0] & MOUNT_ATTR_IDMAP) && a[3] <= INT_MAX)
		print_fd(tcp, (int)a[3]);
	else
		emit_uint(tcp, a[3]);
	if (size > MOUNT_ATTR_SIZE_VER0)
		print_struct_tail(tcp, addr, MOUNT_ATTR_SIZE_VER0, size);
	emit_struct_end(tcp);
}

SYS_FUNC(mount_setattr)
{
	uint64_t size = tcp_arg(tcp, 4);

	print_dirfd_path(tcp, 0);
	emit_next(tcp);
	print_flags(tcp, mount_setattr_flags, (uint32_t)tcp_arg(tcp, 2),
		    "AT_???");
	emit_next(tcp);
	print_mount_attr(tcp, tcp_arg(tcp, 3), size);
	emit_next(tcp);
	emit_uint(tcp, size);
	/* strace 6.1 shows its 0 as a descriptor (with -y "0</dev/null>"). */
	return RVAL_DECODED | RVAL_FD;
}
