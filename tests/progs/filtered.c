/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * For the seccomp-BPF tests: N getppid calls in the main thread and in
 * two threads, an openat, and a child (fork) that opens a file and says
 * whether that worked — under a filter whose tracer did not follow the
 * child, the open would fail with ENOSYS.  Prints what it saw, whether
 * the child has a tracer, and its NoNewPrivs flag (an unprivileged
 * filter needs it set).
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static long n;

static void *spin(void *arg)
{
	for (long i = 0; i < n; i++)
		syscall(SYS_getppid);
	return arg;
}

/* A number field of /proc/self/status ("NoNewPrivs:"), or -1. */
static int status_field(const char *name)
{
	char line[256];
	size_t n = strlen(name);
	int v = -1;
	FILE *f = fopen("/proc/self/status", "r");

	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, name, n))
			v = atoi(line + n);
	if (f)
		fclose(f);
	return v;
}

int main(int argc, char **argv)
{
	pthread_t t[2];
	int fd, status;
	pid_t pid;

	n = argc > 1 ? atol(argv[1]) : 1000;
	spin(NULL);
	for (int i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, spin, NULL);
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	fd = open("/dev/null", O_RDONLY);
	printf("parent open %s\n", fd >= 0 ? "ok" : "failed");
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		fd = open("/dev/null", O_RDONLY);
		printf("child open %s\n", fd >= 0 ? "ok" : "failed");
		printf("child traced %s\n",
		       status_field("TracerPid:") > 0 ? "yes" : "no");
		fflush(stdout);
		_exit(fd >= 0 ? 0 : 1);
	}
	waitpid(pid, &status, 0);
	printf("child status %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	printf("no_new_privs %d\n", status_field("NoNewPrivs:"));
	return 0;
}
