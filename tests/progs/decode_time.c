/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * decode_time: the clock, sleep and timer syscalls sltrace decodes,
 * called directly (syscall(2)) so that 64- and 32-bit builds call the
 * same numbers, with failing calls, unknown constants and pointers into
 * an unmapped page.  Traced by tests/cases/decode-time*.sh.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/timex.h>
#include <time.h>
#include <unistd.h>

static void on_alarm(int sig)
{
	(void)sig;
}

int main(void)
{
	struct timespec ts, rem;
	struct timeval tv;
	struct timezone tz;
	struct itimerspec its = { { 100, 2 }, { 300, 4 } }, old;
	struct itimerval itv = { { 0, 0 }, { 0, 0 } }, oitv;
	struct sigevent sev;
	struct timex tx;
	timer_t tid;
	time_t t;
	sigset_t set;
	char *page = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	void *tail;

	if (page == MAP_FAILED)
		return 1;
	munmap(page + 4096, 4096);
	tail = page + 4096 - 4;
	/* Timers below must not fire: their signal is blocked. */
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);

	syscall(SYS_clock_gettime, CLOCK_REALTIME, &ts);
	syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &ts);
	syscall(SYS_clock_gettime, CLOCK_BOOTTIME, NULL);
	syscall(SYS_clock_gettime, 99, &ts);
	syscall(SYS_clock_gettime, CLOCK_PROCESS_CPUTIME_ID, tail);
	syscall(SYS_clock_gettime, (clockid_t)((~(unsigned)getpid() << 3) | 2),
		&ts);
	syscall(SYS_clock_getres, CLOCK_MONOTONIC_COARSE, &ts);
	syscall(SYS_clock_getres, CLOCK_TAI, (void *)1);
	ts.tv_sec = 0;
	ts.tv_nsec = 2000000000;
	syscall(SYS_clock_settime, CLOCK_MONOTONIC, &ts);
	ts.tv_nsec = 1000;
	syscall(SYS_clock_nanosleep, CLOCK_MONOTONIC, 0, &ts, NULL);
	syscall(SYS_clock_nanosleep, CLOCK_MONOTONIC, 0, &ts, &rem);
	syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &ts);
	syscall(SYS_clock_nanosleep, CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
	/* Unknown flag bits; both calls have an absolute, past deadline. */
	syscall(SYS_clock_nanosleep, CLOCK_MONOTONIC, 5, &ts, NULL);
	syscall(SYS_clock_nanosleep, CLOCK_MONOTONIC, 0x11, &ts, NULL);
	ts.tv_sec = 0;
	ts.tv_nsec = 1000;
	syscall(SYS_nanosleep, &ts, &rem);
	syscall(SYS_nanosleep, &ts, NULL);
	syscall(SYS_nanosleep, tail, NULL);
	/* tv_nsec shows unsigned: -5 as the tracee's unsigned long. */
	ts.tv_nsec = -5;
	syscall(SYS_nanosleep, &ts, NULL);
	ts.tv_nsec = 1000;
	/* A sleep cut short by a signal reports the time left. */
	signal(SIGALRM, on_alarm);
	itv.it_value.tv_usec = 50000;
	syscall(SYS_setitimer, ITIMER_REAL, &itv, NULL);
	itv.it_value.tv_usec = 0;
	ts.tv_sec = 1;
	syscall(SYS_nanosleep, &ts, &rem);

	syscall(SYS_gettimeofday, &tv, &tz);
	syscall(SYS_gettimeofday, &tv, NULL);
	syscall(SYS_gettimeofday, tail, NULL);
	syscall(SYS_settimeofday, NULL, &tz);
	tv.tv_usec = 9999999;
	syscall(SYS_settimeofday, &tv, NULL);
#ifdef SYS_time
	syscall(SYS_time, &t);
	syscall(SYS_time, NULL);
#else
	(void)t;
#endif

	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGUSR1;
	sev.sigev_value.sival_int = 42;
	syscall(SYS_timer_create, CLOCK_MONOTONIC, &sev, &tid);
	syscall(SYS_timer_create, CLOCK_MONOTONIC, NULL, &tid);
	sev.sigev_value.sival_int = 0;
	sev.sigev_notify = SIGEV_NONE;
	syscall(SYS_timer_create, CLOCK_REALTIME, &sev, &tid);
	sev.sigev_notify = SIGEV_THREAD_ID;
	sev._sigev_un._tid = getpid();
	syscall(SYS_timer_create, CLOCK_REALTIME, &sev, &tid);
	sev.sigev_notify = 77;
	syscall(SYS_timer_create, CLOCK_REALTIME, &sev, &tid);
	syscall(SYS_timer_create, CLOCK_REALTIME, tail, &tid);
	syscall(SYS_timer_settime, 0, 0, &its, &old);
	syscall(SYS_timer_settime, 0, TIMER_ABSTIME, &its, NULL);
	syscall(SYS_timer_settime, 1234, 0, &its, &old);
	syscall(SYS_timer_gettime, 1, &old);
	syscall(SYS_timer_gettime, 1, tail);
	syscall(SYS_timer_getoverrun, 0);
	syscall(SYS_timer_delete, 0);
	syscall(SYS_timer_delete, 1234);

	alarm(0);
	alarm(100);
	alarm(0);
	syscall(SYS_getitimer, ITIMER_REAL, &itv);
	syscall(SYS_getitimer, 5, &itv);
	syscall(SYS_setitimer, ITIMER_VIRTUAL, &itv, &oitv);
	syscall(SYS_setitimer, ITIMER_PROF, &itv, NULL);
	syscall(SYS_setitimer, ITIMER_PROF, tail, NULL);

	memset(&tx, 0, sizeof(tx));
	syscall(SYS_adjtimex, &tx);
	syscall(SYS_adjtimex, tail);
	syscall(SYS_clock_adjtime, CLOCK_REALTIME, &tx);
	syscall(SYS_clock_adjtime, CLOCK_REALTIME, NULL);
	return 0;
}
