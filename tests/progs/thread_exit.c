/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Threads that end with the exit syscall (SYS_exit, not exit_group)
 * while others run (tests/cases/unnoticed_thread_exit.sh).
 *
 *   thread_exit pthread|raw [lastraw]
 *
 * The main thread (the leader) starts NTHREADS workers and ends first:
 * with pthread_exit, or with a bare SYS_exit ("raw").  The workers wait
 * until the leader is a zombie, then make NCALLS getppid calls each;
 * the odd ones end with a bare SYS_exit, the others but worker 0 with
 * pthread_exit.  Worker 0 joins them all, prints what it saw and ends
 * the process: exit(7), or with "lastraw" a bare SYS_exit(7) as the
 * last thread alive (the process's status is then the kernel's say).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define NTHREADS 6
#define NCALLS 300

static pthread_t tids[NTHREADS];
static atomic_int calls, bad_ppid;
static pid_t pid, ppid;
static int last_raw;
static atomic_int leader_seen_gone;

/* The state letter of the leader thread, as /proc shows it. */
static char leader_state(void)
{
	char path[64], buf[256], *p;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/stat", pid, pid);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	p = strrchr(buf, ')');
	return p && p[1] == ' ' ? p[2] : 0;
}

static void wait_leader_gone(void)
{
	struct timespec nap = { 0, 1000000 };

	for (int i = 0; i < 20000; i++) {
		if (leader_state() == 'Z') {
			atomic_fetch_add(&leader_seen_gone, 1);
			return;
		}
		nanosleep(&nap, NULL);
	}
}

static void *worker(void *arg)
{
	long n = (long)arg;

	wait_leader_gone();
	for (int i = 0; i < NCALLS; i++) {
		if (syscall(SYS_getppid) != ppid)
			atomic_fetch_add(&bad_ppid, 1);
		atomic_fetch_add(&calls, 1);
	}
	if (n == 0) {
		/*
		 * A thread that ended with a bare SYS_exit can still be
		 * joined: the kernel clears its tid (CLONE_CHILD_CLEARTID)
		 * and wakes the joiner.
		 */
		for (int i = 1; i < NTHREADS; i++)
			pthread_join(tids[i], NULL);
		printf("leader gone before the work: %d of %d threads saw it\n",
		       atomic_load(&leader_seen_gone), NTHREADS);
		printf("calls %d of %d, wrong getppid %d\n",
		       atomic_load(&calls), NTHREADS * NCALLS,
		       atomic_load(&bad_ppid));
		fflush(stdout);
		if (last_raw)
			syscall(SYS_exit, 7);
		exit(7);
	}
	if (n % 2)
		syscall(SYS_exit, 0);
	pthread_exit(NULL);
}

int main(int argc, char **argv)
{
	int raw;

	if (argc < 2 ||
	    (strcmp(argv[1], "pthread") && strcmp(argv[1], "raw"))) {
		fprintf(stderr, "usage: thread_exit pthread|raw [lastraw]\n");
		return 2;
	}
	raw = !strcmp(argv[1], "raw");
	last_raw = argc > 2 && !strcmp(argv[2], "lastraw");
	pid = getpid();
	ppid = getppid();
	for (long i = 0; i < NTHREADS; i++) {
		int err = pthread_create(&tids[i], NULL, worker, (void *)i);

		if (err) {
			fprintf(stderr, "pthread_create: %s\n", strerror(err));
			return 1;
		}
	}
	if (raw)
		syscall(SYS_exit, 0);
	pthread_exit(NULL);
}
