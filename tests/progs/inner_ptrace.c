/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A program that is itself a tracer (tests/cases/unnoticed_ptrace.sh):
 * it forks a child, traces it and counts its syscall stops.
 *
 *   inner_ptrace traceme   the child asks with PTRACE_TRACEME, then
 *                          stops itself with SIGSTOP
 *   inner_ptrace seize     the parent seizes the child (PTRACE_SEIZE),
 *                          which then raises SIGUSR1
 *
 * From that stop on, the parent resumes the child with PTRACE_SYSCALL
 * until it exits: a known run of syscalls (rt_sigprocmask as raise()
 * ends, NCALLS getppid, exit_group), whose stops it counts.  It prints
 * the count and the child's exit status, or why it could not trace it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define NCALLS 5

static void __attribute__((noreturn)) child_calls(int sig)
{
	raise(sig);
	for (int i = 0; i < NCALLS; i++)
		syscall(SYS_getppid);
	_exit(3);
}

/*
 * Resume the stopped child with PTRACE_SYSCALL until it is gone.  Not
 * inlined: the tests trace its calls with -L.
 */
static void __attribute__((noinline)) count_stops(const char *mode, pid_t pid)
{
	int status, stops = 0, other = 0;

	ptrace(PTRACE_SETOPTIONS, pid, NULL, (void *)PTRACE_O_TRACESYSGOOD);
	for (;;) {
		if (ptrace(PTRACE_SYSCALL, pid, NULL, NULL) < 0) {
			printf("%s: PTRACE_SYSCALL: %s\n", mode,
			       strerror(errno));
			break;
		}
		if (waitpid(pid, &status, __WALL) != pid) {
			printf("%s: waitpid: %s\n", mode, strerror(errno));
			return;
		}
		if (WIFEXITED(status)) {
			printf("%s: %d syscall stops, %d others, exit %d\n",
			       mode, stops, other, WEXITSTATUS(status));
			return;
		}
		if (!WIFSTOPPED(status)) {
			printf("%s: child status %#x\n", mode, status);
			return;
		}
		if (WSTOPSIG(status) == (SIGTRAP | 0x80))
			stops++;
		else
			other++;
	}
	waitpid(pid, &status, __WALL);
}

/*
 * Wait for the child's first stop, by sig, then count its stops.  A
 * child that ends or stops otherwise is said and reaped.  0, or 1 on an
 * error of ours.
 */
static int first_stop(const char *mode, pid_t pid, int sig)
{
	int status;

	if (waitpid(pid, &status, __WALL) != pid) {
		perror("waitpid");
		return 1;
	}
	if (WIFEXITED(status)) {
		printf("%s: not traced, exit %d\n", mode, WEXITSTATUS(status));
		return 0;
	}
	if (!WIFSTOPPED(status) || WSTOPSIG(status) != sig) {
		printf("%s: first stop %#x\n", mode, status);
		kill(pid, SIGKILL);
		waitpid(pid, &status, __WALL);
		return 0;
	}
	count_stops(mode, pid);
	return 0;
}

static int traceme(void)
{
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		perror("fork");
		return 1;
	}
	if (pid == 0) {
		if (ptrace(PTRACE_TRACEME, 0, NULL, NULL) < 0) {
			/* Not traced: a SIGSTOP would stop it for good. */
			printf("traceme: child: PTRACE_TRACEME: %s\n",
			       strerror(errno));
			fflush(stdout);
			_exit(2);
		}
		child_calls(SIGSTOP);
	}
	return first_stop("traceme", pid, SIGSTOP);
}

static int seize(void)
{
	int go[2], status;
	long seized;
	char byte = 1;
	pid_t pid;

	if (pipe(go) < 0) {
		perror("pipe");
		return 1;
	}
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		perror("fork");
		return 1;
	}
	if (pid == 0) {
		/* SIGUSR1 would kill it if nobody traces it. */
		signal(SIGUSR1, SIG_IGN);
		close(go[1]);
		if (read(go[0], &byte, 1) != 1)
			_exit(4);
		child_calls(SIGUSR1);
	}
	close(go[0]);
	seized = ptrace(PTRACE_SEIZE, pid, NULL, (void *)PTRACE_O_TRACESYSGOOD);
	if (seized < 0) {
		printf("seize: PTRACE_SEIZE: %s\n", strerror(errno));
		if (write(go[1], &byte, 1) != 1)
			kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
		printf("seize: not traced, exit %d\n", WEXITSTATUS(status));
		return 0;
	}
	if (write(go[1], &byte, 1) != 1) {
		perror("write");
		return 1;
	}
	/* The first stop is SIGUSR1's: ignored signals stop a tracee too. */
	return first_stop("seize", pid, SIGUSR1);
}

int main(int argc, char **argv)
{
	int rc;

	if (argc == 2 && !strcmp(argv[1], "traceme"))
		rc = traceme();
	else if (argc == 2 && !strcmp(argv[1], "seize"))
		rc = seize();
	else {
		fprintf(stderr, "usage: inner_ptrace traceme|seize\n");
		return 2;
	}
	return rc ? rc : 5;
}
