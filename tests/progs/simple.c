/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * simple [EXPECT]: a few syscalls whose arguments are plain numbers or a
 * short string.  With EXPECT, writes the trace lines these calls must
 * give (as strace prints them) to that file once they are done.
 */
#include <errno.h>
#include <stdio.h>
#include <unistd.h>
#include <sys/syscall.h>

int main(int argc, char **argv)
{
	long ppid, r_write, r_close;
	int e_close;
	FILE *f;

	ppid = syscall(SYS_getppid);
	r_write = syscall(SYS_write, 1, "hello\n", 6);
	/* An fd this program never opened: the call fails with EBADF. */
	r_close = syscall(SYS_close, 987);
	e_close = errno;
	if (argc < 2)
		return 0;
	f = fopen(argv[1], "w");
	if (!f)
		return 1;
	fprintf(f, "%-39s = %ld\n", "getppid()", ppid);
	fprintf(f, "%-39s = %ld\n", "write(1, \"hello\\n\", 6)", r_write);
	if (r_close == -1 && e_close == EBADF)
		fprintf(f, "%-39s = -1 EBADF (Bad file descriptor)\n",
			"close(987)");
	else
		fprintf(f, "close(987) returned %ld\n", r_close);
	return fclose(f) ? 1 : 0;
}
