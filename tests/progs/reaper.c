/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * reaper OUT CMD ARGS...: run CMD as a child subreaper and tell how every
 * process below it ended.  Tests use it to learn the fate of a tracee
 * whose tracer died, and whether the tracer itself dumped core.
 *
 * OUT gets "child PID" at once, then one line per reaped process:
 * "PID exited N" or "PID killed SIGNAME" (with " core" on a core dump).
 * CMD starts with every signal at its default action and unblocked:
 * a shell leaves SIGINT and SIGQUIT ignored in its background jobs.
 * The exit status is CMD's, 128+N when CMD was killed by signal N.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/wait.h>

int main(int argc, char **argv)
{
	int status, ret = 1, sig;
	pid_t child, pid;
	sigset_t all;
	FILE *out;

	if (argc < 3) {
		fputs("usage: reaper OUT CMD ARGS...\n", stderr);
		return 2;
	}
	/* "e": O_CLOEXEC, so that CMD does not inherit the file. */
	out = fopen(argv[1], "we");
	if (!out)
		return 2;
	setvbuf(out, NULL, _IOLBF, 0);
	if (prctl(PR_SET_CHILD_SUBREAPER, 1))
		return 2;
	child = fork();
	if (child < 0)
		return 2;
	if (child == 0) {
		for (sig = 1; sig < NSIG; sig++)
			signal(sig, SIG_DFL);
		sigemptyset(&all);
		sigprocmask(SIG_SETMASK, &all, NULL);
		execvp(argv[2], argv + 2);
		perror(argv[2]);
		_exit(127);
	}
	fprintf(out, "child %d\n", (int)child);
	for (;;) {
		pid = waitpid(-1, &status, __WALL);
		if (pid < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (WIFEXITED(status)) {
			fprintf(out, "%d exited %d\n", (int)pid,
				WEXITSTATUS(status));
			if (pid == child)
				ret = WEXITSTATUS(status);
		} else if (WIFSIGNALED(status)) {
			fprintf(out, "%d killed SIG%s%s\n", (int)pid,
				sigabbrev_np(WTERMSIG(status)),
				WCOREDUMP(status) ? " core" : "");
			if (pid == child)
				ret = 128 + WTERMSIG(status);
		}
	}
	return ret;
}
