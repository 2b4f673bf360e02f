/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Landlock (Linux 5.13+): landlock_create_ruleset, landlock_add_rule,
 * landlock_restrict_self.
 */
#include "config.h"

#include <string.h>

#include "select/qualify.h"
#include "syscall/defs.h"
#include "xlat/tables/landlock_access_fs.h"
#include "xlat/tables/landlock_create_ruleset_flags.h"
#include "xlat/tables/landlock_rule_types.h"

/* include/uapi/linux/landlock.h */
#define LANDLOCK_CREATE_RULESET_VERSION 1U
#define LANDLOCK_RULE_PATH_BENEATH 1U

/*
 * struct landlock_ruleset_attr as strace 6.1 knows it: handled_access_fs
 * alone.  A bigger size (handled_access_net came in Linux 6.7) shows as
 * an elided rest, whatever it holds.
 */
#define RULESET_ATTR_SIZE 8

SYS_FUNC(landlock_create_ruleset)
{
	uint64_t addr = tcp_arg(tcp, 0), size = tcp_arg(tcp, 1);
	uint32_t flags = (uint32_t)tcp_arg(tcp, 2);
	uint64_t access;

	if (!addr || size < RULESET_ATTR_SIZE || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, &access, sizeof(access))) {
		emit_ptr(tcp, addr);
	} else {
		emit_struct_begin(tcp);
		emit_field(tcp, "handled_access_fs");
		print_flags(tcp, landlock_access_fs, access,
			    "LANDLOCK_ACCESS_FS_???");
		if (size > RULESET_ATTR_SIZE)
			emit_more(tcp);
		emit_struct_end(tcp);
	}
	emit_next(tcp);
	emit_uint(tcp, size);
	emit_next(tcp);
	print_flags(tcp, landlock_create_ruleset_flags, flags,
		    "LANDLOCK_CREATE_RULESET_???");
	/* With the VERSION flag it returns the ABI version, no descriptor. */
	if (flags & LANDLOCK_CREATE_RULESET_VERSION)
		return RVAL_DECODED;
	return RVAL_DECODED | RVAL_FD;
}

/* struct landlock_path_beneath_attr: __u64 then __s32, packed (12 bytes). */
static void print_path_beneath(struct tcb *tcp, uint64_t addr)
{
	unsigned char buf[12];
	uint64_t access;
	int32_t fd;

	if (!addr || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, buf, sizeof(buf))) {
		emit_ptr(tcp, addr);
		return;
	}
	memcpy(&access, buf, sizeof(access));
	memcpy(&fd, buf + 8, sizeof(fd));
	emit_struct_begin(tcp);
	emit_field(tcp, "allowed_access");
	print_flags(tcp, landlock_access_fs, access, "LANDLOCK_ACCESS_FS_???");
	emit_field(tcp, "parent_fd");
	print_fd(tcp, fd);
	emit_struct_end(tcp);
}

SYS_FUNC(landlock_add_rule)
{
	uint32_t type = (uint32_t)tcp_arg(tcp, 1);

	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_xval(tcp, landlock_rule_types, type, "LANDLOCK_RULE_???");
	emit_next(tcp);
	if (type == LANDLOCK_RULE_PATH_BENEATH)
		print_path_beneath(tcp, tcp_arg(tcp, 2));
	else
		emit_ptr(tcp, tcp_arg(tcp, 2));
	emit_next(tcp);
	emit_hex(tcp, (uint32_t)tcp_arg(tcp, 3));
	return RVAL_DECODED;
}

SYS_FUNC(landlock_restrict_self)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	emit_hex(tcp, (uint32_t)tcp_arg(tcp, 1));
	return RVAL_DECODED;
}
