/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * decode_file: performs the file and directory syscalls that
 * src/syscall/file.c and stat.c decode, each with valid arguments, an
 * error return, a NULL or unmapped pointer and unknown flag bits, so
 * that tests/cases/decode-file*.sh can compare the tracer's lines with
 * Debian strace's.  Built 64-bit and (as decode_file32) with -m32.
 *
 * Runs in the current directory, which it fills with scratch files.
 * Everything before the write of MARK is program start-up.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <unistd.h>

#define MARK "decode_file: begin"
#define MARK_END "decode_file: end"

#define S(...) syscall(__VA_ARGS__)

static char *page_end;		/* first byte after a page; next page unmapped */
static void *bad = (void *)8;	/* an address that is never mapped */

/* A copy of str ending at page_end without its NUL: unterminated. */
static char *tail_unterminated(const char *str)
{
	size_t n = strlen(str);

	memcpy(page_end - n, str, n);
	return page_end - n;
}

/* A copy of str with its NUL as the last byte of the page. */
static char *tail_str(const char *str)
{
	size_t n = strlen(str) + 1;

	memcpy(page_end - n, str, n);
	return page_end - n;
}

/* n bytes that end at the unmapped page. */
static void *tail(size_t n)
{
	memset(page_end - n, 0, n);
	return page_end - n;
}

static void setup(void)
{
	long ps = sysconf(_SC_PAGESIZE);
	char *p = mmap(NULL, 2 * ps, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		exit(1);
	munmap(p + ps, ps);
	page_end = p + ps;
}

static void do_open(void)
{
	int fd;

	S(SYS_write, -1, MARK "-open", sizeof(MARK "-open") - 1);
#ifdef SYS_open
	fd = S(SYS_open, "f", O_RDONLY);
	S(SYS_close, fd);
	S(SYS_open, "nofile", O_RDONLY);
	fd = S(SYS_open, "new", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	S(SYS_close, fd);
	S(SYS_open, NULL, O_RDONLY);
	S(SYS_open, bad, O_RDONLY);
	S(SYS_open, tail_unterminated("f"), O_RDONLY);
	fd = S(SYS_open, tail_str("f"), O_RDWR | O_APPEND | O_NOCTTY | O_NONBLOCK);
	S(SYS_close, fd);
	fd = S(SYS_open, "d", O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW |
	       O_NOATIME);
	S(SYS_close, fd);
	fd = S(SYS_open, ".", O_TMPFILE | O_RDWR, 0600);
	S(SYS_close, fd);
	fd = S(SYS_open, "f", O_WRONLY | O_SYNC);
	S(SYS_close, fd);
	fd = S(SYS_open, "f", O_WRONLY | O_DSYNC | O_EXCL | FASYNC);
	S(SYS_close, fd);
	fd = S(SYS_open, "f", O_PATH | O_LARGEFILE);
	S(SYS_close, fd);
	fd = S(SYS_open, "f", O_RDONLY | O_DIRECT);
	S(SYS_close, fd);
	fd = S(SYS_open, "f", O_ACCMODE);
	S(SYS_close, fd);
	fd = S(SYS_open, "f", O_RDONLY | 0x40000000);
	S(SYS_close, fd);
	fd = S(SYS_open, "x", O_CREAT | O_EXCL | 0x80000000, 04755);
	S(SYS_close, fd);
	S(SYS_open, "f", O_CREAT | O_EXCL, 0xffffffff);
#endif
#ifdef SYS_creat
	fd = S(SYS_creat, "c", 0600);
	S(SYS_close, fd);
	S(SYS_creat, "nodir/c", 0644);
	S(SYS_creat, bad, 0);
#endif
	fd = S(SYS_openat, AT_FDCWD, "f", O_RDONLY | O_CLOEXEC);
	S(SYS_openat, fd, "x", O_RDONLY);
	S(SYS_close, fd);
	fd = S(SYS_openat, AT_FDCWD, "d", O_RDONLY | O_DIRECTORY);
	S(SYS_close, S(SYS_openat, fd, "g", O_RDWR | O_CREAT, 0640));
	S(SYS_close, fd);
	S(SYS_openat, -1, "f", O_RDONLY);
	S(SYS_openat, -5, "f", O_RDONLY);
	S(SYS_openat, AT_FDCWD, bad, O_WRONLY);
	S(SYS_close, S(SYS_openat, AT_FDCWD, "d", O_TMPFILE | O_WRONLY, 0));
#ifdef SYS_openat2
	{
		struct {
			uint64_t flags, mode, resolve;
			uint64_t extra;
		} how = { O_RDONLY | O_CLOEXEC, 0, 0x1 | 0x4, 0 };
		void *t = tail(24);

		fd = S(SYS_openat2, AT_FDCWD, "f", &how, 24);
		S(SYS_close, fd);
		how.flags = O_WRONLY | O_CREAT;
		how.mode = 0644;
		how.resolve = 0x2 | 0x8 | 0x10 | 0x20;
		fd = S(SYS_openat2, AT_FDCWD, "g", &how, 24);
		S(SYS_close, fd);
		how.resolve = 0x100;
		S(SYS_openat2, AT_FDCWD, "f", &how, 24);
		S(SYS_openat2, AT_FDCWD, "f", &how, 16);
		S(SYS_openat2, AT_FDCWD, "f", &how, 32);
		how.resolve = 0;
		how.extra = 1;
		S(SYS_openat2, AT_FDCWD, "f", &how, 32);
		S(SYS_openat2, AT_FDCWD, "f", NULL, 24);
		S(SYS_openat2, AT_FDCWD, "f", bad, 24);
		memcpy(t, &how, 16);
		S(SYS_close, S(SYS_openat2, AT_FDCWD, "f", t, 24));
		S(SYS_openat2, AT_FDCWD, "f", t, 32);
	}
#endif
}

static void do_stat(void)
{
	struct stat st;
	void *t;
	int fd;

	S(SYS_write, -1, MARK "-stat", sizeof(MARK "-stat") - 1);
	fd = S(SYS_open, "f", O_RDONLY);
	t = tail(sizeof(st) - 8);
#ifdef SYS_stat
	S(SYS_stat, "f", &st);
	S(SYS_stat, "d", &st);
	S(SYS_stat, "/dev/null", &st);
	S(SYS_stat, "nofile", &st);
	S(SYS_stat, "f", NULL);
	S(SYS_stat, bad, &st);
	S(SYS_stat, "f", t);
	S(SYS_lstat, "l", &st);
	S(SYS_fstat, fd, &st);
	S(SYS_fstat, -1, &st);
	S(SYS_fstat, fd, bad);
#endif
#ifdef SYS_newfstatat
	S(SYS_newfstatat, AT_FDCWD, "f", &st, 0);
	S(SYS_newfstatat, fd, "", &st, AT_EMPTY_PATH);
	S(SYS_newfstatat, AT_FDCWD, "l", &st, AT_SYMLINK_NOFOLLOW |
	  AT_NO_AUTOMOUNT);
	S(SYS_newfstatat, AT_FDCWD, "f", &st, 0x1);
	S(SYS_newfstatat, AT_FDCWD, "nofile", &st, 0);
	S(SYS_newfstatat, AT_FDCWD, "/dev/null", &st, 0);
#endif
#ifdef SYS_stat64
	{
		char st64[96];

		S(SYS_stat64, "f", st64);
		S(SYS_stat64, "/dev/null", st64);
		S(SYS_stat64, "nofile", st64);
		S(SYS_stat64, "f", bad);
		S(SYS_lstat64, "l", st64);
		S(SYS_fstat64, fd, st64);
		S(SYS_fstatat64, AT_FDCWD, "d", st64, AT_SYMLINK_NOFOLLOW);
		S(SYS_fstatat64, fd, "", st64, AT_EMPTY_PATH);
		S(SYS_fstatat64, AT_FDCWD, "nofile", st64, 0);
	}
#endif
#ifdef SYS_oldstat
	{
		char ost[64];

		S(SYS_oldstat, "f", ost);
		S(SYS_oldstat, "/dev/null", ost);
		S(SYS_oldlstat, "l", ost);
		S(SYS_oldfstat, fd, ost);
		S(SYS_oldstat, "nofile", ost);
	}
#endif
	{
		char stx[256];

		S(SYS_statx, AT_FDCWD, "f", 0, 0x7ff, stx);
		S(SYS_statx, fd, "", AT_EMPTY_PATH | 0x2000, 0xfff, stx);
		S(SYS_statx, AT_FDCWD, "l", AT_SYMLINK_NOFOLLOW | 0x4000,
		  0x1 | 0x10, stx);
		S(SYS_statx, AT_FDCWD, "/dev/null", 0, 0x7ff, stx);
		S(SYS_statx, AT_FDCWD, "d", 0x6000, 0x7ff, stx);
		S(SYS_statx, AT_FDCWD, "nofile", 0, 0x7ff, stx);
		S(SYS_statx, AT_FDCWD, "f", 0, 0x80000000, stx);
		S(SYS_statx, AT_FDCWD, "f", 0, 0x7ff, bad);
		S(SYS_statx, AT_FDCWD, "f", 0, 0x7ff, NULL);
	}
	S(SYS_close, fd);
}

static void do_statfs(void)
{
	char buf[128];
	int fd = S(SYS_open, ".", O_RDONLY);

	S(SYS_write, -1, MARK "-statfs", sizeof(MARK "-statfs") - 1);
	S(SYS_statfs, ".", buf);
	S(SYS_statfs, "/proc", buf);
	S(SYS_statfs, "nofile", buf);
	S(SYS_statfs, ".", bad);
	S(SYS_fstatfs, fd, buf);
	S(SYS_fstatfs, -1, buf);
#ifdef SYS_statfs64
	S(SYS_statfs64, ".", 84, buf);
	S(SYS_statfs64, ".", 88, buf);
	S(SYS_statfs64, ".", 10, buf);
	S(SYS_fstatfs64, fd, 84, buf);
	S(SYS_fstatfs64, fd, 84, bad);
#endif
	S(SYS_close, fd);
}

static void do_access(void)
{
	char buf[64];

	S(SYS_write, -1, MARK "-access", sizeof(MARK "-access") - 1);
#ifdef SYS_access
	S(SYS_access, "f", F_OK);
	S(SYS_access, "f", R_OK | W_OK);
	S(SYS_access, "f", X_OK);
	S(SYS_access, "nofile", R_OK | W_OK | X_OK);
	S(SYS_access, "f", 0x10);
	S(SYS_access, bad, R_OK);
#endif
	S(SYS_faccessat, AT_FDCWD, "f", R_OK);
	S(SYS_faccessat, -1, "f", W_OK);
#ifdef SYS_faccessat2
	S(SYS_faccessat2, AT_FDCWD, "f", R_OK, AT_EACCESS);
	S(SYS_faccessat2, AT_FDCWD, "l", F_OK, AT_SYMLINK_NOFOLLOW |
	  AT_EMPTY_PATH);
	S(SYS_faccessat2, AT_FDCWD, "f", F_OK, 0);
	S(SYS_faccessat2, AT_FDCWD, "f", 0x18, 0x1);
#endif
#ifdef SYS_readlink
	S(SYS_readlink, "l", buf, sizeof(buf));
	S(SYS_readlink, "l", buf, 0);
	S(SYS_readlink, "f", buf, sizeof(buf));
	S(SYS_readlink, "l", bad, sizeof(buf));
#endif
	S(SYS_readlinkat, AT_FDCWD, "l", buf, 1);
	S(SYS_readlinkat, AT_FDCWD, "l2", buf, sizeof(buf));
	S(SYS_readlinkat, AT_FDCWD, "l2", buf, 5);
	S(SYS_readlinkat, AT_FDCWD, "l", tail(1), 20);
}

static void do_dents(void)
{
	char buf[4096];
	int fd;

	S(SYS_write, -1, MARK "-dents", sizeof(MARK "-dents") - 1);
	fd = S(SYS_open, "dd", O_RDONLY | O_DIRECTORY);
	S(SYS_getdents64, fd, buf, sizeof(buf));
	S(SYS_getdents64, fd, buf, sizeof(buf));
	S(SYS_lseek, fd, 0, SEEK_SET);
	S(SYS_getdents64, fd, buf, 30);
	S(SYS_getdents64, fd, bad, sizeof(buf));
	S(SYS_getdents64, -1, buf, sizeof(buf));
#ifdef SYS_getdents
	S(SYS_lseek, fd, 0, SEEK_SET);
	S(SYS_getdents, fd, buf, sizeof(buf));
	S(SYS_getdents, fd, buf, sizeof(buf));
	S(SYS_getdents, fd, bad, sizeof(buf));
#endif
#ifdef SYS_readdir
	/*
	 * i386's one-entry readdir: the entry (its name whole, whatever -s
	 * says), then errors, counts other than 1, an entry that would
	 * cross into an unmapped page, and the end of the directory (0: the
	 * buffer's address).
	 */
	S(SYS_lseek, fd, 0, SEEK_SET);
	S(SYS_readdir, fd, buf, 1);
	S(SYS_readdir, -1, buf, 1);
	S(SYS_readdir, -1, buf, 0);
	S(SYS_readdir, -1, buf, -1);
	S(SYS_readdir, fd, buf, 2);
	S(SYS_readdir, fd, bad, 1);
	S(SYS_readdir, fd, tail(12), 1);
	for (int i = 0; i < 8; i++)
		S(SYS_readdir, fd, buf, 1);
	S(SYS_readdir, fd, NULL, 1);
#endif
	S(SYS_close, fd);
}

static void do_modes(void)
{
	int fd = S(SYS_open, "f", O_RDONLY);

	S(SYS_write, -1, MARK "-modes", sizeof(MARK "-modes") - 1);
#ifdef SYS_chmod
	S(SYS_chmod, "f", 0644);
	S(SYS_chmod, "f", 04755);
	S(SYS_chmod, "f", 07777);
	S(SYS_chmod, "f", 0);
	S(SYS_chmod, "nofile", 0600);
	S(SYS_chmod, "f", 0170644);
#endif
	S(SYS_fchmod, fd, 0644);
	S(SYS_fchmod, -1, 0);
	S(SYS_fchmodat, AT_FDCWD, "f", 02640);
	S(SYS_fchmodat, AT_FDCWD, "f", 0644);
#ifdef SYS_chown32
	S(SYS_chown32, "f", 0, 0);
	S(SYS_chown32, "f", -1, -1);
	S(SYS_lchown32, "l", 1, 2);
	S(SYS_fchown32, fd, -1, 0);
#endif
#ifdef SYS_chown
	S(SYS_chown, "f", 0, 0);
	S(SYS_chown, "f", -1, -1);
	S(SYS_chown, "f", 0xffff, 0xffff);
	S(SYS_chown, "nofile", 1, 1);
	S(SYS_lchown, "l", 0, -1);
	S(SYS_fchown, fd, -1, 0);
#endif
	S(SYS_fchownat, AT_FDCWD, "l", 0, 0, AT_SYMLINK_NOFOLLOW);
	S(SYS_fchownat, AT_FDCWD, "f", -1, 5, 0);
	S(SYS_fchownat, fd, "", 0, -1, AT_EMPTY_PATH);
	S(SYS_umask, 022);
	S(SYS_umask, 0777);
	S(SYS_umask, 0);
	S(SYS_umask, 022);
	S(SYS_umask, 010022);
	S(SYS_umask, 022);
	S(SYS_close, fd);
}

static void do_names(void)
{
	int fd;

	S(SYS_write, -1, MARK "-names", sizeof(MARK "-names") - 1);
	fd = S(SYS_open, ".", O_RDONLY | O_DIRECTORY);
#ifdef SYS_rename
	S(SYS_rename, "c", "c2");
	S(SYS_rename, "nofile", "c3");
	S(SYS_rename, bad, "c3");
#endif
	S(SYS_renameat, AT_FDCWD, "c2", fd, "c");
	S(SYS_renameat2, AT_FDCWD, "c", AT_FDCWD, "c2", 0);
	S(SYS_renameat2, AT_FDCWD, "c2", AT_FDCWD, "f", RENAME_NOREPLACE);
	S(SYS_renameat2, AT_FDCWD, "c2", AT_FDCWD, "f", RENAME_EXCHANGE);
	S(SYS_renameat2, AT_FDCWD, "nofile", AT_FDCWD, "f", RENAME_WHITEOUT);
	S(SYS_renameat2, AT_FDCWD, "c2", AT_FDCWD, "f",
	  RENAME_NOREPLACE | RENAME_EXCHANGE | 0x10);
	S(SYS_renameat2, AT_FDCWD, "c2", AT_FDCWD, "f", RENAME_EXCHANGE);
	S(SYS_renameat2, AT_FDCWD, "c2", AT_FDCWD, "c", 0x8);
#ifdef SYS_link
	S(SYS_link, "f", "h");
	S(SYS_link, "f", "h");
	S(SYS_unlink, "h");
	S(SYS_symlink, "f", "s");
	S(SYS_symlink, "f", "s");
	S(SYS_unlink, "s");
	S(SYS_unlink, "nofile");
	S(SYS_mkdir, "m", 0755);
	S(SYS_mkdir, "m", 01777);
	S(SYS_rmdir, "m");
	S(SYS_rmdir, "f");
	S(SYS_mknod, "fifo", S_IFIFO | 0644, 0);
	S(SYS_unlink, "fifo");
	S(SYS_mknod, "nul", S_IFCHR | 0600, makedev(1, 3));
	S(SYS_unlink, "nul");
	S(SYS_mknod, "blk", S_IFBLK | 0600, makedev(8, 0x101));
	S(SYS_unlink, "blk");
	S(SYS_mknod, "reg", S_IFREG | 0600, 0);
	S(SYS_unlink, "reg");
	S(SYS_mknod, "bad", 0170600, makedev(1, 2));
	S(SYS_mknod, "bad", 0600, 0);
	S(SYS_unlink, "bad");
#endif
	S(SYS_linkat, AT_FDCWD, "f", fd, "h", 0);
	S(SYS_linkat, AT_FDCWD, "l", AT_FDCWD, "h2", AT_SYMLINK_FOLLOW);
	S(SYS_linkat, fd, "", AT_FDCWD, "h3", AT_EMPTY_PATH | 0x1);
	S(SYS_unlinkat, fd, "h", 0);
	S(SYS_unlinkat, AT_FDCWD, "h2", 0);
	S(SYS_symlinkat, "f", fd, "s");
	S(SYS_symlinkat, "f", AT_FDCWD, "s");
	S(SYS_unlinkat, AT_FDCWD, "s", 0);
	S(SYS_mkdirat, fd, "m", 0700);
	S(SYS_unlinkat, AT_FDCWD, "m", AT_REMOVEDIR);
	S(SYS_unlinkat, AT_FDCWD, "f", 0x100);
	S(SYS_mknodat, AT_FDCWD, "nul", S_IFCHR | 0666, makedev(1, 3));
	S(SYS_unlinkat, AT_FDCWD, "nul", 0);
	S(SYS_mknodat, fd, "sock", S_IFSOCK | 0666, 0);
	S(SYS_unlinkat, AT_FDCWD, "sock", 0);
	S(SYS_close, fd);
}

static void do_dirs(void)
{
	char buf[4096];
	int fd;

	S(SYS_write, -1, MARK "-dirs", sizeof(MARK "-dirs") - 1);
	fd = S(SYS_open, ".", O_RDONLY | O_DIRECTORY);
	S(SYS_chdir, "d");
	S(SYS_getcwd, buf, 2);
	S(SYS_getcwd, buf, sizeof(buf));
	S(SYS_getcwd, bad, sizeof(buf));
	S(SYS_chdir, "nofile");
	S(SYS_chdir, bad);
	S(SYS_fchdir, fd);
	S(SYS_fchdir, -1);
	S(SYS_chroot, "nofile");
	S(SYS_chroot, "/");
	S(SYS_close, fd);
}

static void do_times(void)
{
	struct timespec ts[2] = { { 1700000000, 123456789 },
				  { 1600000000, 0 } };
	long tv[4] = { 1700000000, 5, 1600000000, 999999 };
	long ub[2] = { 1700000000, 1600000000 };
	int fd = S(SYS_open, "f", O_RDONLY);

	S(SYS_write, -1, MARK "-times", sizeof(MARK "-times") - 1);
	S(SYS_utimensat, AT_FDCWD, "f", ts, 0);
	S(SYS_utimensat, AT_FDCWD, "f", NULL, 0);
	S(SYS_utimensat, fd, NULL, NULL, 0);
	ts[0].tv_nsec = UTIME_NOW;
	ts[1].tv_nsec = UTIME_OMIT;
	S(SYS_utimensat, AT_FDCWD, "l", ts, AT_SYMLINK_NOFOLLOW);
	ts[0].tv_nsec = -5;
	S(SYS_utimensat, AT_FDCWD, "f", ts, 0);
	S(SYS_utimensat, AT_FDCWD, "f", bad, 0);
	S(SYS_utimensat, AT_FDCWD, "f", tail(sizeof(struct timespec)), 0);
	S(SYS_utimensat, AT_FDCWD, "nofile", NULL, 0x1);
	/* The epoch prints without a calendar comment. */
	ts[0].tv_sec = 0;
	ts[0].tv_nsec = 0;
	ts[1].tv_sec = 0;
	ts[1].tv_nsec = 5;
	S(SYS_utimensat, AT_FDCWD, "f", ts, 0);
	{
		char st[144];

		S(SYS_fstat, fd, st);
	}
#ifdef SYS_utimes
	S(SYS_utimes, "f", tv);
	S(SYS_utimes, "f", NULL);
	S(SYS_utimes, "f", bad);
	S(SYS_futimesat, AT_FDCWD, "f", tv);
	S(SYS_futimesat, fd, NULL, NULL);
#endif
#ifdef SYS_utime
	S(SYS_utime, "f", ub);
	S(SYS_utime, "f", NULL);
	S(SYS_utime, "f", bad);
	S(SYS_utime, "nofile", ub);
	ub[0] = 0;
	ub[1] = 1;
	S(SYS_utime, "f", ub);
#endif
	S(SYS_close, fd);
}

static void do_trunc(void)
{
	int fd = S(SYS_open, "t", O_RDWR | O_CREAT, 0644);

	S(SYS_write, -1, MARK "-trunc", sizeof(MARK "-trunc") - 1);
	S(SYS_truncate, "t", 100);
	S(SYS_truncate, "nofile", 100);
	S(SYS_ftruncate, fd, 4096);
	S(SYS_ftruncate, fd, -1L);
#ifdef SYS_truncate64
	S(SYS_truncate64, "t", 0x1000, 0);
	S(SYS_truncate64, "t", 0, 1);
	S(SYS_ftruncate64, fd, 0x100, 0);
	S(SYS_ftruncate64, fd, 0xffffffff, 0xffffffff);
#endif
#ifdef __x86_64__
	S(SYS_fallocate, fd, 0, 0, 8192);
	S(SYS_fallocate, fd, FALLOC_FL_KEEP_SIZE | FALLOC_FL_PUNCH_HOLE, 0,
	  4096);
	S(SYS_fallocate, fd, FALLOC_FL_ZERO_RANGE, 1, 2);
	S(SYS_fallocate, fd, 0x1000, 0, 1);
	S(SYS_fallocate, -1, FALLOC_FL_COLLAPSE_RANGE |
	  FALLOC_FL_INSERT_RANGE | FALLOC_FL_UNSHARE_RANGE, 0, 1);
#else
	S(SYS_fallocate, fd, 0, 0, 0, 8192, 0);
	S(SYS_fallocate, fd, FALLOC_FL_KEEP_SIZE | FALLOC_FL_PUNCH_HOLE,
	  0x10, 1, 0x1000, 0);
	S(SYS_fallocate, fd, 0x1000, 0, 0, 1, 0);
#endif
	S(SYS_fsync, fd);
	S(SYS_fsync, -1);
	S(SYS_fdatasync, fd);
	S(SYS_syncfs, fd);
	S(SYS_sync);
	S(SYS_close, fd);
}

static void do_xattr(void)
{
	static char bigval[65537];
	char buf[256];
	int fd = S(SYS_open, "f", O_RDONLY);

	S(SYS_write, -1, MARK "-xattr", sizeof(MARK "-xattr") - 1);
	S(SYS_setxattr, "f", "user.a", "value-a", 7, 0);
	S(SYS_setxattr, "f", "user.a", "value-a", 7, XATTR_CREATE);
	S(SYS_setxattr, "f", "user.a", "v\0\1\2", 4, XATTR_REPLACE);
	S(SYS_setxattr, "f", "user.b",
	  "a long value that is longer than thirty-two bytes", 49, 0);
	S(SYS_setxattr, "f", "user.c", "x", 1, 0x4);
	S(SYS_setxattr, "f", "user.c", bad, 5, 0);
	S(SYS_setxattr, "f", "user.c", NULL, 0, 0);
	S(SYS_lsetxattr, "l", "trusted.x", "1", 1, 0);
	S(SYS_fsetxattr, fd, "user.d", "", 0, XATTR_CREATE | XATTR_REPLACE);
	S(SYS_getxattr, "f", "user.a", buf, sizeof(buf));
	S(SYS_getxattr, "f", "user.b", buf, sizeof(buf));
	S(SYS_getxattr, "f", "user.a", NULL, 0);
	S(SYS_getxattr, "f", "user.a", buf, 1);
	S(SYS_getxattr, "f", "user.none", buf, sizeof(buf));
	S(SYS_lgetxattr, "l", "trusted.x", buf, sizeof(buf));
	S(SYS_fgetxattr, fd, "user.a", bad, sizeof(buf));
	S(SYS_fgetxattr, fd, bad, buf, sizeof(buf));
	S(SYS_listxattr, "f", buf, sizeof(buf));
	S(SYS_listxattr, "f", NULL, 0);
	S(SYS_listxattr, "f", buf, 3);
	/* Size 0: the kernel writes nothing, strace shows the address. */
	S(SYS_listxattr, "f", buf, 0);
	S(SYS_llistxattr, "l", NULL, 0);
	S(SYS_flistxattr, fd, NULL, 0);
	/* Past XATTR_SIZE_MAX (E2BIG): the value is not read. */
	S(SYS_setxattr, "f", "user.big", bigval, 65537, 0);
	S(SYS_setxattr, "f", "user.big", bigval, 65536, 0);
	S(SYS_removexattr, "f", "user.big");
	S(SYS_llistxattr, "l", buf, sizeof(buf));
	S(SYS_flistxattr, fd, bad, sizeof(buf));
	S(SYS_flistxattr, fd, buf, sizeof(buf));
	S(SYS_removexattr, "f", "user.a");
	S(SYS_removexattr, "f", "user.a");
	S(SYS_lremovexattr, "l", "trusted.x");
	S(SYS_fremovexattr, fd, "user.b");
	S(SYS_fremovexattr, -1, bad);
	S(SYS_close, fd);
}

static void do_mount(void)
{
	S(SYS_write, -1, MARK "-mount", sizeof(MARK "-mount") - 1);
	S(SYS_mount, "none", "nodir", "tmpfs", MS_RDONLY | MS_NOSUID |
	  MS_NODEV, "size=1m");
	S(SYS_mount, "none", "nodir", "tmpfs", 0xc0ed0000 | MS_NOEXEC,
	  NULL);
	S(SYS_mount, "d", "nodir", NULL, MS_BIND | MS_REC, NULL);
	S(SYS_mount, NULL, "nodir", NULL, MS_REMOUNT | MS_RDONLY, "ro");
	S(SYS_mount, NULL, "nodir", NULL, MS_PRIVATE | MS_REC, NULL);
	S(SYS_mount, "a", "nodir", "ext4", 0, bad);
	S(SYS_umount2, "nodir", 0);
	S(SYS_umount2, "nodir", MNT_FORCE | MNT_DETACH | MNT_EXPIRE |
	  UMOUNT_NOFOLLOW);
	S(SYS_umount2, "nodir", 0x100);
#ifdef SYS_umount
	S(SYS_umount, "nodir");
#endif
}

static void do_handle(void)
{
	struct {
		unsigned int bytes;
		int type;
		unsigned char h[128];
	} fh = { 128, 0, { 0 } };
	int mnt;
	int fd;

	S(SYS_write, -1, MARK "-handle", sizeof(MARK "-handle") - 1);
	S(SYS_name_to_handle_at, AT_FDCWD, "f", &fh, &mnt, 0);
	fd = S(SYS_open_by_handle_at, AT_FDCWD, &fh, O_RDONLY);
	S(SYS_close, fd);
	fh.bytes = 0;
	S(SYS_name_to_handle_at, AT_FDCWD, "f", &fh, &mnt, AT_SYMLINK_FOLLOW);
	S(SYS_name_to_handle_at, AT_FDCWD, "f", bad, &mnt, 0);
	S(SYS_open_by_handle_at, -1, bad, O_RDWR);
}

static void prepare(void)
{
	int fd = open("f", O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd < 0 || write(fd, "hello\n", 6) != 6)
		exit(1);
	close(fd);
	mkdir("d", 0755);
	mkdir("dd", 0755);
	close(open("dd/one", O_WRONLY | O_CREAT, 0644));
	mkdir("dd/two", 0755);
	symlink("dd/one", "dd/link");
	/* A name longer than -s 5 and than the default 32. */
	close(open("dd/a-name-longer-than-thirty-two-bytes", O_WRONLY | O_CREAT,
		   0644));
	symlink("f", "l");
	symlink("a-longer-link-target-text", "l2");
}

int main(int argc, char **argv)
{
	const char *only = argc > 1 ? argv[1] : NULL;
	static const struct {
		const char *name;
		void (*fn)(void);
	} parts[] = {
		{ "open", do_open }, { "stat", do_stat },
		{ "statfs", do_statfs }, { "access", do_access },
		{ "dents", do_dents }, { "modes", do_modes },
		{ "names", do_names }, { "dirs", do_dirs },
		{ "times", do_times }, { "trunc", do_trunc },
		{ "xattr", do_xattr }, { "mount", do_mount },
		{ "handle", do_handle },
	};

	setup();
	prepare();
	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++)
		if (!only || !strcmp(only, parts[i].name))
			parts[i].fn();
	S(SYS_write, -1, MARK_END, sizeof(MARK_END) - 1);
	return 0;
}
