/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * decode_desc [SECTION...]: performs the descriptor syscalls (read and
 * write and their vector forms, dup*, pipe*, fcntl, close_range, poll,
 * select, epoll, eventfd, signalfd, timerfd, inotify, sendfile, splice,
 * flock, ioctl) with valid arguments, failing arguments and pointers to
 * unmapped memory, through syscall(2) so that libc picks no other
 * syscall.  Built for x86_64 and, as decode_desc32, for i386.
 *
 * Everything after the marker write(-1, "DESC-BEGIN", 10) is what the
 * case tests/cases/decode-desc.sh compares between strace and sltrace.
 * Sections: fd seek io fcntl poll select epoll misc splice ioctl (default:
 * all).  Runs in a scratch directory: it creates files there.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include <linux/fs.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/file.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <sys/uio.h>

#define S(...) syscall(__VA_ARGS__)

/* include/uapi/asm-generic/fcntl.h, linux/fcntl.h: not in glibc's fcntl.h */
#ifndef F_GETOWNER_UIDS
# define F_GETOWNER_UIDS 17
#endif
#ifndef F_CANCELLK
# define F_CANCELLK 1029
#endif

/* asm/termbits.h, which clashes with glibc's termios.h (TCGETS2 needs it). */
struct termios2 {
	unsigned int c_iflag, c_oflag, c_cflag, c_lflag;
	unsigned char c_line, c_cc[19];
	unsigned int c_ispeed, c_ospeed;
};

#ifdef __i386__
/* A 64-bit argument as two registers, low half first. */
# define OFF(v) (long)(uint32_t)(uint64_t)(v), (long)(uint32_t)((uint64_t)(v) >> 32)
/* preadv and friends: two longs, low half first, on every ABI. */
# define POS(v) OFF(v)
#else
# define OFF(v) (long)(v)
# define POS(v) (long)(v), 0L
#endif

static long page;

/* n bytes that end where an unmapped page begins. */
static void *tail_alloc(size_t n)
{
	size_t len = (n + page - 1) / page * page + page;
	char *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		perror("mmap");
		exit(1);
	}
	munmap(p + len - page, page);
	return p + len - page - n;
}

static void *unmapped(void)
{
	return tail_alloc(0);
}

static void marker(const char *s)
{
	S(SYS_write, -1, s, strlen(s));
}

static void sec_fd(void)
{
	int p[2], *bad = unmapped();

	marker("fd");
	{
		/* -y escapes a path: "\n", quotes, and <> in octal. */
		static const char name[] = "/tmp/sl-desc-a\n\"<b>";
		int fd = open(name, O_CREAT | O_RDWR, 0600);

		if (fd >= 0) {
			S(SYS_fsync, fd);
			unlink(name);
			S(SYS_close, fd);
		}
	}
	S(SYS_pipe, p);
	S(SYS_close, p[0]);
	S(SYS_close, p[1]);
	S(SYS_pipe, bad);
	S(SYS_pipe2, p, O_CLOEXEC);
	S(SYS_close, p[0]);
	S(SYS_close, p[1]);
	S(SYS_pipe2, p, O_NONBLOCK | O_DIRECT);
	S(SYS_pipe2, bad, 0);
	S(SYS_pipe2, p, 0x10000000);
	S(SYS_dup, p[0]);
	S(SYS_dup, -1);
	S(SYS_dup2, p[0], 100);
	S(SYS_dup2, p[0], -5);
	S(SYS_dup3, p[0], 101, O_CLOEXEC);
	S(SYS_dup3, p[0], 102, 0);
	S(SYS_dup3, p[0], 102, 0x1);
	S(SYS_close, 100);
	S(SYS_close, -1);
	S(SYS_close_range, 100, 102, 0);
	S(SYS_close_range, 200, ~0U, CLOSE_RANGE_CLOEXEC | CLOSE_RANGE_UNSHARE);
	S(SYS_close_range, 200, 300, 0x80);
	S(SYS_close_range, 300, 200, 0);
	S(SYS_flock, p[0], LOCK_SH);
	S(SYS_flock, p[0], LOCK_EX | LOCK_NB);
	S(SYS_flock, p[0], LOCK_UN);
	S(SYS_flock, p[0], 0x40 | LOCK_MAND);
	S(SYS_flock, -1, LOCK_SH);
	S(SYS_close, p[0]);
	S(SYS_close, p[1]);

	/*
	 * Unlinked files: -y marks them "(deleted)", and -yy shows an
	 * unlinked device node (made where mknod is allowed) without its
	 * device.
	 */
	p[0] = open("gone", O_CREAT | O_RDWR, 0600);
	unlink("gone");
	p[1] = S(SYS_dup, p[0]);
	S(SYS_close, p[1]);
	S(SYS_close, p[0]);
	if (!mknod("gonenull", S_IFCHR | 0600, makedev(1, 3))) {
		p[0] = open("gonenull", O_RDWR);
		unlink("gonenull");
		S(SYS_write, p[0], "x", 1);
		S(SYS_close, p[0]);
	}
}

static void sec_seek(void)
{
	int fd = open("seekfile", O_RDWR | O_CREAT | O_TRUNC | O_LARGEFILE,
		      0600);

	marker("seek");
	S(SYS_write, fd, "0123456789", 10);
	S(SYS_lseek, fd, 0L, SEEK_SET);
	S(SYS_lseek, fd, -1L, SEEK_CUR);
	S(SYS_lseek, fd, 2L, SEEK_END);
	S(SYS_lseek, fd, 0L, SEEK_DATA);
	S(SYS_lseek, fd, 0L, SEEK_HOLE);
	S(SYS_lseek, fd, 5L, 9);
	S(SYS_lseek, -1, 0L, SEEK_SET);
#ifdef __i386__
	{
		long long *res = tail_alloc(sizeof(*res));

		S(SYS__llseek, fd, 0, 10, res, SEEK_SET);
		S(SYS__llseek, fd, 1, 10, res, SEEK_SET);
		S(SYS__llseek, fd, -1, -10, res, SEEK_CUR);
		S(SYS__llseek, fd, 0, 0, res, SEEK_END);
		S(SYS__llseek, fd, 0, 10, (char *)res + 1, SEEK_SET);
		S(SYS__llseek, fd, 0, 10, NULL, SEEK_SET);
		S(SYS__llseek, fd, 0, 10, res, 7);
	}
#endif
	S(SYS_close, fd);
}

static void sec_io(void)
{
	static const char bin[] = "\0\1\2\377x\"\\\t\n end";
	static const char lng[] =
		"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
	char buf[256];
	char *tail = tail_alloc(8), *bad = unmapped();
	struct iovec iov[40], *tiov = tail_alloc(2 * sizeof(*tiov));
	int p[2], fd, i;

	marker("io");
	/* Non-blocking: a read of an empty pipe fails with EAGAIN. */
	S(SYS_pipe2, p, O_NONBLOCK);
	S(SYS_write, p[1], "hello", 5);
	S(SYS_read, p[0], buf, 5);
	S(SYS_write, p[1], lng, sizeof(lng) - 1);
	S(SYS_read, p[0], buf, sizeof(buf));
	S(SYS_write, p[1], bin, sizeof(bin) - 1);
	S(SYS_read, p[0], buf, sizeof(buf));
	S(SYS_write, p[1], "", 0);
	S(SYS_write, p[1], NULL, 5);
	S(SYS_write, p[1], bad, 5);
	memcpy(tail, "abcdefgh", 8);
	S(SYS_write, p[1], tail, 8);
	S(SYS_read, p[0], tail, 8);
	S(SYS_write, p[1], tail, 9);
	S(SYS_read, p[0], buf, sizeof(buf));
	S(SYS_read, -1, buf, 5);
	S(SYS_write, p[1], "xyz", 3);
	S(SYS_read, p[0], NULL, 3);
	S(SYS_read, p[0], bad, 3);
	S(SYS_read, p[0], buf, 3);
	S(SYS_write, p[1], lng, 33);
	S(SYS_read, p[0], buf, 32);
	S(SYS_read, p[0], buf, 32);
	S(SYS_write, p[1], lng, 32);
	S(SYS_read, p[0], buf, 33);

	fd = open("file", O_RDWR | O_CREAT | O_TRUNC | O_LARGEFILE, 0600);
	S(SYS_pwrite64, fd, "abcdef", 6, OFF(0));
	S(SYS_pwrite64, fd, "ghi", 3, OFF(0x100000000LL));
	S(SYS_pread64, fd, buf, 6, OFF(0));
	S(SYS_pread64, fd, buf, 6, OFF(-1));
	S(SYS_pread64, fd, buf, 6, OFF(0x100000001LL));
	S(SYS_pwrite64, fd, bad, 6, OFF(2));

	iov[0].iov_base = (void *)"abc";
	iov[0].iov_len = 3;
	iov[1].iov_base = (void *)"defgh";
	iov[1].iov_len = 5;
	S(SYS_writev, p[1], iov, 2);
	iov[0].iov_base = buf;
	iov[0].iov_len = 2;
	iov[1].iov_base = buf + 10;
	iov[1].iov_len = 10;
	iov[2].iov_base = buf + 30;
	iov[2].iov_len = 10;
	S(SYS_readv, p[0], iov, 3);
	iov[0].iov_base = (void *)lng;
	iov[0].iov_len = sizeof(lng) - 1;
	iov[1].iov_base = (void *)bin;
	iov[1].iov_len = sizeof(bin) - 1;
	S(SYS_writev, p[1], iov, 2);
	iov[0].iov_base = buf;
	iov[0].iov_len = 40;
	iov[1].iov_base = buf + 50;
	iov[1].iov_len = 100;
	S(SYS_readv, p[0], iov, 2);
	for (i = 0; i < 40; i++) {
		iov[i].iov_base = (void *)(lng + i);
		iov[i].iov_len = 1;
	}
	S(SYS_writev, p[1], iov, 40);
	for (i = 0; i < 40; i++) {
		iov[i].iov_base = buf + i;
		iov[i].iov_len = 1;
	}
	S(SYS_readv, p[0], iov, 40);
	S(SYS_writev, p[1], iov, 0);
	S(SYS_writev, p[1], bad, 2);
	S(SYS_readv, p[0], bad, 2);
	S(SYS_writev, p[1], NULL, 2);
	tiov[0].iov_base = (void *)"tail";
	tiov[0].iov_len = 4;
	tiov[1].iov_base = (void *)"iov";
	tiov[1].iov_len = 3;
	S(SYS_writev, p[1], tiov, 3);
	S(SYS_writev, p[1], tiov, 2);
	S(SYS_readv, p[0], tiov + 1, 1);
	tiov[1].iov_base = bad;
	S(SYS_writev, p[1], tiov, 2);
	S(SYS_read, p[0], buf, sizeof(buf));
	iov[0].iov_base = (void *)"ab";
	iov[0].iov_len = 2;
	iov[1].iov_base = bad;
	iov[1].iov_len = 2;
	S(SYS_writev, p[1], iov, 2);
	S(SYS_read, p[0], buf, sizeof(buf));
	iov[0].iov_base = NULL;
	iov[0].iov_len = 0;
	iov[1].iov_base = (void *)"x";
	iov[1].iov_len = 1;
	S(SYS_writev, p[1], iov, 2);
	S(SYS_readv, -1, iov, 2);
	S(SYS_read, p[0], buf, sizeof(buf));

	iov[0].iov_base = (void *)"vec";
	iov[0].iov_len = 3;
	iov[1].iov_base = (void *)"tor";
	iov[1].iov_len = 3;
	S(SYS_pwritev, fd, iov, 2, POS(10));
	iov[0].iov_base = buf;
	iov[0].iov_len = 4;
	iov[1].iov_base = buf + 10;
	iov[1].iov_len = 4;
	S(SYS_preadv, fd, iov, 2, POS(10));
	S(SYS_preadv, fd, iov, 2, POS(-2));
	S(SYS_pwritev2, fd, iov, 1, POS(20), RWF_DSYNC);
	S(SYS_preadv2, fd, iov, 2, POS(20), RWF_HIPRI | RWF_NOWAIT);
	S(SYS_preadv2, fd, iov, 2, POS(-1), 0);
	S(SYS_pwritev2, fd, iov, 1, POS(-1), RWF_APPEND | RWF_SYNC);
	S(SYS_pwritev2, fd, iov, 1, POS(0), 0x100);
	S(SYS_preadv2, fd, iov, 1, POS(0), 0x80000000);
	S(SYS_close, fd);
	S(SYS_close, p[0]);
	S(SYS_close, p[1]);
}

static void sec_fcntl(void)
{
	struct flock *fl = tail_alloc(sizeof(*fl));
	struct f_owner_ex *own = tail_alloc(sizeof(*own));
	uint64_t *hint = tail_alloc(sizeof(*hint));
	int fd, p[2], m, dir;

	marker("fcntl");
	fd = open("lockfile", O_RDWR | O_CREAT | O_TRUNC, 0600);
	S(SYS_pipe2, p, 0);
#ifdef __i386__
# define FCNTL SYS_fcntl64
#else
# define FCNTL SYS_fcntl
#endif
	S(FCNTL, fd, F_GETFD);
	S(FCNTL, fd, F_SETFD, FD_CLOEXEC);
	S(FCNTL, fd, F_GETFD);
	S(FCNTL, fd, F_SETFD, 0);
	S(FCNTL, fd, F_SETFD, 0x6);
	S(FCNTL, fd, F_GETFL);
	S(FCNTL, fd, F_SETFL, O_NONBLOCK | O_APPEND);
	S(FCNTL, fd, F_GETFL);
	S(FCNTL, fd, F_SETFL, 0);
	S(FCNTL, p[1], F_GETFL);
	S(FCNTL, fd, F_DUPFD, 10);
	S(FCNTL, fd, F_DUPFD_CLOEXEC, 20);
	S(FCNTL, -1, F_DUPFD, 10);
	S(FCNTL, fd, F_DUPFD, -1);
	fl->l_type = F_WRLCK;
	fl->l_whence = SEEK_SET;
	fl->l_start = 10;
	fl->l_len = 20;
	fl->l_pid = 0;
	S(FCNTL, fd, F_SETLK, fl);
	S(FCNTL, fd, F_SETLKW, fl);
	fl->l_type = F_RDLCK;
	S(FCNTL, fd, F_GETLK, fl);
	fl->l_type = F_UNLCK;
	fl->l_whence = SEEK_CUR;
	S(FCNTL, fd, F_SETLK, fl);
	fl->l_type = 7;
	fl->l_whence = 9;
	S(FCNTL, fd, F_SETLK, fl);
	S(FCNTL, fd, F_SETLK, (char *)fl + 1);
	S(FCNTL, fd, F_GETLK, NULL);
	fl->l_type = F_RDLCK;
	fl->l_whence = SEEK_END;
	fl->l_start = -5;
	fl->l_len = 0;
	S(FCNTL, fd, F_OFD_SETLK, fl);
	S(FCNTL, fd, F_OFD_SETLKW, fl);
	fl->l_type = F_WRLCK;
	fl->l_whence = SEEK_SET;
	fl->l_start = 0;
	S(FCNTL, fd, F_OFD_GETLK, fl);
#ifdef __i386__
	{
		struct flock64 *fl64 = tail_alloc(sizeof(*fl64));

		fl64->l_type = F_WRLCK;
		fl64->l_whence = SEEK_SET;
		fl64->l_start = 0x100000000LL;
		fl64->l_len = 1;
		fl64->l_pid = 0;
		S(SYS_fcntl64, fd, F_SETLK64, fl64);
		S(SYS_fcntl64, fd, F_SETLKW64, fl64);
		S(SYS_fcntl64, fd, F_GETLK64, fl64);
		S(SYS_fcntl, fd, F_GETFD);
		S(SYS_fcntl, fd, F_SETLK, fl);
		S(SYS_fcntl, fd, F_GETLK, fl);
		S(SYS_fcntl, fd, F_SETLK64, fl64);
		S(SYS_fcntl, fd, F_GETLK64, fl64);
	}
#else
	S(FCNTL, fd, 12, fl);
	S(FCNTL, fd, 13, fl);
	S(FCNTL, fd, 14, fl);
#endif
	S(FCNTL, fd, F_SETOWN, 1);
	S(FCNTL, fd, F_GETOWN);
	S(FCNTL, fd, F_SETOWN, -1);
	own->type = F_OWNER_PGRP;
	own->pid = 1;
	S(FCNTL, fd, F_SETOWN_EX, own);
	S(FCNTL, fd, F_GETOWN_EX, own);
	own->type = 9;
	S(FCNTL, fd, F_SETOWN_EX, own);
	S(FCNTL, fd, F_GETOWN_EX, (char *)own + 1);
	S(FCNTL, fd, F_SETSIG, SIGUSR1);
	S(FCNTL, fd, F_GETSIG);
	S(FCNTL, fd, F_SETSIG, 0);
	S(FCNTL, fd, F_SETSIG, 200);
	S(FCNTL, fd, F_GETLEASE);
	S(FCNTL, fd, F_SETLEASE, F_WRLCK);
	S(FCNTL, fd, F_GETLEASE);
	S(FCNTL, fd, F_SETLEASE, F_UNLCK);
	S(FCNTL, fd, F_SETLEASE, 5);
	dir = open(".", O_RDONLY | O_DIRECTORY);
	S(FCNTL, dir, F_NOTIFY, DN_MODIFY | DN_CREATE | DN_MULTISHOT);
	S(FCNTL, dir, F_NOTIFY, 0x100);
	S(FCNTL, p[0], F_SETPIPE_SZ, 65536);
	S(FCNTL, p[0], F_GETPIPE_SZ);
	S(FCNTL, p[0], F_SETPIPE_SZ, -1);
	m = memfd_create("seals", MFD_ALLOW_SEALING);
	S(FCNTL, m, F_ADD_SEALS, F_SEAL_GROW | F_SEAL_SHRINK);
	S(FCNTL, m, F_GET_SEALS);
	S(FCNTL, m, F_ADD_SEALS, 0x100);
	S(FCNTL, fd, F_GET_SEALS);
	*hint = RWH_WRITE_LIFE_SHORT;
	S(FCNTL, fd, F_SET_RW_HINT, hint);
	S(FCNTL, fd, F_GET_RW_HINT, hint);
	*hint = 77;
	S(FCNTL, fd, F_SET_RW_HINT, hint);
	S(FCNTL, fd, F_GET_RW_HINT, (char *)hint + 1);
	S(FCNTL, fd, F_SET_FILE_RW_HINT, hint);
	S(FCNTL, fd, F_GET_FILE_RW_HINT, hint);
	S(FCNTL, fd, F_GETOWNER_UIDS, hint);
	S(FCNTL, fd, F_CANCELLK);
	S(FCNTL, fd, 0xdead, 0x1234);
	S(FCNTL, fd, 1000, 1);
	S(SYS_close, m);
	S(SYS_close, dir);
	S(SYS_close, fd);
	S(SYS_close, p[0]);
	S(SYS_close, p[1]);
}

static void sec_poll(void)
{
	struct pollfd *pf = tail_alloc(3 * sizeof(*pf));
	struct timespec *ts = tail_alloc(sizeof(*ts));
	uint64_t *mask = tail_alloc(sizeof(*mask));
	int p[2];

	marker("poll");
	S(SYS_pipe2, p, 0);
	pf[0].fd = p[0];
	pf[0].events = POLLIN | POLLPRI;
	pf[1].fd = p[1];
	pf[1].events = POLLOUT | POLLWRNORM;
	pf[2].fd = -1;
	pf[2].events = POLLIN;
#ifdef SYS_poll
	S(SYS_poll, pf, 3, 0);
	S(SYS_poll, pf, 1, 0);
	S(SYS_poll, NULL, 0, 1);
	S(SYS_poll, pf + 3, 1, 0);
	S(SYS_poll, pf + 2, 2, 0);
	S(SYS_write, p[1], "x", 1);
	S(SYS_poll, pf, 2, -1);
	pf[0].events = (short)(0x8000 | POLLIN);
	pf[1].events = 0;
	S(SYS_poll, pf, 2, 10);
	pf[0].events = POLLIN | POLLPRI;
	pf[1].events = POLLOUT | POLLWRNORM;
	S(SYS_read, p[0], mask, 1);
#endif
	ts->tv_sec = 0;
	ts->tv_nsec = 1000;
	*mask = 1UL << (SIGUSR1 - 1);
	S(SYS_ppoll, pf, 1, ts, mask, 8);
	S(SYS_ppoll, pf, 2, ts, mask, 8);
	S(SYS_ppoll, pf, 2, NULL, NULL, 8);
	S(SYS_ppoll, pf, 2, ts, mask, 4);
	S(SYS_ppoll, pf, 2, (char *)ts + 1, mask, 8);
	S(SYS_ppoll, pf, 2, ts, (char *)mask + 1, 8);
	ts->tv_sec = -1;
	S(SYS_ppoll, pf, 1, ts, NULL, 8);
	{
		/* More ready fds than -s elements: strace cuts both lists. */
		struct pollfd many[40];
		int i;

		for (i = 0; i < 40; i++) {
			many[i].fd = p[1];
			many[i].events = POLLOUT;
		}
		ts->tv_sec = 1;
		ts->tv_nsec = 0;
		S(SYS_ppoll, many, 40, ts, NULL, 8);
	}
	S(SYS_close, p[0]);
	S(SYS_close, p[1]);
}

static void sec_select(void)
{
	fd_set *rs = tail_alloc(sizeof(*rs)), *ws = tail_alloc(sizeof(*ws));
	struct timeval *tv = tail_alloc(sizeof(*tv));
	struct timespec *ts = tail_alloc(sizeof(*ts));
	long *sm = tail_alloc(2 * sizeof(long));
	uint64_t *mask = tail_alloc(sizeof(*mask));
	int p[2];

	marker("select");
	S(SYS_pipe2, p, 0);
	FD_ZERO(rs);
	FD_ZERO(ws);
	FD_SET(p[0], rs);
	FD_SET(p[1], rs);
	FD_SET(p[1], ws);
	tv->tv_sec = 0;
	tv->tv_usec = 100;
#ifdef __i386__
# define SELECT SYS__newselect
#else
# define SELECT SYS_select
#endif
	S(SELECT, p[1] + 1, rs, ws, NULL, tv);
	FD_SET(p[0], rs);
	FD_SET(p[1], rs);
	FD_SET(p[1], ws);
	S(SELECT, p[1] + 1, rs, NULL, NULL, tv);
	S(SELECT, 0, NULL, NULL, NULL, tv);
	FD_SET(p[0], rs);
	S(SELECT, p[1] + 1, rs, ws, rs, (char *)tv + 1);
	S(SELECT, -1, rs, ws, NULL, tv);
	S(SELECT, 1025, rs, NULL, NULL, tv);
	FD_ZERO(rs);
	FD_SET(0, rs);
	FD_SET(p[0], rs);
	FD_SET(p[1], rs);
	FD_SET(1000, ws);
	S(SELECT, p[1] + 1, rs, (char *)ws + 1, NULL, tv);
	S(SYS_write, p[1], "x", 1);
	FD_ZERO(rs);
	FD_SET(p[0], rs);
	FD_SET(p[1], ws);
	S(SELECT, p[1] + 1, rs, ws, NULL, NULL);
	S(SYS_read, p[0], mask, 1);
	{
		/*
		 * One set for all three: the kernel's last write (no
		 * exceptions) empties it, "= 1 ()".  Then nfds past what
		 * is read (a million fds) over a large enough buffer.
		 */
		static fd_set big[0x20000 / sizeof(fd_set) + 4];

		FD_ZERO(rs);
		FD_SET(p[1], rs);
		S(SELECT, p[1] + 1, rs, rs, rs, NULL);
		FD_SET(p[0], &big[0]);
		FD_SET(p[1], &big[0]);
		tv->tv_sec = 0;
		tv->tv_usec = 10;
		S(SELECT, 0x7fffffff, &big[0], &big[1], &big[2], tv);
	}
	FD_ZERO(rs);
	for (int fd = 0; fd < 40; fd++)
		FD_SET(fd, rs);
	S(SELECT, 40, NULL, rs, NULL, tv);
	FD_ZERO(rs);
	FD_SET(p[0], rs);
	ts->tv_sec = 0;
	ts->tv_nsec = 1000;
	*mask = 1UL << (SIGUSR2 - 1);
	sm[0] = (long)mask;
	sm[1] = 8;
	S(SYS_pselect6, p[1] + 1, rs, NULL, NULL, ts, sm);
	FD_SET(p[0], rs);
	FD_SET(p[1], ws);
	S(SYS_pselect6, p[1] + 1, rs, ws, NULL, ts, NULL);
	S(SYS_pselect6, p[1] + 1, rs, ws, NULL, NULL, (char *)sm + 1);
	sm[1] = 4;
	S(SYS_pselect6, p[1] + 1, rs, ws, NULL, ts, sm);
	sm[0] = 0;
	sm[1] = 8;
	S(SYS_pselect6, p[1] + 1, rs, ws, NULL, ts, sm);
#ifdef __i386__
	{
		/* The old select: one pointer to the five arguments. */
		long *args = tail_alloc(5 * sizeof(long));

		FD_ZERO(rs);
		FD_SET(p[1], ws);
		args[0] = p[1] + 1;
		args[1] = (long)rs;
		args[2] = (long)ws;
		args[3] = 0;
		args[4] = (long)tv;
		S(SYS_select, args);
		S(SYS_select, (char *)args + 1);
	}
#endif
	S(SYS_close, p[0]);
	S(SYS_close, p[1]);
}

static void sec_epoll(void)
{
	struct epoll_event *ev = tail_alloc(2 * sizeof(*ev));
	struct timespec *ts = tail_alloc(sizeof(*ts));
	uint64_t *mask = tail_alloc(sizeof(*mask));
	int p[2], ep, ep2;

	marker("epoll");
	S(SYS_pipe2, p, 0);
#ifdef SYS_epoll_create
	ep = S(SYS_epoll_create, 1);
	S(SYS_close, ep);
	S(SYS_epoll_create, 0);
#endif
	ep = S(SYS_epoll_create1, EPOLL_CLOEXEC);
	ep2 = S(SYS_epoll_create1, 0);
	S(SYS_epoll_create1, 0x1);
	ev[0].events = EPOLLIN | EPOLLET;
	ev[0].data.u64 = p[0];
	S(SYS_epoll_ctl, ep, EPOLL_CTL_ADD, p[0], ev);
	ev[0].events = EPOLLOUT;
	ev[0].data.u64 = 0x1122334455667788ULL;
	S(SYS_epoll_ctl, ep, EPOLL_CTL_ADD, p[1], ev);
	ev[0].events = EPOLLIN | EPOLLRDHUP | EPOLLONESHOT | 0x1000000;
	S(SYS_epoll_ctl, ep, EPOLL_CTL_MOD, p[0], ev);
	S(SYS_epoll_ctl, ep, EPOLL_CTL_DEL, p[1], NULL);
	S(SYS_epoll_ctl, ep, EPOLL_CTL_ADD, p[1], ev);
	S(SYS_epoll_ctl, ep, EPOLL_CTL_DEL, p[1], ev);
	S(SYS_epoll_ctl, ep, 7, p[1], ev);
	S(SYS_epoll_ctl, ep, EPOLL_CTL_ADD, p[1], (char *)ev + 2 * sizeof(*ev) - 4);
	ev[0].events = EPOLLOUT;
	ev[0].data.u64 = p[1];
	S(SYS_epoll_ctl, ep2, EPOLL_CTL_ADD, p[1], ev);
#ifdef SYS_epoll_wait
	S(SYS_epoll_wait, ep, ev, 2, 0);
	S(SYS_epoll_wait, ep2, ev, 2, 0);
	S(SYS_epoll_wait, ep2, ev, 0, 0);
	S(SYS_epoll_wait, ep2, (char *)ev + 1, 2, 0);
#endif
	*mask = 1UL << (SIGUSR1 - 1);
	S(SYS_epoll_pwait, ep2, ev, 2, 0, mask, 8);
	S(SYS_epoll_pwait, ep, ev, 2, 1, NULL, 8);
	S(SYS_epoll_pwait, ep2, ev, 2, 1, mask, 4);
	ts->tv_sec = 0;
	ts->tv_nsec = 1000;
	S(SYS_epoll_pwait2, ep2, ev, 2, ts, mask, 8);
	S(SYS_epoll_pwait2, ep, ev, 2, ts, NULL, 8);
	S(SYS_epoll_pwait2, ep, ev, 2, (void *)1, NULL, 8);
	S(SYS_close, ep);
	S(SYS_close, ep2);
	S(SYS_close, p[0]);
	S(SYS_close, p[1]);
}

static void sec_misc(void)
{
	uint64_t *mask = tail_alloc(sizeof(*mask));
	struct itimerspec *its = tail_alloc(sizeof(*its));
	struct itimerspec *old = tail_alloc(sizeof(*old));
	int fd, wd;

	marker("misc");
	*mask = (1UL << (SIGUSR1 - 1)) | (1UL << (SIGCHLD - 1));
#ifdef SYS_eventfd
	fd = S(SYS_eventfd, 3);
	S(SYS_close, fd);
#endif
	fd = S(SYS_eventfd2, 5, EFD_CLOEXEC | EFD_NONBLOCK | EFD_SEMAPHORE);
	S(SYS_close, fd);
	S(SYS_eventfd2, 0, 0x10);
	fd = S(SYS_signalfd, -1, mask, 8);
	S(SYS_signalfd, fd, mask, 8);
	S(SYS_close, fd);
	fd = S(SYS_signalfd4, -1, mask, 8, SFD_CLOEXEC | SFD_NONBLOCK);
	S(SYS_close, fd);
	S(SYS_signalfd4, -1, mask, 4, 0);
	S(SYS_signalfd4, -1, (char *)mask + 1, 8, 0);
	S(SYS_signalfd4, -1, mask, 8, 0x4);
	fd = S(SYS_timerfd_create, CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
	S(SYS_timerfd_create, CLOCK_REALTIME, 0x20);
	S(SYS_timerfd_create, 77, 0);
	its->it_interval.tv_sec = 0;
	its->it_interval.tv_nsec = 0;
	its->it_value.tv_sec = 100;
	its->it_value.tv_nsec = 0;
	S(SYS_timerfd_settime, fd, 0, its, NULL);
	S(SYS_timerfd_settime, fd, 0, its, old);
	its->it_interval.tv_sec = 5;
	S(SYS_timerfd_settime, fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET,
	  its, old);
	S(SYS_timerfd_settime, fd, 0x8, its, old);
	S(SYS_timerfd_settime, fd, 0, (char *)its + 1, old);
	S(SYS_timerfd_settime, fd, 0, its, (char *)old + 1);
	S(SYS_timerfd_gettime, fd, old);
	S(SYS_timerfd_gettime, fd, (char *)old + 1);
	S(SYS_timerfd_gettime, -1, old);
	S(SYS_close, fd);
#ifdef SYS_inotify_init
	fd = S(SYS_inotify_init);
	S(SYS_close, fd);
#endif
	fd = S(SYS_inotify_init1, IN_CLOEXEC | IN_NONBLOCK);
	S(SYS_inotify_init1, 0x1);
	wd = S(SYS_inotify_add_watch, fd, ".", IN_MODIFY | IN_CREATE | IN_ONLYDIR);
	S(SYS_inotify_add_watch, fd, "nonexistent", IN_ALL_EVENTS);
	S(SYS_inotify_add_watch, fd, ".", IN_MASK_ADD | IN_ACCESS | 0x80000);
	S(SYS_inotify_add_watch, fd, ".", 0);
	S(SYS_inotify_rm_watch, fd, wd);
	S(SYS_inotify_rm_watch, fd, 1234);
	S(SYS_close, fd);
}

static void sec_splice(void)
{
	int p[2], q[2], in, out;
	loff_t *off = tail_alloc(sizeof(*off)), *off2 = tail_alloc(sizeof(*off2));
	struct iovec *iov = tail_alloc(2 * sizeof(*iov));
	char *data = tail_alloc(6);

	marker("splice");
	in = open("src", O_RDWR | O_CREAT | O_TRUNC | O_LARGEFILE, 0600);
	out = open("dst", O_RDWR | O_CREAT | O_TRUNC | O_LARGEFILE, 0600);
	S(SYS_write, in, "0123456789abcdefghij", 20);
	S(SYS_pipe2, p, 0);
	S(SYS_pipe2, q, 0);
#ifdef __i386__
	{
		long *o32 = tail_alloc(sizeof(long));

		*o32 = 2;
		S(SYS_sendfile, out, in, o32, 5);
		S(SYS_sendfile, out, in, (char *)o32 + 1, 5);
		*off = 4;
		S(SYS_sendfile64, out, in, off, 5);
		S(SYS_sendfile64, out, in, NULL, 5);
		S(SYS_sendfile64, -1, in, off, 5);
	}
#else
	*off = 2;
	S(SYS_sendfile, out, in, off, 5);
	S(SYS_sendfile, out, in, NULL, 5);
	S(SYS_sendfile, out, in, (char *)off + 1, 5);
	S(SYS_sendfile, -1, in, off, 5);
#endif
	*off = 0;
	S(SYS_splice, in, off, p[1], NULL, 6, SPLICE_F_MOVE | SPLICE_F_NONBLOCK);
	S(SYS_tee, p[0], q[1], 6, SPLICE_F_NONBLOCK);
	S(SYS_tee, p[0], q[1], 6, 0x10);
	*off2 = 0x100000000LL;
	S(SYS_splice, p[0], NULL, out, off2, 6, SPLICE_F_MORE | SPLICE_F_GIFT);
	S(SYS_splice, q[0], NULL, out, NULL, 6, 0);
	S(SYS_splice, -1, NULL, out, NULL, 6, 0);
	S(SYS_splice, in, (char *)off + 1, p[1], NULL, 6, 0);
	memcpy(data, "vmspl", 6);
	iov[0].iov_base = data;
	iov[0].iov_len = 5;
	iov[1].iov_base = (void *)"ice";
	iov[1].iov_len = 3;
	S(SYS_vmsplice, p[1], iov, 2, SPLICE_F_GIFT);
	S(SYS_vmsplice, p[1], iov, 3, 0);
	S(SYS_vmsplice, p[0], iov, 1, 0);
	*off = 0;
	*off2 = 3;
	S(SYS_copy_file_range, in, off, out, off2, 4, 0);
	S(SYS_copy_file_range, in, NULL, out, NULL, 4, 0);
	S(SYS_copy_file_range, in, off, out, off2, 4, 1);
	S(SYS_copy_file_range, in, (char *)off + 1, out, NULL, 4, 0);
	S(SYS_close, in);
	S(SYS_close, out);
	S(SYS_close, p[0]);
	S(SYS_close, p[1]);
	S(SYS_close, q[0]);
	S(SYS_close, q[1]);
}

static void sec_ioctl(void)
{
	struct termios *tio = tail_alloc(sizeof(*tio));
	struct winsize *ws = tail_alloc(sizeof(*ws));
	int *ip = tail_alloc(sizeof(int));
	uint64_t *u64 = tail_alloc(sizeof(*u64));
	int m, s, fd, p[2];

	marker("ioctl");
	m = posix_openpt(O_RDWR | O_NOCTTY);
	*ip = 0;
	S(SYS_ioctl, m, TIOCSPTLCK, ip);
	S(SYS_ioctl, m, TIOCGPTN, ip);
	s = open(ptsname(m), O_RDWR | O_NOCTTY);
	S(SYS_ioctl, s, TCGETS, tio);
	S(SYS_ioctl, s, TCSETS, tio);
	tio->c_lflag &= ~(ICANON | ECHO);
	tio->c_cc[VMIN] = 1;
	tio->c_cc[VTIME] = 0;
	S(SYS_ioctl, s, TCSETSW, tio);
	tio->c_cflag = (tio->c_cflag & ~CBAUD) | B9600;
	tio->c_iflag = 0x80000000 | IGNBRK;
	S(SYS_ioctl, s, TCSETSF, tio);
	S(SYS_ioctl, s, TCGETS, tio);
	S(SYS_ioctl, s, TCGETS, (char *)tio + 1);
	S(SYS_ioctl, s, TCGETS, NULL);
	S(SYS_ioctl, s, TCSETS, (char *)tio + 1);
	ws->ws_row = 24;
	ws->ws_col = 80;
	ws->ws_xpixel = 1;
	ws->ws_ypixel = 2;
	S(SYS_ioctl, s, TIOCSWINSZ, ws);
	S(SYS_ioctl, s, TIOCGWINSZ, ws);
	S(SYS_ioctl, s, TIOCGWINSZ, (char *)ws + 1);
	S(SYS_ioctl, s, TIOCGPGRP, ip);
	*ip = getpgrp();
	S(SYS_ioctl, s, TIOCSPGRP, ip);
	S(SYS_ioctl, s, TIOCGSID, ip);
	S(SYS_ioctl, s, TCFLSH, TCIFLUSH);
	S(SYS_ioctl, s, TCFLSH, TCIOFLUSH);
	S(SYS_ioctl, s, TCFLSH, 9);
	S(SYS_ioctl, s, TCXONC, TCOON);
	S(SYS_ioctl, s, TCSBRK, 1);
	S(SYS_ioctl, s, TIOCOUTQ, ip);
	S(SYS_ioctl, s, FIONREAD, ip);
	S(SYS_ioctl, s, TIOCMGET, ip);
	S(SYS_ioctl, s, TIOCEXCL);
	S(SYS_ioctl, s, TIOCNXCL);
	S(SYS_ioctl, s, TIOCGETD, ip);
	S(SYS_ioctl, s, TIOCSCTTY, 0);
	S(SYS_ioctl, s, TIOCNOTTY);
	S(SYS_ioctl, s, TCGETA, tio);
	S(SYS_ioctl, m, TIOCPKT, ip);
	{
		struct termios2 *t2 = tail_alloc(sizeof(*t2));

		S(SYS_ioctl, s, TCGETS2, t2);
		S(SYS_ioctl, -1, TCSETS2, t2);
		S(SYS_ioctl, s, TCGETS2, (char *)t2 + 4);
	}
	*ip = TIOCM_DTR | TIOCM_RTS | 0x200;
	S(SYS_ioctl, -1, TIOCMSET, ip);
	S(SYS_ioctl, -1, TIOCMBIS, ip);
	*ip = 0;
	S(SYS_ioctl, -1, TIOCMBIC, ip);
	S(SYS_ioctl, -1, TIOCSTI, "x");
	S(SYS_ioctl, s, TIOCGETD, ip);
	S(SYS_ioctl, s, TIOCSETD, ip);
	S(SYS_ioctl, s, TIOCGEXCL, ip);
	S(SYS_ioctl, s, TCSBRKP, 0);
	S(SYS_ioctl, s, TIOCSBRK);
	S(SYS_ioctl, s, TIOCCBRK);

	S(SYS_pipe2, p, 0);
	S(SYS_write, p[1], "abc", 3);
	S(SYS_ioctl, p[0], FIONREAD, ip);
	S(SYS_ioctl, p[0], FIONREAD, (char *)ip + 1);
	*ip = 1;
	S(SYS_ioctl, p[0], FIONBIO, ip);
	*ip = 0;
	S(SYS_ioctl, p[0], FIONBIO, ip);
	S(SYS_ioctl, p[0], FIOASYNC, ip);
	S(SYS_ioctl, p[0], FIOCLEX);
	S(SYS_ioctl, p[0], FIONCLEX);
	S(SYS_ioctl, p[0], FIONBIO, NULL);
	S(SYS_ioctl, -1, FIONREAD, ip);

	fd = open("blk", O_RDWR | O_CREAT | O_TRUNC, 0600);
	S(SYS_ioctl, fd, BLKGETSIZE64, u64);
	S(SYS_ioctl, fd, BLKSSZGET, ip);
	S(SYS_ioctl, fd, BLKGETSIZE, u64);
	S(SYS_ioctl, fd, BLKROGET, ip);
	S(SYS_ioctl, fd, BLKBSZGET, ip);
	S(SYS_ioctl, fd, BLKFLSBUF);
	S(SYS_ioctl, fd, BLKRRPART);
	S(SYS_ioctl, fd, FIGETBSZ, ip);
	S(SYS_ioctl, fd, BLKRASET, 256);
	S(SYS_ioctl, fd, BLKROSET, ip);
	u64[0] = 4096;
	S(SYS_ioctl, fd, BLKDISCARD, u64);
	S(SYS_ioctl, fd, BLKGETSIZE64, NULL);
	S(SYS_ioctl, fd, FS_IOC_GETFLAGS, ip);
	*ip = FS_NOATIME_FL | FS_NODUMP_FL | 0x1000000;
	S(SYS_ioctl, -1, FS_IOC_SETFLAGS, ip);
	S(SYS_ioctl, -1, FICLONE, fd);
	S(SYS_ioctl, -1, FIFREEZE);
	S(SYS_ioctl, fd, _IOC(_IOC_READ, 0x12, 0x34, 8), u64);
	S(SYS_ioctl, fd, _IOC(_IOC_WRITE, 0xab, 0x1, 4), ip);
	S(SYS_ioctl, fd, _IOC(_IOC_READ | _IOC_WRITE, 0xfe, 0xff, 0x100), ip);
	S(SYS_ioctl, fd, _IOC(_IOC_NONE, 0x99, 0x2, 0), 0);
	S(SYS_ioctl, fd, 0x1234, 0x42);
	S(SYS_ioctl, fd, 0xdeadbeef, 0);
	S(SYS_close, fd);
	S(SYS_close, p[0]);
	S(SYS_close, p[1]);
	S(SYS_close, s);
	S(SYS_close, m);
}

static const struct {
	const char *name;
	void (*fn)(void);
} sections[] = {
	{ "fd", sec_fd },	{ "seek", sec_seek },	  { "io", sec_io },
	{ "fcntl", sec_fcntl },
	{ "poll", sec_poll },	{ "select", sec_select }, { "epoll", sec_epoll },
	{ "misc", sec_misc },	{ "splice", sec_splice }, { "ioctl", sec_ioctl },
};

int main(int argc, char **argv)
{
	size_t i;
	int a;

	page = sysconf(_SC_PAGESIZE);
	/* Mask the signals signalfd is used with, as its users do. */
	marker("DESC-BEGIN");
	for (i = 0; i < sizeof(sections) / sizeof(sections[0]); i++) {
		if (argc < 2) {
			sections[i].fn();
			continue;
		}
		for (a = 1; a < argc; a++)
			if (!strcmp(argv[a], sections[i].name))
				sections[i].fn();
	}
	marker("DESC-END");
	return 0;
}
