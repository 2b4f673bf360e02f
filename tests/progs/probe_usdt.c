/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * USDT points as <sys/sdt.h> writes them (tests/cases/probe-usdt-args.sh):
 * arguments that gcc places in registers, as constants, in memory on the
 * stack, indexed, and at globals, and one point guarded by a semaphore.
 * Built only where the header is (Debian's systemtap-sdt-dev), 64-bit
 * and -m32.  The case checks that sltrace parses every argument spec gcc
 * wrote, against readelf -n.  The guarded point is in probe_usdt_sema.c:
 * <sys/sdt.h> gives every point of a file a semaphore, or none.
 *
 * For tests/cases/probe-usdt.sh it says on stderr what each point was
 * given, "NAME arg1=V arg2=V ...", as a --probe 'sdt:sltest:NAME' hit
 * must print them, and whether the guarded point's semaphore was set.
 * "probe_usdt loop N" runs work() N times (for a hit count).
 * "probe_usdt spin" runs it every millisecond until SIGUSR1, then says
 * on stdout what the guarded point's semaphore is (a tracer that was
 * attached and left must have taken its increment back): "semaphore=N".
 */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sdt.h>
#include <time.h>
#include <unistd.h>

long guarded(int n, long k);
extern unsigned short sltest_guarded_semaphore;

static volatile sig_atomic_t done;

static void on_usr1(int sig)
{
	(void)sig;
	done = 1;
}

extern long counter;
static int table[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13 };
volatile unsigned char small = 7;

int __attribute__((noinline)) work(int n, long k, const char *s)
{
	volatile int local[8] = { 0 };
	signed char c = (signed char)n;
	short h = (short)(n * 3);

	local[n & 7] = n;
	/* Constants, and a register of each size. */
	DTRACE_PROBE4(sltest, consts, 5, -3, 1234567890123LL, 0);
	fprintf(stderr, "consts arg1=5 arg2=-3 arg3=1234567890123 arg4=0\n");
	DTRACE_PROBE4(sltest, regs, n, k, c, h);
	fprintf(stderr, "regs arg1=%d arg2=%ld arg3=%d arg4=%d\n", n, k, c, h);
	/* Memory: globals (rip-relative), the stack, an index. */
	DTRACE_PROBE3(sltest, globals, counter, table[3], small);
	fprintf(stderr, "globals arg1=%ld arg2=%d arg3=%d\n", counter,
		table[3], small);
	DTRACE_PROBE2(sltest, indexed, table[n & 15], local[n & 7]);
	fprintf(stderr, "indexed arg1=%d arg2=%d\n", table[n & 15],
		local[n & 7]);
	DTRACE_PROBE2(sltest, pointer, s, s[1]);
	/* The address as an unsigned number of the tracee's width. */
	fprintf(stderr, "pointer arg1=%lu arg2=%d\n", (unsigned long)s, s[1]);
	k = guarded(n, k);
	STAP_PROBE(sltest, noargs);
	fprintf(stderr, "noargs\n");
	return local[n & 7] + c + h;
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "spin")) {
		struct timespec ms = { 0, 1000000 };

		signal(SIGUSR1, on_usr1);
		printf("pid %d\n", (int)getpid());
		fflush(stdout);
		while (!done) {
			work(argc, 1000, argv[0]);
			nanosleep(&ms, NULL);
		}
		printf("semaphore=%u\n", sltest_guarded_semaphore);
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "loop")) {
		int n = atoi(argv[2]);
		long sum = 0;

		for (int i = 0; i < n; i++)
			sum += work(argc, (long)argc * 1000, argv[0]);
		printf("%ld\n", sum);
		return 0;
	}
	printf("%d\n", work(argc, (long)argc * 1000, argv[0]));
	return 0;
}
