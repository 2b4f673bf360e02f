/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Workload: T threads (default 4) each making N getppid() calls (default
 * 50000) at the same time.  Measures the tracer juggling stops of
 * several tasks of one process under -f.
 *
 *   threads [THREADS [CALLS [TIMEFILE]]]
 *
 * With TIMEFILE, the program writes the time from the first thread's
 * creation to the last one's end, in ns, to that file: its own time,
 * without a tracer's start-up and exit.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define MAX_THREADS 64

static long calls;

static void *worker(void *arg)
{
	long i;

	for (i = 0; i < calls; i++)
		syscall(SYS_getppid);
	return NULL;
}

int main(int argc, char **argv)
{
	long nthreads = argc > 1 ? strtol(argv[1], NULL, 10) : 4;
	pthread_t tid[MAX_THREADS];
	struct timespec t0, t1;
	FILE *f;
	long i;
	int err;

	calls = argc > 2 ? strtol(argv[2], NULL, 10) : 50000;
	if (nthreads < 1 || nthreads > MAX_THREADS || calls < 0) {
		fprintf(stderr, "usage: threads [THREADS (1-%d) [CALLS [TIMEFILE]]]\n",
			MAX_THREADS);
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < nthreads; i++) {
		err = pthread_create(&tid[i], NULL, worker, NULL);
		if (err) {
			fprintf(stderr, "pthread_create: error %d\n", err);
			return 1;
		}
	}
	for (i = 0; i < nthreads; i++)
		pthread_join(tid[i], NULL);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (argc > 3) {
		f = fopen(argv[3], "w");
		if (!f || fprintf(f, "%lld\n", (t1.tv_sec - t0.tv_sec) *
				  1000000000LL + t1.tv_nsec - t0.tv_nsec) < 0 ||
		    fclose(f)) {
			perror(argv[3]);
			return 1;
		}
	}
	return 0;
}
