/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Workload: N getppid() calls (default 200000).  The cheapest syscall
 * there is, so nearly all of the traced time is the tracer's cost per
 * syscall.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? strtol(argv[1], NULL, 10) : 200000;
	long i;

	if (n < 0) {
		fprintf(stderr, "usage: getppid [N]\n");
		return 2;
	}
	/* Through syscall(2): a libc may one day cache the answer. */
	for (i = 0; i < n; i++)
		syscall(SYS_getppid);
	return 0;
}
