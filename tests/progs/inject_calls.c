/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What a program sees when -e inject= tampers with its syscalls
 * (tests/cases/inject-*.sh).  Each mode makes chdir("/") calls through
 * syscall(2), so the raw return value is seen, and prints one line per
 * call: "LABEL I: RETURN ERRNO" (ERRNO 0 when the call succeeded).
 *
 *   chdir N      N calls
 *   exec N       N calls, then execs itself as "chdir N" (counts go on)
 *   fork N       N calls, then a child makes N calls, then the parent
 *                N more (a new task counts from 1)
 *   signal       installs a SIGUSR1 handler, one call, then says
 *                "handler: SIG" with the signal the handler got (or 0)
 *   hold         forks a child that makes one call, which the test
 *                delays for ever; the parent waits until the child is
 *                stopped in it, calls getppid() and kills the child:
 *                it only ends if the tracer serves it meanwhile
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t got_signal;

static void on_signal(int sig)
{
	got_signal = sig;
}

static void calls(const char *label, int n)
{
	for (int i = 1; i <= n; i++) {
		long r;

		errno = 0;
		r = syscall(SYS_chdir, "/");
		printf("%s %d: %ld %d\n", label, i, r, r == -1 ? errno : 0);
	}
	fflush(stdout);
}

/* Is pid stopped by its tracer inside syscall nr? */
static int stopped_in(pid_t pid, long nr)
{
	char path[64], buf[512], *p;
	long cur = -1;
	int n, fd, stopped;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY);
	n = fd < 0 ? -1 : (int)read(fd, buf, sizeof(buf) - 1);
	if (fd >= 0)
		close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	p = strrchr(buf, ')');
	stopped = p && p[1] == ' ' && p[2] == 't';
	snprintf(path, sizeof(path), "/proc/%d/syscall", (int)pid);
	fd = open(path, O_RDONLY);
	n = fd < 0 ? -1 : (int)read(fd, buf, sizeof(buf) - 1);
	if (fd >= 0)
		close(fd);
	if (n > 0) {
		buf[n] = '\0';
		if (buf[0] >= '0' && buf[0] <= '9')
			cur = strtol(buf, NULL, 10);
	}
	return stopped && cur == nr;
}

static int hold(void)
{
	struct timespec nap = { 0, 10000000 };
	int status, killed, i;
	pid_t pid;

	pid = fork();
	if (pid < 0)
		return 1;
	if (!pid) {
		syscall(SYS_chdir, "/");
		_exit(0);
	}
	/* 60 s at most: only a bound on a hang, never a measure. */
	for (i = 0; !stopped_in(pid, SYS_chdir); i++) {
		if (i == 6000) {
			kill(pid, SIGKILL);
			return 1;
		}
		nanosleep(&nap, NULL);
	}
	syscall(SYS_getppid);
	kill(pid, SIGKILL);
	if (waitpid(pid, &status, 0) != pid)
		return 1;
	killed = WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
	printf("child: %s\n", killed ? "killed" : "not killed");
	return 0;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	int n = argc > 2 ? atoi(argv[2]) : 1;

	if (!strcmp(mode, "chdir")) {
		calls("chdir", n);
	} else if (!strcmp(mode, "exec")) {
		char num[16];

		calls("before", n);
		snprintf(num, sizeof(num), "%d", n);
		execl("/proc/self/exe", argv[0], "chdir", num, (char *)NULL);
		perror("execl");
		return 1;
	} else if (!strcmp(mode, "fork")) {
		pid_t pid;

		calls("parent", n);
		pid = fork();
		if (pid < 0)
			return 1;
		if (!pid) {
			calls("child", n);
			_exit(0);
		}
		waitpid(pid, NULL, 0);
		calls("parent", n);
	} else if (!strcmp(mode, "signal")) {
		struct sigaction sa;

		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_signal;
		sigaction(SIGUSR1, &sa, NULL);
		calls("chdir", 1);
		printf("handler: %d\n", (int)got_signal);
	} else if (!strcmp(mode, "hold")) {
		return hold();
	} else {
		fprintf(stderr, "usage: %s chdir|exec|fork N | signal | hold\n",
			argv[0]);
		return 2;
	}
	return 0;
}
