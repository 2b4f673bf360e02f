/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * decode_admin: performs the administration syscalls sltrace decodes
 * (modules, swap, reboot, kexec, host and domain names, pivot_root,
 * acct, modify_ldt) with arguments the kernel refuses -- bad magic
 * numbers, unknown flags or architectures, names that exist nowhere --
 * so that the program changes nothing even run by root: the host name is
 * set only in a UTS namespace of its own.  tests/cases/decode-admin*.sh
 * trace it with strace and with sltrace and compare the lines between
 * the two marker writes.  Built 64-bit and -m32.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#define PG 4096

/* linux/reboot.h */
#define MAGIC1 0xfee1deadUL
#define MAGIC2 0x28121969UL
#define MAGIC2A 0x05121996UL
#define MAGIC2B 0x16041998UL
#define MAGIC2C 0x20112000UL
#define CMD_RESTART2 0xa1b2c3d4UL
#define CMD_KEXEC 0x45584543UL
#define CMD_CAD_OFF 0UL
/* Never both magic numbers right: every reboot() here fails. */
#define BAD_MAGIC 0x13111992UL

/* linux/kexec.h: an architecture this machine never runs. */
#define KEXEC_ARCH_ARM (40UL << 16)

/* Bits above 32 of a long (64-bit only): the kernel drops them. */
#if defined(__x86_64__)
# define HIGH 0xffffffff00000000UL
#else
# define HIGH 0UL
#endif

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

/* s copied to end at the unmapped page, with its NUL when nul. */
static char *at_end(char *end, const char *s, int nul)
{
	size_t n = strlen(s) + !!nul;

	memcpy(end - n, s, n);
	return end - n;
}

static void do_modules(char *end)
{
	int null = open("/dev/null", O_RDONLY);
	char *blob = end - 64;

	memset(blob, 0x7f, 64);
	syscall(SYS_init_module, blob, 64UL, "param=1 other=two");
	syscall(SYS_init_module, blob, 64UL, NULL);
	syscall(SYS_init_module, NULL, HIGH | 16, "");
	syscall(SYS_init_module, end, 0UL, at_end(end, "abcdefgh", 0));
	syscall(SYS_finit_module, -1, "a=b", 0);
	syscall(SYS_finit_module, -1, "a=b", 1);
	syscall(SYS_finit_module, -1, "", 7);
	syscall(SYS_finit_module, -1, NULL, 0x18);
	syscall(SYS_finit_module, null, end, 0xfffffff9);
	syscall(SYS_finit_module, null, "x", HIGH | 2);
	syscall(SYS_delete_module, "sltrace_no_such_module", 0);
	syscall(SYS_delete_module, "sltrace_no_such_module", O_NONBLOCK);
	syscall(SYS_delete_module, "sltrace_no_such_module",
		O_NONBLOCK | O_TRUNC | 0x10000);
	syscall(SYS_delete_module, "x", 0x1);
	syscall(SYS_delete_module, "x", HIGH | O_TRUNC);
	syscall(SYS_delete_module, NULL, 0);
	syscall(SYS_delete_module, at_end(end, "sltrace", 0), 0);
	close(null);
}

static void do_swap(char *end)
{
	static const unsigned long flags[] = {
		0, 5, 0x7fff, 0x8000, 0x8000 | 42, 0x10000 | 3, 0x70000,
		0x80000, 0x88000 | 1, 0xffffffff, HIGH | 0x8005,
	};
	unsigned int i;

	for (i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
		syscall(SYS_swapon, "/sltrace/no/such/swap", flags[i]);
	syscall(SYS_swapon, NULL, 0);
	syscall(SYS_swapon, end, 0);
	syscall(SYS_swapoff, "/sltrace/no/such/swap");
	syscall(SYS_swapoff, NULL);
	syscall(SYS_swapoff, end);
}

static void do_reboot(char *end)
{
	char *longarg = end - 300;

	memset(longarg, 'r', 300);
	syscall(SYS_reboot, 0UL, 0UL, CMD_CAD_OFF, 0UL);
	syscall(SYS_reboot, MAGIC1, BAD_MAGIC, CMD_RESTART2, "restart-cmd");
	syscall(SYS_reboot, BAD_MAGIC, MAGIC2, CMD_KEXEC, 0UL);
	syscall(SYS_reboot, BAD_MAGIC, MAGIC2A, CMD_RESTART2, longarg);
	syscall(SYS_reboot, BAD_MAGIC, MAGIC2B, CMD_RESTART2, end - 255);
	syscall(SYS_reboot, BAD_MAGIC, MAGIC2C, CMD_RESTART2, end - 254);
	syscall(SYS_reboot, BAD_MAGIC, MAGIC2C, CMD_RESTART2, NULL);
	syscall(SYS_reboot, MAGIC1, MAGIC1, 0x1234568UL, 0UL);
	syscall(SYS_reboot, MAGIC2, MAGIC2, CMD_CAD_OFF, 0UL);
	syscall(SYS_reboot, HIGH | BAD_MAGIC, HIGH | MAGIC2, HIGH, 0UL);
	longarg[299] = '\0';
	syscall(SYS_reboot, BAD_MAGIC, MAGIC2A, CMD_RESTART2, end - 255);
	syscall(SYS_reboot, BAD_MAGIC, MAGIC2A, CMD_RESTART2, end - 256);
	syscall(SYS_reboot, BAD_MAGIC, MAGIC2A, CMD_RESTART2, end - 6);
}

/* struct kexec_segment of the tracee's layout: four longs. */
struct kseg {
	unsigned long buf, bufsz, mem, memsz;
};

static void do_kexec(char *end)
{
	struct kseg *seg = (struct kseg *)end - 2;
	int null = open("/dev/null", O_RDONLY);

	seg[0] = (struct kseg){ 0x1000, 0x2000, 0x3000, 0x4000 };
	seg[1] = (struct kseg){ 0, 16, 0, 32 };
	/* Every call names ARM or too many segments: EINVAL (or EPERM). */
	syscall(SYS_kexec_load, 0x100000UL, 2UL, seg, KEXEC_ARCH_ARM);
	syscall(SYS_kexec_load, 0UL, 1UL, seg + 1, KEXEC_ARCH_ARM | 1);
	syscall(SYS_kexec_load, 0UL, 2UL, seg + 1, KEXEC_ARCH_ARM | 3);
	syscall(SYS_kexec_load, 0UL, 0UL, NULL, KEXEC_ARCH_ARM | 0x1054);
	syscall(SYS_kexec_load, 0UL, 17UL, seg, 0UL);
	syscall(SYS_kexec_load, 0UL, 17UL, seg, 1UL);
	syscall(SYS_kexec_load, 0UL, 3UL, end, 0xdead0000UL);
	syscall(SYS_kexec_load, 0UL, 0UL, seg, (62UL << 16) | 0x100 | HIGH);
	syscall(SYS_kexec_load, 0UL, -1UL, NULL, 0xffff0000UL);
#ifdef SYS_kexec_file_load
	/* Unknown flags: EINVAL before the kernel looks at anything. */
	syscall(SYS_kexec_file_load, null, null, 7UL, "abcdef", 0x100UL);
	syscall(SYS_kexec_file_load, -1, null, 6UL, "abcdef", 0x106UL);
	syscall(SYS_kexec_file_load, null, -1, 40UL,
		"0123456789012345678901234567890123456789", 0x10a);
	syscall(SYS_kexec_file_load, -1, -1, 0UL, NULL, HIGH | 0x102);
	syscall(SYS_kexec_file_load, -1, -1, 8UL, end - 7, 0xfff8UL);
#endif
	close(null);
}

static void do_names(char *end)
{
	char *e5 = at_end(end, "abcde", 0);

	syscall(SYS_sethostname, NULL, 64UL);
	syscall(SYS_sethostname, e5, 65UL);
	syscall(SYS_sethostname, e5, 6UL);
	syscall(SYS_setdomainname, NULL, 63UL);
	syscall(SYS_setdomainname, e5, 100UL);
	syscall(SYS_setdomainname, e5, 6UL);
	/* A UTS namespace of its own, or no name is set. */
	if (unshare(CLONE_NEWUTS))
		return;
	syscall(SYS_sethostname, e5, 5UL);
	syscall(SYS_sethostname, e5, HIGH | 4);
	syscall(SYS_sethostname, "a\0b", 3UL);
	syscall(SYS_sethostname, "0123456789012345678901234567890123456789",
		40UL);
	syscall(SYS_sethostname, e5, 0UL);
	syscall(SYS_setdomainname, e5, 5UL);
	syscall(SYS_setdomainname, "example.org", 11UL);
	syscall(SYS_setdomainname, "0123456789012345678901234567890123456789"
		"012345678901234567890123", 64UL);
}

static void do_files(char *end)
{
	syscall(SYS_pivot_root, "/sltrace/no/such/new", "/sltrace/no/old");
	syscall(SYS_pivot_root, NULL, end);
	syscall(SYS_acct, "/sltrace/no/such/acct");
	syscall(SYS_acct, end);
}

static void do_ldt(char *end)
{
	uint32_t *d = (uint32_t *)end - 4;
	char *buf = end - PG;

	syscall(SYS_modify_ldt, 0, NULL, 0UL);
	/* Reading the LDT changes nothing. */
	syscall(SYS_modify_ldt, 0, buf, 16UL);
	syscall(SYS_modify_ldt, 0, buf, (unsigned long)PG);
	syscall(SYS_modify_ldt, 2, buf, 16UL);
	/* Writes the kernel refuses: a bad size, an entry past the LDT. */
	syscall(SYS_modify_ldt, 1, buf, 15UL);
	d[0] = 8192;
	d[1] = 0x12345;
	d[2] = 0xfffff;
	d[3] = 0x55;
	syscall(SYS_modify_ldt, 1, d, 16UL);
	d[0] = 0xffffffff;
	d[3] = 0x2a;
	syscall(SYS_modify_ldt, 0x11, d, 16UL);
	d[0] = 0x80000000;
	syscall(SYS_modify_ldt, 0x11, d, 16UL);
	syscall(SYS_modify_ldt, 1, end - 8, 16UL);
	syscall(SYS_modify_ldt, 5, d, 16UL);
	syscall(SYS_modify_ldt, -1, -1L, -1L);
}

int main(void)
{
	char *end = tail_page();

	marker("decode-begin");
	do_modules(end);
	do_swap(end);
	do_reboot(end);
	do_kexec(end);
	do_files(end);
	do_ldt(end);
	do_names(end);
	marker("decode-end");
	return 0;
}
