/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Workload: N times (default 300) fork and exec PROG (default /bin/true),
 * waiting for each child.  Measures following new processes and execve
 * under -f: each child is a new task to seize, and its dynamic loader
 * start-up is a burst of syscalls.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? strtol(argv[1], NULL, 10) : 300;
	const char *prog = argc > 2 ? argv[2] : "/bin/true";
	long i;
	pid_t pid;
	int status;

	for (i = 0; i < n; i++) {
		pid = fork();
		if (pid < 0) {
			perror("fork");
			return 1;
		}
		if (pid == 0) {
			execl(prog, prog, (char *)NULL);
			_exit(127);
		}
		if (waitpid(pid, &status, 0) < 0) {
			perror("waitpid");
			return 1;
		}
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
			fprintf(stderr, "forkexec: %s failed (status %#x)\n",
				prog, status);
			return 1;
		}
	}
	return 0;
}
