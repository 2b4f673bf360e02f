/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * stress_threads TOTAL BATCH: TOTAL threads created and ended over time,
 * BATCH at a time; each makes 10 getppid syscalls and 10 strtol calls
 * through the PLT and ends.  Prints "threads TOTAL, calls right N"
 * (tests/stress/run: sltrace's memory must not grow with TOTAL).
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

static atomic_long right;
static pid_t parent;
static char *volatile num = "11";

static void *worker(void *arg)
{
	(void)arg;
	for (int i = 0; i < 10; i++)
		if (syscall(SYS_getppid) == parent &&
		    strtol(num, NULL, 10) == 11)
			atomic_fetch_add(&right, 1);
	return NULL;
}

int main(int argc, char **argv)
{
	long total = argc == 3 ? atol(argv[1]) : 0;
	long batch = argc == 3 ? atol(argv[2]) : 0;
	pthread_t *t;

	if (total <= 0 || batch <= 0 || !(t = calloc(batch, sizeof(*t)))) {
		fprintf(stderr, "usage: stress_threads TOTAL BATCH\n");
		return 2;
	}
	parent = getppid();
	for (long done = 0; done < total; done += batch) {
		long n = total - done < batch ? total - done : batch;

		for (long i = 0; i < n; i++)
			if (pthread_create(&t[i], NULL, worker, NULL)) {
				fprintf(stderr, "pthread_create failed\n");
				return 1;
			}
		for (long i = 0; i < n; i++)
			pthread_join(t[i], NULL);
	}
	printf("threads %ld, calls right %ld\n", total, (long)right);
	free(t);
	return 0;
}
