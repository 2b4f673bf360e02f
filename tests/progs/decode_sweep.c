// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * decode_sweep: syscalls with the arguments of syscallent/sweep-strace
 * that showed a decoding different from strace's.  A seccomp filter fails
 * every call with ENOSYS, so only the entry decoding is under test and
 * nothing really happens (no socket, no exit, no clone); the arguments
 * are small numbers, flag-like values and pointers to fixed pages of
 * known patterns (zeros, the words 1, 2, 3..., 'A's then a NUL), each
 * followed by an unmapped page, so the same in every run.
 * Compared with strace by tests/cases/decode-sweep*.sh.
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

#define Z 0x10000000L		/* zeros */
#define W 0x10002000L		/* 32-bit words 1, 2, 3... */
#define A 0x10004000L		/* 'A' * 4095, NUL */
#define AEND (A + 0xff0)	/* 'A' * 15, NUL */

struct call {
	long nr;
	long a[6];
};

static const struct call calls[] = {
	/* IPC flags of no known bit: hex, then the mode */
	{ __NR_msgget, { 0, 0x10000000 } },
	{ __NR_msgget, { 0, 0x10000644 } },
	{ __NR_semget, { 1, 2, 0x10002000 } },
};

static void *page(unsigned long addr)
{
	void *p = mmap((void *)addr, 4096, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);

	if (p != (void *)addr)
		exit(2);
	return p;
}

int main(void)
{
	/* Everything fails with ENOSYS but exit_group. */
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_exit_group, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | 38),
	};
	struct sock_fprog prog = { sizeof(f) / sizeof(f[0]), f };
	uint32_t *w = page(W);
	char *a = page(A);

	page(Z);
	munmap((void *)(Z + 4096), 4096);
	munmap((void *)(W + 4096), 4096);
	munmap((void *)(A + 4096), 4096);
	for (int i = 0; i < 1024; i++)
		w[i] = i + 1;
	memset(a, 'A', 4095);
	a[4095] = 0;
	prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog))
		return 77;
	write(-1, "decode-begin", 12);
	for (size_t i = 0; i < sizeof(calls) / sizeof(calls[0]); i++)
		syscall(calls[i].nr, calls[i].a[0], calls[i].a[1],
			calls[i].a[2], calls[i].a[3], calls[i].a[4],
			calls[i].a[5]);
	write(-1, "decode-end", 10);
	return 0;
}
