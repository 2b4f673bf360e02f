/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * threads NTHREADS NCALLS EXPECT: NTHREADS threads start together (a
 * barrier) and thread k makes NCALLS calls bar_add(i, k), i = 0..NCALLS-1:
 * no two calls of the run have the same arguments.  The main thread calls
 * bar_add(-1, -1) before creating them and bar_add(-2, -2) after joining.
 * EXPECT gets the lines a -f trace must hold, as "TID LINE", thread by
 * thread in call order.  Exits 0 when every call returned a + b.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/syscall.h>

#include "bar.h"
#include "expect.h"

struct thr {
	pthread_t th;
	int k;
	long tid;
	int bad;
};

static pthread_barrier_t start;
static long ncalls;

static void *worker(void *arg)
{
	struct thr *t = arg;
	long i;

	t->tid = syscall(SYS_gettid);
	pthread_barrier_wait(&start);
	for (i = 0; i < ncalls; i++)
		if (bar_add(i, t->k) != i + t->k)
			t->bad = 1;
	return NULL;
}

int main(int argc, char **argv)
{
	struct thr *t;
	long i, main_tid = syscall(SYS_gettid);
	int k, n, bad = 0;
	FILE *f;

	if (argc != 4) {
		fprintf(stderr, "usage: threads NTHREADS NCALLS EXPECT\n");
		return 2;
	}
	n = atoi(argv[1]);
	ncalls = atol(argv[2]);
	if (n < 1 || n > 1000 || ncalls < 0)
		return 2;
	t = calloc(n, sizeof(*t));
	if (!t || pthread_barrier_init(&start, NULL, n))
		return 2;

	bad |= bar_add(-1, -1) != -2;
	for (k = 0; k < n; k++) {
		t[k].k = k;
		if (pthread_create(&t[k].th, NULL, worker, &t[k])) {
			perror("pthread_create");
			return 2;
		}
	}
	for (k = 0; k < n; k++) {
		pthread_join(t[k].th, NULL);
		bad |= t[k].bad;
	}
	bad |= bar_add(-2, -2) != -4;

	f = expect_open(argv[3]);
	expect(f, "%ld bar_add(-1, -1) = -2", main_tid);
	expect(f, "%ld bar_add(-2, -2) = -4", main_tid);
	for (k = 0; k < n; k++)
		for (i = 0; i < ncalls; i++)
			expect(f, "%ld bar_add(%ld, %d) = %ld", t[k].tid, i, k,
			       i + k);
	expect_close(f);
	if (bad) {
		printf("wrong results\n");
		return 1;
	}
	printf("ok %d threads x %ld calls\n", n, ncalls);
	return 0;
}
