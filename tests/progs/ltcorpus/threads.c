/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A threaded program for the ltrace-mode corpus: three threads that each
 * make library calls, joined in order, so that every run makes the same
 * calls (their interleaving may differ).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char text[256];

static void *worker(void *arg)
{
	char buf[32];
	char *p;

	snprintf(buf, sizeof(buf), "thread-%ld", (long)arg);
	p = strdup(buf);
	pthread_mutex_lock(&lock);
	strcat(text, p);
	strcat(text, " ");
	pthread_mutex_unlock(&lock);
	free(p);
	return arg;
}

int main(void)
{
	pthread_t t[3];
	void *r;
	long sum = 0;

	for (long i = 0; i < 3; i++) {
		if (pthread_create(&t[i], NULL, worker, (void *)(i + 1)))
			return 1;
		/* One at a time: the lines come in the same order each run. */
		pthread_join(t[i], &r);
		sum += (long)r;
	}
	printf("%zu %ld\n", strlen(text), sum);
	return getpid() > 0 ? 0 : 1;
}
