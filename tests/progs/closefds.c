/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A program that closes every descriptor it was started with and then
 * works (tests/cases/unnoticed_closefds.sh).
 *
 *   closefds OUT [range|loop]
 *
 * It prints the descriptors it was started with (/proc/self/fd) on
 * stdout, closes them all -- close_range(0, ~0U, 0), or close() on 0 to
 * 1023 with "loop" -- and then opens OUT (which must get descriptor 0),
 * /dev/null, a pipe, forks a child that writes to OUT and to the pipe,
 * and writes what it saw to OUT.  Exits 0 when all went as it should.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/* "0 1 2": the open descriptors, ascending, the listing's own left out. */
static void list_fds(char *buf, size_t size)
{
	char seen[1024] = { 0 };
	struct dirent *d;
	size_t len = 0;
	DIR *dir;

	buf[0] = '\0';
	dir = opendir("/proc/self/fd");
	if (!dir) {
		snprintf(buf, size, "(opendir: %s)", strerror(errno));
		return;
	}
	while ((d = readdir(dir))) {
		int fd = atoi(d->d_name);

		if (d->d_name[0] == '.' || fd == dirfd(dir))
			continue;
		if (fd >= 0 && fd < (int)sizeof(seen))
			seen[fd] = 1;
		else
			len += (size_t)snprintf(buf + len, size - len, "big%d ",
						fd);
	}
	closedir(dir);
	for (int fd = 0; fd < (int)sizeof(seen) && len < size; fd++)
		if (seen[fd])
			len += (size_t)snprintf(buf + len, size - len, "%s%d",
						len ? " " : "", fd);
}

/* Write a line to fd, which is OUT. */
static void say(int fd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void say(int fd, const char *fmt, ...)
{
	char line[4200];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line) - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if (n > (int)sizeof(line) - 2)
		n = (int)sizeof(line) - 2;
	line[n++] = '\n';
	if (write(fd, line, (size_t)n) != n)
		_exit(20);
}

int main(int argc, char **argv)
{
	char fds[4096], got[64];
	int out, null, pfd[2], status, bad = 0;
	ssize_t n;
	pid_t pid;

	if (argc < 2) {
		fprintf(stderr, "usage: closefds OUT [range|loop]\n");
		return 2;
	}
	list_fds(fds, sizeof(fds));
	printf("started with: %s\n", fds);
	fflush(stdout);

	if (argc > 2 && !strcmp(argv[2], "loop")) {
		for (int fd = 0; fd < 1024; fd++)
			close(fd);
	} else if (syscall(SYS_close_range, 0U, ~0U, 0U) < 0) {
		return 3;
	}

	out = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0644);
	if (out != 0)
		return 4;
	null = open("/dev/null", O_RDWR);
	say(out, "out %d null %d", out, null);
	bad |= null != 1;
	if (pipe(pfd) < 0)
		return 5;
	say(out, "pipe %d %d", pfd[0], pfd[1]);
	bad |= pfd[0] != 2 || pfd[1] != 3;

	pid = fork();
	if (pid < 0)
		return 6;
	if (pid == 0) {
		close(pfd[0]);
		list_fds(fds, sizeof(fds));
		say(out, "child has: %s", fds);
		if (write(pfd[1], "from the child", 14) != 14)
			_exit(21);
		_exit(7);
	}
	close(pfd[1]);
	n = read(pfd[0], got, sizeof(got) - 1);
	got[n > 0 ? n : 0] = '\0';
	if (waitpid(pid, &status, 0) != pid)
		return 7;
	say(out, "pipe gave: %s", got);
	say(out, "child exit %d", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	close(pfd[0]);
	list_fds(fds, sizeof(fds));
	say(out, "now open: %s", fds);
	bad |= strcmp(fds, "0 1") != 0;
	return bad ? 8 : 0;
}
