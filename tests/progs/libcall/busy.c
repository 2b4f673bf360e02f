/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * busy N RESULT: an attach target for killing the tracer (guardian
 * tests).  N threads loop without a pause over bar_add and over bar_cb,
 * whose callback calls bar_add again (so a thread is often inside two
 * traced calls, with two hooked return addresses), checking every
 * result, until the byte in the file "flag" (created 0) turns 1; then
 * each makes 1000 more calls.  Writes its pid to busy.pid once every
 * thread runs.  At the end the executable segments must hold the bytes
 * they held before any tracer came (segs.h).  Writes "ok CALLS" to
 * RESULT and exits 0 when all is well, else says why and exits 1.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "bar.h"
#include "segs.h"

static int flagfd = -1;
static volatile int stop, bad;
static long calls[64];

static __thread long cb_seen;

static void cb(int i)
{
	cb_seen++;
	if (bar_add(i, 2) != i + 2)
		bad = 1;
}

static void *run(void *arg)
{
	long i = (long)arg, k = 0, extra = 1000;

	while (!stop || extra-- > 0) {
		int v = (int)(k & 1023);

		if (bar_add(v, 1) != v + 1 || bar_cb(cb, v) != v + 1)
			bad = 1;
		k++;
	}
	if (cb_seen != k)
		bad = 1;
	calls[i] = 3 * k;
	return NULL;
}

static int flag_set(void)
{
	char c = 0;

	return pread(flagfd, &c, 1, 0) == 1 && c == '1';
}

int main(int argc, char **argv)
{
	pthread_t t[64];
	long n = argc == 3 ? strtol(argv[1], NULL, 10) : 0, total = 0;
	FILE *f;

	if (n < 1 || n > 64) {
		fprintf(stderr, "usage: busy N RESULT\n");
		return 2;
	}
	flagfd = open("flag", O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (flagfd < 0 || write(flagfd, "0", 1) != 1)
		return 2;
	segs_snap();
	for (long i = 0; i < n; i++)
		if (pthread_create(&t[i], NULL, run, (void *)i))
			return 2;
	f = fopen("busy.pid", "w");
	if (!f || fprintf(f, "%d\n", (int)getpid()) < 0 || fclose(f))
		return 2;
	while (!flag_set())
		usleep(10000);
	stop = 1;
	for (long i = 0; i < n; i++) {
		pthread_join(t[i], NULL);
		total += calls[i];
	}
	if (!check_segs())
		bad = 1;
	f = fopen(argv[2], "w");
	if (!f)
		return 2;
	fprintf(f, bad ? "failed %ld\n" : "ok %ld\n", total);
	fclose(f);
	return bad;
}
