/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Workload: a busy server-like program for attaching to (-p PID).
 *
 *   busy_server COUNTERS [THREADS [SECONDS]]
 *
 * THREADS threads (default 8) each serve requests in a loop until
 * SECONDS (default 600) have passed: a request is written to the
 * thread's own socketpair and read back from its other end, stamped with
 * clock_gettime (the vDSO, as a server would), answered with a bit of
 * compute over its bytes, and getppid() stands for a cheap syscall of
 * the work.  Each thread counts its completed requests in its own
 * cache line of COUNTERS, a file the program maps shared: whoever
 * measures reads the file at the start and the end of a window and
 * times the window itself, so the program makes no syscall, takes no
 * signal and stops for nothing to report its throughput -- what it
 * does is the same traced or not.
 *
 * COUNTERS: a 64-byte header (u64 number of threads, u64 1 once every
 * thread runs), then one 64-byte line per thread whose first u64 is
 * that thread's count of requests, in the machine's byte order.
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define MAX_THREADS 64
#define LINE 64
#define REQ_SIZE 64

static unsigned char *counters;
static volatile int started;

static uint64_t *slot(long i)
{
	return (uint64_t *)(counters + LINE * (i + 1));
}

static void *serve(void *arg)
{
	long me = (long)arg;
	uint64_t *count = slot(me);
	unsigned char req[REQ_SIZE], resp[REQ_SIZE];
	struct timespec ts;
	uint32_t h = 2166136261u;
	int sv[2];
	int i, k;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv)) {
		perror("busy_server: socketpair");
		exit(1);
	}
	__atomic_add_fetch(&started, 1, __ATOMIC_SEQ_CST);
	for (;;) {
		clock_gettime(CLOCK_MONOTONIC, &ts);
		for (i = 0; i < REQ_SIZE; i++)
			req[i] = (unsigned char)(ts.tv_nsec >> (i & 7)) ^ i;
		if (write(sv[0], req, sizeof(req)) != sizeof(req) ||
		    read(sv[1], resp, sizeof(resp)) != sizeof(resp)) {
			perror("busy_server: request");
			exit(1);
		}
		/* The work of the request: FNV-1a over it, a few rounds. */
		for (k = 0; k < 8; k++)
			for (i = 0; i < REQ_SIZE; i++)
				h = (h ^ resp[i]) * 16777619u;
		h ^= (uint32_t)syscall(SYS_getppid);
		/* Only this thread writes its line: a plain store, made
		 * atomic so the reader never sees half of it.  The hash
		 * goes beside it so that the compiler keeps the work. */
		count[1] = h;
		__atomic_store_n(count, *count + 1, __ATOMIC_RELAXED);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	long nthreads = argc > 2 ? strtol(argv[2], NULL, 10) : 8;
	long seconds = argc > 3 ? strtol(argv[3], NULL, 10) : 600;
	pthread_t tid;
	size_t size;
	long i;
	int fd, err;

	if (argc < 2 || nthreads < 1 || nthreads > MAX_THREADS ||
	    seconds < 1) {
		fprintf(stderr, "usage: busy_server COUNTERS [THREADS (1-%d) "
			"[SECONDS]]\n", MAX_THREADS);
		return 2;
	}
	size = LINE * (nthreads + 1);
	fd = open(argv[1], O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || ftruncate(fd, size)) {
		perror(argv[1]);
		return 1;
	}
	counters = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (counters == MAP_FAILED) {
		perror("busy_server: mmap");
		return 1;
	}
	close(fd);
	((uint64_t *)counters)[0] = nthreads;
	for (i = 0; i < nthreads; i++) {
		err = pthread_create(&tid, NULL, serve, (void *)i);
		if (err) {
			fprintf(stderr, "pthread_create: error %d\n", err);
			return 1;
		}
	}
	while (__atomic_load_n(&started, __ATOMIC_SEQ_CST) < nthreads)
		usleep(1000);
	__atomic_store_n(&((uint64_t *)counters)[1], 1, __ATOMIC_SEQ_CST);
	/* A safety net: never outlive a bench that died. */
	sleep(seconds);
	return 0;
}
