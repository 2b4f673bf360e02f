/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * decode_sig: performs each signal syscall sltrace decodes — handlers,
 * masks, pending sets, waiting, queueing, sending, the alternate stack
 * and the return from a handler (rt_sigreturn, i386 sigreturn, whose
 * mask comes from the signal frame) — with valid arguments, error
 * returns, NULL and pointers into an unmapped page.
 * tests/cases/decode-sig*.sh compare sltrace's lines with strace's.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define PG 4096
#define SA_RESTORER_FLAG 0x04000000

/* The kernel's struct sigaction, not libc's (x86: restorer before mask). */
struct ksigaction {
	unsigned long handler;
	unsigned long flags;
	unsigned long restorer;
	uint32_t mask[2];
};

static volatile int hits;

static void handler(int sig)
{
	(void)sig;
	hits++;
}

static void marker(const char *s)
{
	syscall(SYS_write, -1, s, strlen(s));
}

static char *tail_page(void)
{
	char *p = mmap(NULL, 2 * PG, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	munmap(p + PG, PG);
	return p + PG;
}

static void do_sigaction(char *end)
{
	struct ksigaction sa, old;

	memset(&sa, 0, sizeof(sa));
	sa.handler = 0x1234567;
	sa.flags = SA_RESTORER_FLAG | SA_SIGINFO | SA_ONSTACK | SA_NODEFER |
		   SA_RESETHAND | SA_RESTART | SA_NOCLDSTOP | SA_NOCLDWAIT |
		   0x100;
	sa.restorer = 0x7654321;
	sa.mask[0] = 1u << (SIGINT - 1);
	sa.mask[1] = 1u << 1;
	syscall(SYS_rt_sigaction, SIGUSR1, &sa, &old, 8);
	sa.handler = (unsigned long)SIG_IGN;
	sa.flags = 0;
	sa.mask[0] = sa.mask[1] = ~0u;
	syscall(SYS_rt_sigaction, SIGUSR1, &sa, &old, 8);
	sa.handler = 5;
	sa.mask[0] = ~(1u << (SIGKILL - 1));
	syscall(SYS_rt_sigaction, SIGUSR1, &sa, NULL, 8);
	syscall(SYS_rt_sigaction, SIGUSR1, NULL, &old, 8);
	/* SA_INTERRUPT (0x20000000) and bits without a name */
	sa.flags = 0x20000e00;
	syscall(SYS_rt_sigaction, SIGUSR1, &sa, &old, 7);
	syscall(SYS_rt_sigaction, 99, &sa, &old, 8);
	syscall(SYS_rt_sigaction, SIGUSR1, 1, 2, 8);
	syscall(SYS_rt_sigaction, SIGKILL, &sa, &old, 8);
	syscall(SYS_rt_sigaction, SIGUSR1, end - 8, NULL, 8);
	sa.handler = (unsigned long)SIG_DFL;
	sa.flags = 0;
	sa.mask[0] = sa.mask[1] = 0;
	syscall(SYS_rt_sigaction, SIGUSR1, &sa, NULL, 8);
#ifdef __i386__
	{
		uint32_t o[4] = { 0x1234, 1u << (SIGINT - 1),
				  SA_RESTORER_FLAG | SA_RESTART, 0x5678 };
		uint32_t oo[4];

		syscall(SYS_sigaction, SIGUSR2, o, oo);
		syscall(SYS_sigaction, SIGUSR2, NULL, oo);
		syscall(SYS_sigaction, SIGUSR2, 1, 2);
		o[0] = 0;
		o[1] = 0;
		o[2] = 0;
		syscall(SYS_sigaction, SIGUSR2, o, NULL);
		syscall(SYS_signal, SIGUSR2, SIG_IGN);
		syscall(SYS_signal, SIGUSR2, 0x1234);
		syscall(SYS_signal, SIGUSR2, SIG_DFL);
		syscall(SYS_signal, 99, SIG_DFL);
	}
#endif
}

static void do_masks(char *end)
{
	uint32_t set[2] = { 1u << (SIGINT - 1), 0 }, old[2];

	syscall(SYS_rt_sigprocmask, SIG_BLOCK, set, old, 8);
	syscall(SYS_rt_sigprocmask, SIG_UNBLOCK, set, NULL, 8);
	syscall(SYS_rt_sigprocmask, SIG_SETMASK, NULL, old, 8);
	syscall(SYS_rt_sigprocmask, 7, set, old, 8);
	syscall(SYS_rt_sigprocmask, SIG_BLOCK, set, old, 16);
	syscall(SYS_rt_sigprocmask, SIG_BLOCK, set, old, 4);
	syscall(SYS_rt_sigprocmask, SIG_BLOCK, 1, 2, 8);
	syscall(SYS_rt_sigprocmask, SIG_BLOCK, end - 4, NULL, 8);
	syscall(SYS_rt_sigpending, old, 8);
	syscall(SYS_rt_sigpending, old, 4);
	syscall(SYS_rt_sigpending, old, 0);
	syscall(SYS_rt_sigpending, old, 16);
	syscall(SYS_rt_sigpending, 1, 8);
	syscall(SYS_rt_sigsuspend, 1, 8);
	syscall(SYS_rt_sigsuspend, set, 4);
#ifdef __i386__
	syscall(SYS_sigprocmask, SIG_BLOCK, set, old);
	syscall(SYS_sigprocmask, SIG_UNBLOCK, set, NULL);
	syscall(SYS_sigprocmask, SIG_BLOCK, 1, 2);
	syscall(SYS_sigpending, old);
	syscall(SYS_sigpending, 1);
	syscall(SYS_sgetmask);
	syscall(SYS_ssetmask, 1u << (SIGINT - 1));
	syscall(SYS_ssetmask, 0);
#endif
}

static void do_altstack(char *end)
{
	stack_t ss, old;
	char *stk = mmap(NULL, 16 * PG, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	syscall(SYS_sigaltstack, NULL, &old);
	ss.ss_sp = stk;
	ss.ss_flags = 0;
	ss.ss_size = 16 * PG;
	syscall(SYS_sigaltstack, &ss, &old);
	ss.ss_flags = 0x55;
	syscall(SYS_sigaltstack, &ss, NULL);
	syscall(SYS_sigaltstack, 1, 2);
	syscall(SYS_sigaltstack, end - 4, NULL);
}

static void do_wait_queue(void)
{
	uint32_t set[2] = { 1u << (SIGUSR2 - 1), 0 };
	struct timespec ts = { 0, 1000 };
	siginfo_t si, q;
	pid_t me = getpid();

	syscall(SYS_rt_sigprocmask, SIG_BLOCK, set, NULL, 8);
	syscall(SYS_rt_sigtimedwait, set, &si, &ts, 8);
	syscall(SYS_kill, me, SIGUSR2);
	syscall(SYS_rt_sigtimedwait, set, &si, &ts, 8);
	memset(&q, 0, sizeof(q));
	q.si_signo = SIGUSR2;
	q.si_code = SI_QUEUE;
	q.si_pid = me;
	q.si_uid = 0;
	q.si_value.sival_int = 42;
	syscall(SYS_rt_sigqueueinfo, me, SIGUSR2, &q);
	syscall(SYS_rt_sigtimedwait, set, NULL, NULL, 8);
	syscall(SYS_rt_tgsigqueueinfo, me, me, SIGUSR2, &q);
	syscall(SYS_rt_sigtimedwait, set, &si, NULL, 8);
	syscall(SYS_rt_sigqueueinfo, me, SIGUSR2, 1);
	syscall(SYS_rt_sigtimedwait, 1, 2, 3, 8);
	syscall(SYS_rt_sigtimedwait, set, &si, &ts, 4);
#ifdef __i386__
	{
		int64_t t64[2] = { 0, 1000 };

		syscall(SYS_rt_sigtimedwait_time64, set, &si, t64, 8);
	}
#endif
	syscall(SYS_tkill, me, SIGUSR2);
	syscall(SYS_tgkill, me, me, SIGUSR2);
	syscall(SYS_rt_sigtimedwait, set, NULL, NULL, 8);
	syscall(SYS_kill, me, 0);
	syscall(SYS_kill, 999999, 200);
	syscall(SYS_tkill, -1, SIGUSR2);
}

/* Handlers run: the return from each shows the mask it restores. */
static void do_delivery(void)
{
	uint32_t set[2] = { 1u << (SIGUSR2 - 1), 0 }, none[2] = { 0, 0 };
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigaction(SIGUSR2, &sa, NULL);
	/* SA_SIGINFO: an rt frame and rt_sigreturn on i386 too. */
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGUSR1, &sa, NULL);
	syscall(SYS_kill, getpid(), SIGUSR1);
	syscall(SYS_rt_sigprocmask, SIG_BLOCK, set, NULL, 8);
	syscall(SYS_kill, getpid(), SIGUSR2);
	syscall(SYS_rt_sigsuspend, none, 8);
#ifdef __i386__
	{
		uint32_t o[4] = { (uint32_t)(uintptr_t)handler, 0, 0, 0 };

		/* A non-rt handler frame: returns through sigreturn. */
		syscall(SYS_sigaction, SIGUSR1, o, NULL);
		syscall(SYS_kill, getpid(), SIGUSR1);
		syscall(SYS_kill, getpid(), SIGUSR2);
		syscall(SYS_sigsuspend, 0, 0, 1u << (SIGINT - 1));
	}
#endif
}

int main(void)
{
	char *end = tail_page();

	marker("decode-begin");
	do_sigaction(end);
	do_masks(end);
	do_altstack(end);
	do_wait_queue();
	do_delivery();
	marker("decode-end");
	return 0;
}
