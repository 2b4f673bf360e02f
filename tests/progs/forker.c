/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * forker fork|vfork|vfork-exec PARENT_CODE CHILD_CODE [PROG ARGS...]
 *
 * fork:       the child writes "child PID" to the file "child.out",
 *             calls getppid and exits with CHILD_CODE.
 * vfork:      the vfork child calls getppid and _exits with CHILD_CODE.
 * vfork-exec: the vfork child execs PROG ARGS (whose exit code should
 *             be CHILD_CODE).
 * The parent waits, prints "child PID exited N" and exits PARENT_CODE.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/wait.h>

int main(int argc, char **argv)
{
	int pcode, ccode, status;
	pid_t pid;

	if (argc < 4)
		return 2;
	pcode = atoi(argv[2]);
	ccode = atoi(argv[3]);
	fflush(stdout);
	if (!strcmp(argv[1], "fork")) {
		pid = fork();
		if (pid == 0) {
			FILE *f = fopen("child.out", "w");

			if (!f)
				_exit(100);
			fprintf(f, "child %d\n", (int)getpid());
			fclose(f);
			syscall(SYS_getppid);
			_exit(ccode);
		}
	} else if (!strcmp(argv[1], "vfork")) {
		pid = vfork();
		if (pid == 0) {
			syscall(SYS_getppid);
			_exit(ccode);
		}
	} else if (!strcmp(argv[1], "vfork-exec") && argc > 4) {
		pid = vfork();
		if (pid == 0) {
			execv(argv[4], argv + 4);
			_exit(127);
		}
	} else {
		return 2;
	}
	if (pid < 0)
		return 1;
	if (waitpid(pid, &status, 0) != pid)
		return 1;
	if (WIFEXITED(status))
		printf("child %d exited %d\n", (int)pid, WEXITSTATUS(status));
	else
		printf("child %d died\n", (int)pid);
	return pcode;
}
