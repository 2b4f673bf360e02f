/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The structure of trace lines: pid prefixes, the -a column, lines left
 * open between a syscall's entry and exit stops, and sltrace's own
 * messages.  Every rule here was observed from Debian's strace 6.1.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "engine/engine.h"
#include "output/internal.h"

#define UNFINISHED " <unfinished ...>\n"
#define DETACHED " <detached ...>\n"

/*
 * On stderr the prefix depends on how many tasks are traced right now.
 * With -o it is decided once: always with -f (more tasks may come) or
 * when more than one task is traced from the start (-p A -p B, -p A CMD,
 * -p of a process with threads: all are attached); never with -ff, where
 * each task has a file of its own.
 */
bool line_wants_pid(void)
{
	static bool several;

	if (cfg.outfile) {
		if (cfg.output_separately)
			return false;
		if (engine_ntasks() > 1)
			several = true;
		return cfg.follow_forks || several ||
		       cfg.n_attach + (cfg.argv != NULL) > 1;
	}
	return engine_ntasks() > 1;
}

static void put_prefix(struct outstream *os, struct tcb *tcp)
{
	char tmp[20], *p;
	size_t n;

	if (!line_wants_pid())
		return;
	p = fmt_u64(tmp + sizeof(tmp), (uint32_t)tcp->pid);
	n = (size_t)(tmp + sizeof(tmp) - p);
	if (cfg.outfile) {
		/* "%-5d ": "2599  brk(", "199994 brk(" */
		out_put(os, p, n);
		out_spaces(os, n < 5 ? 6 - n : 1);
	} else {
		/* "[pid %5u] " */
		out_put(os, "[pid ", 5);
		if (n < 5)
			out_spaces(os, 5 - n);
		out_put(os, p, n);
		out_put(os, "] ", 2);
	}
}

/* Whatever line is open at the end of os, another one starts now. */
static void close_open_line(struct outstream *os)
{
	if (os->partial) {
		out_write(os, UNFINISHED, sizeof(UNFINISHED) - 1);
		os->partial = NULL;
	} else if (os->col) {
		out_write(os, "\n", 1);
	}
}

void line_begin(struct tcb *tcp)
{
	struct outstream *os = tcp_out(tcp);

	close_open_line(os);
	emit_state_reset(tcp);
	put_prefix(os, tcp);
}

void line_resume(struct tcb *tcp, const char *name)
{
	struct outstream *os = tcp_out(tcp);

	if (os->partial == tcp)
		return;
	/* The writer's state stays: "<... clone resumed>, child_tidptr=" */
	close_open_line(os);
	put_prefix(os, tcp);
	out_put(os, "<... ", 5);
	out_put(os, name, strlen(name));
	out_put(os, " resumed>", 9);
}

void line_pad_to_retval(struct tcb *tcp)
{
	struct outstream *os = tcp_out(tcp);

	/* The column counts from the start of the line, prefix included. */
	if (os->col < cfg.align_col)
		out_spaces(os, cfg.align_col - os->col);
	else
		out_putc(os, ' ');
	out_put(os, "= ", 2);
}

void line_end(struct tcb *tcp)
{
	struct outstream *os = tcp_out(tcp);

	out_write(os, "\n", 1);
	os->partial = NULL;
}

void line_leave_open(struct tcb *tcp)
{
	tcp_out(tcp)->partial = tcp;
}

void line_close_unfinished(struct tcb *tcp)
{
	struct outstream *os = tcp_out(tcp);

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

	if (os->partial != tcp)
		return;
	out_write(os, DETACHED, sizeof(DETACHED) - 1);
	os->partial = NULL;
}

void line_event(struct tcb *tcp, const char *fmt, ...)
{
	struct outstream *os = tcp_out(tcp);
	va_list ap;

	line_begin(tcp);
	va_start(ap, fmt);
	out_vprintf(os, fmt, ap);
	va_end(ap);
	line_end(tcp);
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

	n = (size_t)snprintf(buf, sizeof(buf), "%s: ", "sltrace");
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

	while (off < n) {
		ssize_t w = write(2, buf + off, n - off);

		if (w >= 0)
			off += (size_t)w;
		else if (errno != EINTR)
			break;
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
