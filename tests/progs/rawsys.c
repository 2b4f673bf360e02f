/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * rawsys NR: make syscall NR with the arguments 1, 2, 3, 4, 5, 6 and
 * print "errno E" (or "ret R"), for tests of syscall numbers the tracer
 * has no name for.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long r;

	if (argc != 2)
		return 2;
	r = syscall(strtol(argv[1], NULL, 0), 1, 2, 3, 4, 5, 6);
	if (r < 0)
		printf("errno %d\n", errno);
	else
		printf("ret %ld\n", r);
	return 0;
}
