/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Output streams: stderr, -o FILE, -o |cmd, and -ff's FILE.PID.
 *
 * Files and pipes are fully buffered (one write() per 64 KiB, not per
 * line: tracing 200k syscalls to a file is a benchmark).  So that a
 * tracee blocked for a long time does not leave its last lines sitting
 * in the buffer, a 100 ms ITIMER_REAL is armed whenever a buffer goes
 * from empty to non-empty; SIGALRM only sets a flag, and
 * because its handler is installed without SA_RESTART it also breaks
 * the engine's waitpid() with EINTR, after which out_tick() flushes.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"
#include "engine/engine.h"
#include "output/internal.h"
#include "output/json.h"
#include "output/records.h"

#define OUT_BUFSIZE (64 * 1024)
#define FLUSH_DELAY_US 100000

static struct outstream shared = { .fd = 2, .flush_each = true };

/* Every -ff stream, so that out_flush_all() reaches them. */
static struct outstream **streams;
static size_t nstreams, streams_cap;

static volatile sig_atomic_t timer_fired;
static bool timer_armed, timer_installed;
static bool fatal;

/* Which of stdin, stdout and stderr sltrace was started without. */
static bool std_closed[3];

void out_hold_std_fds(void)
{
	for (int fd = 0; fd <= 2; fd++) {
		if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
			continue;
		/*
		 * The lowest free descriptor is this one.  Left free, the
		 * first file sltrace opens would take it: a message meant
		 * for stderr would land in the -o file, or the -o |cmd pipe
		 * would sit on 0 and be closed by its own O_CLOEXEC.  Close
		 * on exec: the command still starts without it.
		 */
		if (open("/dev/null", O_RDWR | O_CLOEXEC) == fd)
			std_closed[fd] = true;
	}
}

void out_release_std_in_out(void)
{
	int fd = open("/dev/null", O_RDWR | O_CLOEXEC);

	if (fd < 0)
		return;
	for (int std = 0; std <= 1; std++)
		if (fd != std && !std_closed[std])
			dup3(fd, std, O_CLOEXEC);
	if (fd > 2)
		close(fd);
}

bool out_stderr_closed(void)
{
	return std_closed[2];
}

bool out_nowhere(void)
{
	return !cfg.outfile && std_closed[2];
}

struct outstream *out_shared(void)
{
	return &shared;
}

bool out_fatal(void)
{
	return fatal;
}

static void on_alarm(int sig)
{
	(void)sig;
	timer_fired = 1;
}

/*
 * A handler, not SIG_IGN: an ignored disposition survives execve and
 * the tracee would inherit it; a handler is reset to the default there.
 */
static void on_pipe(int sig)
{
	(void)sig;
}

static void install_handler(int sig, void (*fn)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = fn;
	sigemptyset(&sa.sa_mask);
	/* No SA_RESTART: SIGALRM must interrupt the engine's waitpid. */
	sa.sa_flags = 0;
	sigaction(sig, &sa, NULL);
}

/*
 * Periodic, not one-shot: if SIGALRM lands just before the engine enters
 * waitpid() rather than inside it, the next one still breaks the wait.
 * out_tick() stops it once everything is written.
 */
static void arm_timer(void)
{
	struct itimerval it = {
		.it_interval = { .tv_sec = 0, .tv_usec = FLUSH_DELAY_US },
		.it_value = { .tv_sec = 0, .tv_usec = FLUSH_DELAY_US },
	};

	if (!timer_installed) {
		install_handler(SIGALRM, on_alarm);
		timer_installed = true;
	}
	timer_armed = true;
	setitimer(ITIMER_REAL, &it, NULL);
}

static void disarm_timer(void)
{
	struct itimerval it = { 0 };

	if (timer_armed)
		setitimer(ITIMER_REAL, &it, NULL);
	timer_armed = false;
	timer_fired = 0;
}

/*
 * The trace cannot be written (a full disk, a pipe whose reader is gone,
 * a closed stderr): say so once and end the trace as --syscall-limit
 * does -- every task is let go with every breakpoint taken out, the
 * program runs on untraced (under our seccomp filter: kept, silently;
 * engine_end_trace), and the command we started still ends before we
 * do, its exit status ours.  Tracing on would stop the program at every
 * syscall for lines nobody can read.
 */
/* The message is strace's: "sltrace: /dev/full: No space left on device". */
static void write_failed(struct outstream *os, int err)
{
	static bool said;

	os->failed = true;
	os->len = 0;
	if (said)
		return;
	said = true;
	msg_error("%s: %s",
		  os->fd == 2 && !os->path ? "stderr" :
		  os->path ? os->path : "output", strerror(err));
	engine_end_trace();
}

void out_flush(struct outstream *os)
{
	size_t off = 0;

	/* A held line waits for its syscall's exit (line_hold_end). */
	if (os->hold)
		return;
	while (off < os->len && !os->failed) {
		ssize_t n = write(os->fd, os->buf + off, os->len - off);

		if (n >= 0) {
			off += (size_t)n;
			continue;
		}
		if (errno == EINTR)
			continue;
		if (errno == EAGAIN) {
			/* stderr may be a non-blocking fd we inherited. */
			struct pollfd pfd = { .fd = os->fd, .events = POLLOUT };

			poll(&pfd, 1, -1);
			continue;
		}
		write_failed(os, errno);
	}
	os->len = 0;
}

char *out_make_room(struct outstream *os, size_t n)
{
	if (!os->buf || os->cap - os->len < n) {
		if (os->len)
			out_flush(os);
		if (!os->buf || os->cap - os->len < n) {
			/* Only a held line still has text here: it grows. */
			size_t need = os->len + n;
			size_t cap = need > OUT_BUFSIZE ? need : OUT_BUFSIZE;
			char *buf;

			if (os->hold && cap < 2 * os->cap)
				cap = 2 * os->cap;
			buf = realloc(os->buf, cap);

			if (!buf) {
				msg_error("Out of memory");
				abort();
			}
			os->buf = buf;
			os->cap = cap;
		}
	}
	if (os->len == 0 && !os->flush_each && !os->hold && !timer_armed)
		arm_timer();
	return os->buf + os->len;
}

void out_write(struct outstream *os, const char *s, size_t n)
{
	const char *nl;

	if (n > OUT_BUFSIZE && !os->hold) {
		/* Too big to buffer: pass it through in order. */
		out_flush(os);
		if (!os->failed) {
			size_t off = 0;

			while (off < n) {
				ssize_t w = write(os->fd, s + off, n - off);

				if (w >= 0)
					off += (size_t)w;
				else if (errno != EINTR) {
					write_failed(os, errno);
					break;
				}
			}
		}
	} else {
		memcpy(out_reserve(os, n), s, n);
		os->len += n;
	}
	nl = memrchr(s, '\n', n);
	if (nl)
		os->col = (unsigned int)(s + n - nl - 1);
	else
		os->col += (unsigned int)n;
}

void out_puts(struct outstream *os, const char *s)
{
	out_write(os, s, strlen(s));
}

void out_vprintf(struct outstream *os, const char *fmt, va_list ap)
{
	char small[512], *big = NULL;
	va_list aq;
	int n;

	va_copy(aq, ap);
	n = vsnprintf(small, sizeof(small), fmt, aq);
	va_end(aq);
	if (n < 0)
		return;
	if ((size_t)n < sizeof(small)) {
		out_write(os, small, (size_t)n);
		return;
	}
	big = malloc((size_t)n + 1);
	if (!big)
		return;
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	out_write(os, big, (size_t)n);
	free(big);
}

void out_printf(struct outstream *os, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	out_vprintf(os, fmt, ap);
	va_end(ap);
}

/* Returns whether anything was waiting. */
static bool flush_dirty(void)
{
	bool any = false;

	if (shared.len) {
		out_flush(&shared);
		any = true;
	}
	for (size_t i = 0; i < nstreams; i++) {
		if (streams[i]->len) {
			out_flush(streams[i]);
			any = true;
		}
	}
	return any;
}

void out_flush_all(void)
{
	flush_dirty();
}

/*
 * While output keeps coming the timer keeps running (no setitimer per
 * tick); the first tick that finds nothing to write stops it.
 */
void out_tick(void)
{
	if (!timer_fired)
		return;
	timer_fired = 0;
	if (!flush_dirty())
		disarm_timer();
}

void out_event_done(struct outstream *os)
{
	if (os && os->flush_each && os->len)
		out_flush(os);
	if (timer_fired)
		out_tick();
}

/* -A: after what the file has, as strace's -A does. */
static int open_file(const char *path)
{
	return open(path, O_WRONLY | O_CREAT | O_CLOEXEC |
			  (cfg.output_append ? O_APPEND : O_TRUNC), 0666);
}

/* -o |cmd and -o !cmd: the trace goes to /bin/sh -c cmd's stdin. */
static int open_pipe(struct outstream *os, const char *cmd)
{
	int fds[2];
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC) < 0) {
		msg_perror("pipe");
		return -errno;
	}
	pid = fork();
	if (pid < 0) {
		int err = errno;

		msg_perror("fork");
		close(fds[0]);
		close(fds[1]);
		return -err;
	}
	if (pid == 0) {
		/* dup2 leaves the new descriptor without O_CLOEXEC. */
		if (fds[0] != 0) {
			dup2(fds[0], 0);
			close(fds[0]);
		}
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	close(fds[0]);
	os->fd = fds[1];
	os->pipe_pid = pid;
	return 0;
}

int out_init(void)
{
	const char *f = cfg.outfile;

	/*
	 * A reader that goes away (2>&1 | head, -o '|head') must not kill
	 * us: EPIPE ends the trace instead.  A handler, not SIG_IGN, which
	 * the command would inherit through execve.
	 */
	install_handler(SIGPIPE, on_pipe);
	if (cfg.out_format != OUT_FORMAT_TEXT)
		jrec_init();
	shared.fd = 2;
	shared.flush_each = true;
	shared.col = 0;
	shared.partial = NULL;
	/* Read by nobody: out_nowhere() says so, and nothing is traced. */
	if (!f && std_closed[2]) {
		shared.failed = true;
		return 0;
	}
	if (!f || cfg.output_separately)
		return 0;

	shared.path = strdup(f);
	shared.flush_each = false;
	if (f[0] == '|' || f[0] == '!')
		return open_pipe(&shared, f + 1);

	shared.fd = open_file(f);
	if (shared.fd < 0) {
		int err = errno;

		msg_error("Can't fopen '%s': %s", f, strerror(err));
		shared.fd = 2;
		shared.flush_each = true;
		return -err;
	}
	return 0;
}

static void streams_add(struct outstream *os)
{
	if (nstreams == streams_cap) {
		size_t cap = streams_cap ? 2 * streams_cap : 16;
		struct outstream **v = realloc(streams, cap * sizeof(*v));

		if (!v)
			return; /* only out_flush_all misses it */
		streams = v;
		streams_cap = cap;
	}
	streams[nstreams++] = os;
}

static void streams_remove(struct outstream *os)
{
	for (size_t i = 0; i < nstreams; i++) {
		if (streams[i] == os) {
			streams[i] = streams[--nstreams];
			return;
		}
	}
}

struct outstream *out_for_task(pid_t pid)
{
	struct outstream *os;
	char *path;
	int fd;

	if (!cfg.output_separately || !cfg.outfile)
		return &shared;

	if (asprintf(&path, "%s.%d", cfg.outfile, (int)pid) < 0)
		return &shared;
	fd = open_file(path);
	if (fd < 0) {
		msg_error("Can't fopen '%s': %s", path, strerror(errno));
		free(path);
		fatal = true;
		return &shared;
	}
	os = calloc(1, sizeof(*os));
	if (!os) {
		close(fd);
		free(path);
		return &shared;
	}
	os->fd = fd;
	os->path = path;
	streams_add(os);
	return os;
}

static void stream_close(struct outstream *os)
{
	if (out_json)
		records_close(os);
	out_flush(os);
	if (os->fd > 2)
		close(os->fd);
	os->fd = -1;
	free(os->buf);
	os->buf = NULL;
	os->cap = os->len = 0;
	free(os->path);
	os->path = NULL;
}

void out_release(struct outstream *os)
{
	if (!os || os == &shared)
		return;
	streams_remove(os);
	stream_close(os);
	free(os);
}

void out_finish(void)
{
	while (nstreams) {
		struct outstream *os = streams[nstreams - 1];

		nstreams--;
		stream_close(os);
		free(os);
	}
	free(streams);
	streams = NULL;
	streams_cap = 0;

	if (out_json)
		records_finish(&shared);
	out_flush(&shared);
	disarm_timer();
	if (shared.fd > 2) {
		close(shared.fd);
		shared.fd = 2;
	}
	if (shared.pipe_pid > 0) {
		int status;

		/*
		 * ECHILD when the engine's waitpid(-1) reaped it first; the
		 * closed pipe has told it to finish either way.
		 */
		while (waitpid(shared.pipe_pid, &status, 0) < 0 &&
		       errno == EINTR)
			;
		shared.pipe_pid = 0;
	}
	free(shared.path);
	shared.path = NULL;
	shared.flush_each = true;
	shared.failed = false;
}
