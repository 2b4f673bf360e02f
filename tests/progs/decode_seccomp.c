/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * decode_seccomp: seccomp(2) in each operation, and the filter program
 * that it and prctl(PR_SET_SECCOMP) take, with every kind of classic BPF
 * instruction (known and unknown opcode fields, jumps, seccomp return
 * actions), empty, NULL, cut by an unmapped page and over BPF_MAXINSNS.
 * tests/cases/decode-seccomp*.sh trace it with strace and with sltrace
 * and compare the lines between the two marker writes.  The filter it
 * installs at the end allows everything, and so does the one with a
 * listener descriptor.  Built 64-bit and -m32.
 */
#define _GNU_SOURCE
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#define PG 4096
#define MAXINSNS 4096

static void marker(const char *s)
{
	syscall(SYS_write, -1, s, strlen(s));
}

/* Two pages, the second unmapped: its first byte is unreadable. */
static char *tail_page(void)
{
	char *p = mmap(NULL, 2 * PG, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	munmap(p + PG, PG);
	return p + PG;
}

static long sc(unsigned long op, unsigned long flags, const void *arg)
{
	return syscall(SYS_seccomp, op, flags, arg);
}

int main(void)
{
	static const uint32_t rets[] = {
		0, 0x80000000, 0x30000, 0x50005, 0x7fc00000, 0x7ff00000,
		0x7ffc0000, 0x7fff0000, 0x12345678, 0x30003, 0xffffffff,
		0x7fff0001, 0x80010001,
	};
	static const uint16_t odd[] = {
		0x100, 0x101, 0x102, 0x103, 0x104, 0x105, 0x106, 0x107,
		0x8100, 0x8126, 0x8187, 0xffff, 0x1234, 0x215, 0x1e, 0xfe,
	};
	static struct sock_filter allow[] = {
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_filter *big = malloc(sizeof(*big) * (MAXINSNS + 1));
	struct sock_filter f[300], *cut;
	struct sock_fprog p;
	uint32_t *action;
	uint16_t *sizes;
	char *end;
	int n = 0;

	marker("decode-begin");
	end = tail_page();

	/* Every opcode of the low byte, with and without jump offsets. */
	for (unsigned int code = 0; code < 0x100; code++) {
		f[n].code = code;
		f[n].jt = code & 3;
		f[n].jf = code & 0x10;
		f[n].k = code * 0x1000 + 7;
		n++;
	}
	p.len = n;
	p.filter = f;
	sc(SECCOMP_SET_MODE_FILTER, 0, &p);

	/*
	 * High opcode bits, then return actions.  The kernel takes any
	 * valid program from root without PR_SET_NO_NEW_PRIVS: each one
	 * here but the last starts with an invalid opcode.
	 */
	n = 0;
	for (unsigned int i = 0; i < sizeof(odd) / sizeof(odd[0]); i++) {
		struct sock_filter s = { odd[i], 0, 0, 0x50005 };

		f[n++] = s;
	}
	for (unsigned int i = 0; i < sizeof(rets) / sizeof(rets[0]); i++) {
		struct sock_filter s = BPF_STMT(BPF_RET | BPF_K, rets[i]);

		f[n++] = s;
	}
	f[n].code = BPF_JMP | BPF_JEQ | BPF_K;
	f[n].jt = 0xff;
	f[n].jf = 0;
	f[n++].k = 0;
	p.len = n;
	sc(SECCOMP_SET_MODE_FILTER, 0, &p);

	/* Flags, empty and NULL programs, unreadable structs. */
	p.len = 3;
	sc(SECCOMP_SET_MODE_FILTER, 0x3f, &p);
	sc(SECCOMP_SET_MODE_FILTER, 0x40, &p);
	sc(SECCOMP_SET_MODE_FILTER, -1U, &p);
	p.len = 0;
	sc(SECCOMP_SET_MODE_FILTER, 0, &p);
	p.filter = NULL;
	sc(SECCOMP_SET_MODE_FILTER, 0, &p);
	p.len = 5;
	sc(SECCOMP_SET_MODE_FILTER, 0, &p);
	sc(SECCOMP_SET_MODE_FILTER, 0, NULL);
	sc(SECCOMP_SET_MODE_FILTER, 0, end);
	sc(SECCOMP_SET_MODE_FILTER, 0, end - 4);

	/* A program that the end of the mapping cuts. */
	cut = (struct sock_filter *)end - 2;
	cut[0] = f[0];
	cut[1] = f[1];
	p.filter = cut;
	p.len = 4;
	sc(SECCOMP_SET_MODE_FILTER, 0, &p);
	p.filter = (struct sock_filter *)end;
	p.len = 1;
	sc(SECCOMP_SET_MODE_FILTER, 0, &p);

	/* Longer than the kernel takes. */
	for (unsigned int i = 0; i <= MAXINSNS; i++) {
		struct sock_filter s = BPF_STMT(BPF_CLASS(i), i << 16);

		big[i] = s;
	}
	p.filter = big;
	p.len = MAXINSNS + 1;
	sc(SECCOMP_SET_MODE_FILTER, 0, &p);

	/* The other operations. */
	sc(SECCOMP_SET_MODE_STRICT, 1, (void *)2);
	sc(SECCOMP_SET_MODE_STRICT, -1U, NULL);
	sc(5, 0x40, &p);
	sc(-1U, -1U, (void *)-1L);
	action = (uint32_t *)end - 1;
	*action = SECCOMP_RET_LOG;
	sc(SECCOMP_GET_ACTION_AVAIL, 0, action);
	*action = 0xffffffff;
	sc(SECCOMP_GET_ACTION_AVAIL, 0, action);
	sc(SECCOMP_GET_ACTION_AVAIL, 0, end);
	sc(SECCOMP_GET_ACTION_AVAIL, 1, NULL);
	sizes = (uint16_t *)end - 3;
	sc(SECCOMP_GET_NOTIF_SIZES, 0, sizes);
	sc(SECCOMP_GET_NOTIF_SIZES, 0, end - 2);
	sc(SECCOMP_GET_NOTIF_SIZES, 1, sizes);

	/* prctl's filter, and one that the kernel takes: allow all. */
	p.len = 2;
	p.filter = f;
	prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &p, 0, 0);
	prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, end, 0, 0);
	prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	p.len = 1;
	p.filter = allow;
	sc(SECCOMP_SET_MODE_FILTER, 0, &p);
	/* A listener: strace shows its descriptor as a number, even with -y. */
	close((int)sc(SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_NEW_LISTENER,
		      &p));

	marker("decode-end");
	return 0;
}
