/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A thread that forks, next to younger threads that make syscalls
 * without end: the kernel's wait looks at a tracer's tracees newest
 * first, so a tracer that takes one status per wait serves the busy
 * threads again and again and leaves the forking thread in its fork
 * stop (tests/cases/engine-fair.sh).
 *
 *   starve NBUSY NFORKS
 *
 * The forking thread is made first, then NBUSY threads calling getppid
 * in a loop.  It forks NFORKS children one after the other; each ends
 * with _exit(its number % 100) at once (so it may be gone before the
 * tracer has seen its parent's fork event); their statuses are checked.
 * The busy threads stop when the forks are done.  Prints "children N,
 * statuses right M"; exits 0 when M == N.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static atomic_int done;
static int nforks, right;

static void *busy(void *arg)
{
	(void)arg;
	while (!atomic_load(&done))
		getppid();
	return NULL;
}

static void *forker(void *arg)
{
	(void)arg;
	for (int i = 0; i < nforks; i++) {
		int status;
		pid_t pid = fork();

		if (pid < 0) {
			perror("fork");
			break;
		}
		if (pid == 0)
			_exit(i % 100);
		if (waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
		    WEXITSTATUS(status) == i % 100)
			right++;
	}
	atomic_store(&done, 1);
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t f, t[64];
	int nbusy;

	if (argc != 3 || (nbusy = atoi(argv[1])) < 0 || nbusy > 64 ||
	    (nforks = atoi(argv[2])) <= 0) {
		fprintf(stderr, "usage: starve NBUSY NFORKS\n");
		return 2;
	}
	if (pthread_create(&f, NULL, forker, NULL))
		return 1;
	for (int i = 0; i < nbusy; i++)
		if (pthread_create(&t[i], NULL, busy, NULL))
			return 1;
	pthread_join(f, NULL);
	for (int i = 0; i < nbusy; i++)
		pthread_join(t[i], NULL);
	printf("children %d, statuses right %d\n", nforks, right);
	return right == nforks ? 0 : 1;
}
