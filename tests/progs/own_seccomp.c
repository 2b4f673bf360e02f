/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A program with a seccomp filter of its own (tests/cases/unnoticed_seccomp*.sh).
 * The filter acts on getpriority(PRIO_PROCESS, WHO) only, a call sltrace
 * never makes, with WHO choosing the action:
 *
 *   9000-9099  SECCOMP_RET_ERRNO | 42      9300-9399  SECCOMP_RET_USER_NOTIF
 *   9100-9199  SECCOMP_RET_TRAP | 0x77     9400-9499  SECCOMP_RET_TRACE
 *   9200-9299  SECCOMP_RET_KILL_PROCESS
 *
 *   own_seccomp own              installs the filter itself (after a
 *                                tracer's, which came before execve),
 *                                answers the notifications in a thread
 *                                and checks every action
 *   own_seccomp wrap CMD...      installs the filter, then runs CMD
 *                                (a tracer, say) under it, answering
 *                                its notifications from outside
 *   own_seccomp inherited        checks every action under a filter a
 *                                wrapper installed
 *
 * What each check saw goes to stdout, one line each, the same whoever
 * runs the program and however: that is what a tracer must not change.
 * RET_TRACE with no tracer asking for seccomp stops fails with ENOSYS.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

#define WHO_ERRNO 9000
#define WHO_TRAP 9100
#define WHO_KILL 9200
#define WHO_NOTIF 9300
#define WHO_TRACE 9400
#define WHO_END 9500
#define TRAP_DATA 0x77
#define NOTIFS 3

#define STR_(x) #x
#define STR(x) STR_(x)

/*
 * getpriority(PRIO_PROCESS, who) made here, so that the SIGSYS handler
 * can check si_call_addr: the address right after the syscall
 * instruction (trap_ret).
 */
long trap_call(long who);
extern const char trap_ret[];
/* clang-format off */
#if defined(__x86_64__)
#define ARCH AUDIT_ARCH_X86_64
asm(".text\n"
    ".globl trap_call\n"
    ".type trap_call, @function\n"
    "trap_call:\n"
    "	mov %rdi, %rsi\n"
    "	xor %edi, %edi\n"
    "	mov $" STR(__NR_getpriority) ", %eax\n"
    "	syscall\n"
    ".globl trap_ret\n"
    "trap_ret:\n"
    "	ret\n"
    ".size trap_call, . - trap_call\n");
#elif defined(__i386__)
#define ARCH AUDIT_ARCH_I386
asm(".text\n"
    ".globl trap_call\n"
    ".type trap_call, @function\n"
    "trap_call:\n"
    "	push %ebx\n"
    "	mov 8(%esp), %ecx\n"
    "	xor %ebx, %ebx\n"
    "	mov $" STR(__NR_getpriority) ", %eax\n"
    "	int $0x80\n"
    ".globl trap_ret\n"
    "trap_ret:\n"
    "	pop %ebx\n"
    "	ret\n"
    ".size trap_call, . - trap_call\n");
#else
#error "own_seccomp: x86_64 or i386 only"
#endif
/* clang-format on */

/* The raw result as the libc wrapper would give it: -1 and errno. */
static long getprio(long who)
{
	long r = trap_call(who);

	if (r < 0 && r > -4096) {
		errno = (int)-r;
		return -1;
	}
	return r;
}

#define LD_ARG1 offsetof(struct seccomp_data, args[1])

static struct sock_filter filter[] = {
	BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, ARCH, 1, 0),
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_getpriority, 1, 0),
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	/* The low half of who (little-endian). */
	BPF_STMT(BPF_LD | BPF_W | BPF_ABS, LD_ARG1),
	BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, WHO_ERRNO, 1, 0),
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, WHO_TRAP, 1, 0),
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | 42),
	BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, WHO_KILL, 1, 0),
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP | TRAP_DATA),
	BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, WHO_NOTIF, 1, 0),
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
	BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, WHO_TRACE, 1, 0),
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF),
	BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, WHO_END, 1, 0),
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRACE),
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
};

/* Install the filter; returns its notification listener. */
static int install(void)
{
	struct sock_fprog prog = { sizeof(filter) / sizeof(filter[0]), filter };
	int fd;

	/* Without CAP_SYS_ADMIN a filter needs no_new_privs. */
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0) {
		perror("PR_SET_NO_NEW_PRIVS");
		exit(1);
	}
	fd = (int)syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
			  SECCOMP_FILTER_FLAG_NEW_LISTENER, &prog);
	if (fd < 0) {
		perror("seccomp");
		exit(1);
	}
	return fd;
}

/*
 * Answer NOTIFS notifications on listener fd: getpriority(., WHO) gives
 * 1000 + WHO - WHO_NOTIF.  Returns how many were answered.  A
 * notification whose caller was interrupted is gone (ENOENT): the
 * syscall is made again, and notified again.
 */
static int serve(int fd, int max)
{
	int served = 0;

	while (served < max) {
		struct seccomp_notif req;
		struct seccomp_notif_resp resp;
		struct pollfd pfd = { fd, POLLIN, 0 };

		if (poll(&pfd, 1, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		/* Everybody under the filter is gone. */
		if (!(pfd.revents & POLLIN))
			break;
		memset(&req, 0, sizeof(req));
		if (ioctl(fd, SECCOMP_IOCTL_NOTIF_RECV, &req) < 0) {
			if (errno == EINTR || errno == ENOENT)
				continue;
			break;
		}
		memset(&resp, 0, sizeof(resp));
		resp.id = req.id;
		if (req.data.nr == __NR_getpriority && req.data.arch == ARCH) {
			resp.val = 1000 +
				   (long long)(req.data.args[1] - WHO_NOTIF);
		} else {
			resp.error = -EINVAL;
		}
		if (ioctl(fd, SECCOMP_IOCTL_NOTIF_SEND, &resp) == 0)
			served++;
		else if (errno != ENOENT && errno != EINTR)
			break;
	}
	return served;
}

static void *supervisor(void *arg)
{
	int fd = *(int *)arg;

	*(int *)arg = serve(fd, NOTIFS);
	return NULL;
}

/* What the SIGSYS handler saw. */
static volatile int t_signo, t_code, t_errno, t_syscall;
static volatile unsigned int t_arch;
static void *volatile t_addr;

static void on_sigsys(int sig, siginfo_t *si, void *uc_)
{
	ucontext_t *uc = uc_;

	(void)sig;
	t_signo = si->si_signo;
	t_code = si->si_code;
	t_errno = si->si_errno;
	t_syscall = si->si_syscall;
	t_arch = si->si_arch;
	t_addr = si->si_call_addr;
	/* The syscall's result, as if it had run: 1000 + who - WHO_TRAP. */
#if defined(__x86_64__)
	uc->uc_mcontext.gregs[REG_RAX] =
		1000 + uc->uc_mcontext.gregs[REG_RSI] - WHO_TRAP;
#else
	uc->uc_mcontext.gregs[REG_EAX] =
		1000 + uc->uc_mcontext.gregs[REG_ECX] - WHO_TRAP;
#endif
}

static void check_errno(void)
{
	long r;
	int status;
	pid_t pid;

	errno = 0;
	r = getprio(WHO_ERRNO + 1);
	printf("errno: %ld errno %d\n", r, errno);
	/* Other arguments are let through: a plain result. */
	printf("errno: other who %s\n",
	       getprio(0) >= 0 ? "allowed" : "refused");
	fflush(stdout);
	/* A child inherits the filter. */
	pid = fork();
	if (pid == 0) {
		errno = 0;
		getprio(WHO_ERRNO + 2);
		_exit(errno);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		printf("errno: no child\n");
	else
		printf("errno: in a child %d\n", WEXITSTATUS(status));
}

static void check_trap(void)
{
	struct sigaction sa;
	long r;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_sigsys;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSYS, &sa, NULL);
	r = getprio(WHO_TRAP + 5);
	printf("trap: %ld signo %d code %d data %#x syscall %s arch %s "
	       "call_addr %s\n",
	       r, t_signo, t_code, t_errno,
	       t_syscall == __NR_getpriority ? "ok" : "wrong",
	       t_arch == ARCH ? "ok" : "wrong",
	       t_addr == (void *)trap_ret ? "ok" : "wrong");
	if (t_addr != (void *)trap_ret)
		fprintf(stderr, "trap: si_call_addr %p, want %p\n", t_addr,
			(void *)trap_ret);
	signal(SIGSYS, SIG_DFL);
}

static void *nap(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

static void check_kill(void)
{
	struct rlimit no_core = { 0, 0 };
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		pthread_t t;

		/* A kill of the process takes every thread. */
		setrlimit(RLIMIT_CORE, &no_core);
		pthread_create(&t, NULL, nap, NULL);
		getprio(WHO_KILL + 1);
		_exit(99);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		printf("kill: no child\n");
	else if (WIFSIGNALED(status))
		printf("kill: child killed by signal %d%s\n", WTERMSIG(status),
		       WTERMSIG(status) == SIGSYS ? " (SIGSYS)" : "");
	else
		printf("kill: child exited %d\n", WEXITSTATUS(status));
}

static void check_notif(void)
{
	printf("notif:");
	for (int i = 1; i <= NOTIFS; i++)
		printf(" %ld", getprio(WHO_NOTIF + i));
	printf("\n");
}

static void check_trace(void)
{
	long r;

	errno = 0;
	r = getprio(WHO_TRACE + 1);
	printf("trace: %ld errno %d\n", r, errno);
}

static void check_all(void)
{
	check_errno();
	check_trap();
	check_kill();
	check_notif();
	check_trace();
	fflush(stdout);
}

/* wrap: send the listener to the supervising parent, run CMD. */
static int wrap(char **cmd)
{
	char cbuf[CMSG_SPACE(sizeof(int))];
	struct msghdr mh;
	struct cmsghdr *cm;
	struct iovec iov;
	int sv[2], fd, status, served;
	char byte = 0;
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) {
		perror("socketpair");
		return 1;
	}
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		perror("fork");
		return 1;
	}
	memset(&mh, 0, sizeof(mh));
	memset(cbuf, 0, sizeof(cbuf));
	iov.iov_base = &byte;
	iov.iov_len = 1;
	mh.msg_iov = &iov;
	mh.msg_iovlen = 1;
	mh.msg_control = cbuf;
	mh.msg_controllen = sizeof(cbuf);
	if (pid == 0) {
		fd = install();
		cm = CMSG_FIRSTHDR(&mh);
		cm->cmsg_level = SOL_SOCKET;
		cm->cmsg_type = SCM_RIGHTS;
		cm->cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(cm), &fd, sizeof(int));
		if (sendmsg(sv[1], &mh, 0) != 1) {
			perror("sendmsg");
			_exit(1);
		}
		/* CMD gets none of these. */
		close(fd);
		close(sv[0]);
		close(sv[1]);
		execvp(cmd[0], cmd);
		perror(cmd[0]);
		_exit(127);
	}
	close(sv[1]);
	if (recvmsg(sv[0], &mh, 0) != 1 || !(cm = CMSG_FIRSTHDR(&mh)) ||
	    cm->cmsg_type != SCM_RIGHTS) {
		fprintf(stderr, "wrap: no listener received\n");
		return 1;
	}
	memcpy(&fd, CMSG_DATA(cm), sizeof(int));
	close(sv[0]);
	served = serve(fd, 1000);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return 1;
	printf("supervisor: %d served\n", served);
	fflush(stdout);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

int main(int argc, char **argv)
{
	if (argc >= 3 && !strcmp(argv[1], "wrap"))
		return wrap(argv + 2);
	if (argc == 2 && !strcmp(argv[1], "inherited")) {
		check_all();
		return 3;
	}
	if (argc == 2 && !strcmp(argv[1], "own")) {
		pthread_t t;
		int arg = install();

		pthread_create(&t, NULL, supervisor, &arg);
		check_all();
		pthread_join(t, NULL);
		printf("supervisor: %d served\n", arg);
		return 3;
	}
	fprintf(stderr, "usage: own_seccomp own | wrap CMD... | inherited\n");
	return 2;
}
