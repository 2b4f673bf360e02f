/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Launching the command.  The child waits, before anything of the
 * user's runs, for a byte on a socket from the tracer: the tracer seizes
 * it meanwhile with every option in place, interrupts it (the stop from
 * which syscall tracing starts, so that its execve is seen), and sends
 * the byte once everything that must watch the command is in place (a
 * guardian, see src/guard/).  Should sltrace die before that, the child
 * reads end-of-file and exits 1 without running the command, saying so
 * (sltrace refusing to go on sends 'n' instead: it said why): it is never
 * left stopped with nobody to continue it, nor run under a filter that
 * asks for a tracer nobody answers.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "engine/internal.h"
#include "log.h"

pid_t launched_pid;

/* The tracer's end of the socket the held command waits on, or -1. */
static int go_fd = -1;

/*
 * Resolve the command as execvp would, but in the tracer, so that a
 * missing command is reported before anything is started and execve is
 * shown with the resolved path (as strace does).
 */
char *launch_resolve_path(const char *name)
{
	const char *path, *p, *end;
	struct stat st;
	char *buf;
	size_t n;

	/* A name no path can hold, in strace's words. */
	if (strlen(name) >= PATH_MAX) {
		log_error("exec: %s", strerror(ENAMETOOLONG));
		return NULL;
	}
	if (strchr(name, '/')) {
		if (stat(name, &st) < 0) {
			log_error("Can't stat '%s': %s", name, strerror(errno));
			return NULL;
		}
		return strdup(name);
	}
	path = getenv("PATH");
	if (!path)
		path = "/usr/local/bin:/usr/bin:/bin";
	n = strlen(name);
	for (p = path;; p = end + 1) {
		size_t dl;

		end = strchr(p, ':');
		if (!end)
			end = p + strlen(p);
		dl = (size_t)(end - p);
		buf = malloc(dl + n + 3);
		if (!buf)
			return NULL;
		if (dl)
			memcpy(buf, p, dl);
		else
			buf[dl++] = '.';	/* empty element: cwd */
		buf[dl] = '/';
		memcpy(buf + dl + 1, name, n + 1);
		/* Skip directories and files we could not run anyway. */
		if (stat(buf, &st) == 0 && S_ISREG(st.st_mode) &&
		    (st.st_mode & 0111))
			return buf;
		free(buf);
		if (!*end)
			break;
	}
	log_error("Can't stat '%s': %s", name, strerror(ENOENT));
	return NULL;
}

/*
 * In the child, after the tracer has seized it: the filter, and only if
 * the kernel refuses it (EACCES: no CAP_SYS_ADMIN), no_new_privs first —
 * a flag the program can see (NoNewPrivs in /proc/self/status,
 * PR_GET_NO_NEW_PRIVS), so it is set only for a user who cannot filter
 * without it.  A failure leaves the child unfiltered; the tracer finds
 * out from /proc/PID/status and traces every syscall instead.
 */
static void install_filter(const struct sock_filter *filter, unsigned short n)
{
	struct sock_fprog prog = { n, (struct sock_filter *)filter };

	if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) == 0 ||
	    errno != EACCES)
		return;
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0)
		syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog);
}

/* -E: "VAR=VAL" puts VAR in the command's environment, "VAR" removes it. */
static void apply_env(void)
{
	for (size_t i = 0; i < ecfg.n_env_ops; i++) {
		char *op = ecfg.env_ops[i], *eq = strchr(op, '=');

		if (eq) {
			*eq = '\0';
			setenv(op, eq + 1, 1);
			*eq = '=';
		} else {
			unsetenv(op);
		}
	}
}

/*
 * SIGPIPE as sltrace found it.  We catch it (the trace's reader may go
 * away), and a caught signal is reset by execve: a command started by
 * a parent that ignores SIGPIPE must find it ignored, as under strace.
 */
static bool sigpipe_ignored;

void launch_note_signals(void)
{
	struct sigaction old;

	sigpipe_ignored = sigaction(SIGPIPE, NULL, &old) == 0 &&
			  old.sa_handler == SIG_IGN;
}

/*
 * The command's side, in the process that will exec it.  It waits on
 * wait_fd until the tracer says go (a socket: reading needs no signal
 * disposition, so this works whatever it inherited), then sets itself
 * up.  End-of-file instead: the tracer is gone; the command never runs.
 */
static void __attribute__((noreturn))
become_command(const char *path, char **argv, const struct passwd *pw,
	       const struct sock_filter *filter, unsigned short n, int wait_fd)
{
	ssize_t got;
	char go;

	do
		got = read(wait_fd, &go, 1);
	while (got < 0 && errno == EINTR);
	/* Said when sltrace is gone; its own refusal ('n') it said itself. */
	if (got == 0)
		fprintf(stderr, "%s: the tracer ended before %s started: not running it\n",
			log_progname, path);
	if (got != 1 || go != 'g')
		_exit(1);
	close(wait_fd);
	apply_env();
	/* -u: groups, then gid, then uid: in that order or not at all. */
	if (pw && (initgroups(pw->pw_name, pw->pw_gid) < 0 ||
		   setgid(pw->pw_gid) < 0 || setuid(pw->pw_uid) < 0)) {
		fprintf(stderr, "%s: cannot run as %s: %s\n", log_progname, pw->pw_name,
			strerror(errno));
		_exit(1);
	}
	if (sigpipe_ignored)
		signal(SIGPIPE, SIG_IGN);
	if (filter)
		install_filter(filter, n);
	execv(path, argv);
	fprintf(stderr, "%s: exec: %s\n", log_progname, strerror(errno));
	_exit(1);
}

void launch_go(bool go)
{
	if (go_fd < 0)
		return;
	/* MSG_NOSIGNAL: a command already killed is no SIGPIPE of ours. */
	send(go_fd, go ? "g" : "n", 1, MSG_NOSIGNAL);
	close(go_fd);
	go_fd = -1;
}

/*
 * Wait (a while) until the held command blocks in its read.  Interrupted
 * there, it restarts the read and then runs to its execve through the
 * same syscalls every time; interrupted earlier, it would go through
 * more — a stop count that changed from run to run.  Not a correctness
 * matter: after the bound the interrupt comes wherever it comes.
 */
static void wait_blocked(pid_t pid)
{
	char path[64], want[16], buf[64];
	size_t wl;

	snprintf(path, sizeof(path), "/proc/%d/syscall", (int)pid);
	wl = (size_t)snprintf(want, sizeof(want), "%d ", SYS_read);
	for (int i = 0; i < 20000; i++) {
		int fd = open(path, O_RDONLY | O_CLOEXEC);
		ssize_t n;

		if (fd < 0)
			return;
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (n <= 0)
			return;
		if ((size_t)n >= wl && !memcmp(buf, want, wl))
			return;
		usleep(50);
	}
}

/*
 * The held command seized with our options and interrupted: that stop,
 * collected by the stop loop like any other, is where tracing starts.
 * 0, or -1 with the error said and the command killed (never exec'd:
 * nothing of the user's ran).
 */
static int seize_held(pid_t pid)
{
	int err;

	wait_blocked(pid);
	if (ptrace(PTRACE_SEIZE, pid, NULL, engine_ptrace_options()) == 0 &&
	    ptrace(PTRACE_INTERRUPT, pid, NULL, NULL) == 0)
		return 0;
	err = errno;
	kill(pid, SIGKILL);
	log_error("attach: ptrace(PTRACE_SEIZE, %d): %s", pid, strerror(err));
	return -1;
}

/*
 * -D: the command keeps the pid the shell started (so the shell waits
 * for it, and sees its status), and the tracer runs as its grandchild,
 * which nobody waits for.  -DD puts the tracer in a process group of its
 * own, -DDD in a session of its own, out of reach of the terminal's
 * signals.  Returns the command's pid in the tracer; the command's side
 * never returns.
 */
static pid_t daemonize(const char *path, char **argv, const struct passwd *pw,
		       const struct sock_filter *filter, unsigned short n)
{
	pid_t cmd = getpid(), t;
	int status, sv[2];

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) {
		log_error("socketpair: %s", strerror(errno));
		return -1;
	}
	t = fork();
	if (t < 0) {
		log_error("fork: %s", strerror(errno));
		close(sv[0]);
		close(sv[1]);
		return -1;
	}
	if (t > 0) {
		/* The intermediate child exits at once; then we wait. */
		close(sv[0]);
		while (waitpid(t, &status, 0) < 0 && errno == EINTR)
			;
		become_command(path, argv, pw, filter, n, sv[1]);
	}
	close(sv[1]);
	if (fork() != 0)
		_exit(0);
	if (ecfg.daemonize == 2)
		setpgid(0, 0);
	else if (ecfg.daemonize >= 3)
		setsid();
	/* Not our child, but waitpid sees a tracee's stops all the same. */
	if (seize_held(cmd) < 0)
		_exit(1);
	go_fd = sv[0];
	launched_pid = cmd;
	return cmd;
}

/*
 * Up to the fork: the user looked up, the path resolved.  0 or -1
 * (said).
 */
static int launch_prepare(char **argv, struct passwd **pw, char **path)
{
	*pw = NULL;
	/* -u: look the user up first; a typo must not start anything. */
	if (ecfg.username) {
		*pw = getpwnam(ecfg.username);
		if (!*pw) {
			log_error("Cannot find user '%s'", ecfg.username);
			return -1;
		}
	}
	*path = launch_resolve_path(argv[0]);
	if (!*path)
		return -1;
	fflush(NULL);
	return 0;
}

/*
 * The command forked, waiting before its execve for launch_go(); path
 * is freed.  Its pid, or -1 (said).
 */
static pid_t fork_held(char *path, char **argv, const struct passwd *pw,
		       const struct sock_filter *filter, unsigned short n)
{
	int sv[2];
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) {
		log_error("socketpair: %s", strerror(errno));
		free(path);
		return -1;
	}
	pid = fork();
	if (pid < 0) {
		log_error("fork: %s", strerror(errno));
		close(sv[0]);
		close(sv[1]);
		free(path);
		return -1;
	}
	if (pid == 0) {
		close(sv[0]);
		become_command(path, argv, pw, filter, n, sv[1]);
	}
	close(sv[1]);
	go_fd = sv[0];
	free(path);
	return pid;
}

pid_t launch_held(const struct engine_config *conf)
{
	struct passwd *pw;
	char *path;
	pid_t pid;

	ecfg = *conf;
	if (launch_prepare(conf->argv, &pw, &path) < 0)
		return -1;
	pid = fork_held(path, conf->argv, pw, NULL, 0);
	if (pid > 0)
		launched_pid = pid;
	return pid;
}

pid_t launch_command(char **argv, const struct sock_filter *filter,
		     unsigned short n)
{
	struct passwd *pw;
	char *path;
	int status;
	pid_t pid;

	if (launch_prepare(argv, &pw, &path) < 0)
		return -1;
	if (ecfg.daemonize) {
		/* Only the tracer's side comes back here. */
		pid = daemonize(path, argv, pw, filter, n);
		free(path);
		return pid;
	}
	pid = fork_held(path, argv, pw, filter, n);
	if (pid < 0)
		return -1;
	if (seize_held(pid) < 0) {
		launch_go(false);
		waitpid(pid, &status, 0);
		return -1;
	}
	launched_pid = pid;
	return pid;
}
