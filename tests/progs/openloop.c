/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * openloop N [CODE]: N times open and close /dev/null, 100 us apart,
 * call strtol through the PLT, and every 500th time fork a child that
 * opens it too.  Prints "ok N" when every open worked; else "failed K"
 * (K opens failed: under a seccomp filter asking for a tracer that is
 * gone, with ENOSYS).  With CODE it then says whether it was still
 * traced at the end and whether it has a descriptor 2, and exits CODE
 * (tests/cases/output-fail.sh); else exits 0 when all went well.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* TracerPid of /proc/self/status, or -1. */
static long tracer(void)
{
	char line[128];
	long pid = -1;
	FILE *f = fopen("/proc/self/status", "re");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "TracerPid:", 10))
			pid = strtol(line + 10, NULL, 10);
	fclose(f);
	return pid;
}

int main(int argc, char **argv)
{
	int n = argc >= 2 ? atoi(argv[1]) : 0, bad = 0;
	char *volatile num = "7";

	if (n < 1 || argc > 3) {
		fprintf(stderr, "usage: openloop N [CODE]\n");
		return 2;
	}
	for (int i = 0; i < n; i++) {
		int fd = open("/dev/null", O_RDONLY), status;
		pid_t pid;

		if (fd < 0)
			bad++;
		else
			close(fd);
		if (strtol(num, NULL, 10) != 7)
			bad++;
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
	if (argc < 3)
		return bad != 0;
	printf("traced at the end: %s\n", tracer() > 0 ? "yes" : "no");
	printf("descriptor 2: %s\n", fcntl(2, F_GETFD) < 0 ? "closed" : "open");
	return atoi(argv[2]);
}
