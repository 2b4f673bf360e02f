/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * decode_numa: performs the NUMA memory policy syscalls (set_mempolicy,
 * get_mempolicy, mbind, migrate_pages, move_pages) and futex_waitv with
 * valid arguments, errors, NULL and pointers into an unmapped page,
 * unknown modes and flags.  tests/cases/decode-numa*.sh trace it with
 * strace and with sltrace and compare the lines.  Built 64-bit and -m32.
 *
 * Nothing here blocks: every futex_waitv has a waiter whose value
 * differs from its futex word (EAGAIN at once) or is refused.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#define PG 4096

/* n pages, then an unmapped one: the end of the n pages is returned. */
static char *tail_pages(size_t n)
{
	char *p = mmap(NULL, (n + 1) * PG, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	munmap(p + n * PG, PG);
	return p + n * PG;
}

static char *tail_page(void)
{
	return tail_pages(1);
}

static void policies(char *end)
{
	unsigned long *mask = (unsigned long *)(end - 4 * sizeof(long));
	unsigned long *last = (unsigned long *)end - 1;
	char *page = tail_page() - PG;
	static const unsigned long modes[] = {
		0, 1, 2, 3, 4, 5, 6, 0x8000, 0x4001, 0x2002, 0xe003,
		0xffff1fff, 0xffffffff,
	};
	int mode = -1;

	memset(mask, 0, 4 * sizeof(long));
	mask[0] = 1;
	for (unsigned int i = 0; i < sizeof(modes) / sizeof(*modes); i++) {
		syscall(SYS_set_mempolicy, modes[i], NULL, 0);
		syscall(SYS_set_mempolicy, modes[i], mask, 2);
		syscall(SYS_mbind, page, PG, modes[i], NULL, 0, 0);
	}
	/* Node masks: words by maxnode, cut at -s, unreadable. */
	syscall(SYS_set_mempolicy, 2, mask, 0);
	syscall(SYS_set_mempolicy, 2, mask, 1);
	syscall(SYS_set_mempolicy, 2, mask, 65);
	syscall(SYS_set_mempolicy, 2, mask, 66);
	syscall(SYS_set_mempolicy, 2, mask, 4 * 8 * sizeof(long) + 1);
	syscall(SYS_set_mempolicy, 2, mask, 4 * 8 * sizeof(long) + 2);
	syscall(SYS_set_mempolicy, 2, last, 8 * sizeof(long) + 2);
	syscall(SYS_set_mempolicy, 2, end, 8);
	syscall(SYS_set_mempolicy, 0, NULL, 0);
	mask[1] = 0x80000001UL;
	syscall(SYS_mbind, page, PG, 3, mask, 66, 0);
	syscall(SYS_mbind, page, PG, 0x8002, mask, 65, 1);
	syscall(SYS_mbind, page, PG, 2, mask, 2, 2);
	syscall(SYS_mbind, page, PG, 2, mask, 2, 4);
	syscall(SYS_mbind, page, PG, 2, mask, 2, 0xf);
	syscall(SYS_mbind, page, PG, 2, mask, 2, -1);
	syscall(SYS_mbind, page, (unsigned long)-1, (unsigned long)-1, end, -1,
		0);
	syscall(SYS_mbind, page, PG, 0, NULL, 0, 0);

	/* get_mempolicy: the mode and mask written, or not. */
	syscall(SYS_get_mempolicy, NULL, NULL, 0, NULL, 0);
	syscall(SYS_get_mempolicy, &mode, NULL, 0, NULL, 0);
	syscall(SYS_get_mempolicy, &mode, mask, 65, NULL, 0);
	syscall(SYS_get_mempolicy, &mode, mask, 1, NULL, 0);
	syscall(SYS_get_mempolicy, &mode, mask, 2 * 8 * sizeof(long), page,
		2);
	syscall(SYS_get_mempolicy, &mode, NULL, 0, page, 3);
	syscall(SYS_get_mempolicy, &mode, mask, 65, NULL, 4);
	syscall(SYS_get_mempolicy, &mode, NULL, 0, NULL, -1);
	syscall(SYS_get_mempolicy, end, NULL, 0, NULL, 0);
	syscall(SYS_get_mempolicy, NULL, last, 8 * sizeof(long) + 2, NULL, 0);
	syscall(SYS_set_mempolicy, 0x8002, mask, 2);
	syscall(SYS_get_mempolicy, &mode, mask, 65, NULL, 0);
	syscall(SYS_set_mempolicy, 0, NULL, 0);

	/* migrate_pages: its own pages, two masks. */
	syscall(SYS_migrate_pages, getpid(), 2, mask, mask);
	syscall(SYS_migrate_pages, 0, 65, mask, end);
	syscall(SYS_migrate_pages, -1, 0, NULL, NULL);
	syscall(SYS_migrate_pages, 0, 1, mask, NULL);
}

static void pages(char *end)
{
	void **pgs = (void **)(end - 4 * sizeof(void *));
	int *nodes = (int *)(end - 64);
	int *status = (int *)(end - 128);
	char *page = tail_page() - PG;

	page[0] = 1;
	pgs[0] = page;
	pgs[1] = end;		/* unmapped: -EFAULT */
	pgs[2] = NULL;
	pgs[3] = page;
	memset(nodes, 0, 16);
	syscall(SYS_move_pages, 0, 4, pgs, NULL, status, 0);
	syscall(SYS_move_pages, 0, 1, pgs, nodes, status, 2);
	syscall(SYS_move_pages, 0, 2, pgs, nodes, status, 4);
	syscall(SYS_move_pages, 0, 0, pgs, NULL, status, 0);
	syscall(SYS_move_pages, 0, 1, end, end, end, 1);
	syscall(SYS_move_pages, 0, 5, pgs, NULL, status, 0);
	nodes = (int *)tail_page() - 1;	/* the second node unreadable */
	*nodes = 0;
	syscall(SYS_move_pages, 0, 2, pgs, nodes, status, 2);
	nodes[0] = 12345;
	syscall(SYS_move_pages, getpid(), 1, pgs, nodes, status, -1);
	syscall(SYS_move_pages, -1, 1, pgs, nodes, NULL, 0);
}

struct waitv {
	uint64_t val, uaddr;
	uint32_t flags, reserved;
};

static void waitv(char *end)
{
	struct waitv *w = (struct waitv *)(end - 200 * sizeof(*w));
	struct waitv *one = (struct waitv *)end - 1;
	int64_t *ts = (int64_t *)(end - 201 * sizeof(*w));
	static uint32_t word = 7;

	for (int i = 0; i < 200; i++) {
		w[i].val = (uint64_t)i;
		w[i].uaddr = (uintptr_t)&word;
		w[i].flags = 0x82;	/* FUTEX_32|FUTEX_PRIVATE_FLAG */
		w[i].reserved = 0;
	}
	ts[0] = 1;
	ts[1] = 2;
	*one = w[0];
	syscall(SYS_futex_waitv, w, 1, 0, NULL, 1);
	syscall(SYS_futex_waitv, w, 3, 0, ts, 1);
	syscall(SYS_futex_waitv, w, 128, 0, ts, 0);
	syscall(SYS_futex_waitv, w, 129, 0, ts, 0);
	syscall(SYS_futex_waitv, w + 1, 200, 0, NULL, 1);
	syscall(SYS_futex_waitv, NULL, 1, -1, NULL, 1);
	syscall(SYS_futex_waitv, w, 0, 1, end, -1);
	syscall(SYS_futex_waitv, (char *)one + 1, 1, 0, ts, 0);
	syscall(SYS_futex_waitv, one, 2, 0, end - 8, 1);
	one->flags = 0xffffffff;
	one->reserved = 0xdead;
	syscall(SYS_futex_waitv, one, 1, 0, NULL, 2);
	one->flags = 0;
	one->reserved = 0;
	one->uaddr = 0;
	syscall(SYS_futex_waitv, one, 1, 0, NULL, 5);
}

int main(void)
{
	policies(tail_page());
	pages(tail_page());
	waitv(tail_pages(3));
	return 0;
}
