/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * stress_calls N: N syscalls, getppid, with an openat of a missing file
 * (a path to decode) every 16th; prints "calls N, right N" when every
 * result was the expected one (tests/stress/run).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n = argc == 2 ? atol(argv[1]) : 0, right = 0;
	pid_t parent = getppid();

	if (n <= 0) {
		fprintf(stderr, "usage: stress_calls N\n");
		return 2;
	}
	for (long i = 0; i < n; i++) {
		if (i % 16 == 15)
			right += syscall(SYS_openat, AT_FDCWD,
					 "/nonexistent/stress/path", O_RDONLY) < 0;
		else
			right += syscall(SYS_getppid) == parent;
	}
	printf("calls %ld, right %ld\n", n, right);
	return right != n;
}
