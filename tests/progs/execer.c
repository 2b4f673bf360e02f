/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * execer exec PROG ARGS...:    print "pid N", then execv PROG ARGS.
 * execer thread PROG ARGS...:  print "pid N", start 3 threads that block
 *                              forever, and execv from a new thread, so
 *                              the exec happens in a non-leader thread.
 *                              The thread prints "tid T" first.
 * execer alone PROG ARGS...:   print "pid N", start one thread and end
 *                              the leader thread (SYS_exit); the thread
 *                              execs 100 ms later, with no other thread
 *                              in a syscall.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

static char **exec_argv;

static void *sleeper(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

static void *exec_thread(void *arg)
{
	if (arg) {
		struct timespec ts = { 0, 100000000 };

		nanosleep(&ts, NULL);
	}
	printf("tid %ld\n", (long)syscall(SYS_gettid));
	fflush(stdout);
	execv(exec_argv[0], exec_argv);
	perror("execv");
	_exit(127);
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t th;
	int i;

	if (argc < 3)
		return 2;
	exec_argv = argv + 2;
	printf("pid %d\n", (int)getpid());
	fflush(stdout);
	if (!strcmp(argv[1], "exec")) {
		execv(exec_argv[0], exec_argv);
		perror("execv");
		return 127;
	}
	if (!strcmp(argv[1], "alone")) {
		if (pthread_create(&th, NULL, exec_thread, argv))
			return 1;
		syscall(SYS_exit, 0);
	}
	if (strcmp(argv[1], "thread"))
		return 2;
	for (i = 0; i < 3; i++)
		if (pthread_create(&th, NULL, sleeper, NULL))
			return 1;
	if (pthread_create(&th, NULL, exec_thread, NULL))
		return 1;
	for (;;)
		pause();
}
