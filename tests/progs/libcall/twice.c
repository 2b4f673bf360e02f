/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Functions that return twice, called through the PLT: setjmp (returning
 * again through longjmp, three times) and vfork (the child returns first,
 * on the parent's stack).  Prints "ok 3 7" when both behaved.
 */
#include <setjmp.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static jmp_buf jb;

int main(void)
{
	volatile int n = 0;
	int st = 0;
	pid_t p;

	if (setjmp(jb) < 3) {
		n++;
		longjmp(jb, n);
	}
	p = vfork();
	if (p == 0)
		_exit(7);
	if (p < 0 || waitpid(p, &st, 0) != p || !WIFEXITED(st))
		return 1;
	printf("ok %d %d\n", n, WEXITSTATUS(st));
	return 0;
}
