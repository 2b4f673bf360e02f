/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sigcount RESULT: an attach target for the guardian's handling of the
 * program's own signals.  One thread calls bar_add every millisecond
 * (so that a tracer has breakpoints in it) with SIGUSR1 blocked; the
 * other spins, making no syscall (a tracer stopping at every syscall
 * would find it in one), with SIGUSR1 caught, so a SIGUSR1 sent to the
 * process goes to it.  Writes its pid to sigcount.pid and the second
 * thread's tid to sigcount.tid; when the byte in the file "flag"
 * (created 0) turns 1, writes "usr1 N" (how many times the handler ran)
 * to RESULT and exits 0.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bar.h"

static volatile sig_atomic_t usr1;
static volatile int done;
static int flagfd = -1;

static void on_usr1(int sig)
{
	(void)sig;
	usr1++;
}

static int flag_set(void)
{
	char c = 0;

	return pread(flagfd, &c, 1, 0) == 1 && c == '1';
}

static void *waiter(void *arg)
{
	FILE *f = fopen("sigcount.tid", "w");

	(void)arg;
	if (!f || fprintf(f, "%d\n", gettid()) < 0 || fclose(f))
		return NULL;
	while (!done)
		;
	return NULL;
}

int main(int argc, char **argv)
{
	struct timespec ms = { 0, 1000 * 1000 };
	struct sigaction sa;
	pthread_t t;
	sigset_t set;
	long calls = 0;
	FILE *f;

	if (argc != 2) {
		fprintf(stderr, "usage: sigcount RESULT\n");
		return 2;
	}
	flagfd = open("flag", O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (flagfd < 0 || write(flagfd, "0", 1) != 1)
		return 2;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigaction(SIGUSR1, &sa, NULL);
	if (pthread_create(&t, NULL, waiter, NULL))
		return 2;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	f = fopen("sigcount.pid", "w");
	if (!f || fprintf(f, "%d\n", (int)getpid()) < 0 || fclose(f))
		return 2;
	while (!flag_set()) {
		if (bar_add((int)(calls & 1023), 1) != (int)(calls & 1023) + 1)
			return 1;
		calls++;
		nanosleep(&ms, NULL);
	}
	done = 1;
	pthread_join(t, NULL);
	f = fopen(argv[1], "w");
	if (!f)
		return 2;
	fprintf(f, "usr1 %d\n", (int)usr1);
	fclose(f);
	return 0;
}
