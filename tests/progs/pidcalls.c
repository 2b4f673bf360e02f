/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Calls that take or return process ids, for -Y (tests/cases/fmt-decode-pids-args.sh). */
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
	pid_t p = getpid(), c;

	getppid();
	syscall(SYS_gettid);
	kill(p, 0);
	syscall(SYS_tgkill, p, p, 0);
	c = fork();
	if (c == 0)
		_exit(0);
	waitpid(c, NULL, 0);
	getsid(p);
	return 0;
}
