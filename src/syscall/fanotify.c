/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* fanotify: fanotify_init, fanotify_mark. */
#include "config.h"

#include <string.h>

#include "syscall/defs.h"
#include "syscall/file.h"
#include "xlat/tables/fan_classes.h"
#include "xlat/tables/fan_event_flags.h"
#include "xlat/tables/fan_init_flags.h"
#include "xlat/tables/fan_mark_flags.h"

/* linux/fanotify.h */
#define FAN_ALL_CLASS_BITS 0xc
#define FAN_NOFD (-1)

/*
 * The class is a two-bit value inside the flags: strace prints it as a
 * constant, then "|" and the other flags, each in the -X style
 * ("0 /\* FAN_CLASS_NOTIF *\/|0x201 /\* FAN_CLOEXEC|FAN_REPORT_FID *\/",
 * raw "0|0x201").
 */
static void print_fan_init_flags(struct tcb *tcp, uint32_t flags)
{
	uint32_t rest = flags & ~(uint32_t)FAN_ALL_CLASS_BITS;
	char text[800];
	size_t n;

	sprint_xval(text, sizeof(text), fan_classes, flags & FAN_ALL_CLASS_BITS,
		    "FAN_CLASS_???");
	n = strlen(text);
	if (rest && n + 1 < sizeof(text)) {
		text[n++] = '|';
		sprint_flags(text + n, sizeof(text) - n, fan_init_flags, rest,
			     "FAN_???");
	}
	emit_sym(tcp, flags, text);
}

SYS_FUNC(fanotify_init)
{
	print_fan_init_flags(tcp, (uint32_t)tcp_arg(tcp, 0));
	emit_next(tcp);
	print_open_flags(tcp, (uint32_t)tcp_arg(tcp, 1));
	return RVAL_DECODED | RVAL_FD;
}

/*
 * fanotify_mark(fd, unsigned int flags, u64 mask, int dirfd, path):
 * on i386 the mask takes two registers.
 */
SYS_FUNC(fanotify_mark)
{
	unsigned int i;
	uint64_t mask;
	int dirfd;

	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_flags(tcp, fan_mark_flags, (uint32_t)tcp_arg(tcp, 1),
		    "FAN_MARK_???");
	emit_next(tcp);
	mask = tcp_arg64(tcp, 2, &i);
	print_flags(tcp, fan_event_flags, mask, "FAN_???");
	emit_next(tcp);
	dirfd = tcp_iarg(tcp, i);
	if (dirfd == FAN_NOFD)
		print_named(tcp, (uint64_t)(int64_t)dirfd, "FAN_NOFD", true);
	else
		print_dirfd(tcp, dirfd);
	emit_next(tcp);
	emit_path(tcp, tcp_arg(tcp, i + 1));
	return RVAL_DECODED;
}
