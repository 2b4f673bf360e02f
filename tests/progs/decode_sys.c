/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * decode_sys: performs each of the assorted syscalls of memfd.c,
 * advise.c, fanotify.c and procinfo.c (memfd_create, memfd_secret,
 * userfaultfd, pkey_*, setns, unshare, ioprio_*, getcpu, kcmp, syslog,
 * fadvise64, readahead, sync_file_range, process_madvise,
 * process_mrelease, fanotify_*) and pidfd_getfd, with valid arguments,
 * error returns, NULL, pointers into an unmapped page and bits no flag
 * names.
 * tests/cases/decode-sys*.sh trace it with strace and with sltrace and
 * compare the lines between the two marker writes.  Built 64-bit and
 * -m32 (64-bit offsets and masks in two registers, fadvise64_64).
 *
 * Nothing here changes the machine: syslog only opens, closes and asks
 * the size of the log; the console level is only set to values the
 * kernel refuses.  Whatever a call returns (EPERM in a container,
 * ENOSYS on a kernel without it) is the same under both tracers.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#define PG 4096

/* The high half of a long the kernel reads as an int. */
#if defined(__x86_64__)
#define HI(x) ((unsigned long)(x) << 32)
#else
#define HI(x) 0UL
#endif

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

/*
 * A 64-bit argument: one register on x86_64, two (low half first) on
 * i386, where syscall() takes them as two more arguments.
 */
#if defined(__x86_64__)
#define LL(x) (unsigned long long)(x)
#else
#define LL(x) (unsigned long)(uint64_t)(x), (unsigned long)((uint64_t)(x) >> 32)
#endif

static void do_memfd(char *end)
{
	char *name;
	long fd;

	fd = syscall(SYS_memfd_create, "decode-sys", MFD_CLOEXEC);
	close(fd);
	fd = syscall(SYS_memfd_create, "x",
		     HI(0xfacefeed) | MFD_ALLOW_SEALING | MFD_HUGETLB |
			     (21U << 26));
	close(fd);
	syscall(SYS_memfd_create, "x", 30U << 26);
	syscall(SYS_memfd_create, "x", -1UL);
	syscall(SYS_memfd_create, "x", 0x3fffff8);
	syscall(SYS_memfd_create, "x", 0x78000008);
	syscall(SYS_memfd_create, NULL, 0);
	syscall(SYS_memfd_create, end, 0);
	/* 250 bytes without a NUL before the unmapped page. */
	name = end - 250;
	memset(name, 'n', 250);
	syscall(SYS_memfd_create, name, 0);
	syscall(SYS_memfd_create, name + 1, 0);
	/* 250 and a NUL; 249 and a NUL; 33, 32 and 4 and a NUL. */
	memset(end - 251, 'n', 250);
	end[-1] = '\0';
	syscall(SYS_memfd_create, end - 251, 0);
	syscall(SYS_memfd_create, end - 250, 0);
	syscall(SYS_memfd_create, end - 33, 0);
	syscall(SYS_memfd_create, end - 34, 0);
	syscall(SYS_memfd_create, end - 5, 0);

	fd = syscall(SYS_memfd_secret, 0);
	close(fd);
	syscall(SYS_memfd_secret, HI(0xbeefcafe) | O_CLOEXEC);
	syscall(SYS_memfd_secret, 0xde97face);

	fd = syscall(SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK | 1);
	close(fd);
	syscall(SYS_userfaultfd, HI(0xdefaced) | 0xfff7f7fe);
	syscall(SYS_userfaultfd, -1UL);
}

static void do_pkey(void)
{
	long k;

	k = syscall(SYS_pkey_alloc, 0, 1);
	syscall(SYS_pkey_mprotect, NULL, 0, PROT_READ, k);
	syscall(SYS_pkey_free, k);
	syscall(SYS_pkey_alloc, HI(0xbadc0ded), HI(0xbadc0ded) | 2);
	syscall(SYS_pkey_alloc, 0, 0xbadc0de8);
	syscall(SYS_pkey_alloc, 0, 7);
	syscall(SYS_pkey_free, -1);
	syscall(SYS_pkey_mprotect, NULL, 0, HI(0xdeadfeed) | 0xca7500, -1);
	syscall(SYS_pkey_mprotect, NULL, 0, HI(0xdeadfeed) | 3, 0);
	/* mprotect and mmap show prot's high half too. */
	syscall(SYS_mprotect, NULL, 0, HI(0xdeadfeed) | 3);
#if defined(__x86_64__)
	syscall(SYS_mmap, NULL, PG, HI(0xdeadfeed) | PROT_READ,
		MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
#endif
}

static void do_ns(void)
{
	int fd = open("/proc/self/ns/uts", O_RDONLY);

	syscall(SYS_setns, fd, CLONE_NEWUTS);
	syscall(SYS_setns, fd, 0);
	syscall(SYS_setns, fd, HI(0xdefaced) | CLONE_NEWNET);
	syscall(SYS_setns, -1, 0x81fdff7f);
	syscall(SYS_setns, -1, -1);
	close(fd);
	syscall(SYS_unshare, 0);
	syscall(SYS_unshare, HI(0xbadc0ded) | 0xf);
	syscall(SYS_unshare, 0xdeadcaf5);
	syscall(SYS_unshare, 0x81f8f07f);
}

static void do_ioprio(void)
{
	/* IOPRIO_PRIO_VALUE(IOPRIO_CLASS_BE, 4) */
	const long be4 = 2 << 13 | 4;

	/*
	 * A group's or a user's priority is the highest of its processes,
	 * the tracer's among them: only absent ones are asked for.
	 */
	syscall(SYS_ioprio_get, 1, 0);
	syscall(SYS_ioprio_get, 2, 0x7ffffff0);
	syscall(SYS_ioprio_get, 3, 0x7ffffff0);
	syscall(SYS_ioprio_get, HI(0xdeadface) | 0xfa57beef, -1);
	syscall(SYS_ioprio_set, 1, 0, be4);
	syscall(SYS_ioprio_get, 1, getpid());
	syscall(SYS_ioprio_set, 1, getpid(), 0);
	syscall(SYS_ioprio_set, 2, getpgrp(), HI(1) | 8191);
	syscall(SYS_ioprio_set, 3, -1, 3 << 13 | 7);
	syscall(SYS_ioprio_set, 4, 0, 0xfacefeed);
}

static void do_getcpu(char *end)
{
	unsigned int *cpu = (unsigned int *)end - 1;
	unsigned int *node = (unsigned int *)end - 2;

	syscall(SYS_getcpu, NULL, NULL, NULL);
	syscall(SYS_getcpu, cpu, node, NULL);
	syscall(SYS_getcpu, cpu, NULL, end - 64);
	syscall(SYS_getcpu, end, end + 4, end + 8);
}

static void do_kcmp(char *end)
{
	uint32_t *slot = (uint32_t *)end - 3;
	int pid = getpid();
	int nul = open("/dev/null", O_RDONLY);

	/*
	 * Only equal objects: the order kcmp gives two different ones
	 * changes from run to run.
	 */
	syscall(SYS_kcmp, pid, pid, 0, nul, nul);
	syscall(SYS_kcmp, pid, pid, 0, nul, 1000);
	syscall(SYS_kcmp, pid, -1, 0, nul, HI(1) | 42);
	syscall(SYS_kcmp, pid, pid, 1, HI(5) | 6, 7);
	syscall(SYS_kcmp, -1, -1, 6, 1, 2);
	syscall(SYS_kcmp, pid, pid, 8, HI(0xdec0ded3) | 0xdec0ded4, 0);
	syscall(SYS_kcmp, pid, pid, HI(0xbadc0ded) | 0xda7adead, 1, 2);
	slot[0] = nul;
	slot[1] = 0;
	slot[2] = 0xbadc0ded;
	syscall(SYS_kcmp, pid, pid, 7, nul, slot);
	syscall(SYS_kcmp, pid, pid, 7, nul, end);
	syscall(SYS_kcmp, pid, pid, 7, -1, NULL);
	close(nul);
}

static void do_syslog(char *end)
{
	char *buf = end - 64;

	syscall(SYS_syslog, 1, NULL, 0);
	syscall(SYS_syslog, 0, NULL, 0);
	syscall(SYS_syslog, HI(0xbadc0ded) | 10, 0xfacefeed, -1);
	syscall(SYS_syslog, 3, buf, 0);
	syscall(SYS_syslog, 3, NULL, 16);
	syscall(SYS_syslog, 2, buf, -1);
	syscall(SYS_syslog, 4, end, -5);
	syscall(SYS_syslog, 8, NULL, 9);
	syscall(SYS_syslog, 8, 0xfacefeed, -1);
	syscall(SYS_syslog, 11, buf, 64);
	syscall(SYS_syslog, -1, NULL, -1);
}

static void do_advise(void)
{
	int fd = open("/proc/self/exe", O_RDONLY);

#ifdef SYS_fadvise64
	syscall(SYS_fadvise64, fd, LL(0), 4096UL, POSIX_FADV_SEQUENTIAL);
	syscall(SYS_fadvise64, fd, LL(-1), -1UL, 5);
	syscall(SYS_fadvise64, -1, LL(0xbadc0dedda7a1057ULL), 1UL, 6);
#endif
#ifdef SYS_fadvise64_64
	syscall(SYS_fadvise64_64, fd, LL(4096), LL(0x1234567890ULL),
		POSIX_FADV_DONTNEED);
	syscall(SYS_fadvise64_64, -1, LL(-2), LL(-3), 0xdeadca75);
#endif
	syscall(SYS_readahead, fd, LL(0), 8192UL);
	syscall(SYS_readahead, fd, LL(0x8000000000000000ULL), -1UL);
	syscall(SYS_readahead, -1, LL(-1), 0UL);
	syscall(SYS_sync_file_range, fd, LL(0), LL(0), 0);
	syscall(SYS_sync_file_range, fd, LL(4096), LL(1), 7);
	syscall(SYS_sync_file_range, -1, LL(0xdeadbeefbadc0dedULL),
		LL(0xfacefeedcafef00dULL), -1U);
	syscall(SYS_sync_file_range, fd, LL(0), LL(0), 8);
	close(fd);
}

static void do_process(char *end)
{
	struct iovec *iov = (struct iovec *)end - 2;
	char *page = end - PG;
	int pidfd = syscall(SYS_pidfd_open, getpid(), 0);
	int nul;

	iov[0].iov_base = page;
	iov[0].iov_len = 64;
	iov[1].iov_base = page + 128;
	iov[1].iov_len = 0xdeadbeef;
	syscall(SYS_process_madvise, pidfd, iov, 1, MADV_COLD, 0);
	syscall(SYS_process_madvise, pidfd, iov, 2, MADV_PAGEOUT, 0);
	syscall(SYS_process_madvise, pidfd, iov + 1, 2, 0xdeadc0de, 0xcafef00d);
	syscall(SYS_process_madvise, -1, NULL, -1UL, HI(1) | 20, HI(1));
	syscall(SYS_process_madvise, pidfd, end, 0, MADV_WILLNEED, 0);
	syscall(SYS_process_mrelease, pidfd, 0);
	syscall(SYS_process_mrelease, -1, HI(0xbadc0ded) | 0xfacefeed);
	/* The target fd is the pidfd's process's: -y shows its path. */
	nul = open("/dev/null", O_RDONLY);
	close(syscall(SYS_pidfd_getfd, pidfd, nul, 0));
	syscall(SYS_pidfd_getfd, pidfd, 1000, 0);
	close(nul);
	close(pidfd);
}

static void do_fanotify(char *end)
{
	char *path = end - 5;
	long fd;

	memcpy(path, "/tmp", 5);
	fd = syscall(SYS_fanotify_init, 0x1 | 0x200, O_RDONLY | O_CLOEXEC);
	syscall(SYS_fanotify_mark, fd, 1, LL(0x2 | 0x40000000ULL), -100, path);
	syscall(SYS_fanotify_mark, fd, 1 | 0x10, LL(0x8), -1, path);
	syscall(SYS_fanotify_mark, fd, 0x80, LL(0), 0, NULL);
	syscall(SYS_fanotify_mark, fd, 0xeface800, LL(0xffffffffa7f02000ULL),
		fd, end);
	syscall(SYS_fanotify_mark, fd, -1U, LL(-1), -1091571699, end - 1);
	close(fd);
	syscall(SYS_fanotify_init, HI(0xdec0ded) | 0xeface004,
		HI(0xdeadbeef) | O_WRONLY | 0x80000000);
	syscall(SYS_fanotify_init, 0xc, O_RDWR | O_LARGEFILE);
	syscall(SYS_fanotify_init, -1U, -1U);
	syscall(SYS_fanotify_init, 4 | 1, 0);
}


/*
 * Round 3: argument forms of strace 6.1 (futex ops it leaves unnamed,
 * ustat's makedev, ioperm in hex, lookup_dcookie's 64-bit cookie, an
 * empty cpu set, sched_setattr's short size and E2BIG write-back,
 * setgroups past NGROUPS_MAX, sendfile's unchanged offset, unsigned
 * fractions of timer values and sigev_signo, mq_open's mode and
 * attributes, _sysctl's struct).  All fail or change nothing.
 */
static void do_round3(void)
{
	/* A page of its own: the earlier calls may map over the other. */
	char *end = tail_page();
	unsigned long *w = (unsigned long *)(end - 10 * sizeof(long));
	uint32_t *attr = (uint32_t *)(end - 56);
	long tv[4];
	int id = -1, mfd;
	long long off;

	syscall(SYS_futex, end, 0x101, 1, 0, 0, 0);
	syscall(SYS_futex, end, 0x82, 5, 0, 0, 0);
	syscall(SYS_futex, end, 0x182, 5, 0, 0, 0);
	syscall(SYS_futex, end, 0x10d, 0, 0, 0, 0);
	syscall(SYS_futex, end, 0x10a, 1, 0, 0, 0xdeadbee4);
	syscall(SYS_ustat, HI(0xfacefeed) | 0xffffffffUL, 0);
	syscall(SYS_ustat, 0x801, end);
	syscall(SYS_ioperm, ~0UL, 1, 0);
	syscall(SYS_lookup_dcookie, LL(0xf157feeddeadfaceULL), end, 16);
	syscall(SYS_sched_setaffinity, 0, 0, end);
	syscall(SYS_sched_setaffinity, 0, 0, 0);

	/* sched_setattr: size 1 and 47 (E2BIG, size written back). */
	memset(attr, 0, 56);
	attr[0] = 1;
	syscall(SYS_sched_setattr, 0, attr, 0);
	attr[0] = 47;
	syscall(SYS_sched_setattr, 0, attr, 0);
	/* KEEP_POLICY, then KEEP_PARAMS; a size past the struct. */
	attr[0] = 48;
	attr[1] = 0xdefaced;
	attr[2] = 0x8f;
	syscall(SYS_sched_setattr, -1, attr, 0);
	attr[0] = 56;
	attr[2] = 0xcaffee90;
	syscall(SYS_sched_setattr, -1, attr, 0);
	attr[0] = 0x90807060;
	attr[2] = 0x87;
	syscall(SYS_sched_setattr, -1, attr, 0);

	syscall(SYS_setgroups, 65537, end - 4);

	/* sendfile at the end of an empty file: 0 sent, offset as it was. */
	mfd = (int)syscall(SYS_memfd_create, "decode-sys-r3", 0);
	off = 0;
#if defined(__x86_64__)
	syscall(SYS_sendfile, 1, mfd, &off, 1);
#else
	syscall(SYS_sendfile64, 1, mfd, &off, 1);
#endif
	close(mfd);

	/* sigevent: value, signo (no signal), notify SIGEV_NONE. */
	memset(w, 0, 8 * sizeof(long));
	w[0] = 0xbadc0ded;
	((int *)(w + 1))[0] = (int)0xfacefeed;
	((int *)(w + 1))[1] = 1;
	if (syscall(SYS_timer_create, 0, w, &id) == 0) {
		tv[0] = 1;
		tv[1] = (long)0xfacefeedUL;
		tv[2] = 2;
		tv[3] = (long)(HI(0xbadc0ded) | 0xfacefeedUL);
		syscall(SYS_timer_settime, id, 0, tv, 0);
		syscall(SYS_timer_delete, id);
	}
	syscall(SYS_setitimer, 0, tv, 0);

	/* mq_open: mode past 16 bits, attributes cut short or refused. */
	syscall(SYS_mq_open, "decode-sys-r3", O_CREAT | O_RDWR, 0xdeadfeedUL,
		end - 3 * sizeof(long));
	memset(w, 0, 8 * sizeof(long));
	w[0] = O_NONBLOCK | 0x10000;
	w[1] = -1;
	syscall(SYS_mq_open, "decode-sys-r3", O_CREAT | O_RDWR, 0600, w);

	/* _sysctl: the kernel has not had it since 5.5. */
	memset(w, 0, 10 * sizeof(long));
	syscall(SYS__sysctl, end - 4);
	syscall(SYS__sysctl, w);
	w[0] = (unsigned long)end;
	w[1] = 3;
	w[5] = 7;
	syscall(SYS__sysctl, w);
}

int main(void)
{
	char *end = tail_page();
	cpu_set_t set;
	int cpu;

	/* One cpu: getcpu's answer is the same under both tracers. */
	sched_getaffinity(0, sizeof(set), &set);
	for (cpu = 0; cpu < CPU_SETSIZE && !CPU_ISSET(cpu, &set); cpu++)
		;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);

	marker("decode-begin");
	do_memfd(end);
	do_pkey();
	do_ns();
	do_ioprio();
	do_getcpu(end);
	do_kcmp(end);
	do_syslog(end);
	do_advise();
	do_process(end);
	do_fanotify(end);
	do_round3();
	marker("decode-end");
	return 0;
}
