/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * stats_calls calls NOK NFAIL [PROG ARG...]: NOK getppid calls, then
 *   NFAIL openat calls that fail with ENOENT and NFAIL close calls that
 *   fail with EBADF, each once per call (raw syscalls: libc adds none),
 *   and one sched_get_priority_max (a name longer than 16 characters);
 *   then, if given, execv PROG (e.g. the -m32 build, for a trace that
 *   goes from one personality to the other).
 * stats_calls subcalls: (i386 only, else nothing) failing calls through
 *   socketcall (socket, accept, sendmmsg) and ipc (semget, shmctl), and
 *   the socket syscall itself, which strace counts in another row.
 * stats_calls run MSECS: getppid and a 20 ms nanosleep, over and over,
 *   until MSECS milliseconds have passed; prints the number of rounds.
 *
 * The -c, --hist and --summary-interval tests (tests/cases/stats-*.sh)
 * know from this what the tables must count.
 */
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static long ms_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0->tv_sec) * 1000 +
	       (t.tv_nsec - t0->tv_nsec) / 1000000;
}

int main(int argc, char **argv)
{
	if (argc >= 4 && !strcmp(argv[1], "calls")) {
		long nok = atol(argv[2]), nfail = atol(argv[3]);

		for (long i = 0; i < nok; i++)
			syscall(SYS_getppid);
		/* A name longer than 16: strace widens the name column. */
		syscall(SYS_sched_get_priority_max, SCHED_OTHER);
		for (long i = 0; i < nfail; i++)
			syscall(SYS_openat, AT_FDCWD,
				"/nonexistent/stats_calls", O_RDONLY);
		for (long i = 0; i < nfail; i++)
			syscall(SYS_close, -1);
		if (argc > 4) {
			execv(argv[4], argv + 4);
			perror(argv[4]);
			return 1;
		}
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "subcalls")) {
#ifdef __i386__
		/* linux/net.h and the kernel's ipc/syscall.c numbering */
		long args[6] = { -1, -1, -1, 0, 0, 0 };

		syscall(SYS_socketcall, 1, args);	/* SYS_SOCKET */
		syscall(SYS_socketcall, 5, args);	/* SYS_ACCEPT */
		syscall(SYS_socketcall, 20, args);	/* SYS_SENDMMSG */
		syscall(SYS_ipc, 2, 0, -1, 0, 0, 0);	/* SEMGET */
		syscall(SYS_ipc, 24, -1, 2, 0, 0, 0);	/* SHMCTL IPC_STAT */
		syscall(SYS_socket, -1, -1, -1);
#endif
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "run")) {
		struct timespec t0, nap = { 0, 20 * 1000000 };
		long ms = atol(argv[2]), rounds = 0;

		clock_gettime(CLOCK_MONOTONIC, &t0);
		while (ms_since(&t0) < ms) {
			syscall(SYS_getppid);
			syscall(SYS_nanosleep, &nap, NULL);
			rounds++;
		}
		printf("%ld\n", rounds);
		return 0;
	}
	fprintf(stderr,
		"usage: stats_calls calls NOK NFAIL [PROG ARG...] | run MSECS\n");
	return 2;
}
