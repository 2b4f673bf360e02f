/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * decode_proc: performs each process, resource, scheduling, credential
 * and system-information syscall sltrace decodes, with valid arguments,
 * error returns, NULL and pointers into an unmapped page.
 * tests/cases/decode-proc*.sh trace it with strace and with sltrace and
 * compare the lines between the two marker writes.  Built 64-bit and
 * -m32 (16-bit ids, ugetrlimit, waitpid, futex_time64...).
 *
 * SIGCHLD stays blocked: a child's exit must not put a signal line at a
 * moment that differs between runs.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/futex.h>
#include <linux/seccomp.h>
#include <linux/sched.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PG 4096

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

static void do_wait(void)
{
	int st;
	struct rusage ru;
	siginfo_t si;
	pid_t p;

	p = fork();
	if (!p)
		_exit(3);
	syscall(SYS_wait4, p, &st, 0, NULL);
	p = fork();
	if (!p) {
		signal(SIGKILL, SIG_DFL);
		raise(SIGKILL);
	}
	syscall(SYS_wait4, -1, &st, __WALL, NULL);
	p = fork();
	if (!p) {
		raise(SIGSTOP);
		for (;;)
			pause();
	}
	syscall(SYS_wait4, p, &st, WUNTRACED, NULL);
	kill(p, SIGCONT);
	syscall(SYS_wait4, p, &st, WCONTINUED, NULL);
	kill(p, SIGKILL);
	syscall(SYS_waitid, P_PID, p, &si, WEXITED, &ru);
	syscall(SYS_wait4, -1, &st, WNOHANG, &ru);
	syscall(SYS_wait4, -1, 1, 0x40000000 | 0x100, 2);
	syscall(SYS_waitid, 7, 0, &si, WEXITED, NULL);
	syscall(SYS_waitid, P_ALL, 0, 1, WEXITED | WNOHANG, NULL);
	p = fork();
	if (!p) {
		pause();
		_exit(0);
	}
	memset(&si, 0x55, sizeof(si));
	syscall(SYS_waitid, P_PID, p, &si, WEXITED | WNOHANG, NULL);
	/* Nothing reaped: the rusage is left as it was (all ones). */
	memset(&ru, 0xff, sizeof(ru));
	syscall(SYS_wait4, p, &st, WNOHANG, &ru);
	syscall(SYS_waitid, P_PID, p, &si, WEXITED | WNOHANG, &ru);
	kill(p, SIGKILL);
	syscall(SYS_waitid, P_PID, p, &si, WEXITED | WNOWAIT, NULL);
	syscall(SYS_wait4, p, NULL, 0, NULL);
#ifdef __i386__
	p = fork();
	if (!p)
		_exit(5);
	syscall(SYS_waitpid, p, &st, 0);
	syscall(SYS_waitpid, -1, &st, WNOHANG);
#endif
}

static void do_clone(char *end)
{
	int st, ptid = 0, pidfd = -1;
	struct clone_args ca;
	long p;

	p = syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0);
	if (!p)
		_exit(0);
	syscall(SYS_wait4, p, &st, 0, NULL);
	p = syscall(SYS_clone, CLONE_PARENT_SETTID | SIGCHLD, 0, &ptid, 0, 0);
	if (!p)
		_exit(0);
	syscall(SYS_wait4, p, &st, 0, NULL);
	p = syscall(SYS_clone, CLONE_PIDFD | SIGCHLD, 0, &pidfd, 0, 0);
	if (!p)
		_exit(0);
	syscall(SYS_wait4, p, &st, 0, NULL);
	close(pidfd);
	syscall(SYS_clone, CLONE_THREAD, 0, 0, 0, 0);
	syscall(SYS_clone, 0xffffffffUL & ~0xffUL, 0, 0, 0, 0);
	syscall(SYS_clone, CLONE_NEWNS | CLONE_IO | 0x7f, 0x1000, 0, 0, 0);

	memset(&ca, 0, sizeof(ca));
	ca.exit_signal = SIGCHLD;
	p = syscall(SYS_clone3, &ca, sizeof(ca));
	if (!p)
		_exit(0);
	syscall(SYS_wait4, p, &st, 0, NULL);
	ca.flags = CLONE_PIDFD | CLONE_PARENT_SETTID;
	ca.pidfd = (uintptr_t)&pidfd;
	ca.parent_tid = (uintptr_t)&ptid;
	p = syscall(SYS_clone3, &ca, 64);
	if (!p)
		_exit(0);
	syscall(SYS_wait4, p, &st, 0, NULL);
	close(pidfd);
	ca.flags = 0xffffffffffffff00ULL;
	ca.exit_signal = 0;
	syscall(SYS_clone3, &ca, sizeof(ca));
	{
		pid_t tids[2] = { 5, 6 };

		ca.flags = CLONE_VM | CLONE_SETTLS | CLONE_INTO_CGROUP;
		ca.stack = 0x1000;
		ca.stack_size = 0x2000;
		ca.tls = 0x3000;
		ca.cgroup = 7;
		ca.exit_signal = 99;
		ca.set_tid = (uintptr_t)tids;
		ca.set_tid_size = 2;
		syscall(SYS_clone3, &ca, sizeof(ca));
	}
	syscall(SYS_clone3, &ca, 1);
	{
		/* Sizes past the struct: its tail, zero or not, or unmapped. */
		uint64_t big[14];
		char *at = end - 96;

		memset(big, 0, sizeof(big));
		big[0] = 0xff00;
		big[4] = 0xdeadbeef00000011ULL;
		big[10] = 9;
		syscall(SYS_clone3, big, 96);
		syscall(SYS_clone3, big, 80);
		big[12] = 0x1234;
		syscall(SYS_clone3, big, 104);
		memset(at, 0, 96);
		at[90] = 1;
		syscall(SYS_clone3, at, 96);
		syscall(SYS_clone3, at, 104);
	}
	syscall(SYS_clone3, 1, 88);
	syscall(SYS_clone3, end - 32, 64);

	p = syscall(SYS_fork);
	if (!p)
		_exit(0);
	syscall(SYS_wait4, p, &st, 0, NULL);
	/* libc's vfork: a raw one would return into a frame both share. */
	p = vfork();
	if (!p)
		syscall(SYS_exit, 0);
	syscall(SYS_wait4, p, &st, 0, NULL);
}

static void do_exec(char *end)
{
	char *av[] = { "/nonexistent", "a\tb",
		       "ccccccccccccccccccccccccccccccccccccccccccccccc",
		       NULL };
	char *ev[] = { "A=1", "B=2", NULL };
	char *big[40];
	char **tail = (char **)end - 2;
	int i;

	syscall(SYS_execve, "/nonexistent", av, ev);
	syscall(SYS_execve, "/nonexistent", NULL, NULL);
	syscall(SYS_execve, "/nonexistent", 1, 2);
	syscall(SYS_execveat, AT_FDCWD, "/nonexistent", av, ev,
		AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH);
	syscall(SYS_execveat, 99, "", av, ev, 0x7);
	for (i = 0; i < 39; i++)
		big[i] = "x";
	big[39] = NULL;
	syscall(SYS_execve, "/nonexistent", big, big);
	tail[0] = "a";
	tail[1] = "b";
	syscall(SYS_execve, "/nonexistent", tail, tail);
	tail[1] = NULL;
	syscall(SYS_execve, "/nonexistent", tail, tail);
}

static void do_prctl(char *end)
{
	static const long opts[] = {
		1,  2,	3,  4,	5,  6,	7,  8,	9,  10,		11,	    12,
		13, 14, 16, 19, 20, 21, 23, 25, 26, 27,		29,	    30,
		31, 32, 33, 34, 35, 36, 37, 38, 39, 40,		41,	    42,
		43, 44, 45, 46, 47, 50, 51, 52, 53, 54,		55,	    56,
		57, 58, 59, 60, 61, 62, 63, 64, 65, 0x59616d61, 0x53564d41,
	};
	/*
	 * A buffer at a fixed address, so that the lines that show it in
	 * decimal or split into flags read the same in every run.
	 */
#ifdef __i386__
	const uintptr_t fixed = 0x5a5a5000;
#else
	const uintptr_t fixed = 0x56320a9f3000;
#endif
	char name[32] = "hello";
	unsigned int i;
	long *buf;
	int v;

	buf = mmap((void *)fixed, PG, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	if (buf == MAP_FAILED)
		buf = (long *)name;
	buf += 8;

	syscall(SYS_prctl, PR_SET_NAME, name, 0, 0, 0);
	syscall(SYS_prctl, PR_SET_NAME, "a-very-long-thread-name", 0, 0, 0);
	syscall(SYS_prctl, PR_GET_NAME, name, 0, 0, 0);
	syscall(SYS_prctl, PR_SET_NAME, "decode_proc", 0, 0, 0);
	syscall(SYS_prctl, PR_GET_NAME, end - 4, 0, 0, 0);
	syscall(SYS_prctl, PR_SET_PDEATHSIG, SIGTERM, 0, 0, 0);
	syscall(SYS_prctl, PR_GET_PDEATHSIG, &v, 0, 0, 0);
	syscall(SYS_prctl, PR_SET_PDEATHSIG, 0, 0, 0, 0);
	syscall(SYS_prctl, PR_CAPBSET_READ, CAP_SYS_ADMIN, 0, 0, 0);
	syscall(SYS_prctl, PR_CAP_AMBIENT, PR_CAP_AMBIENT_IS_SET, CAP_CHOWN, 0,
		0);
	syscall(SYS_prctl, PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
	syscall(SYS_prctl, PR_GET_CHILD_SUBREAPER, &v, 0, 0, 0);
	syscall(SYS_prctl, PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0);
	syscall(SYS_prctl, PR_GET_TSC, &v, 0, 0, 0);
	syscall(SYS_prctl, PR_GET_TID_ADDRESS, buf, 0, 0, 0);
	syscall(SYS_prctl, PR_SET_VMA, PR_SET_VMA_ANON_NAME, 0x10000, 4096,
		"name");
	syscall(SYS_prctl, PR_MCE_KILL, PR_MCE_KILL_SET, PR_MCE_KILL_EARLY, 0,
		0);
	syscall(SYS_prctl, PR_MCE_KILL_GET, 0, 0, 0, 0);
	syscall(SYS_prctl, PR_SET_SECCOMP, 7, 0, 0, 0);
	syscall(SYS_prctl, PR_SET_SECCOMP, SECCOMP_MODE_FILTER, 1, 0, 0);
	syscall(SYS_prctl, PR_SET_PTRACER, -1, 0, 0, 0);
	syscall(SYS_prctl, 0x12345, 1, 2, 3, 4);
	/* Every option with odd arguments, then with a pointer. */
	for (i = 0; i < sizeof(opts) / sizeof(opts[0]); i++)
		syscall(SYS_prctl, opts[i], 0x11, 0x22, 0x33, 0x44);
	for (i = 0; i < sizeof(opts) / sizeof(opts[0]); i++)
		syscall(SYS_prctl, opts[i], 0, 0, 0, 0);
	for (i = 0; i < sizeof(opts) / sizeof(opts[0]); i++)
		if (opts[i] != PR_SET_TIMERSLACK)
			syscall(SYS_prctl, opts[i], buf, 0, 0, 0);
}

static void do_arch_prctl(void)
{
	unsigned long v[2];

	syscall(SYS_arch_prctl, 0x1003, v);
	syscall(SYS_arch_prctl, 0x1004, v);
	syscall(SYS_arch_prctl, 0x1003, 1);
	syscall(SYS_arch_prctl, 0x3001, v);
	syscall(SYS_arch_prctl, 0x1011, 0);
	syscall(SYS_arch_prctl, 0x1012, 1);
	syscall(SYS_arch_prctl, 0x9999, 5);
	syscall(SYS_arch_prctl, 0x1021, v);
	syscall(SYS_arch_prctl, 0x1022, v);
	syscall(SYS_arch_prctl, 0x1023, 18);
	syscall(SYS_arch_prctl, 0x1023, 99);
	syscall(SYS_arch_prctl, 0x2002, 0x1000);
}

static void do_resource(char *end)
{
	struct rlimit rl;
	uint64_t r64[2] = { 1024, 4096 };
	struct rusage ru;

	syscall(SYS_getrlimit, RLIMIT_NOFILE, &rl);
	syscall(SYS_getrlimit, RLIMIT_STACK, &rl);
	syscall(SYS_getrlimit, 99, &rl);
	syscall(SYS_getrlimit, RLIMIT_NOFILE, end - 4);
	syscall(SYS_setrlimit, RLIMIT_NOFILE, &rl);
	syscall(SYS_setrlimit, RLIMIT_CORE, 1);
#ifdef __i386__
	syscall(SYS_ugetrlimit, RLIMIT_STACK, &rl);
	syscall(SYS_ugetrlimit, RLIMIT_CORE, NULL);
#endif
	syscall(SYS_prlimit64, 0, RLIMIT_NOFILE, NULL, r64);
	syscall(SYS_prlimit64, 0, RLIMIT_NOFILE, r64, r64);
	r64[0] = 8 * 1024 * 1024;
	r64[1] = ~0ULL;
	syscall(SYS_prlimit64, 0, RLIMIT_AS, r64, NULL);
	syscall(SYS_prlimit64, 0, RLIMIT_RTTIME, NULL, end - 8);
	syscall(SYS_getrusage, RUSAGE_SELF, &ru);
	syscall(SYS_getrusage, RUSAGE_CHILDREN, &ru);
	syscall(SYS_getrusage, RUSAGE_THREAD, 1);
	syscall(SYS_getrusage, 5, &ru);
}

static void do_misc(char *end)
{
	char buf[512];
	struct tms {
		long t[4];
	} t;

	syscall(SYS_uname, buf);
	syscall(SYS_uname, end - 100);
	syscall(SYS_getrandom, buf, 8, GRND_NONBLOCK);
	syscall(SYS_getrandom, buf, 40, 0);
	syscall(SYS_getrandom, buf, 4, GRND_RANDOM | GRND_INSECURE | 8);
	syscall(SYS_getrandom, end - 2, 4, 0);
	syscall(SYS_sysinfo, buf);
	syscall(SYS_sysinfo, end - 16);
	syscall(SYS_times, &t);
	syscall(SYS_times, NULL);
	syscall(SYS_times, 1);
	syscall(SYS_set_tid_address, 0);
	syscall(SYS_set_robust_list, 0, 24);
	syscall(SYS_get_robust_list, 0, buf, buf + 64);
	syscall(SYS_get_robust_list, 0, 1, 2);
	syscall(SYS_rseq, 0, 32, 1, 0x53053053);
	syscall(SYS_unshare, 0x1);
	syscall(SYS_unshare, 0);
	syscall(SYS_personality, 0xffffffff);
	syscall(SYS_personality, 0x0008 | 0x0400000);
	syscall(SYS_personality, 0x1234);
	syscall(SYS_personality, 0x04100001);
	syscall(SYS_personality, 0);
}

static void do_sched(char *end)
{
	cpu_set_t cs;
	struct sched_param sp = { 0 };
	unsigned int attr[14] = { 0 };
	struct timespec ts;

	CPU_ZERO(&cs);
	syscall(SYS_sched_yield);
	syscall(SYS_sched_getaffinity, 0, sizeof(cs), &cs);
	syscall(SYS_sched_getaffinity, 0, 3, &cs);
	syscall(SYS_sched_setaffinity, 0, sizeof(cs), &cs);
	syscall(SYS_sched_setaffinity, 0, 8, 1);
	syscall(SYS_sched_getscheduler, 0);
	syscall(SYS_sched_getparam, 0, &sp);
	syscall(SYS_sched_setscheduler, 0, SCHED_OTHER, &sp);
	syscall(SYS_sched_setscheduler, 0, 77, 1);
	syscall(SYS_sched_setparam, 0, &sp);
	syscall(SYS_sched_setparam, 0, end - 2);
	syscall(SYS_sched_get_priority_max, SCHED_FIFO);
	syscall(SYS_sched_get_priority_min, 99);
	syscall(SYS_sched_getattr, 0, attr, sizeof(attr), 0);
	syscall(SYS_sched_getattr, 0, attr, 48, 0);
	syscall(SYS_sched_getattr, 0, 1, 48, 0);
	attr[0] = 48;
	syscall(SYS_sched_setattr, 0, attr, 0);
	syscall(SYS_sched_setattr, 0, 1, 0);
	syscall(SYS_sched_rr_get_interval, 0, &ts);
	syscall(SYS_getpriority, PRIO_PROCESS, 0);
	syscall(SYS_getpriority, 9, 0);
	syscall(SYS_setpriority, PRIO_PGRP, 0, 0);
}

static void do_futex(void)
{
	uint32_t f = 1, f2 = 0;
	struct timespec ts = { 0, 1000 };

	syscall(SYS_futex, &f, FUTEX_WAIT, 0, &ts, 0, 0);
	syscall(SYS_futex, &f, FUTEX_WAIT_PRIVATE, 1, &ts, 0, 0);
	syscall(SYS_futex, &f, FUTEX_WAKE, 1, 0, 0, 0);
	syscall(SYS_futex, &f, FUTEX_WAKE_PRIVATE, 2147483647, 0, 0, 0);
	syscall(SYS_futex, &f, FUTEX_REQUEUE, 1, 2, &f2, 0);
	syscall(SYS_futex, &f, FUTEX_CMP_REQUEUE_PRIVATE, 1, 2, &f2, 1);
	syscall(SYS_futex, &f, FUTEX_WAKE_OP, 1, 2, &f2,
		FUTEX_OP(FUTEX_OP_ADD, 1, FUTEX_OP_CMP_GT, 0));
	syscall(SYS_futex, &f, FUTEX_TRYLOCK_PI, 0, 0, 0, 0);
	syscall(SYS_futex, &f, FUTEX_WAIT_BITSET, 0, &ts, 0,
		FUTEX_BITSET_MATCH_ANY);
	syscall(SYS_futex, &f, FUTEX_WAIT_BITSET_PRIVATE | FUTEX_CLOCK_REALTIME,
		1, &ts, 0, 5);
	syscall(SYS_futex, &f, FUTEX_WAKE_BITSET, 1, 0, 0, 3);
	syscall(SYS_futex, &f, 99, 1, 2, 3, 4);
	syscall(SYS_futex, &f, FUTEX_WAIT, 1, 1, 0, 0);
#ifdef __i386__
	{
		int64_t t64[2] = { 0, 1000 };

		syscall(SYS_futex_time64, &f, FUTEX_WAIT, 1, t64, 0, 0);
	}
#endif
}

static void do_ids(char *end)
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct d[2];
	uint32_t g[40], r[3];
	int i;

	for (i = 0; i < 40; i++)
		g[i] = i;
	syscall(SYS_setuid, 0);
	syscall(SYS_setuid, -1);
	syscall(SYS_setgid, 0);
	syscall(SYS_setreuid, -1, 0);
	syscall(SYS_setregid, 0, -1);
	syscall(SYS_setresuid, -1, -1, 0);
	syscall(SYS_setresgid, 0, 0, -1);
	syscall(SYS_getresuid, &r[0], &r[1], &r[2]);
	syscall(SYS_getresgid, &r[0], &r[1], 1);
	syscall(SYS_setfsuid, -1);
	syscall(SYS_setfsgid, 0);
	syscall(SYS_getgroups, 0, NULL);
	syscall(SYS_getgroups, 40, g);
	syscall(SYS_setgroups, 0, NULL);
	syscall(SYS_setgroups, 2, 1);
	/*
	 * Earlier calls leave run-dependent bytes there (uname, prctl);
	 * i386's 16-bit setgroups reads all four, so make them known.
	 */
	memset(end - 4, 0, 4);
	syscall(SYS_setgroups, 2, end - 4);
#ifdef __i386__
	syscall(SYS_setuid32, -1);
	syscall(SYS_setreuid32, -1, 0);
	syscall(SYS_setresgid32, 0, -1, 0);
	syscall(SYS_getresuid32, &r[0], &r[1], &r[2]);
	syscall(SYS_setfsuid32, 0);
	syscall(SYS_getgroups32, 40, g);
	syscall(SYS_setgroups32, 1, g);
	syscall(SYS_setgroups32, 40, g);
	{
		uint16_t g16[2] = { 0, 0xffff };

		syscall(SYS_setgroups, 2, g16);
	}
#else
	syscall(SYS_setgroups, 40, g);
#endif
	syscall(SYS_setgroups, 1, g);
	syscall(SYS_capget, &h, d);
	syscall(SYS_capset, &h, d);
	h.version = _LINUX_CAPABILITY_VERSION_1;
	syscall(SYS_capget, &h, d);
	h.version = 0x1234;
	syscall(SYS_capget, &h, d);
	h.version = _LINUX_CAPABILITY_VERSION_3;
	syscall(SYS_capget, &h, NULL);
	syscall(SYS_capget, 1, d);
	d[0].effective = 0;
	d[1].permitted = 0xffffffff;
	d[0].inheritable = 1 << 5;
	syscall(SYS_capset, &h, d);
}

static void do_pidfd(void)
{
	struct iovec l, rv;
	char a[16] = "hello", b[16];
	siginfo_t si;
	int fd;

	fd = (int)syscall(SYS_pidfd_open, getpid(), 0);
	syscall(SYS_pidfd_open, -1, 7);
	syscall(SYS_pidfd_send_signal, fd, 0, NULL, 0);
	memset(&si, 0, sizeof(si));
	si.si_signo = SIGUSR2;
	si.si_code = SI_QUEUE;
	syscall(SYS_pidfd_send_signal, fd, SIGUSR2, &si, 5);
	close((int)syscall(SYS_pidfd_getfd, fd, 0, 0));
	syscall(SYS_pidfd_getfd, fd, 99, 1);
	close(fd);
	l.iov_base = b;
	l.iov_len = 5;
	rv.iov_base = a;
	rv.iov_len = 5;
	syscall(SYS_process_vm_readv, getpid(), &l, 1, &rv, 1, 0);
	syscall(SYS_process_vm_writev, getpid(), &rv, 1, &l, 1, 0);
	syscall(SYS_process_vm_readv, getpid(), 1, 1, 2, 1, 3);
}

/*
 * Requests that carry structs: on a pid that does not exist, what the
 * kernel would read prints all the same (filled with small numbers that
 * read alike in every run), what it would write by address.
 */
static void do_ptrace_structs(char *end)
{
	struct {
		uint64_t off;
		uint32_t flags;
		int32_t nr;
	} psi = { 5, 1, 2 };
	unsigned long regs[80];
	uint64_t meta[2] = { 7, 0 };
	unsigned char info[88];
	struct iovec iov;
	sigset_t set;

	for (unsigned int i = 0; i < 80; i++)
		regs[i] = 0x100 + i;
	iov.iov_base = regs;
	iov.iov_len = sizeof(long) * 3;
	syscall(SYS_ptrace, 0x4205, 99999, 1, &iov);
	iov.iov_len = 520;
	syscall(SYS_ptrace, 0x4205, 99999, 2, &iov);
	iov.iov_len = 40;
	syscall(SYS_ptrace, 0x4205, 99999, 2, &iov);
	iov.iov_len = 7;
	syscall(SYS_ptrace, 0x4205, 99999, 1, &iov);
	syscall(SYS_ptrace, 0x4205, 99999, 0x202, &iov);
	syscall(SYS_ptrace, 0x4204, 99999, 1, &iov);
	syscall(SYS_ptrace, 0x4204, 99999, 0x999, end);
	syscall(SYS_ptrace, 13, 99999, 0, regs);
	syscall(SYS_ptrace, 15, 99999, 0, regs);
	syscall(SYS_ptrace, 13, 99999, 0, end - 8);
	syscall(SYS_ptrace, 14, 99999, 0, regs);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	syscall(SYS_ptrace, 0x420b, 99999, 8, &set);
	syscall(SYS_ptrace, 0x420a, 99999, 8, &set);
	syscall(SYS_ptrace, 0x420c, 99999, 3, NULL);
	syscall(SYS_ptrace, 0x420d, 99999, 16, meta);
	syscall(SYS_ptrace, 0x420d, 99999, 4, meta);
	syscall(SYS_ptrace, 0x4209, 99999, &psi, regs);
	syscall(SYS_ptrace, 0x4209, 99999, NULL, regs);
	syscall(SYS_ptrace, 0x420e, 99999, sizeof(info), info);
	syscall(SYS_ptrace, 0x420f, 99999, 32, info);
	syscall(SYS_ptrace, 0x4299, 99999, 0, end);
}

static void do_ptrace(void)
{
	struct {
		uint64_t off;
		uint32_t flags;
		int32_t nr;
	} psi = { 0, 0, 1 };
	unsigned long regs[4];
	unsigned char info[128];
	struct iovec iov;
	sigset_t set;
	unsigned long v;
	siginfo_t si;
	int st;
	pid_t p;

	syscall(SYS_ptrace, 0x4201, 99999, 0, &v);
	syscall(SYS_ptrace, 7, 99999, 0, SIGCONT);
	syscall(SYS_ptrace, 0x4206, 99999, 0, 0x11);
	syscall(SYS_ptrace, 12, 99999, 0, &v);
	syscall(SYS_ptrace, 16, 99999, 0, 0);
	syscall(SYS_ptrace, 5, 99999, 0x1000, 0x55);
	syscall(SYS_ptrace, 0x9999, 99999, 1, 2);
	p = fork();
	if (!p) {
		syscall(SYS_ptrace, 0, 0, 0, 0);
		raise(SIGSTOP);
		_exit(0);
	}
	syscall(SYS_wait4, p, &st, 0, NULL);
	syscall(SYS_ptrace, 0x4200, p, 0, 0x1 | 0x10 | 0x40);
	/* The saved syscall number: the same in every run. */
#ifdef __i386__
	syscall(SYS_ptrace, 3, p, 4 * 11, &v);
#else
	syscall(SYS_ptrace, 3, p, 8 * 15, &v);
#endif
	syscall(SYS_ptrace, 3, p, 1000, &v);
	iov.iov_base = regs;
	iov.iov_len = 0;
	syscall(SYS_ptrace, 0x4204, p, 1, &iov);
	syscall(SYS_ptrace, 0x420e, p, 8, info);
	syscall(SYS_ptrace, 0x420e, p, 1, info);
	syscall(SYS_ptrace, 0x420a, p, 8, &set);
	syscall(SYS_ptrace, 0x4209, p, &psi, info);
	syscall(SYS_ptrace, 0x4202, p, 0, &si);
	syscall(SYS_ptrace, 7, p, 0, 0);
	syscall(SYS_wait4, p, &st, 0, NULL);
	syscall(SYS_ptrace, 0x4201, p, 0, &v);
	syscall(SYS_ptrace, 17, p, 0, 0);
	syscall(SYS_wait4, p, &st, 0, NULL);
}

/*
 * setfsuid and setfsgid return the previous id: set one past INT_MAX
 * (with CAP_SETUID and CAP_SETGID; otherwise nothing changes) and put
 * the old one back, so that the second call returns it.  Before
 * do_ids(), whose capset drops the effective capabilities.
 */
static void do_fsids(void)
{
	long old;

#ifdef __i386__
	old = syscall(SYS_setfsuid32, 0xdeadbeef);
	syscall(SYS_setfsuid32, old);
	old = syscall(SYS_setfsgid32, 0xc0dec0de);
	syscall(SYS_setfsgid32, old);
	/* The 16-bit ones: their ids stop at 65535. */
	old = syscall(SYS_setfsuid, 0xfffe);
	syscall(SYS_setfsuid, old);
#else
	old = syscall(SYS_setfsuid, 0xdeadbeef);
	syscall(SYS_setfsuid, old);
	old = syscall(SYS_setfsgid, 0xc0dec0de);
	syscall(SYS_setfsgid, old);
#endif
}

int main(void)
{
	sigset_t set;
	char *end;

	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigprocmask(SIG_BLOCK, &set, NULL);
	end = tail_page();
	marker("decode-begin");
	do_wait();
	do_clone(end);
	do_exec(end);
	do_prctl(end);
	do_arch_prctl();
	do_resource(end);
	do_misc(end);
	do_sched(end);
	do_futex();
	do_fsids();
	do_ids(end);
	do_pidfd();
	do_ptrace();
	do_ptrace_structs(end);
	marker("decode-end");
	return 0;
}
