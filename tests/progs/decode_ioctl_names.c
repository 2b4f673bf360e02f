/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * decode_ioctl_names: ioctl(-1, code, 0) for every command number that
 * strace 6.1 names on x86_64 or i386 (decode_ioctl_names.h) and every
 * number of the tracer's own tables (src/syscall/ioctlent-*.h), once
 * each in increasing order, between two marker writes.  The calls fail
 * with EBADF; tests/cases/decode-ioctl-names*.sh compare the command
 * names strace and sltrace print for them: a number strace knows must
 * get the same name or names ("A or B"), one it does not know the same
 * _IOC(...), in both ABIs.  Built 64-bit and -m32.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static const uint32_t strace_codes[] = {
#include "decode_ioctl_names.h"
};

/* The rows of src/syscall/ioctl.c's tables: { code, name }. */
struct ioctlent {
	uint32_t code;
	const char *name;
};

static const struct ioctlent tables[] = {
#include "../../src/syscall/ioctlent-tty.h"
#include "../../src/syscall/ioctlent-storage.h"
#include "../../src/syscall/ioctlent-net.h"
#include "../../src/syscall/ioctlent-media.h"
#include "../../src/syscall/ioctlent-virt.h"
#include "../../src/syscall/ioctlent-core.h"
#include "../../src/syscall/ioctlent-drivers.h"
#include "../../src/syscall/ioctlent-extra.h"
#include "../../src/syscall/ioctlent-64.h"
#include "../../src/syscall/ioctlent-32.h"
};

static uint32_t codes[ARRAY_SIZE(strace_codes) + ARRAY_SIZE(tables)];

static int cmp_code(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

static void marker(const char *s)
{
	syscall(SYS_write, -1, s, strlen(s));
}

int main(void)
{
	size_t n = 0, i;

	for (i = 0; i < ARRAY_SIZE(strace_codes); i++)
		codes[n++] = strace_codes[i];
	for (i = 0; i < ARRAY_SIZE(tables); i++)
		codes[n++] = tables[i].code;
	qsort(codes, n, sizeof(codes[0]), cmp_code);
	marker("decode-begin");
	for (i = 0; i < n; i++)
		if (!i || codes[i] != codes[i - 1])
			syscall(SYS_ioctl, -1, (unsigned long)codes[i], 0UL);
	marker("decode-end");
	return 0;
}
