/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * decode_mem: performs each memory syscall sltrace decodes (mmap and
 * friends, brk, membarrier) with valid arguments, error returns, NULL
 * and pointers into an unmapped page.  tests/cases/decode-mem*.sh trace
 * it with strace and with sltrace and compare the lines between the
 * two marker writes.  Built 64-bit and -m32 (the i386 mmap, mmap2).
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#define PG 4096

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

int main(void)
{
	unsigned char vec[64];
	char *end, *p, *q;

	marker("decode-begin");
	end = tail_page();

	/* mmap: types, flags, the hugetlb size field, offsets, errors. */
	p = mmap(NULL, 64 * PG, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	/* mincore: residency bits, cut at -s elements, errors. */
	syscall(SYS_mincore, p, 4 * PG, vec);
	syscall(SYS_mincore, p, 4 * PG + 1, vec);
	syscall(SYS_mincore, p, 32 * PG, vec);
	syscall(SYS_mincore, p, 40 * PG, vec);
	syscall(SYS_mincore, p, 0, vec);
	syscall(SYS_mincore, p, 4 * PG, 1);
	syscall(SYS_mincore, p, 2 * PG, end - 1);
#ifdef __i386__
	{
		uint32_t a[6] = { 0,
				  2 * PG,
				  PROT_READ,
				  MAP_SHARED | MAP_ANONYMOUS,
				  (uint32_t)-1,
				  0 };
		uint32_t *ta = (uint32_t *)end - 6;

		syscall(SYS_mmap, a);
		a[3] = MAP_PRIVATE;
		a[4] = 999;
		a[5] = 3 * PG;
		syscall(SYS_mmap, a);
		syscall(SYS_mmap, 1);
		memcpy(ta, a, sizeof(a));
		syscall(SYS_mmap, ta + 1);
		syscall(SYS_mmap2, 0, 2 * PG, PROT_READ, MAP_PRIVATE, 999, 3);
		syscall(SYS_mmap2, 0, 2 * PG, PROT_READ,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		syscall(SYS_mmap2, 0, 2 * PG, PROT_READ, MAP_PRIVATE, 999,
			0xfffff);
	}
#else
	syscall(SYS_mmap, 0, 2 * PG, PROT_READ, MAP_SHARED | MAP_ANONYMOUS, -1,
		0);
	syscall(SYS_mmap, 0, 2 * PG, PROT_READ, MAP_PRIVATE, 999, 3 * PG);
	syscall(SYS_mmap, 0, 2 * PG, PROT_NONE, 0, 999, -4096L);
	syscall(SYS_mmap, 0, 2 * PG, 0x7fffffff, 0xffffffff, -1, 0);
	syscall(SYS_mmap, 0, 2 * PG, PROT_READ,
		MAP_SHARED_VALIDATE | MAP_ANONYMOUS | MAP_HUGETLB |
			(21 << MAP_HUGE_SHIFT),
		-1, 0);
	syscall(SYS_mmap, 0, 2 * PG, PROT_READ, 0xf | 0x200, -1, 0);
	syscall(SYS_mmap, 0, 2 * PG, 0x10,
		MAP_FIXED_NOREPLACE | MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK |
			MAP_NORESERVE | MAP_GROWSDOWN,
		-1, 0);
#endif

	/* mprotect, pkey_mprotect, mremap. */
	syscall(SYS_mprotect, p, PG, PROT_READ);
	syscall(SYS_mprotect, p, PG, PROT_READ | PROT_WRITE | 0x10);
	syscall(SYS_mprotect, p, PG, 0x10);
	syscall(SYS_pkey_mprotect, p, PG, PROT_READ | PROT_WRITE, -1);
	syscall(SYS_pkey_mprotect, p, PG, PROT_READ, 5);
	q = (char *)syscall(SYS_mremap, p + 8 * PG, 2 * PG, 4 * PG,
			    MREMAP_MAYMOVE);
	syscall(SYS_mremap, q, 4 * PG, 4 * PG,
		MREMAP_MAYMOVE | MREMAP_FIXED | 0x8, q + 0x100000);
	syscall(SYS_mremap, q, 4 * PG, 8 * PG, MREMAP_FIXED, q);
	syscall(SYS_mremap, q, 4 * PG, 8 * PG, 0);
	syscall(SYS_mremap, q, 4 * PG, 8 * PG, 0x10);

	/* madvise, msync, the mlock family. */
	syscall(SYS_madvise, p, PG, MADV_DONTNEED);
	syscall(SYS_madvise, p, PG, MADV_HUGEPAGE);
	syscall(SYS_madvise, p, PG, 77);
	syscall(SYS_msync, p, PG, MS_SYNC | MS_INVALIDATE);
	syscall(SYS_msync, p, PG, MS_ASYNC | 0x10);
	syscall(SYS_msync, p, PG, 0x10);
	syscall(SYS_msync, p, PG, 0);
	syscall(SYS_mlock, p, PG);
	syscall(SYS_mlock2, p, PG, MLOCK_ONFAULT);
	syscall(SYS_mlock2, p, PG, 0);
	syscall(SYS_mlock2, p, PG, 6);
	syscall(SYS_munlock, p, PG);
	syscall(SYS_mlockall, MCL_CURRENT | MCL_FUTURE | MCL_ONFAULT);
	syscall(SYS_mlockall, 0x10);
	syscall(SYS_munlockall);
	syscall(SYS_remap_file_pages, p, PG, PROT_READ | PROT_WRITE, 1,
		MAP_NONBLOCK);

	/* brk, membarrier, munmap. */
	syscall(SYS_brk, 0);
	syscall(SYS_brk, 0x1000);
	syscall(SYS_membarrier, 0, 0, 0);
	syscall(SYS_membarrier, 1, 0, 0);
	syscall(SYS_membarrier, 128, 1, 3);
	syscall(SYS_membarrier, 0x1234, 0, 0);
	syscall(SYS_munmap, q, 4 * PG);
	syscall(SYS_munmap, p, 64 * PG);

	marker("decode-end");
	return 0;
}
