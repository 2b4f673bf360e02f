/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include "config.h"

#include "syscall/ioctl.h"

int ioctl_dev(struct tcb *tcp, uint32_t code, uint64_t arg)
{
	(void)tcp;
	(void)code;
	(void)arg;
	return IOCTL_UNKNOWN;
}
