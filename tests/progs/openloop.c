/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * openloop N: N times open and close /dev/null, 100 us apart, and every
 * 500th time fork a child that opens it too.  Prints "ok N" and exits 0
 * when every open worked; else "failed K" (K opens failed: under a
 * seccomp filter asking for a tracer that is gone, with ENOSYS).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int n = argc == 2 ? atoi(argv[1]) : 0, bad = 0;

	if (n < 1) {
		fprintf(stderr, "usage: openloop N\n");
		return 2;
	}
	for (int i = 0; i < n; i++) {
		int fd = open("/dev/null", O_RDONLY), status;
		pid_t pid;

		if (fd < 0)
			bad++;
		else
			close(fd);
		if (i % 500 == 0) {
			pid = fork();
			if (pid == 0)
				_exit(open("/dev/null", O_RDONLY) < 0);
			if (pid < 0 || waitpid(pid, &status, 0) != pid ||
			    !WIFEXITED(status) || WEXITSTATUS(status))
				bad++;
		}
		usleep(100);
	}
	if (bad)
		printf("failed %d\n", bad);
	else
		printf("ok %d\n", n);
	return bad != 0;
}
