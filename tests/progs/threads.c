/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * threads [NTHREADS [NCALLS]]: each thread makes NCALLS getppid calls
 * (default 8 threads x 1000).  Prints "tid T" for every thread, before
 * the calls, so a test can count each thread's calls in the trace.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/syscall.h>

static long ncalls = 1000;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg)
{
	long i, ppid = syscall(SYS_getppid);

	(void)arg;
	pthread_mutex_lock(&lock);
	printf("tid %ld\n", (long)syscall(SYS_gettid));
	fflush(stdout);
	pthread_mutex_unlock(&lock);
	for (i = 0; i < ncalls - 1; i++)
		if (syscall(SYS_getppid) != ppid)
			return (void *)1;
	return NULL;
}

int main(int argc, char **argv)
{
	int i, n = argc > 1 ? atoi(argv[1]) : 8;
	pthread_t th[64];
	void *ret;
	int bad = 0;

	if (argc > 2)
		ncalls = atol(argv[2]);
	if (n < 1 || n > 64 || ncalls < 1)
		return 2;
	for (i = 0; i < n; i++)
		if (pthread_create(&th[i], NULL, worker, NULL))
			return 1;
	for (i = 0; i < n; i++) {
		pthread_join(th[i], &ret);
		bad |= ret != NULL;
	}
	printf("joined %d\n", n);
	return bad;
}
