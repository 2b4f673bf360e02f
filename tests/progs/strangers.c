/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Children the tracer never asked for (tests/cases/clone-strangers.sh).
 *
 * 1. A clone with CLONE_PTRACE: the kernel attaches the child to our
 *    tracer.  Without -f the tracer must let it go unharmed: the child
 *    makes real syscalls (they must succeed), then waits for SIGUSR1,
 *    which must kill it, as the parent's wait status shows.
 * 2. A clone with CLONE_PARENT: the child is the tracer's own child, not
 *    ours; it exits 42 and we cannot wait for it (ECHILD).
 *
 * It prints "ptrace PID", "parent PID" and "ok", or why not, and exits
 * 0 only if everything went as it would without a tracer.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char stack1[65536] __attribute__((aligned(16)));
static char stack2[65536] __attribute__((aligned(16)));

static int traced_child(void *arg)
{
	int fd = open("/dev/null", O_WRONLY);

	(void)arg;
	if (fd < 0 || write(fd, "x", 1) != 1 || close(fd))
		_exit(3);
	for (;;)
		pause();
}

static int parented_child(void *arg)
{
	(void)arg;
	return 42;
}

int main(void)
{
	int status;
	pid_t p1, p2;

	setvbuf(stdout, NULL, _IONBF, 0);
	p1 = clone(traced_child, stack1 + sizeof(stack1),
		   CLONE_PTRACE | SIGCHLD, NULL);
	if (p1 < 0) {
		printf("clone CLONE_PTRACE: %s\n", strerror(errno));
		return 1;
	}
	printf("ptrace %d\n", (int)p1);
	/* Let it run its syscalls and wait in pause(). */
	usleep(200000);
	if (kill(p1, SIGUSR1) || waitpid(p1, &status, 0) != p1) {
		printf("kill/waitpid: %s\n", strerror(errno));
		return 1;
	}
	if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGUSR1) {
		printf("the CLONE_PTRACE child: status %#x, not killed by "
		       "SIGUSR1\n", status);
		return 1;
	}

	p2 = clone(parented_child, stack2 + sizeof(stack2),
		   CLONE_PARENT | SIGCHLD, NULL);
	if (p2 < 0) {
		printf("clone CLONE_PARENT: %s\n", strerror(errno));
		return 1;
	}
	printf("parent %d\n", (int)p2);
	if (wait(&status) >= 0 || errno != ECHILD) {
		printf("wait: not ECHILD\n");
		return 1;
	}
	/* Gone once its real parent, the tracer, has reaped it. */
	while (!kill(p2, 0))
		usleep(1000);
	if (errno != ESRCH) {
		printf("kill 0: %s\n", strerror(errno));
		return 1;
	}
	printf("ok\n");
	return 0;
}
