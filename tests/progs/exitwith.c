/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * exitwith CODE|segv|kill: end in the way asked for, so that a test can
 * check the tracer reports it and exits the same way.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Read at run time: gcc rejects a store to a constant bad address. */
static volatile long fault_addr = 16;

int main(int argc, char **argv)
{
	if (argc != 2) {
		fputs("usage: exitwith CODE|segv|kill\n", stderr);
		return 2;
	}
	if (!strcmp(argv[1], "segv")) {
		/* A real fault, so that si_code is SEGV_MAPERR, not SI_USER. */
		volatile int *p = (volatile int *)fault_addr;
		*p = 1;
		return 2;
	}
	if (!strcmp(argv[1], "kill")) {
		kill(getpid(), SIGKILL);
		return 2;
	}
	_exit(atoi(argv[1]));
}
