/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A known call chain for -k: main -> a -> b -> c -> the syscall.
 * tests/cases/stack_*.sh trace it built several ways (PIE, -no-pie,
 * -fomit-frame-pointer, -m32, stripped).  The lines of the calls carry
 * "@NAME" markers: -kk must name those lines.
 *
 *   stack_chain          c calls write(1, "chain\n", 6)
 *   stack_chain signal   c sends itself SIGURG (ignored by default)
 *   stack_chain exit     c calls _exit(0): exit_group, which never returns
 *   stack_chain thread   the chain runs in a second thread
 */
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

/* After each call: no tail call may hide a frame. */
#define KEEP_FRAME() __asm__ volatile("" ::: "memory")

static const char *mode = "";

/* gcc could otherwise clone a function under another name; clang has no
 * such attribute (and no such cloning). */
#ifdef __clang__
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE __attribute__((noinline, noclone))
#endif

NOINLINE void c(void)
{
	if (!strcmp(mode, "signal"))
		kill(getpid(), SIGURG); /* @kill */
	else if (!strcmp(mode, "exit"))
		_exit(0); /* @exit */
	else
		write(1, "chain\n", 6); /* @write */
	KEEP_FRAME();
}

NOINLINE void b(void)
{
	c(); /* @c */
	KEEP_FRAME();
}

NOINLINE void a(void)
{
	b(); /* @b */
	KEEP_FRAME();
}

static void *thread_main(void *arg)
{
	a(); /* @thread */
	KEEP_FRAME();
	return arg;
}

int main(int argc, char **argv)
{
	if (argc > 1)
		mode = argv[1];
	if (!strcmp(mode, "thread")) {
		pthread_t t;

		if (pthread_create(&t, NULL, thread_main, NULL))
			return 1;
		return pthread_join(t, NULL) != 0;
	}
	a(); /* @a */
	KEEP_FRAME();
	return 0;
}
