/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Children forked as fast as they can be, from two threads at once, so
 * that pids come round again (tests/cases/unnoticed_pidreuse.sh runs it
 * in a pid namespace whose pid_max is a few hundred).
 *
 *   forkloop N
 *
 * Each of the two threads forks N children one after the other; a child
 * calls strtol through the PLT on its own number, checks getppid, and
 * ends with _exit(its number % 100).  The thread waits for it and checks
 * the status.  Printed: how many statuses were right, and whether some
 * pid was used twice (it must be, for the case to mean something).
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAXPID (1 << 16)	/* pids above are not counted */

static long nforks;
static atomic_long right, reused;
static atomic_uchar seen[MAXPID];
static pid_t parent;

static void *forker(void *arg)
{
	long base = (long)arg;

	for (long i = 0; i < nforks; i++) {
		char num[32];
		int status;
		pid_t pid;

		snprintf(num, sizeof(num), "%ld", base + i);
		pid = fork();
		if (pid < 0) {
			perror("fork");
			exit(1);
		}
		if (pid == 0) {
			long n = strtol(num, NULL, 10);

			_exit(getppid() == parent ? (int)(n % 100) : 101);
		}
		if (waitpid(pid, &status, 0) != pid) {
			perror("waitpid");
			exit(1);
		}
		if (WIFEXITED(status) && WEXITSTATUS(status) == (base + i) % 100)
			atomic_fetch_add(&right, 1);
		else
			fprintf(stderr, "child %ld (pid %d): status %#x\n",
				base + i, pid, status);
		if (pid < MAXPID && atomic_fetch_add(&seen[pid], 1))
			atomic_fetch_add(&reused, 1);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t t;

	if (argc != 2 || (nforks = atol(argv[1])) <= 0) {
		fprintf(stderr, "usage: forkloop N\n");
		return 2;
	}
	parent = getpid();
	if (pthread_create(&t, NULL, forker, (void *)nforks)) {
		fprintf(stderr, "pthread_create failed\n");
		return 1;
	}
	forker((void *)0);
	pthread_join(t, NULL);
	printf("children %ld, statuses right %ld, pids used again: %s\n",
	       2 * nforks, (long)right, reused ? "yes" : "no");
	return 0;
}
