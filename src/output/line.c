/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The structure of trace lines: the prefix (pid, -t/-r times, -n number,
 * -i address), the -a column and -T time, lines left open between a
 * syscall's entry and exit stops, lines held for -e status, and
 * sltrace's own messages.  Every rule here was observed from Debian's
 * strace 6.1.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "log.h"
#include "engine/engine.h"
#include "output/emit.h"
#include "output/internal.h"
#include "output/json.h"
#include "output/records.h"
#include "output/pidcomm.h"

#define UNFINISHED " <unfinished ...>\n"
#define DETACHED " <detached ...>\n"
#define NO_RETURN " <no return ...>\n"

static inline bool ltrace_style(void)
{
	return cfg.lc_style == LC_STYLE_LTRACE;
}

/*
 * On stderr the prefix depends on how many tasks are traced right now.
 * With -o it is decided once: always with -f (more tasks may come) or
 * when more than one task is traced from the start (-p A -p B, -p A CMD,
 * -p of a process with threads: all are attached); never with -ff, where
 * each task has a file of its own.
 */
/* How many tasks are traced now: the engine's, or --replay's count. */
static unsigned int (*ntasks)(void) = engine_ntasks;

void line_set_task_count(unsigned int (*count)(void))
{
	ntasks = count ? count : engine_ntasks;
}

bool line_wants_pid(void)
{
	static bool several;

	if (cfg.always_show_pid)
		return true;
	/* ltrace prints the pid with -f, even while one task is traced. */
	if (ltrace_style())
		return cfg.follow_forks;
	if (cfg.outfile) {
		if (cfg.output_separately)
			return false;
		if (ntasks() > 1)
			several = true;
		return cfg.follow_forks || several ||
		       cfg.n_attach + (cfg.argv != NULL) > 1;
	}
	return ntasks() > 1;
}

static void put_pid(struct outstream *os, struct tcb *tcp)
{
	char tmp[20], *p, comm[80];
	size_t n, nc = 0;

	p = fmt_u64(tmp + sizeof(tmp), (uint32_t)tcp->pid);
	n = (size_t)(tmp + sizeof(tmp) - p);
	if (cfg.decode_pids_comm)
		nc = pid_comm(tcp->pid, true, comm, sizeof(comm));
	if (ltrace_style()) {
		/* ltrace pads nothing: "42 " (-o) or "[pid 42] " */
		if (cfg.outfile) {
			out_put(os, p, n);
			out_putc(os, ' ');
		} else {
			out_put(os, "[pid ", 5);
			out_put(os, p, n);
			out_put(os, "] ", 2);
		}
		return;
	}
	if (cfg.outfile) {
		/*
		 * "%-5d ": "2599  brk(", "199994 brk("; with -Y the name
		 * takes the padding's place: "4<sh> brk(".
		 */
		out_put(os, p, n);
		if (nc) {
			out_put(os, comm, nc);
			out_putc(os, ' ');
		} else {
			out_spaces(os, n < 5 ? 6 - n : 1);
		}
	} else {
		/* "[pid %5u] ", "[pid     4<sh>] " */
		out_put(os, "[pid ", 5);
		if (n < 5)
			out_spaces(os, 5 - n);
		out_put(os, p, n);
		out_put(os, comm, nc);
		out_put(os, "] ", 2);
	}
}

/* --- -t, -r, -T -------------------------------------------------------- */

static uint64_t ts_ns(const struct timespec *ts)
{
	return (uint64_t)ts->tv_sec * 1000000000ULL + (uint64_t)ts->tv_nsec;
}

/* --replay: the recorded event's clocks stand for now (line_set_clock). */
static bool recorded_clock;
static uint64_t recorded_ns[2];		/* CLOCK_REALTIME, CLOCK_MONOTONIC */

void line_set_clock(uint64_t wall_ns, uint64_t mono_ns)
{
	recorded_clock = true;
	recorded_ns[0] = wall_ns;
	recorded_ns[1] = mono_ns;
}

static uint64_t now_ns(clockid_t clk)
{
	struct timespec ts;

	if (recorded_clock)
		return recorded_ns[clk == CLOCK_REALTIME ? 0 : 1];
	clock_gettime(clk, &ts);
	return ts_ns(&ts);
}

/*
 * "SEC" or "SEC.FRAC" with digits (0, 3, 6, 9) of fraction, truncated,
 * the seconds right-aligned in width; into buf, returns the length.
 */
static size_t fmt_seconds(char *buf, size_t size, uint64_t ns, int width,
			  unsigned int digits)
{
	static const uint32_t div[] = { 1000000000, 1000000, 1000, 1 };
	unsigned long long sec = ns / 1000000000ULL;
	unsigned long frac = (unsigned long)(ns % 1000000000ULL);
	int r;

	if (!digits)
		r = snprintf(buf, size, "%*llu", width, sec);
	else
		r = snprintf(buf, size, "%*llu.%0*lu", width, sec, (int)digits,
			     frac / div[digits / 3]);
	return r > 0 ? (size_t)r : 0;
}

static void put_absolute(struct outstream *os)
{
	uint64_t now = now_ns(CLOCK_REALTIME);
	struct timespec ts = { (time_t)(now / 1000000000ULL),
			       (long)(now % 1000000000ULL) };
	char buf[64];
	size_t n;

	if (cfg.abs_ts == TS_FORMAT_UNIX) {
		n = fmt_seconds(buf, sizeof(buf), ts_ns(&ts), 0,
				cfg.abs_ts_digits);
	} else {
		struct tm tm;
		time_t t = ts.tv_sec;
		char frac[16];

		localtime_r(&t, &tm);
		n = strftime(buf, sizeof(buf), "%H:%M:%S", &tm);
		if (cfg.abs_ts_digits) {
			fmt_seconds(frac, sizeof(frac), (uint64_t)ts.tv_nsec, 0,
				    cfg.abs_ts_digits);
			/* frac is "0.123456": keep ".123456" */
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s",
					      frac + 1);
		}
	}
	out_put(os, buf, n);
	out_putc(os, ' ');
}

/*
 * -r: the time since the previous line began, whichever task's, on the
 * monotonic clock.  A line later dropped by -e status still counts, as
 * in strace (its beginning was printed, to a buffer).
 */
static void put_relative(struct outstream *os, uint64_t mono)
{
	static uint64_t last;
	static bool started;
	uint64_t d = started && mono > last ? mono - last : 0;
	char buf[48];
	size_t n;

	last = mono;
	started = true;
	/* ltrace: "  0.000131 ", three places for the seconds. */
	n = fmt_seconds(buf, sizeof(buf), d, ltrace_style() ? 3 : 6,
			cfg.rel_ts_digits);
	if (cfg.abs_ts) {
		/* "(+     0.000131) ": the width of 6 follows the "+". */
		out_put(os, "(+", 2);
		out_put(os, buf, n);
		out_put(os, ") ", 2);
	} else {
		out_put(os, buf, n);
		out_putc(os, ' ');
	}
}

void line_syscall_time(struct tcb *tcp)
{
	const struct syscall_state *sc = &tcp->sc;

	if (!sc->has_rval)
		return;
	line_time_between(tcp, &sc->t_entry, &sc->t_exit);
}

void line_time_between(struct tcb *tcp, const struct timespec *ta,
		       const struct timespec *tb)
{
	uint64_t a = ts_ns(ta), b = ts_ns(tb);

	/* JSON records always have it: a timeline needs it. */
	if (!cfg.syscall_times && !out_json)
		return;
	emit_duration(tcp, b > a ? b - a : 0);
}

size_t fmt_duration(char *buf, size_t size, uint64_t ns)
{
	return fmt_seconds(buf, size, ns, 0, cfg.syscall_times_digits);
}

/* --- -n, -i ------------------------------------------------------------ */

/*
 * The task's program counter now, at a signal-delivery, group-stop or
 * syscall stop: the last field of /proc/PID/syscall (which the kernel
 * fills for a stopped task whether or not it is in a syscall).
 */
static int current_pc(pid_t pid, uint64_t *pc)
{
	char path[32], buf[512], *sp;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/syscall", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -EIO;
	buf[n] = '\0';
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	sp = strrchr(buf, ' ');
	/* "running": the task is not stopped after all. */
	if (!sp || strncmp(sp + 1, "0x", 2))
		return -EAGAIN;
	*pc = strtoull(sp + 1, NULL, 16);
	return 0;
}

/* The address a library-call line shows with -i (LINE_CALL). */
static uint64_t call_ip;

static void put_ip(struct outstream *os, struct tcb *tcp,
		   enum line_kind kind)
{
	int pers = kind == LINE_SYSCALL ? tcp->sc.pers : tcp->pers;
	int width = 2 * (int)arch_pers[pers].word_size;
	uint64_t pc = kind == LINE_CALL ? call_ip : tcp->sc.ip;
	char buf[40];
	int n;

	if (kind == LINE_EVENT && current_pc(tcp->pid, &pc) < 0)
		kind = LINE_GONE;
	if (ltrace_style()) {
		/* ltrace: "[0x55d90171a1f6] "; a task gone shows -1. */
		if (kind == LINE_GONE)
			pc = UINT64_MAX;
		n = snprintf(buf, sizeof(buf), "[%#llx] ",
			     (unsigned long long)pc);
		out_put(os, buf, (size_t)n);
		return;
	}
	if (kind == LINE_GONE) {
		out_putc(os, '[');
		memset(out_reserve(os, (size_t)width), '?', (size_t)width);
		out_commit(os, (size_t)width);
		out_put(os, "] ", 2);
		return;
	}
	if (width < 16)
		pc = (uint32_t)pc;
	n = snprintf(buf, sizeof(buf), "[%0*llx] ", width,
		     (unsigned long long)pc);
	out_put(os, buf, (size_t)n);
}

/*
 * -n shows the number of the task's last syscall, on event lines too
 * ("[ 231] +++ exited with 0 +++" after exit_group), as strace does.
 */
static void put_nr(struct outstream *os, struct tcb *tcp)
{
	char buf[32];
	int n = snprintf(buf, sizeof(buf), "[%4lu] ",
			 (unsigned long)tcp->sc.scno);

	out_put(os, buf, (size_t)n);
}

/* What follows the pid: "TIME (+ REL) [NR] [IP] ", each if asked. */
static void put_extras(struct outstream *os, struct tcb *tcp,
		       enum line_kind kind, const struct timespec *when)
{
	if (cfg.abs_ts)
		put_absolute(os);
	if (cfg.rel_ts)
		put_relative(os, when ? ts_ns(when) : now_ns(CLOCK_MONOTONIC));
	if (cfg.print_nr)
		put_nr(os, tcp);
	if (cfg.print_ip)
		put_ip(os, tcp, kind);
}

static void put_prefix(struct outstream *os, struct tcb *tcp,
		       enum line_kind kind, const struct timespec *when)
{
	if (line_wants_pid())
		put_pid(os, tcp);
	if (__builtin_expect(cfg.abs_ts | cfg.rel_ts | cfg.print_nr |
			     cfg.print_ip, 0))
		put_extras(os, tcp, kind, when);
}

/*
 * Whatever line is open at the end of os, another one starts now.
 * ltrace cuts it with " <no return ...>" rather than " <unfinished ...>"
 * when the new line is an event ("--- SIGCHLD", "+++ exited"), whichever
 * task's line it was.
 */
static void close_open_line_as(struct outstream *os, bool event)
{
	if (os->partial) {
		if (event && ltrace_style())
			out_write(os, NO_RETURN, sizeof(NO_RETURN) - 1);
		else
			out_write(os, UNFINISHED, sizeof(UNFINISHED) - 1);
		os->partial = NULL;
	} else if (os->col) {
		out_write(os, "\n", 1);
	}
}

static void close_open_line(struct outstream *os)
{
	close_open_line_as(os, false);
}

void line_begin_kind(struct tcb *tcp, enum line_kind kind)
{
	struct outstream *os = tcp_out(tcp);

	if (out_json) {
		jrec_begin(tcp, kind == LINE_SYSCALL ? "syscall" : "event",
			   kind == LINE_SYSCALL ? &tcp->sc.t_entry : NULL);
		return;
	}

	close_open_line_as(os, kind == LINE_EVENT || kind == LINE_GONE);
	emit_state_reset(tcp);
	put_prefix(os, tcp, kind, kind == LINE_SYSCALL ? &tcp->sc.t_entry : NULL);
}

void line_begin(struct tcb *tcp)
{
	line_begin_kind(tcp, LINE_SYSCALL);
}

void line_begin_call(struct tcb *tcp, const struct timespec *when,
		     uint64_t ip, unsigned int depth)
{
	struct outstream *os = tcp_out(tcp);

	if (out_json) {
		jrec_begin(tcp, "call", when);
		jrec_hex(tcp, "ip", ip);
		jrec_int(tcp, "depth", depth);
		return;
	}
	close_open_line(os);
	emit_state_reset(tcp);
	call_ip = ip;
	put_prefix(os, tcp, LINE_CALL, when);
	out_spaces(os, depth * cfg.lc_indent);
}

bool line_is_open(struct tcb *tcp)
{
	return tcp_out(tcp)->partial == tcp;
}

void line_resume_call(struct tcb *tcp, const char *name,
		      const struct timespec *when, uint64_t ip,
		      unsigned int depth)
{
	struct outstream *os = tcp_out(tcp);

	if (out_json) {
		jrec_begin(tcp, "return", when);
		jrec_hex(tcp, "ip", ip);
		jrec_int(tcp, "depth", depth);
		jrec_str(tcp, "name", name);
		jrec_args(tcp);
		return;
	}
	close_open_line(os);
	emit_state_reset(tcp);
	call_ip = ip;
	put_prefix(os, tcp, LINE_CALL, when);
	out_spaces(os, depth * cfg.lc_indent);
	out_put(os, "<... ", 5);
	out_put(os, name, strlen(name));
	out_put(os, " resumed> ", 10);
}

void line_call_origin(struct tcb *tcp, const char *function,
		      const char *object, const char *caller)
{
	if (!out_json)
		return;
	jrec_str(tcp, "function", function);
	if (object)
		jrec_str(tcp, "object", object);
	if (caller)
		jrec_str(tcp, "caller", caller);
}

void line_close_with(struct tcb *tcp, const char *text)
{
	struct outstream *os = tcp_out(tcp);

	if (out_json)
		return;		/* a call's entry record is whole */

	if (os->partial != tcp)
		return;
	out_write(os, text, strlen(text));
	os->partial = NULL;
}

void line_resume(struct tcb *tcp, const char *name)
{
	struct outstream *os = tcp_out(tcp);

	if (out_json)
		return;		/* the record waited, whole, in its stream */

	if (os->partial == tcp)
		return;
	/* The writer's state stays: "<... clone resumed>, child_tidptr=" */
	close_open_line(os);
	put_prefix(os, tcp, LINE_SYSCALL,
		   tcp->sc.exiting ? &tcp->sc.t_exit : NULL);
	out_put(os, "<... ", 5);
	out_put(os, name, strlen(name));
	/* ltrace: "<... SYS_wait4 resumed> ) = 42" */
	if (ltrace_style())
		out_put(os, " resumed> ", 10);
	else
		out_put(os, " resumed>", 9);
}

void line_pad_to_retval(struct tcb *tcp)
{
	emit_retval_begin(tcp);
}

void line_end(struct tcb *tcp)
{
	struct outstream *os = tcp_out(tcp);

	if (out_json) {
		jrec_end_event(tcp);
		return;
	}

	out_write(os, "\n", 1);
	os->partial = NULL;
}

void line_leave_open(struct tcb *tcp)
{
	/*
	 * JSON: a syscall's record waits for its exit; a library call's
	 * entry is a record of its own (nested calls come before its
	 * return).
	 */
	if (out_json) {
		if (tcp->sc.emit.jcall)
			jrec_end(tcp);
		return;
	}
	tcp_out(tcp)->partial = tcp;
}

void line_close_pid_changed(struct tcb *tcp, pid_t execer)
{
	struct outstream *os = tcp_out(tcp);
	char text[64];

	if (out_json || !os->partial || os->partial->pid != execer)
		return;
	snprintf(text, sizeof(text), " <pid changed to %d ...>\n", tcp->pid);
	out_write(os, text, strlen(text));
	os->partial = NULL;
}

void line_forget(struct tcb *tcp)
{
	/* Owner of a line whose task is gone: no pid, never a live task. */
	static struct tcb gone;
	struct outstream *os = out_shared();

	if (os->partial == tcp)
		os->partial = &gone;
	for (os = tcp->out; os; os = os->hold ? os->behind : NULL)
		if (os->partial == tcp)
			os->partial = &gone;
}

void line_close_unfinished(struct tcb *tcp)
{
	struct outstream *os = tcp_out(tcp);

	if (out_json)
		return;		/* records are never cut */

	if (os->partial != tcp)
		return;
	out_write(os, UNFINISHED, sizeof(UNFINISHED) - 1);
	os->partial = NULL;
}

/*
 * Only the stream's open line gets " <detached ...>"; a line already
 * cut by another task's stays as it is.
 */
void line_close_detached(struct tcb *tcp)
{
	struct outstream *os = tcp_out(tcp);

	if (out_json) {
		if (jrec_open(tcp)) {
			jrec_no_result(tcp);
			jrec_bool(tcp, "detached");
			jrec_end(tcp);
		}
		return;
	}

	if (os->partial != tcp)
		return;
	out_write(os, DETACHED, sizeof(DETACHED) - 1);
	os->partial = NULL;
}

void line_frame(struct tcb *tcp, const struct out_frame *f)
{
	struct outstream *os = tcp_out(tcp);

	if (out_json) {
		jrec_frame(tcp, f);
		return;
	}
	if (!f->module)
		out_printf(os, " > unexpected_backtracing_error [0x%llx]\n",
			   (unsigned long long)f->pc);
	else if (f->symbol)
		out_printf(os, " > %s(%s+0x%llx) [0x%llx]", f->module, f->symbol,
			   (unsigned long long)f->offset,
			   (unsigned long long)f->file_offset);
	else
		out_printf(os, " > %s() [0x%llx]", f->module,
			   (unsigned long long)f->file_offset);
	if (f->module) {
		if (f->file)
			out_printf(os, " %s:%d", f->file, f->line);
		out_write(os, "\n", 1);
	}
}

static void event_vline(struct tcb *tcp, enum line_kind kind,
			const char *fmt, va_list ap)
{
	if (out_json) {
		char text[512];

		vsnprintf(text, sizeof(text), fmt, ap);
		jrec_begin(tcp, "event", NULL);
		jrec_str(tcp, "text", text);
		jrec_end(tcp);
		return;
	}
	line_begin_kind(tcp, kind);
	out_vprintf(tcp_out(tcp), fmt, ap);
	line_end(tcp);
}

void line_event(struct tcb *tcp, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	event_vline(tcp, LINE_EVENT, fmt, ap);
	va_end(ap);
}

void line_event_kind(struct tcb *tcp, enum line_kind kind, const char *fmt,
		     ...)
{
	va_list ap;

	va_start(ap, fmt);
	event_vline(tcp, kind, fmt, ap);
	va_end(ap);
}

/* --- held lines (-e status) ------------------------------------------- */

/* Held streams not in use, kept with their buffers for the next line. */
static struct outstream *hold_pool;

bool line_is_held(const struct tcb *tcp)
{
	return tcp->out && tcp->out->hold;
}

void line_hold(struct tcb *tcp)
{
	struct outstream *real = tcp_out(tcp), *h = hold_pool;

	if (real->hold)
		return;
	if (h) {
		hold_pool = h->behind;
	} else {
		h = calloc(1, sizeof(*h));
		if (!h)
			return;		/* the line is simply not held */
		h->fd = -1;
		h->hold = true;
	}
	h->len = 0;
	h->col = 0;
	h->partial = NULL;
	h->behind = real;
	tcp->out = h;
}

void line_hold_end(struct tcb *tcp, bool keep)
{
	struct outstream *h = tcp->out, *real;

	if (!h || !h->hold)
		return;
	real = h->behind;
	tcp->out = real;
	/*
	 * The line goes out whole, after whatever the stream has: another
	 * task's open line is cut as it would be by any new line.
	 */
	if (keep && h->len && out_json) {
		records_write(real, h->buf, h->len, true);
		out_event_done(real);
	} else if (keep && h->len) {
		close_open_line(real);
		out_write(real, h->buf, h->len);
		real->partial = h->partial == tcp ? tcp : NULL;
		out_event_done(real);
	}
	h->len = 0;
	h->partial = NULL;
	h->behind = hold_pool;
	hold_pool = h;
}

static bool stderr_bad;

/*
 * stderr was closed at start, or no longer takes what we write (a
 * reader gone): a message goes to the trace file when there is one that
 * works -- the place the user reads -- and to syslog, where an operator
 * finds what happened to a trace that had nowhere to go.
 */
static void msg_elsewhere(const char *buf, size_t n)
{
	struct outstream *os = out_shared();
	static bool opened;

	if (os->fd != 2 && !os->failed) {
		close_open_line(os);
		out_write(os, buf, n);
		out_flush(os);
	}
	if (!opened) {
		openlog("sltrace", LOG_PID, LOG_USER);
		opened = true;
	}
	/* Syslog's ident names us already: no "NAME: " prefix, no newline. */
	{
		size_t pfx = strlen(log_progname) + 2;

		syslog(LOG_WARNING, "%.*s", (int)(n - 1 - pfx), buf + pfx);
	}
}

/*
 * Messages go to stderr at once.  When the trace goes there too, what
 * it has buffered is written first, so the message lands where strace's
 * would, even inside a line: "...|SIGCHLDstrace: Process 42 attached".
 */
static void msg_vwrite(const char *fmt, va_list ap, const char *err)
{
	struct outstream *os = out_shared();
	char buf[8192];
	size_t n, off = 0;
	int r;

	if (os->fd == 2 && os->len)
		out_flush(os);

	n = (size_t)snprintf(buf, sizeof(buf), "%s: ", log_progname);
	r = vsnprintf(buf + n, sizeof(buf) - n, fmt, ap);
	if (r > 0)
		n += (size_t)r;
	if (n > sizeof(buf) - 1)
		n = sizeof(buf) - 1;
	if (err) {
		r = snprintf(buf + n, sizeof(buf) - n, ": %s", err);
		if (r > 0)
			n += (size_t)r;
		if (n > sizeof(buf) - 1)
			n = sizeof(buf) - 1;
	}
	buf[n++] = '\n';

	while (!stderr_bad && off < n) {
		ssize_t w = write(2, buf + off, n - off);

		if (w >= 0)
			off += (size_t)w;
		else if (errno != EINTR)
			stderr_bad = true;
	}
	if (stderr_bad || out_stderr_closed())
		msg_elsewhere(buf, n);
	/*
	 * A JSON trace in a file or pipe has sltrace's notes too, as
	 * records (on stderr the message is there already).
	 */
	if (out_json && cfg.out_format == OUT_FORMAT_JSON && os->fd != 2 &&
	    os->fd >= 0 && !os->failed) {
		size_t pfx = strlen(log_progname) + 2;

		buf[n - 1] = '\0';
		out_jrec_begin(os, "note");
		out_jkey(os, "text");
		out_jstr(os, n > pfx ? buf + pfx : "");
		out_jrec_end(os);
		out_event_done(os);
	}
}

void msg_info(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	msg_vwrite(fmt, ap, NULL);
	va_end(ap);
}

void msg_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	msg_vwrite(fmt, ap, NULL);
	va_end(ap);
}

void msg_perror(const char *fmt, ...)
{
	const char *err = strerror(errno);
	va_list ap;

	va_start(ap, fmt);
	msg_vwrite(fmt, ap, err);
	va_end(ap);
}
