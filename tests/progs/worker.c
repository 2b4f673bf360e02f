/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * worker sleep|syscalls|cpu [NTHREADS]: a process to attach to.
 *
 * It creates the one-byte file "flag" holding '0', maps it, and runs
 * NTHREADS threads (default 1, the main thread included) that wait until
 * the byte changes: "sleep" naps 20 ms at a time, "syscalls" calls
 * getppid without pause, "cpu" spins on the mapped byte without any
 * syscall.  Then every thread makes 100 more getppid calls and the main
 * thread writes "ok MODE NTHREADS" to the file "result" and exits 0.
 * Anything unexpected (a nap cut short, a wrong getppid) makes it write
 * "error ..." instead and exit 1: a tracer that attached and detached
 * must leave no trace in the program's behaviour.
 *
 * "worker.pid" holds the pid and "worker.tids" every thread id, one per
 * line; both appear (atomically) once all threads run.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/syscall.h>

enum mode { M_SLEEP, M_SYSCALLS, M_CPU };

static enum mode mode;
static volatile const char *flag;
static long ppid0;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static long tids[64];
static int ntids;
static char error[128];

static void set_error(const char *what, long val)
{
	pthread_mutex_lock(&lock);
	if (!error[0])
		snprintf(error, sizeof(error), "%s %ld", what, val);
	pthread_mutex_unlock(&lock);
}

static void *run(void *arg)
{
	struct timespec ts = { 0, 20 * 1000 * 1000 };
	long r;
	int i;

	/* The main thread registers itself before it writes the files. */
	if (arg) {
		pthread_mutex_lock(&lock);
		tids[ntids++] = syscall(SYS_gettid);
		pthread_cond_broadcast(&cond);
		pthread_mutex_unlock(&lock);
	}

	while (*flag == '0') {
		switch (mode) {
		case M_SLEEP:
			if (nanosleep(&ts, NULL))
				set_error("nanosleep errno", errno);
			break;
		case M_SYSCALLS:
			r = syscall(SYS_getppid);
			if (r != ppid0)
				set_error("getppid returned", r);
			break;
		case M_CPU:
			break;
		}
	}
	for (i = 0; i < 100; i++) {
		r = syscall(SYS_getppid);
		if (r != ppid0)
			set_error("getppid returned", r);
	}
	return NULL;
}

static int write_file(const char *name, const char *text)
{
	char tmp[64];
	FILE *f;

	snprintf(tmp, sizeof(tmp), "%s.tmp", name);
	f = fopen(tmp, "w");
	if (!f)
		return -1;
	fputs(text, f);
	if (fclose(f) || rename(tmp, name))
		return -1;
	return 0;
}

int main(int argc, char **argv)
{
	int i, n = argc > 2 ? atoi(argv[2]) : 1;
	char buf[64 * 24], *p;
	pthread_t th[64];
	int fd;

	if (argc < 2 || n < 1 || n > 64)
		return 2;
	if (!strcmp(argv[1], "sleep"))
		mode = M_SLEEP;
	else if (!strcmp(argv[1], "syscalls"))
		mode = M_SYSCALLS;
	else if (!strcmp(argv[1], "cpu"))
		mode = M_CPU;
	else
		return 2;
	ppid0 = syscall(SYS_getppid);

	fd = open("flag", O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, "0", 1) != 1)
		return 1;
	flag = mmap(NULL, 1, PROT_READ, MAP_SHARED, fd, 0);
	if (flag == MAP_FAILED)
		return 1;
	close(fd);

	for (i = 1; i < n; i++)
		if (pthread_create(&th[i], NULL, run, (void *)1))
			return 1;
	pthread_mutex_lock(&lock);
	tids[ntids++] = syscall(SYS_gettid);
	while (ntids < n)
		pthread_cond_wait(&cond, &lock);
	pthread_mutex_unlock(&lock);

	p = buf;
	for (i = 0; i < n; i++)
		p += sprintf(p, "%ld\n", tids[i]);
	if (write_file("worker.tids", buf))
		return 1;
	snprintf(buf, sizeof(buf), "%d\n", (int)getpid());
	if (write_file("worker.pid", buf))
		return 1;

	run(NULL);
	for (i = 1; i < n; i++)
		pthread_join(th[i], NULL);

	if (error[0]) {
		snprintf(buf, sizeof(buf), "error %s\n", error);
		write_file("result", buf);
		return 1;
	}
	snprintf(buf, sizeof(buf), "ok %s %d\n", argv[1], n);
	return write_file("result", buf) ? 1 : 0;
}
