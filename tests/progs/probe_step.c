// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Instructions no breakpoint can step over but in place: a `syscall`
 * (step_syscall) and a call through a stack operand (step_callstk), run
 * by 16 threads at once.  tests/cases/probe-step.sh puts a probe on each
 * (their addresses from nm).  Every thread checks what they do (getpid's
 * result, the call's), and at the end the program checks that its own
 * code bytes there are what they were at its start (no int3 left).
 *
 *   probe_step N        each thread runs both N times; "ok TOTAL"
 *   probe_step wait F   the same until file F holds "1" (for -p): writes
 *                       its pid to probe_step.pid first
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define NTHREADS 16

long raw_getpid(void);
long raw_callstk(void);
extern const unsigned char step_syscall[], step_callstk[];

__asm__(".text\n"
	".globl raw_getpid\n"
	"raw_getpid:\n"
	"	mov $39, %eax\n"
	".globl step_syscall\n"
	"step_syscall:\n"
	"	syscall\n"
	"	ret\n"
	".globl raw_callstk\n"
	"raw_callstk:\n"
	"	lea 1f(%rip), %rax\n"
	"	push %rax\n"
	".globl step_callstk\n"
	"step_callstk:\n"
	"	call *(%rsp)\n"
	"	pop %rcx\n"
	"	ret\n"
	"1:	mov $42, %eax\n"
	"	ret\n");

static long n_iter;
static volatile int stop;
static long pid;

static void *worker(void *arg)
{
	long *count = arg;

	for (long i = 0; n_iter ? i < n_iter : !stop; i++) {
		if (raw_getpid() != pid) {
			fprintf(stderr, "raw_getpid: wrong result\n");
			exit(2);
		}
		if (raw_callstk() != 42) {
			fprintf(stderr, "raw_callstk: wrong result\n");
			exit(3);
		}
		++*count;
	}
	return NULL;
}

static int flag_set(const char *path)
{
	FILE *f = fopen(path, "r");
	int c = f ? fgetc(f) : EOF;

	if (f)
		fclose(f);
	return c == '1';
}

int main(int argc, char **argv)
{
	unsigned char code1[4], code2[4];
	pthread_t t[NTHREADS];
	long counts[NTHREADS] = { 0 }, total = 0;

	if (argc < 2)
		return 1;
	memcpy(code1, step_syscall, sizeof(code1));
	memcpy(code2, step_callstk, sizeof(code2));
	pid = syscall(SYS_getpid);
	if (strcmp(argv[1], "wait")) {
		n_iter = atol(argv[1]);
	} else {
		FILE *f = fopen("probe_step.pid", "w");

		if (argc < 3 || !f)
			return 1;
		fprintf(f, "%ld\n", pid);
		fclose(f);
	}
	for (int i = 0; i < NTHREADS; i++)
		if (pthread_create(&t[i], NULL, worker, &counts[i]))
			return 4;
	if (!n_iter) {
		while (!flag_set(argv[2]))
			usleep(10000);
		stop = 1;
	}
	for (int i = 0; i < NTHREADS; i++) {
		pthread_join(t[i], NULL);
		total += counts[i];
	}
	if (memcmp(code1, step_syscall, sizeof(code1)) ||
	    memcmp(code2, step_callstk, sizeof(code2))) {
		fprintf(stderr, "code bytes changed\n");
		return 5;
	}
	if (n_iter && total != NTHREADS * n_iter)
		return 6;
	printf("ok %ld\n", total);
	return 0;
}
