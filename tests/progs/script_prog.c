// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A program whose syscalls a script's tests know: it runs the commands
 * of its arguments in order and writes to stdout what each did, so a
 * case computes what a script must have seen.
 *
 *   open N PATH      openat(PATH) N times (closing each): "open PATH rc"
 *   read SIZE...     read SIZE bytes of /dev/zero each: "read SIZE"
 *   sleep MS...      nanosleep MS milliseconds each: "sleep MS"
 *   fork N           N children, child i exits with status i: "fork PID i"
 *   signal N         raise SIGUSR1 N times (handled): "signal N"
 *   threads T N      T threads, each makes N getppid calls: "threads T N"
 *   fail             close(-1), which fails with EBADF: "fail"
 *   ppid N           getppid N times: "ppid RC" (-errno on failure)
 *   timed            one getppid, timed: "getppid took NS ns"
 *   usr1             the SIGUSR1s handled so far: "usr1 N"
 *   rename NAME      prctl(PR_SET_NAME, NAME): "rename NAME"
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t got;

static void on_usr1(int sig)
{
	(void)sig;
	got++;
}

static void *spin(void *arg)
{
	long n = (long)arg;

	for (long i = 0; i < n; i++)
		syscall(SYS_getppid);
	return NULL;
}

static int is_cmd(const char *s)
{
	static const char *const cmds[] = { "open",   "read",	 "sleep",
					    "fork",   "signal",	 "threads",
					    "fail",   "ppid",   "rename",	 "timed",
					    "usr1",   NULL };

	for (int i = 0; cmds[i]; i++)
		if (!strcmp(s, cmds[i]))
			return 1;
	return 0;
}

int main(int argc, char **argv)
{
	static char buf[1 << 20];
	int i = 1;

	setvbuf(stdout, NULL, _IOLBF, 0);
	signal(SIGUSR1, on_usr1);
	while (i < argc) {
		const char *cmd = argv[i++];

		if (!strcmp(cmd, "open") && i + 1 < argc) {
			long n = atol(argv[i]);
			const char *path = argv[i + 1];

			i += 2;
			for (long k = 0; k < n; k++) {
				int fd = openat(AT_FDCWD, path, O_RDONLY);

				printf("open %s %d\n", path,
				       fd < 0 ? -errno : fd);
				if (fd >= 0)
					close(fd);
			}
		} else if (!strcmp(cmd, "read")) {
			int fd = open("/dev/zero", O_RDONLY);

			for (; i < argc && !is_cmd(argv[i]); i++) {
				size_t n = (size_t)atol(argv[i]);

				if (n > sizeof(buf))
					n = sizeof(buf);
				if (read(fd, buf, n) != (ssize_t)n)
					return 1;
				printf("read %zu\n", n);
			}
			close(fd);
		} else if (!strcmp(cmd, "sleep")) {
			for (; i < argc && !is_cmd(argv[i]); i++) {
				long ms = atol(argv[i]);
				struct timespec ts = { ms / 1000,
						       (ms % 1000) * 1000000L };

				nanosleep(&ts, NULL);
				printf("sleep %ld\n", ms);
			}
		} else if (!strcmp(cmd, "fork") && i < argc) {
			int n = atoi(argv[i++]);

			for (int k = 0; k < n; k++) {
				pid_t pid = fork();

				if (pid == 0)
					_exit(k);
				printf("fork %d %d\n", (int)pid, k);
				waitpid(pid, NULL, 0);
			}
		} else if (!strcmp(cmd, "signal") && i < argc) {
			int n = atoi(argv[i++]);

			for (int k = 0; k < n; k++)
				raise(SIGUSR1);
			printf("signal %d\n", (int)got);
		} else if (!strcmp(cmd, "threads") && i + 1 < argc) {
			long t = atol(argv[i]), n = atol(argv[i + 1]);
			pthread_t th[64];

			i += 2;
			if (t > 64)
				t = 64;
			for (long k = 0; k < t; k++)
				pthread_create(&th[k], NULL, spin, (void *)n);
			for (long k = 0; k < t; k++)
				pthread_join(th[k], NULL);
			printf("threads %ld %ld\n", t, n);
		} else if (!strcmp(cmd, "ppid") && i < argc) {
			long n = atol(argv[i++]);

			for (long k = 0; k < n; k++) {
				long rc = syscall(SYS_getppid);

				printf("ppid %ld\n", rc < 0 ? -errno : rc);
			}
		} else if (!strcmp(cmd, "timed")) {
			struct timespec a, b;

			clock_gettime(CLOCK_MONOTONIC, &a);
			syscall(SYS_getppid);
			clock_gettime(CLOCK_MONOTONIC, &b);
			printf("getppid took %lld ns\n",
			       (long long)(b.tv_sec - a.tv_sec) * 1000000000LL +
				       (b.tv_nsec - a.tv_nsec));
		} else if (!strcmp(cmd, "usr1")) {
			printf("usr1 %d\n", (int)got);
		} else if (!strcmp(cmd, "rename") && i < argc) {
			prctl(PR_SET_NAME, argv[i]);
			printf("rename %s\n", argv[i++]);
		} else if (!strcmp(cmd, "fail")) {
			close(-1);
			printf("fail\n");
		} else {
			fprintf(stderr, "script_prog: bad command '%s'\n", cmd);
			return 2;
		}
	}
	return 0;
}
