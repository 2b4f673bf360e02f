/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * execve from a thread that is not the leader while the other threads
 * call a library function in a loop (tests/cases/unnoticed_exec_lib.sh).
 *
 *   exec_lib start     the leader and NCALLERS threads call strtol()
 *                      (through the PLT) without end; one more thread
 *                      waits until each has made MINCALLS calls, then
 *                      execs "exec_lib after PID"
 *   exec_lib blocked   the leader waits for a thread that calls sleep()
 *                      for ever, the last line of the trace; another
 *                      thread waits until the sleeper is in it, then
 *                      execs "exec_lib after PID"
 *   exec_lib after PID checks it kept the pid PID (the leader's: the
 *                      kernel gives it to the thread that execs), that
 *                      it is alone, calls strtol() again and says so
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define NCALLERS 3
#define MINCALLS 200

static atomic_long ncalls[NCALLERS + 1];
/* Volatile: the compiler must call strtol (glibc inlines atoi as a strtol call when optimizing), not fold it. */
static char num[8] = "42";
static char *volatile nump = num;

static void call_loop(int slot)
{
	for (;;)
		if ((int)strtol(nump, NULL, 10) == 42)
			atomic_fetch_add(&ncalls[slot], 1);
}

static void *caller(void *arg)
{
	call_loop((int)(long)arg);
	return NULL;
}

static bool blocked;
static atomic_int sleeping;

static void *sleeper(void *arg)
{
	/* After the leader's wait for it has begun. */
	nanosleep(&(struct timespec){ 0, 100000000 }, NULL);
	atomic_store(&sleeping, 1);
	sleep(1000);
	return NULL;
}

static void *execer(void *arg)
{
	struct timespec nap = { 0, 1000000 };
	char **argv = arg, pid[32];
	char *args[] = { argv[0], "after", pid, NULL };
	int i;

	if (blocked) {
		/* The sleeper's call is under way, its line open, when the
		 * exec throws it away. */
		while (!atomic_load(&sleeping))
			nanosleep(&nap, NULL);
		nanosleep(&(struct timespec){ 0, 100000000 }, NULL);
	} else {
		for (i = 0; i <= NCALLERS; i++)
			while (atomic_load(&ncalls[i]) < MINCALLS)
				nanosleep(&nap, NULL);
	}
	snprintf(pid, sizeof(pid), "%d", getpid());
	execv("/proc/self/exe", args);
	perror("execv");
	exit(1);
}

static int count_threads(void)
{
	struct dirent *d;
	DIR *dir = opendir("/proc/self/task");
	int n = 0;

	if (!dir)
		return -1;
	while ((d = readdir(dir)))
		if (d->d_name[0] != '.')
			n++;
	closedir(dir);
	return n;
}

int main(int argc, char **argv)
{
	pthread_t t;
	int sum = 0;

	if (argc == 3 && !strcmp(argv[1], "after")) {
		for (int i = 0; i < 10; i++)
			sum += (int)strtol(nump, NULL, 10);
		printf("after the exec: same pid %s, threads %d, sum %d\n",
		       atoi(argv[2]) == getpid() ? "yes" : "no",
		       count_threads(), sum);
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "blocked")) {
		pthread_t s;

		blocked = true;
		if (pthread_create(&s, NULL, sleeper, NULL))
			return 1;
		if (pthread_create(&t, NULL, execer, argv))
			return 1;
		pthread_join(s, NULL);
		return 1;
	}
	if (argc != 2 || strcmp(argv[1], "start")) {
		fprintf(stderr, "usage: exec_lib start|blocked\n");
		return 2;
	}
	for (long i = 1; i <= NCALLERS; i++)
		if (pthread_create(&t, NULL, caller, (void *)i)) {
			fprintf(stderr, "pthread_create failed\n");
			return 1;
		}
	if (pthread_create(&t, NULL, execer, argv)) {
		fprintf(stderr, "pthread_create failed\n");
		return 1;
	}
	call_loop(0);
	return 1;
}
