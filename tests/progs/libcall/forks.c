/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * forks fork N EXPECT    N children at once; child i makes i % 5 + 1
 *                        calls bar_add(i, j), j = 0..i % 5
 * forks vfork N EXPECT   N vfork children one after the other; child i
 *                        calls bar_add(i, 100) once, then _exit
 * forks exec EXPECT      bar_add(1, 1), then execve of itself (or of
 *                        $FORKS_EXEC: another build, e.g. -m32) as
 *                        "forks leaf EXPECT", which calls bar_add(2, 2)
 *
 * The parent calls bar_add(-1, -1) first and bar_add(-2, -2) after the
 * children are gone.  EXPECT gets the lines a -f trace must hold, as
 * "PID LINE".  A child exits 0 when its calls returned a + b; the parent
 * checks that every child exited 0 (a child killed by a signal is the
 * failure this program exists to see), prints "ok ..." and exits 0, or
 * says what went wrong and exits 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "bar.h"
#include "expect.h"

static int bad;

static int reap(pid_t pid, int i)
{
	int st;

	if (waitpid(pid, &st, 0) != pid) {
		perror("waitpid");
		return 1;
	}
	if (WIFSIGNALED(st)) {
		printf("child %d (pid %d) killed by signal %d\n", i, (int)pid,
		       WTERMSIG(st));
		return 1;
	}
	if (WEXITSTATUS(st) != 0) {
		printf("child %d (pid %d) exited %d\n", i, (int)pid,
		       WEXITSTATUS(st));
		return 1;
	}
	return 0;
}

static void do_fork(int n, FILE *f)
{
	pid_t *pids = calloc(n, sizeof(*pids));
	int i, j;

	if (!pids)
		exit(2);
	for (i = 0; i < n; i++) {
		pids[i] = fork();
		if (pids[i] < 0) {
			perror("fork");
			exit(2);
		}
		if (pids[i] == 0) {
			int cbad = 0;

			for (j = 0; j <= i % 5; j++)
				cbad |= bar_add(i, j) != i + j;
			_exit(cbad);
		}
	}
	for (i = 0; i < n; i++) {
		bad |= reap(pids[i], i);
		for (j = 0; j <= i % 5; j++)
			expect(f, "%d bar_add(%d, %d) = %d", (int)pids[i], i, j,
			       i + j);
	}
	free(pids);
}

/* The child must not return from the function that called vfork. */
static pid_t vfork_child(int i)
{
	pid_t pid = vfork();

	if (pid == 0)
		_exit(bar_add(i, 100) != i + 100);
	return pid;
}

static void do_vfork(int n, FILE *f)
{
	pid_t pid;
	int i;

	for (i = 0; i < n; i++) {
		pid = vfork_child(i);
		if (pid < 0) {
			perror("vfork");
			exit(2);
		}
		bad |= reap(pid, i);
		expect(f, "%d bar_add(%d, 100) = %d", (int)pid, i, i + 100);
	}
}

int main(int argc, char **argv)
{
	FILE *f;
	int n = 0;

	if (argc == 3 && strcmp(argv[1], "leaf") == 0) {
		/* The exec'd image: its line goes after the first image's. */
		f = fopen(argv[2], "a");
		if (!f)
			return 2;
		bad |= bar_add(2, 2) != 4;
		expect(f, "%d bar_add(2, 2) = 4", (int)getpid());
		expect_close(f);
		puts(bad ? "wrong results" : "ok exec");
		return bad;
	}
	if (argc == 3 && strcmp(argv[1], "exec") == 0) {
		f = expect_open(argv[2]);
		bad |= bar_add(1, 1) != 2;
		expect(f, "%d bar_add(1, 1) = 2", (int)getpid());
		expect_close(f);
		if (bad)
			return 1;
		fflush(stdout);
		execl(getenv("FORKS_EXEC") ? getenv("FORKS_EXEC") :
					     "/proc/self/exe",
		      argv[0], "leaf", argv[2], (char *)NULL);
		perror("execl");
		return 2;
	}
	if (argc != 4 ||
	    (strcmp(argv[1], "fork") && strcmp(argv[1], "vfork")) ||
	    (n = atoi(argv[2])) < 1) {
		fprintf(stderr, "usage: forks fork|vfork N EXPECT | "
				"forks exec EXPECT\n");
		return 2;
	}
	f = expect_open(argv[3]);
	bad |= bar_add(-1, -1) != -2;
	expect(f, "%d bar_add(-1, -1) = -2", (int)getpid());
	if (argv[1][0] == 'f')
		do_fork(n, f);
	else
		do_vfork(n, f);
	bad |= bar_add(-2, -2) != -4;
	expect(f, "%d bar_add(-2, -2) = -4", (int)getpid());
	expect_close(f);
	if (bad) {
		printf("failed\n");
		return 1;
	}
	printf("ok %s %d\n", argv[1], n);
	return 0;
}
