/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * pidns_translation: pid arguments, returns and fields of a process in
 * a pid namespace of its own, for --decode-pids=pidns
 * (tests/cases/pidns-translation.sh compares the lines with strace's).
 *
 * The program unshares a user and a pid namespace; its child is pid 1
 * there and does the calls, one task at a time: a child of its own
 * (pid 2, a process group of its own) waits on a pipe while pid 1 names
 * it in every way, and a thread shows a thread id.  Exit 77 when the
 * namespaces cannot be made.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>

static long sc(long nr, long a, long b, long c, long d)
{
	return syscall(nr, a, b, c, d);
}

/* A thread: its id, then it waits until pid 1 has named it. */
static int to_main[2], to_thread[2];

static void *thread_main(void *arg)
{
	int tid = (int)sc(SYS_gettid, 0, 0, 0, 0);
	char c;

	(void)arg;
	if (write(to_main[1], &tid, sizeof(tid)) != sizeof(tid) ||
	    read(to_thread[0], &c, 1) < 0)
		return NULL;
	return NULL;
}

/* What pid 1 does to its child (pid 2, waiting) and to itself. */
static void name_child(pid_t child)
{
	struct f_owner_ex owner = { F_OWNER_PGRP, child };
	struct rlimit rl;
	struct ucred cred;
	socklen_t len = sizeof(cred);
	int sv[2];

	sc(SYS_kill, child, 0, 0, 0);
	sc(SYS_kill, -child, 0, 0, 0);
	sc(SYS_kill, 999, 0, 0, 0);
	sc(SYS_kill, -1, 0, 0, 0);
	sc(SYS_tgkill, child, child, 0, 0);
	sc(SYS_tkill, child, 0, 0, 0);
	sc(SYS_getpgid, child, 0, 0, 0);
	sc(SYS_getsid, child, 0, 0, 0);
	sc(SYS_sched_getscheduler, child, 0, 0, 0);
	sc(SYS_getpriority, PRIO_PROCESS, child, 0, 0);
	sc(SYS_getpriority, PRIO_PGRP, child, 0, 0);
	sc(SYS_prlimit64, child, RLIMIT_NOFILE, 0, (long)&rl);
	sc(SYS_fcntl, 0, F_SETOWN, child, 0);
	sc(SYS_fcntl, 0, F_GETOWN, 0, 0);
	sc(SYS_fcntl, 0, F_SETOWN_EX, (long)&owner, 0);
	sc(SYS_fcntl, 0, F_GETOWN_EX, (long)&owner, 0);
	sc(SYS_fcntl, 0, F_SETOWN, 0, 0);
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0) {
		getsockopt(sv[0], SOL_SOCKET, SO_PEERCRED, &cred, &len);
		close(sv[0]);
		close(sv[1]);
	}
}

static int ns_init(void)
{
	int go[2], ready[2], tid;
	pthread_t t;
	pid_t child;
	char c = 0;

	siginfo_t si;
	sigset_t chld;

	/*
	 * The child's SIGCHLD would come before or after wait4 as it
	 * happens: kept pending.  A signal to ourselves comes at once.
	 */
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, NULL);
	signal(SIGUSR1, SIG_IGN);
	memset(&si, 0, sizeof(si));
	si.si_signo = SIGUSR1;
	si.si_code = SI_QUEUE;
	si.si_pid = getpid();
	sc(SYS_rt_sigqueueinfo, si.si_pid, SIGUSR1, (long)&si, 0);

	sc(SYS_getpid, 0, 0, 0, 0);
	sc(SYS_getppid, 0, 0, 0, 0);
	sc(SYS_gettid, 0, 0, 0, 0);
	sc(SYS_getpgrp, 0, 0, 0, 0);
	sc(SYS_setsid, 0, 0, 0, 0);
	sc(SYS_getsid, 0, 0, 0, 0);
	sc(SYS_getpgrp, 0, 0, 0, 0);
	if (pipe(go) < 0 || pipe(ready) < 0)
		return 1;
	child = fork();
	if (child < 0)
		return 1;
	if (!child) {
		close(go[1]);
		sc(SYS_getpid, 0, 0, 0, 0);
		sc(SYS_getppid, 0, 0, 0, 0);
		sc(SYS_setpgid, 0, 0, 0, 0);
		sc(SYS_getpgrp, 0, 0, 0, 0);
		sc(SYS_kill, 1, 0, 0, 0);
		/* In its own group now; then until pid 1 is done with us. */
		if (write(ready[1], &c, 1) != 1 || read(go[0], &c, 1) < 0)
			_exit(1);
		_exit(0);
	}
	close(go[0]);
	if (read(ready[0], &c, 1) != 1)
		return 1;
	name_child(child);
	close(go[1]);
	sc(SYS_wait4, child, 0, 0, 0);

	if (pipe(to_main) < 0 || pipe(to_thread) < 0 ||
	    pthread_create(&t, NULL, thread_main, NULL))
		return 1;
	if (read(to_main[0], &tid, sizeof(tid)) != sizeof(tid))
		return 1;
	sc(SYS_tgkill, 1, tid, 0, 0);
	sc(SYS_tkill, tid, 0, 0, 0);
	if (write(to_thread[1], &c, 1) != 1)
		return 1;
	pthread_join(t, NULL);
	return 0;
}

int main(void)
{
	int status;
	pid_t pid;

	if (unshare(CLONE_NEWUSER | CLONE_NEWPID) < 0)
		return errno == EPERM || errno == EINVAL || errno == ENOSPC ?
			       77 :
			       1;
	pid = fork();
	if (pid < 0)
		return 1;
	if (!pid)
		_exit(ns_init());
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return 1;
	return WEXITSTATUS(status);
}
