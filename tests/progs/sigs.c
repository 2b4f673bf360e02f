/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sigs MODE [N]: signal delivery as a traced program sees it.  Prints its
 * pid first ("pid N"), and what it observed last, so that a test can
 * check the tracer did not change the program's behaviour.
 *
 *   handler N    send SIGUSR1 to itself N times, count the handler runs
 *   restart      block in read(); a helper child sends SIGUSR1; the
 *                handler has SA_RESTART, so read() goes on and gets data
 *   norestart    the same without SA_RESTART: read() fails with EINTR
 *   ignore       SIGUSR2 is ignored; send it to itself
 *   block        block SIGUSR1, send it, check it is pending, unblock
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/wait.h>

static volatile sig_atomic_t handled;

static void on_usr1(int sig)
{
	(void)sig;
	handled++;
}

static void catch_usr1(int flags)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sa.sa_flags = flags;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
}

/*
 * Wait until pid sleeps inside read(2), so the signal surely interrupts
 * the read and not something before it.  /proc/PID/syscall names the
 * syscall a blocked task is in.
 */
static void wait_in_read(pid_t pid)
{
	char path[64], buf[128], st[512];
	FILE *f;

	for (;;) {
		int in_read = 0, sleeping = 0;

		snprintf(path, sizeof(path), "/proc/%d/syscall", (int)pid);
		f = fopen(path, "r");
		if (f) {
			if (fgets(buf, sizeof(buf), f))
				in_read = !strncmp(buf, "0 ", 2);
			fclose(f);
		}
		snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
		f = fopen(path, "r");
		if (f) {
			if (fgets(st, sizeof(st), f)) {
				char *p = strrchr(st, ')');

				sleeping = p && p[1] == ' ' && p[2] == 'S';
			}
			fclose(f);
		}
		if (in_read && sleeping)
			return;
		usleep(1000);
	}
}

static int interrupted_read(int restart)
{
	int fds[2];
	pid_t parent = getpid(), child;
	char c = 0;
	ssize_t n;
	int status;

	catch_usr1(restart ? SA_RESTART : 0);
	if (pipe(fds))
		return 1;
	child = fork();
	if (child < 0)
		return 1;
	if (child == 0) {
		wait_in_read(parent);
		kill(parent, SIGUSR1);
		/* Give the data only once the signal has been handled. */
		usleep(100000);
		if (write(fds[1], "x", 1) != 1)
			_exit(1);
		_exit(0);
	}
	n = read(fds[0], &c, 1);
	if (n < 0)
		printf("read: %s, handled %d\n", strerror(errno), (int)handled);
	else
		printf("read %zd byte '%c', handled %d\n", n, c, (int)handled);
	waitpid(child, &status, 0);
	return 0;
}

int main(int argc, char **argv)
{
	sigset_t set;

	if (argc < 2) {
		fputs("usage: sigs MODE [N]\n", stderr);
		return 2;
	}
	printf("pid %d\n", (int)getpid());
	fflush(stdout);

	if (!strcmp(argv[1], "handler")) {
		int i, n = argc > 2 ? atoi(argv[2]) : 1;

		catch_usr1(0);
		for (i = 0; i < n; i++)
			kill(getpid(), SIGUSR1);
		printf("handled %d\n", (int)handled);
	} else if (!strcmp(argv[1], "restart")) {
		return interrupted_read(1);
	} else if (!strcmp(argv[1], "norestart")) {
		return interrupted_read(0);
	} else if (!strcmp(argv[1], "ignore")) {
		signal(SIGUSR2, SIG_IGN);
		kill(getpid(), SIGUSR2);
		printf("still alive\n");
	} else if (!strcmp(argv[1], "block")) {
		catch_usr1(0);
		sigemptyset(&set);
		sigaddset(&set, SIGUSR1);
		sigprocmask(SIG_BLOCK, &set, NULL);
		kill(getpid(), SIGUSR1);
		printf("handled %d while blocked\n", (int)handled);
		sigpending(&set);
		printf("pending %d\n", sigismember(&set, SIGUSR1));
		fflush(stdout);
		sigprocmask(SIG_UNBLOCK, &set, NULL);
		printf("handled %d after unblock\n", (int)handled);
	} else {
		fputs("sigs: unknown mode\n", stderr);
		return 2;
	}
	return 0;
}
