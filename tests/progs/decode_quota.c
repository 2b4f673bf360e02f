/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * decode_quota: performs quotactl and quotactl_fd with each Q_* and Q_X*
 * command, on devices that have no quota (every call fails harmlessly),
 * with unknown commands and types, NULL and structs that end at an
 * unmapped page.  tests/cases/decode-quota*.sh also trace it with the
 * calls' success injected, so that the getters' structs print from the
 * patterns left in them.  Built 64-bit and -m32 (struct if_dqblk and
 * fs_quota_stat are smaller there).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/dqblk_xfs.h>
#include <linux/quota.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SYS_quotactl_fd
#define SYS_quotactl_fd 443
#endif

#define PG 4096

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

/* An object of size bytes ending where the mapped page does, patterned. */
static void *tail_obj(char *end, size_t size, unsigned char seed)
{
	unsigned char *p = (unsigned char *)end - size;

	for (size_t i = 0; i < size; i++)
		p[i] = (unsigned char)(seed + i);
	return p;
}

static long q(unsigned int cmd, const void *special, unsigned int id,
	      const void *addr)
{
	return syscall(SYS_quotactl, cmd, special, id, addr);
}

static void do_vfs(char *end)
{
	const char *dev = "/dev/bogus/";
	struct if_dqblk *dq = tail_obj(end, sizeof(*dq), 0x80);
	uint32_t *fmt;

	q(0xbadc0ded, end - 1, 0xca7faced, end - 1);
	q(0, NULL, -1, NULL);
	q(QCMD(0x1234, 7), dev, 5, NULL);
	q(QCMD(Q_QUOTAON, USRQUOTA), dev, QFMT_VFS_V0, "/tmp/bogus/");
	q(QCMD(Q_QUOTAON, 0xed), dev, 0xca7faced, end - 1);
	q(QCMD(Q_QUOTAON, GRPQUOTA), dev, 0, NULL);
	q(QCMD(Q_QUOTAOFF, PRJQUOTA), dev, 1, (void *)1);
	q(QCMD(Q_QUOTAOFF, 3), end - 3, -1, NULL);
	q(QCMD(Q_SYNC, USRQUOTA), dev, -1, NULL);
	q(QCMD(Q_SYNC, 0xff), NULL, -1, NULL);
	q(QCMD(Q_GETQUOTA, USRQUOTA), "/dev/null", 0, dq);
	q(QCMD(Q_GETQUOTA, GRPQUOTA), NULL, -1, dq);
	q(QCMD(Q_GETQUOTA, USRQUOTA), dev, 7, end - 4);
	q(QCMD(Q_SETQUOTA, PRJQUOTA), dev, 3141592653U, dq);
	q(QCMD(Q_SETQUOTA, PRJQUOTA), dev, 0, (char *)dq + 8);
	q(QCMD(Q_SETQUOTA, USRQUOTA), dev, 0, NULL);

	struct if_nextdqblk *nq = tail_obj(end - PG / 2, sizeof(*nq), 0x10);

	q(QCMD(Q_GETNEXTQUOTA, USRQUOTA), "/dev/null", 0, nq);
	q(QCMD(Q_GETNEXTQUOTA, USRQUOTA), "/dev/null", 0, end - 8);

	struct if_dqinfo *di = tail_obj(end - PG / 4, sizeof(*di), 0x40);

	di->dqi_flags = 0xdeadabcd;
	q(QCMD(Q_GETINFO, GRPQUOTA), "/dev/null", -1, di);
	q(QCMD(Q_SETINFO, USRQUOTA), dev, -1, di);
	q(QCMD(Q_SETINFO, USRQUOTA), dev, -1, end - 8);
	di->dqi_flags = 0x10001;
	di->dqi_valid = 7;
	q(QCMD(Q_SETINFO, PRJQUOTA), dev, -1, di);

	fmt = tail_obj(end - PG / 8, sizeof(*fmt), 0);
	*fmt = QFMT_VFS_V1;
	q(QCMD(Q_GETFMT, GRPQUOTA), "/dev/null", -1, fmt);
	*fmt = 0x77;
	q(QCMD(Q_GETFMT, GRPQUOTA), "/dev/null", -1, fmt);
	q(QCMD(Q_GETFMT, USRQUOTA), dev, -1, end - 2);
	q(QCMD(Q_GETFMT, USRQUOTA), dev, -1, NULL);
}

static void do_xfs(char *end)
{
	const char *dev = "/dev/bogus/";
	struct fs_disk_quota *xd = tail_obj(end, sizeof(*xd), 0x8e);
	uint32_t flags = 0xdeadbeef;

	q(QCMD(Q_XQUOTAON, USRQUOTA), dev, -1, &flags);
	q(QCMD(Q_XQUOTAON, 0xed), dev, -1, end - 2);
	q(QCMD(Q_XQUOTAOFF, GRPQUOTA), dev, -1, NULL);
	flags = 0x3f;
	q(QCMD(Q_XQUOTAOFF, 3), dev, -1, &flags);
	q(QCMD(Q_XGETQUOTA, USRQUOTA), "/dev/null", 0, xd);
	q(QCMD(Q_XGETQUOTA, GRPQUOTA), NULL, -1, xd);
	q(QCMD(Q_XGETNEXTQUOTA, PRJQUOTA), "/dev/null", 5, xd);
	q(QCMD(Q_XSETQLIM, PRJQUOTA), dev, 3141592653U, xd);
	q(QCMD(Q_XSETQLIM, PRJQUOTA), dev, 0, end - 8);

	struct fs_quota_stat *xs = tail_obj(end - PG / 2, sizeof(*xs), 0x21);

	q(QCMD(Q_XGETQSTAT, USRQUOTA), "/dev/null", -1, xs);
	q(QCMD(Q_XGETQSTAT, USRQUOTA), "/dev/null", -1, (char *)xs + 4);

	struct fs_quota_statv *xv = tail_obj(end - PG / 4, sizeof(*xv), 0x31);

	q(QCMD(Q_XGETQSTATV, GRPQUOTA), "/dev/null", -1, xv);
	q(QCMD(Q_XGETQSTATV, GRPQUOTA), NULL, -1, NULL);
	flags = 0xdeadbeef;
	q(QCMD(Q_XQUOTARM, GRPQUOTA), dev, -1, &flags);
	flags = 0;
	q(QCMD(Q_XQUOTARM, USRQUOTA), dev, -1, &flags);
	q(QCMD(Q_XQUOTARM, USRQUOTA), dev, -1, end - 1);
	q(QCMD(Q_XQUOTASYNC, USRQUOTA), dev, -1, NULL);
	q(QCMD(0x5800, USRQUOTA), dev, -1, NULL);
	q(QCMD(0x580a, USRQUOTA), dev, -1, NULL);
}

/* Arguments with bits above the 32 the kernel reads, where longs have. */
static void do_fd(char *end)
{
	unsigned long fill =
		sizeof(long) > 4 ? (unsigned long)0xdefaced00000000ULL : 0;
	uint32_t *fmt = tail_obj(end - 16, sizeof(*fmt), 0);
	int fd = open("/dev/null", O_RDONLY);

	*fmt = QFMT_VFS_OLD;
	syscall(SYS_quotactl_fd, fill | (unsigned int)-1,
		fill | QCMD(Q_GETFMT, GRPQUOTA), fill | 2, fmt);
	syscall(SYS_quotactl_fd, fill | fd, fill | QCMD(Q_GETFMT, USRQUOTA),
		fill | 3, fmt);
	syscall(SYS_quotactl_fd, fd, QCMD(Q_GETQUOTA, USRQUOTA), -1, end - 4);
	syscall(SYS_quotactl_fd, fd, QCMD(Q_QUOTAON, USRQUOTA), QFMT_VFS_V0,
		"/tmp/bogus/");
	syscall(SYS_quotactl_fd, fd, QCMD(Q_XQUOTASYNC, 9), 1, NULL);
	syscall(SYS_quotactl_fd, fd, 0xbadc0ded, 0xca7faced, end - 1);
	close(fd);
}

int main(void)
{
	char *end = tail_page();

	marker("decode-begin");
	do_vfs(end);
	do_xfs(end);
	do_fd(end);
	marker("decode-end");
	return 0;
}
