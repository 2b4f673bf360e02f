/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * decode_prctl: performs prctl and arch_prctl with the options whose
 * arguments and results have decoders of their own, with bad values,
 * NULL and pointers at the end of a mapped page.  Every call is harmless
 * when it runs: tests/cases/decode-prctl*.sh also trace it with
 * -e inject= return values (the calls then do not run) and compare the
 * lines between the two marker writes with strace's.  Nothing here uses
 * a result.  Built 64-bit and -m32.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#define PG 4096

/* include/uapi/linux/prctl.h, by number: libc headers lag behind. */
enum {
	PR_SET_NAME = 15,
	PR_GET_NAME = 16,
	PR_GET_SECUREBITS = 27,
	PR_SET_TIMERSLACK = 29,
	PR_SET_MM = 35,
	PR_SET_FP_MODE = 45,
	PR_GET_FP_MODE = 46,
	PR_CAP_AMBIENT = 47,
	PR_SVE_SET_VL = 50,
	PR_SVE_GET_VL = 51,
	PR_GET_SPECULATION_CTRL = 52,
	PR_SET_SPECULATION_CTRL = 53,
	PR_PAC_RESET_KEYS = 54,
	PR_SET_TAGGED_ADDR_CTRL = 55,
	PR_GET_TAGGED_ADDR_CTRL = 56,
	PR_SET_SYSCALL_USER_DISPATCH = 59,
	PR_PAC_SET_ENABLED_KEYS = 60,
	PR_PAC_GET_ENABLED_KEYS = 61,
	PR_SCHED_CORE = 62,
	PR_SME_SET_VL = 63,
	PR_SME_GET_VL = 64,
	PR_SET_VMA = 0x53564d41,
	PR_SET_PTRACER = 0x59616d61,
};

/* Arguments as the kernel sees them: longs, all five given. */
static long pr(unsigned long opt, unsigned long a2, unsigned long a3,
	       unsigned long a4, unsigned long a5)
{
	return syscall(SYS_prctl, opt, a2, a3, a4, a5);
}

static void marker(const char *s)
{
	syscall(SYS_write, -1, s, strlen(s));
}

static char *tail_page(void)
{
	char *p = mmap(NULL, 2 * PG, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	munmap(p + PG, PG);
	return p + PG;
}

/* Bits above 32 where a long has them: decoders must cut them. */
static unsigned long hi(unsigned long v)
{
	return sizeof(long) > 4 ? v | (unsigned long)0xdefaced00000000ULL : v;
}

static void do_name(char *end)
{
	/* Filled: an injected result leaves it as it is. */
	char buf[32] = "xyz";

	pr(PR_SET_NAME, (unsigned long)"abc", 0, 0, 0);
	pr(PR_SET_NAME, (unsigned long)"0123456789abcd", 0, 0, 0);
	pr(PR_SET_NAME, (unsigned long)"0123456789abcde", 0, 0, 0);
	pr(PR_SET_NAME, (unsigned long)"0123456789abcdef", 0, 0, 0);
	/* Fifteen bytes before the unmapped page, then fourteen. */
	memcpy(end - 15, "0123456789abcde", 15);
	pr(PR_SET_NAME, (unsigned long)(end - 15), 0, 0, 0);
	pr(PR_SET_NAME, (unsigned long)(end - 14), 0, 0, 0);
	memcpy(end - 3, "ab", 3);
	pr(PR_SET_NAME, (unsigned long)(end - 3), 0, 0, 0);
	pr(PR_SET_NAME, 0, 0, 0, 0);
	pr(PR_GET_NAME, (unsigned long)buf, 0, 0, 0);
	pr(PR_GET_NAME, (unsigned long)(end - 8), 0, 0, 0);
	pr(PR_GET_NAME, 0, 0, 0, 0);
	pr(PR_SET_NAME, (unsigned long)"decode_prctl", 0, 0, 0);
}

static void do_results(void)
{
	pr(PR_GET_FP_MODE, 1, 2, 3, 4);
	pr(PR_SET_FP_MODE, 0x23, 1, 2, 3);
	pr(PR_GET_SECUREBITS, 0, 0, 0, 0);
	pr(PR_GET_SPECULATION_CTRL, 0, 0, 0, 0);
	pr(PR_GET_SPECULATION_CTRL, 2, 0, 0, 0);
	/*
	 * Not PR_GET_SPECULATION_CTRL of a feature strace does not know:
	 * its result shows the task's last explanation of any syscall
	 * (set_thread_area's on i386), which sltrace does not copy.
	 */
	pr(PR_SET_SPECULATION_CTRL, 0, 0x20, 0, 0);
	pr(PR_SET_SPECULATION_CTRL, 7, 8, 0, 0);
	pr(PR_SVE_SET_VL, 0xf, 1, 2, 3);
	pr(PR_SVE_SET_VL, 0x10000, 1, 2, 3);
	pr(PR_SVE_SET_VL, 0x4ea57, 1, 2, 3);
	pr(PR_SVE_SET_VL, 0xfacefeed, 1, 2, 3);
	pr(PR_SVE_GET_VL, 1, 2, 3, 4);
	pr(PR_SME_SET_VL, 0x20000, 1, 2, 3);
	pr(PR_SME_SET_VL, 0xde90ded, 1, 2, 3);
	pr(PR_SME_GET_VL, 1, 2, 3, 4);
	pr(PR_SET_TAGGED_ADDR_CTRL, 0, 1, 2, 3);
	pr(PR_SET_TAGGED_ADDR_CTRL, 6, 1, 2, 3);
	pr(PR_SET_TAGGED_ADDR_CTRL, 0x57ae57f4, 1, 2, 3);
	pr(PR_SET_TAGGED_ADDR_CTRL, -1UL, 1, 2, 3);
	pr(PR_GET_TAGGED_ADDR_CTRL, 0, 0, 0, 0);
	pr(PR_PAC_RESET_KEYS, 0x1f, 0, 0, 0);
	pr(PR_PAC_SET_ENABLED_KEYS, 0x1f, 3, 0, 0);
	pr(PR_PAC_GET_ENABLED_KEYS, 0, 0, 0, 0);
	pr(0x12345, 1, 2, 3, 4);
}

static void do_misc(char *end)
{
	uint64_t cookie[2] = { 0, 0 };
	unsigned int size;

	pr(PR_SCHED_CORE, 0, getpid(), 0, (unsigned long)cookie);
	pr(PR_SCHED_CORE, hi(0), getpid(), hi(1), (unsigned long)(end - 4));
	pr(PR_SCHED_CORE, 0, getpid(), 0, 0);
	/* A pid no process has: CREATE and SHARE fail. */
	pr(PR_SCHED_CORE, 1, 0x7ffffff0, 2, 0);
	pr(PR_SCHED_CORE, 2, 0x7ffffff0, 3, 0);
	pr(PR_SCHED_CORE, 3, 0x7ffffff0, hi(4), 0);
	pr(PR_SCHED_CORE, 9, -1, -1UL, 0);
	pr(PR_SET_TIMERSLACK, -1UL, 0, 0, 0);
	pr(PR_SET_MM, 14, (unsigned long)&size, 0, 0);
	pr(PR_SET_MM, 14, (unsigned long)(end - 2), 0, 0);
	pr(PR_SET_MM, 13, (unsigned long)cookie, 10, 0);
	pr(PR_SET_MM, 99, 1, 2, 3);
	pr(PR_SET_VMA, 0, (unsigned long)(end - PG), PG, (unsigned long)"x");
	pr(PR_SET_VMA, 0, (unsigned long)(end - PG), PG, (unsigned long)end);
	pr(PR_SET_VMA, 7, 1, 2, 3);
	pr(PR_SET_PTRACER, 0x7ffffff0, 0, 0, 0);
	pr(PR_CAP_AMBIENT, 1, 0, 0, 0);
	pr(PR_CAP_AMBIENT, 2, 99, 0, 0);
	pr(PR_CAP_AMBIENT, 9, 1, 2, 3);
	pr(PR_SET_SYSCALL_USER_DISPATCH, 5, 1, 2, 3);
	pr(PR_SET_SYSCALL_USER_DISPATCH, 0, 0, 0, 0);
}

/* arch/x86/include/uapi/asm/prctl.h */
static void do_arch_prctl(char *end)
{
	uint64_t mask[2] = { 0, 0 };

	syscall(SYS_arch_prctl, 0x1021, mask);
	syscall(SYS_arch_prctl, 0x1021, end - 4);
	syscall(SYS_arch_prctl, 0x1021, 0);
	syscall(SYS_arch_prctl, 0x1022, mask);
	syscall(SYS_arch_prctl, 0x1024, mask);
	syscall(SYS_arch_prctl, 0x1023, 0x12);
	syscall(SYS_arch_prctl, 0x1023, 0xb);
	syscall(SYS_arch_prctl, 0x1023, 99);
	syscall(SYS_arch_prctl, 0x1025, 0x11);
}

int main(void)
{
	char *end = tail_page();

	marker("decode-begin");
	do_name(end);
	do_results();
	do_misc(end);
	do_arch_prctl(end);
	marker("decode-end");
	return 0;
}
