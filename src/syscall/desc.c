/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Descriptor syscalls: positioning and duplication. */
#include "config.h"

#include "syscall/defs.h"
#include "xlat/tables/whence.h"

SYS_FUNC(lseek)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	emit_int(tcp, tcp_sarg(tcp, 1));
	emit_next(tcp);
	print_xval(tcp, whence, (uint32_t)tcp_arg(tcp, 2), "SEEK_???");
	return RVAL_DECODED;
}
