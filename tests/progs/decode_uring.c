/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * decode_uring: io_uring_setup, io_uring_enter and every io_uring_register
 * operation sltrace decodes, on a real ring (calls that succeed and write
 * back) and on /dev/null (calls that fail), with bad values, NULL and
 * pointers into an unmapped page.  tests/cases/decode-uring*.sh trace it
 * with strace and with sltrace and compare the lines between the two
 * marker writes.  Built 64-bit and -m32.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/io_uring.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
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

/* n bytes copied to the end of the readable page. */
static void *at_end(char *end, const void *src, size_t n)
{
	return memcpy(end - n, src, n);
}

static long reg(int fd, unsigned int op, const void *arg, unsigned int nr)
{
	return syscall(SYS_io_uring_register, fd, op, arg, nr);
}

static int setup(char *end, int null)
{
	struct io_uring_params p, *tp;
	int ring;

	memset(&p, 0, sizeof(p));
	ring = syscall(SYS_io_uring_setup, 4, &p);
	syscall(SYS_io_uring_setup, 4, NULL);
	syscall(SYS_io_uring_setup, 4, end);
	syscall(SYS_io_uring_setup, 4, end - sizeof(p) + 4);
	/* Every flag, reserved words set: EINVAL. */
	memset(&p, 0, sizeof(p));
	p.flags = -1U;
	p.sq_thread_cpu = 0xfeedbeef;
	p.sq_thread_idle = 4000;
	p.wq_fd = null;
	p.resv[1] = 0xdead;
	tp = at_end(end, &p, sizeof(p));
	syscall(SYS_io_uring_setup, 2, tp);
	/* Attached to a work queue that is no ring's: EINVAL. */
	memset(&p, 0, sizeof(p));
	p.flags = IORING_SETUP_ATTACH_WQ | IORING_SETUP_CLAMP;
	p.wq_fd = null;
	syscall(SYS_io_uring_setup, 2, &p);
	/* Unknown flags only. */
	memset(&p, 0, sizeof(p));
	p.flags = 0x80000000;
	syscall(SYS_io_uring_setup, -1U, &p);
	return ring;
}

static void enter(int ring, char *end)
{
	struct io_uring_getevents_arg ga = { 0, 8, 0, 0 };
	sigset_t ss;

	syscall(SYS_io_uring_enter, ring, 0, 0, 0, NULL, 0);
	sigemptyset(&ss);
	sigaddset(&ss, SIGUSR1);
	sigaddset(&ss, SIGTERM);
	syscall(SYS_io_uring_enter, ring, 0, 0, IORING_ENTER_GETEVENTS,
		at_end(end, &ss, 8), 8);
	syscall(SYS_io_uring_enter, ring, 0, 0, IORING_ENTER_GETEVENTS,
		end - 4, 8);
	/* Nothing to wait for: min_complete 0. */
	syscall(SYS_io_uring_enter, ring, 0, 0,
		IORING_ENTER_GETEVENTS | IORING_ENTER_EXT_ARG, &ga,
		sizeof(ga));
	syscall(SYS_io_uring_enter, -1, 0xdeadbeef, 7, -1U, NULL, 0);
	syscall(SYS_io_uring_enter, ring, 0, 0, 0x80, &ss, 4);
}

/* IORING_REGISTER_PROBE: zeroed (shown at exit), garbage, failing. */
static void probe(int ring, int null, char *end)
{
	size_t size = sizeof(struct io_uring_probe) +
		      40 * sizeof(struct io_uring_probe_op);
	struct io_uring_probe *pr = (void *)(end - size);

	memset(pr, 0, size);
	reg(ring, IORING_REGISTER_PROBE, pr, 4);
	memset(pr, 0, size);
	reg(ring, IORING_REGISTER_PROBE, pr, 40);
	memset(pr, 0, size);
	reg(null, IORING_REGISTER_PROBE, pr, 2);
	reg(ring, IORING_REGISTER_PROBE, NULL, 2);
	reg(ring, IORING_REGISTER_PROBE, (char *)pr + 1, 40);
	reg(ring, IORING_REGISTER_PROBE, pr, 0xfacefeed);
	memset(pr, 0, size);
	pr->last_op = 3;
	pr->ops_len = 2;
	pr->resv = 7;
	pr->resv2[1] = 0xbeef;
	pr->ops[0].op = IORING_OP_READ;
	pr->ops[0].resv = 1;
	pr->ops[0].flags = IO_URING_OP_SUPPORTED;
	pr->ops[1].op = 200;
	pr->ops[1].flags = 0x8000;
	pr->ops[1].resv2 = 5;
	reg(ring, IORING_REGISTER_PROBE, pr, 3);
	reg(ring, IORING_REGISTER_PROBE, pr, 0);
}

static void files(int ring, int null, char *end)
{
	int fds[] = { null, -1, null };
	int upd[] = { -2, null };
	int *tfds = at_end(end, fds, sizeof(fds));
	struct io_uring_files_update fu = { 1, 0, (uintptr_t)upd };
	struct io_uring_rsrc_register rr;
	struct io_uring_rsrc_update2 ru;
	uint64_t tags[] = { 1, 0xfeed, 0 };
	uint64_t *ttags = at_end(end - 64, tags, sizeof(tags));
	struct iovec iov[] = { { end - 64, 16 }, { (void *)1, 0xdead } };
	unsigned char big[48];
	int efd = eventfd(0, 0);

	reg(ring, IORING_REGISTER_FILES, tfds, 3);
	reg(ring, IORING_REGISTER_FILES, tfds, 4);
	reg(ring, IORING_REGISTER_FILES_UPDATE, &fu, 2);
	fu.resv = 9;
	reg(ring, IORING_REGISTER_FILES_UPDATE, &fu, 2);
	reg(ring, IORING_REGISTER_FILES_UPDATE, end - 8, 2);
	reg(ring, IORING_UNREGISTER_FILES, NULL, 0);
	reg(ring, IORING_REGISTER_EVENTFD, &efd, 1);
	reg(ring, IORING_UNREGISTER_EVENTFD, NULL, 0);
	reg(ring, IORING_REGISTER_EVENTFD_ASYNC, end, 1);
	reg(null, IORING_REGISTER_BUFFERS, iov, 2);
	reg(null, IORING_REGISTER_BUFFERS, at_end(end, iov, sizeof(iov)), 3);

	/* The resource register of 32 bytes, and bigger ones. */
	tfds = at_end(end, fds, sizeof(fds));
	memset(&rr, 0, sizeof(rr));
	rr.nr = 3;
	rr.data = (uintptr_t)tfds;
	rr.tags = (uintptr_t)ttags;
	reg(ring, IORING_REGISTER_FILES2, &rr, sizeof(rr));
	reg(ring, IORING_UNREGISTER_FILES, NULL, 0);
	rr.flags = IORING_RSRC_REGISTER_SPARSE | 0x40;
	rr.resv2 = 0xabc;
	rr.tags = 0;
	reg(null, IORING_REGISTER_FILES2, &rr, sizeof(rr));
	memset(big, 0, sizeof(big));
	memcpy(big, &rr, sizeof(rr));
	reg(null, IORING_REGISTER_FILES2, big, 40);
	big[36] = 0x5a;
	reg(null, IORING_REGISTER_FILES2, big, 40);
	reg(null, IORING_REGISTER_FILES2, &rr, 24);
	/* Its tail unreadable (and its data not where it lies). */
	rr.data = 0;
	reg(null, IORING_REGISTER_FILES2, at_end(end, &rr, sizeof(rr)), 40);
	reg(null, IORING_REGISTER_FILES2, end - 16, 32);
	memset(&rr, 0, sizeof(rr));
	rr.nr = 2;
	rr.data = (uintptr_t)iov;
	rr.tags = (uintptr_t)(end - 8);
	reg(null, IORING_REGISTER_BUFFERS2, &rr, sizeof(rr));

	/* The resource update. */
	memset(&ru, 0, sizeof(ru));
	ru.offset = 0xdeadface;
	ru.data = (uintptr_t)upd;
	ru.tags = (uintptr_t)ttags;
	ru.nr = 2;
	reg(null, IORING_REGISTER_FILES_UPDATE2, &ru, sizeof(ru));
	ru.resv = 1;
	ru.resv2 = 2;
	ru.data = (uintptr_t)iov;
	reg(null, IORING_REGISTER_BUFFERS_UPDATE, &ru, sizeof(ru));
	ru.data = 0;
	ru.nr = 0;
	memset(big, 0, sizeof(big));
	memcpy(big, &ru, sizeof(ru));
	reg(null, IORING_REGISTER_FILES_UPDATE2, big, 40);
	reg(null, IORING_REGISTER_FILES_UPDATE2, big, 48);
	reg(null, IORING_REGISTER_BUFFERS_UPDATE, NULL, 32);
	close(efd);
}

static void restrictions(int null, char *end)
{
	struct io_uring_restriction r[6];
	struct io_uring_restriction *tr;

	memset(r, 0, sizeof(r));
	r[0].opcode = IORING_RESTRICTION_REGISTER_OP;
	r[0].register_op = IORING_REGISTER_PROBE;
	r[1].opcode = IORING_RESTRICTION_SQE_OP;
	r[1].sqe_op = 99;
	r[1].resv = 3;
	r[2].opcode = IORING_RESTRICTION_SQE_FLAGS_ALLOWED;
	r[2].sqe_flags = IOSQE_IO_LINK | IOSQE_ASYNC | 0x80;
	r[3].opcode = IORING_RESTRICTION_SQE_FLAGS_REQUIRED;
	r[3].sqe_flags = 0x80;
	r[3].resv2[2] = 0xcafe;
	r[4].opcode = 9;
	r[4].sqe_op = 0x21;
	r[5].opcode = IORING_RESTRICTION_REGISTER_OP;
	r[5].register_op = 77;
	tr = at_end(end, r, sizeof(r));
	reg(null, IORING_REGISTER_RESTRICTIONS, tr, 6);
	reg(null, IORING_REGISTER_RESTRICTIONS, tr, 7);
	reg(null, IORING_REGISTER_RESTRICTIONS, end, 1);
	reg(null, IORING_REGISTER_RESTRICTIONS, end, 0);
	reg(null, IORING_REGISTER_RESTRICTIONS, NULL, 1);
}

static void workers(int ring, int null, char *end)
{
	unsigned int w[3] = { 0, 0, 5 };
	unsigned int *tw = at_end(end, w, sizeof(w));
	unsigned char mask[8] = { 1, 0, 0x80 };

	reg(ring, IORING_REGISTER_IOWQ_AFF, mask, 1);
	reg(ring, IORING_UNREGISTER_IOWQ_AFF, NULL, 0);
	reg(null, IORING_REGISTER_IOWQ_AFF, mask, 3);
	reg(null, IORING_REGISTER_IOWQ_AFF, end - 2, 4);
	reg(null, IORING_REGISTER_IOWQ_AFF, end, 0);
	reg(ring, IORING_REGISTER_IOWQ_MAX_WORKERS, tw, 2);
	reg(null, IORING_REGISTER_IOWQ_MAX_WORKERS, tw, 3);
	reg(null, IORING_REGISTER_IOWQ_MAX_WORKERS, tw + 1, 3);
	reg(null, IORING_REGISTER_IOWQ_MAX_WORKERS, end, 0);
	reg(null, IORING_REGISTER_IOWQ_MAX_WORKERS, NULL, 2);
}

static void ring_fds(int ring, int null, char *end)
{
	struct io_uring_rsrc_update u[3];
	struct io_uring_rsrc_update *tu;

	memset(u, 0, sizeof(u));
	u[0].offset = -1U;
	u[0].data = ring;
	u[1].offset = 5;
	u[1].resv = 0x11;
	u[1].data = 0xbadc0de00000000ULL | (unsigned int)null;
	u[2].offset = -2U;
	tu = at_end(end, u, sizeof(u));
	reg(ring, IORING_REGISTER_RING_FDS, tu, 1);
	reg(ring, IORING_UNREGISTER_RING_FDS, tu, 1);
	reg(null, IORING_REGISTER_RING_FDS, tu, 3);
	reg(null, IORING_UNREGISTER_RING_FDS, tu, 3);
	reg(null, IORING_REGISTER_RING_FDS, tu + 1, 3);
	reg(null, IORING_UNREGISTER_RING_FDS, NULL, 3);
}

static void pbuf(int null, char *end)
{
	struct io_uring_buf_reg br;

	memset(&br, 0, sizeof(br));
	reg(null, IORING_REGISTER_PBUF_RING, &br, 1);
	br.ring_addr = (uintptr_t)end;
	br.ring_entries = 8;
	br.bgid = 3;
	br.pad = 0x1234;
	br.resv[2] = 0xdeadbeef;
	reg(null, IORING_UNREGISTER_PBUF_RING, &br, 1);
	reg(null, IORING_REGISTER_PBUF_RING, end - 8, 1);
	reg(null, IORING_REGISTER_PBUF_RING, NULL, 1);
}

int main(void)
{
	char *end = tail_page();
	int null = open("/dev/null", O_RDONLY);
	int ring;

	marker("decode-begin");
	ring = setup(end, null);
	enter(ring, end);
	probe(ring, null, end);
	files(ring, null, end);
	restrictions(null, end);
	workers(ring, null, end);
	ring_fds(ring, null, end);
	pbuf(null, end);
	/* Operations without an argument, and unknown ones. */
	reg(null, IORING_UNREGISTER_BUFFERS, end, 0xdeadbeef);
	reg(null, IORING_REGISTER_PERSONALITY, NULL, 0);
	reg(ring, IORING_REGISTER_ENABLE_RINGS, NULL, 0);
	reg(null, 24, end, 1);
	reg(-1, 0xbadc0ded, NULL, 0);
	close(ring);
	marker("decode-end");
	return 0;
}
