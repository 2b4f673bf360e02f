/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * spin N FLAG [NAP]: N threads call bar_add(k, 1) and check every result,
 * napping NAP us (default 100, 0: none) between calls, until FLAG holds a byte; then each makes
 * 100 more calls.  Writes its pid to spin.pid once every thread runs.
 * Prints "ok CALLS" and exits 0 when every result was right, else exits 1.
 * For detaching mid-run from a threaded program (libcall_detach_threads).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "bar.h"

static const char *flag;
static long nap = 100;
static volatile int stop, bad;
static long calls[64];

static int flag_set(void)
{
	FILE *f = fopen(flag, "r");
	int c = f ? fgetc(f) : EOF;

	if (f)
		fclose(f);
	return c != EOF;
}

static void *run(void *arg)
{
	long i = (long)arg, k = 0, extra = 100;

	while (!stop || extra-- > 0) {
		if (bar_add((int)(k & 1023), 1) != (int)(k & 1023) + 1)
			bad = 1;
		k++;
		if (nap)
			usleep((useconds_t)nap);
	}
	calls[i] = k;
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t t[64];
	long n = argc >= 3 ? strtol(argv[1], NULL, 10) : 0, total = 0;
	FILE *f;

	if (argc == 4)
		nap = strtol(argv[3], NULL, 10);
	if (n < 1 || n > 64 || argc > 4 || nap < 0) {
		fprintf(stderr, "usage: spin N FLAG [NAP]\n");
		return 2;
	}
	flag = argv[2];
	for (long i = 0; i < n; i++)
		if (pthread_create(&t[i], NULL, run, (void *)i))
			return 2;
	f = fopen("spin.pid", "w");
	if (!f)
		return 2;
	fprintf(f, "%d\n", (int)getpid());
	fclose(f);
	while (!flag_set())
		usleep(10000);
	stop = 1;
	for (long i = 0; i < n; i++) {
		pthread_join(t[i], NULL);
		total += calls[i];
	}
	if (bad)
		return 1;
	printf("ok %ld\n", total);
	return 0;
}
