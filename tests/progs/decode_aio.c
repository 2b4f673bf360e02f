/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * decode_aio: performs the native AIO syscalls (io_setup, io_submit with
 * every opcode and control-block field, io_getevents, io_pgetevents and
 * its signal set, io_cancel, io_destroy) with valid arguments, error
 * returns, NULL and pointers into an unmapped page.  It writes the file
 * aio-data in the current directory.  tests/cases/decode-aio*.sh trace
 * it with strace and with sltrace and compare the lines between the two
 * marker writes.  Built 64-bit and -m32.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>
#include <linux/aio_abi.h>

#define PG 4096

static void marker(const char *s)
{
	syscall(SYS_write, -1, s, strlen(s));
}

/*
 * Two pages, the second inaccessible: its first byte is unreadable.  Not
 * unmapped: io_setup maps its ring where a hole is.
 */
static char *tail_page(void)
{
	char *p = mmap(NULL, 2 * PG, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	mprotect(p + PG, PG, PROT_NONE);
	return p + PG;
}

/* A control block of the given opcode on fd, everything else zero. */
static void cb_init(struct iocb *cb, unsigned int op, int fd, uint64_t data)
{
	memset(cb, 0, sizeof(*cb));
	cb->aio_lio_opcode = op;
	cb->aio_fildes = fd;
	cb->aio_data = data;
}

/* io_submit of one block: what its line shows, whatever it returns. */
static long submit1(aio_context_t ctx, struct iocb *cb)
{
	struct iocb *p = cb;

	return syscall(SYS_io_submit, ctx, 1L, &p);
}

/* struct __aio_sigset in the tracee's layout: two longs. */
struct aio_sigset {
	unsigned long mask;
	unsigned long size;
};

int main(void)
{
	static char rbuf[64];
	static char wdata[] = "written by aio\0and more";
	char *end = tail_page();
	aio_context_t ctx = 0, *ctxp = &ctx;
	struct iocb cbs[6], one, *ptrs[8];
	struct io_event ev[8];
	struct iovec wiov[2] = { { wdata, 7 }, { wdata + 8, 6 } };
	struct iovec riov[2] = { { rbuf, 4 }, { rbuf + 4, 12 } };
	/* The last bytes before the inaccessible page, 16 bytes apart. */
	struct iovec *tiov = (struct iovec *)(end - 16);
	struct timespec ts = { 2, 0 }, *tts = (struct timespec *)(end - 32);
	struct aio_sigset ss, *tss = (struct aio_sigset *)(end - 48);
	uint64_t mask = 1u << (SIGUSR1 - 1);
	int fd, efd, n = 0, i;
	long rc;

	fd = open("aio-data", O_CREAT | O_RDWR | O_TRUNC, 0600);
	efd = eventfd(0, 0);
	write(fd, "0123456789abcdefghij", 20);
	*tiov = riov[0];
	*tts = ts;

	marker("decode-begin");
	syscall(SYS_io_setup, 0xdeadbeef, NULL);
	syscall(SYS_io_setup, 8, end - 2);
	if (syscall(SYS_io_setup, 8, ctxp))
		ctx = 0;

	/* Reads and writes that complete: their events come back below. */
	cb_init(&cbs[0], IOCB_CMD_PREAD, fd, 0xfeedface11111111ULL);
	cbs[0].aio_buf = (uintptr_t)rbuf;
	cbs[0].aio_nbytes = 5;
	cbs[0].aio_offset = 3;
	cbs[0].aio_reqprio = 0;
	cb_init(&cbs[1], IOCB_CMD_PWRITE, fd, 2);
	cbs[1].aio_buf = (uintptr_t)wdata;
	cbs[1].aio_nbytes = sizeof(wdata);
	cbs[1].aio_offset = 40;
	cbs[1].aio_flags = IOCB_FLAG_RESFD;
	cbs[1].aio_resfd = efd;
	cb_init(&cbs[2], IOCB_CMD_PWRITEV, fd, 3);
	cbs[2].aio_buf = (uintptr_t)wiov;
	cbs[2].aio_nbytes = 2;
	cbs[2].aio_offset = 80;
	cbs[2].aio_rw_flags = RWF_DSYNC;
	cb_init(&cbs[3], IOCB_CMD_PREADV, fd, 4);
	cbs[3].aio_buf = (uintptr_t)riov;
	cbs[3].aio_nbytes = 2;
	cbs[3].aio_reqprio = (2 << 13) | 4;
	cbs[3].aio_flags = IOCB_FLAG_IOPRIO;
	cb_init(&cbs[4], IOCB_CMD_PWRITE, fd, 5);
	cbs[4].aio_buf = (uintptr_t)"tiny";
	cbs[4].aio_nbytes = 4;
	cbs[4].aio_reqprio = -5;
	/*
	 * An fsync would complete later, out of order: on a bad fd it
	 * fails, and io_submit returns the 5 blocks before it.
	 */
	cb_init(&cbs[5], IOCB_CMD_FSYNC, -1, 6);
	for (i = 0; i < 6; i++)
		ptrs[i] = &cbs[i];
	rc = syscall(SYS_io_submit, ctx, 6L, ptrs);
	if (rc > 0)
		n += rc;
	rc = syscall(SYS_io_submit, ctx, 2L, ptrs + 1);
	if (rc > 0)
		n += rc;

	/* Blocks the kernel refuses, each field in turn. */
	cb_init(&one, IOCB_CMD_FDSYNC, fd, 7);
	one.aio_rw_flags = 0x1f;
	submit1(ctx, &one);
	cb_init(&one, IOCB_CMD_POLL, -1, 8);
	one.aio_buf = 0xffff;
	submit1(ctx, &one);
	cb_init(&one, IOCB_CMD_NOOP, fd, 9);
	submit1(ctx, &one);
	cb_init(&one, 0xf00d, -1, 0xbadfacedc0ffeeedULL);
	one.aio_key = 0xdefaced0;
	one.aio_reqprio = (__s16)((7 << 13) | 1);
	one.aio_flags = IOCB_FLAG_IOPRIO | IOCB_FLAG_RESFD;
	submit1(ctx, &one);
	cb_init(&one, IOCB_CMD_PWRITE, -1, 0);
	one.aio_buf = 0;
	one.aio_nbytes = 0x1020304050607080ULL;
	one.aio_offset = -2;
	one.aio_reqprio = (__s16)((5 << 13) | 33);
	one.aio_flags = 0xfacef157;
	one.aio_resfd = -7;
	submit1(ctx, &one);
	cb_init(&one, IOCB_CMD_PWRITE, -1, 0);
	one.aio_buf = (uintptr_t)(end - 3);
	one.aio_nbytes = 4;
	one.aio_reqprio = (1 << 13) | 2;
	submit1(ctx, &one);
	cb_init(&one, IOCB_CMD_PREAD, -1, 0);
	one.aio_buf = (uintptr_t)end;
	one.aio_nbytes = 10;
	one.aio_flags = 0x10;
	submit1(ctx, &one);
	cb_init(&one, IOCB_CMD_PWRITEV, -1, 1);
	one.aio_buf = 0;
	one.aio_nbytes = 0x8090a0b0c0d0e0f0ULL;
	submit1(ctx, &one);
	cb_init(&one, IOCB_CMD_PWRITEV, -1, 1);
	one.aio_buf = (uintptr_t)tiov;
	one.aio_nbytes = 1;
	submit1(ctx, &one);
	one.aio_nbytes = 2;
	submit1(ctx, &one);
	cb_init(&one, IOCB_CMD_PREADV, -1, 1);
	one.aio_buf = 0;
	one.aio_nbytes = 0;
	submit1(ctx, &one);
	cb_init(&one, IOCB_CMD_PREADV, -1, 1);
	one.aio_buf = (uintptr_t)end;
	one.aio_nbytes = 3;
	submit1(ctx, &one);

	/* The array of pointers: NULL, unreadable, cut at the page end. */
	syscall(SYS_io_submit, ctx, -1L, ptrs);
	syscall(SYS_io_submit, ctx, 0L, ptrs);
	syscall(SYS_io_submit, ctx, 1L, NULL);
	syscall(SYS_io_submit, ctx, 1L, end);
	syscall(SYS_io_submit, 0xface1e55UL, 2L, ptrs + 4);
	ptrs[6] = NULL;
	ptrs[7] = (struct iocb *)end;
	syscall(SYS_io_submit, ctx, 3L, ptrs + 5);
	{
		struct iocb **t = (struct iocb **)end - 1;

		*t = &cbs[4];
		syscall(SYS_io_submit, ctx, 2L, t);
	}

	/* The completions, then the calls that fail. */
	if (n)
		syscall(SYS_io_getevents, ctx, (long)n, 8L, ev, &ts);
	syscall(SYS_io_getevents, ctx, 0L, 8L, ev, &ts);
	syscall(SYS_io_getevents, ctx, 0L, 0L, NULL, NULL);
	syscall(SYS_io_getevents, 0xface1e55UL, -1L, -2L, ev + 1, NULL);
	syscall(SYS_io_getevents, ctx, 0L, 8L, ev, end);
	ts.tv_sec = -1;
	ts.tv_nsec = -5;
	syscall(SYS_io_getevents, ctx, 0L, 8L, ev, &ts);
	ts.tv_sec = 0;
	ts.tv_nsec = 1000;
	syscall(SYS_io_getevents, ctx, 0L, 8L, ev, tts);

#ifdef SYS_io_pgetevents
	ss.mask = (uintptr_t)&mask;
	ss.size = 8;
	syscall(SYS_io_pgetevents, ctx, 0L, 8L, ev, &ts, &ss);
	syscall(SYS_io_pgetevents, ctx, 0L, 8L, ev, &ts, NULL);
	syscall(SYS_io_pgetevents, ctx, 0L, 8L, ev, NULL, end);
	ss.size = 7;
	syscall(SYS_io_pgetevents, ctx, 0L, 8L, ev, &ts, &ss);
	ss.mask = (uintptr_t)(end - 4);
	ss.size = 8;
	syscall(SYS_io_pgetevents, ctx, 0L, 8L, ev, &ts, &ss);
	mask = ~0ULL;
	ss.mask = (uintptr_t)&mask;
	syscall(SYS_io_pgetevents, 0xface1e55UL, 0L, 8L, ev, &ts, &ss);
	*tss = ss;
	syscall(SYS_io_pgetevents, ctx, 0L, 8L, NULL, NULL, tss);
#endif
#ifdef SYS_io_pgetevents_time64
	{
		/* i386: the 64-bit timespec. */
		int64_t t64[2] = { 0, 5000 };

		ss.mask = (uintptr_t)&mask;
		ss.size = 8;
		syscall(SYS_io_pgetevents_time64, ctx, 0L, 8L, ev, t64, &ss);
		t64[1] = -1;
		syscall(SYS_io_pgetevents_time64, ctx, 0L, 8L, ev, t64, NULL);
	}
#endif

	cb_init(&one, IOCB_CMD_PWRITE, fd, 0xdeadbeefbadc0dedULL);
	one.aio_reqprio = 99;
	one.aio_buf = (uintptr_t)wdata;
	one.aio_nbytes = 3;
	syscall(SYS_io_cancel, ctx, &one, ev);
	syscall(SYS_io_cancel, ctx, &one, NULL);
	syscall(SYS_io_cancel, 0xface1e55UL, NULL, NULL);
	syscall(SYS_io_cancel, ctx, end - 8, ev);
	syscall(SYS_io_destroy, 0xface1e55UL);
	syscall(SYS_io_destroy, ctx);
	syscall(SYS_io_destroy, 0UL);
	marker("decode-end");
	close(efd);
	close(fd);
	return 0;
}
