/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * fmtcalls MODE [ARGS]: syscalls for the line-prefix and filter tests
 * (tests/cases/fmt-*.sh, filter-*.sh); built 64-bit and -m32.
 *
 *   calls OUT   getppid, kill(self, SIGUSR1) caught by a handler,
 *               close(987) (fails with EBADF), exit_group(0); writes
 *               to OUT the number of each syscall in its own ABI as
 *               "NAME NR" lines, so the test knows what -n must show;
 *               the i386 build also calls listen and accept through
 *               socketcall(2), semget and semop through ipc(2), all
 *               failing, and writes "socketcall NR" and "ipc NR"
 *   nap SEC     getppid, a nanosleep of SEC seconds, getppid
 *   fds FILE    opens FILE and uses the descriptor in read, poll,
 *               select, mmap, dup, dup2 to 10, close; opens "/" and
 *               uses it as a dirfd; closes everything
 *   oldselect FILE  (i386) opens FILE and calls the old select(2), whose
 *               five arguments are a block at the end of a page, with
 *               and without the descriptor in its sets
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/select.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t caught;

static void on_usr1(int sig)
{
	(void)sig;
	caught = 1;
}

static int calls(const char *out)
{
	struct sigaction sa;
	FILE *f = fopen(out, "w");

	if (!f)
		return 1;
	fprintf(f, "getppid %d\nkill %d\nclose %d\nexit_group %d\n",
		SYS_getppid, SYS_kill, SYS_close, SYS_exit_group);
#ifdef __i386__
	fprintf(f, "socketcall %d\nipc %d\n", SYS_socketcall, SYS_ipc);
#endif
	if (fclose(f))
		return 1;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigaction(SIGUSR1, &sa, NULL);
	syscall(SYS_getppid);
	syscall(SYS_kill, getpid(), SIGUSR1);
	syscall(SYS_close, 987);
#ifdef __i386__
	{
		/* linux/net.h SYS_LISTEN, SYS_ACCEPT; linux/ipc.h SEMGET, SEMOP */
		unsigned long a[3] = { 987, 0, 0 };

		syscall(SYS_socketcall, 4, a);
		syscall(SYS_socketcall, 5, a);
		syscall(SYS_ipc, 2, 0x1234, 0, 0, 0, 0);
		syscall(SYS_ipc, 1, -1, 0, 0, 0, 0);
	}
#endif
	syscall(SYS_exit_group, caught ? 0 : 1);
	return 1;
}

static int nap(const char *sec)
{
	double s = atof(sec);
	struct timespec ts = {
		.tv_sec = (time_t)s,
		.tv_nsec = (long)((s - (double)(time_t)s) * 1e9),
	};

	syscall(SYS_getppid);
	nanosleep(&ts, NULL);
	syscall(SYS_getppid);
	return 0;
}

static int fds(const char *file)
{
	struct pollfd pfd;
	struct timeval tv = { 0, 0 };
	fd_set set;
	char c;
	void *m;
	int fd, d, dir;

	fd = open(file, O_RDONLY);
	if (fd < 0)
		return 1;
	if (read(fd, &c, 1) != 1)
		return 1;
	pfd.fd = fd;
	pfd.events = POLLIN;
	poll(&pfd, 1, 0);
	FD_ZERO(&set);
	FD_SET(fd, &set);
	select(fd + 1, &set, NULL, NULL, &tv);
	m = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, fd, 0);
	if (m != MAP_FAILED)
		munmap(m, 4096);
	d = dup(fd);
	dup2(fd, 10);
	close(10);
	dir = open("/", O_RDONLY | O_DIRECTORY);
	openat(dir, "nonexistent-fmtcalls", O_RDONLY);
	close(dir);
	close(d);
	close(fd);
	return 0;
}

static int oldselect(const char *file)
{
#ifdef __i386__
	long ps = sysconf(_SC_PAGESIZE);
	char *p = mmap(NULL, 2 * ps, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct timeval tv = { 0, 0 };
	fd_set set, none;
	unsigned long *block;
	int fd;

	if (p == MAP_FAILED)
		return 1;
	munmap(p + ps, ps);
	block = (unsigned long *)(p + ps) - 5;
	fd = open(file, O_RDONLY);
	if (fd < 0)
		return 1;
	FD_ZERO(&set);
	FD_SET(fd, &set);
	FD_ZERO(&none);
	block[0] = fd + 1;
	block[1] = (unsigned long)&set;
	block[2] = 0;
	block[3] = 0;
	block[4] = (unsigned long)&tv;
	syscall(SYS_select, block);
	block[1] = (unsigned long)&none;
	syscall(SYS_select, block);
	close(fd);
	return 0;
#else
	(void)file;
	return 77;
#endif
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "calls"))
		return calls(argv[2]);
	if (argc == 3 && !strcmp(argv[1], "nap"))
		return nap(argv[2]);
	if (argc == 3 && !strcmp(argv[1], "fds"))
		return fds(argv[2]);
	if (argc == 3 && !strcmp(argv[1], "oldselect"))
		return oldselect(argv[2]);
	fputs("usage: fmtcalls calls OUT | nap SEC | fds FILE | "
	      "oldselect FILE\n", stderr);
	return 2;
}
