/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Workload: N getppid() calls (default 200000).  The cheapest syscall
 * there is, so nearly all of the traced time is the tracer's cost per
 * syscall.
 *
 *   getppid [N [TIMEFILE]]
 *
 * With TIMEFILE, the program writes the time its loop took, in ns, to
 * that file after the loop: its own time, without a tracer's start-up
 * and exit.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? strtol(argv[1], NULL, 10) : 200000;
	struct timespec t0, t1;
	FILE *f;
	long i;

	if (n < 0) {
		fprintf(stderr, "usage: getppid [N [TIMEFILE]]\n");
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	/* Through syscall(2): a libc may one day cache the answer. */
	for (i = 0; i < n; i++)
		syscall(SYS_getppid);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (argc > 2) {
		f = fopen(argv[2], "w");
		if (!f || fprintf(f, "%lld\n", (t1.tv_sec - t0.tv_sec) *
				  1000000000LL + t1.tv_nsec - t0.tv_nsec) < 0 ||
		    fclose(f)) {
			perror(argv[2]);
			return 1;
		}
	}
	return 0;
}
