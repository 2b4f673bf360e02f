/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Waiting for children: wait4, i386 waitpid, waitid. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "output/pidcomm.h"
#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/process.h"
#include "xlat/tables/wait_options.h"
#include "xlat/tables/waitid_types.h"

/* include/uapi/linux/ptrace.h: events in bits 16-23 of a stop status. */
static const char *const ptrace_events[] = {
	[1] = "PTRACE_EVENT_FORK",	 [2] = "PTRACE_EVENT_VFORK",
	[3] = "PTRACE_EVENT_CLONE",	 [4] = "PTRACE_EVENT_EXEC",
	[5] = "PTRACE_EVENT_VFORK_DONE", [6] = "PTRACE_EVENT_EXIT",
	[7] = "PTRACE_EVENT_SECCOMP",
};
#define PTRACE_EVENT_STOP_NR 128

static const char *sig_text(int sig, char *buf, size_t size)
{
	const char *name = signal_name(sig);

	if (name)
		return name;
	snprintf(buf, size, "%d", sig);
	return buf;
}

/*
 * A wait status as the macros that decode it:
 * "[{WIFEXITED(s) && WEXITSTATUS(s) == 0}]".
 */
static void print_status(struct tcb *tcp, uint32_t s)
{
	char text[256], num[16];
	size_t n = 0;

	if ((s & 0xff) == 0x7f) {
		unsigned int ev = s >> 16;

		n += (size_t)snprintf(text + n, sizeof(text) - n,
				      "[{WIFSTOPPED(s) && WSTOPSIG(s) == %s",
				      sig_text((s >> 8) & 0xff, num,
					       sizeof(num)));
		/* "...}|PTRACE_EVENT_EXEC<<16]" */
		if (ev == PTRACE_EVENT_STOP_NR)
			n += (size_t)snprintf(text + n, sizeof(text) - n,
					      "}|PTRACE_EVENT_STOP<<16");
		else if (ev &&
			 ev < sizeof(ptrace_events) /
					 sizeof(ptrace_events[0]) &&
			 ptrace_events[ev] &&
			 cfg.xlat_style == XLAT_STYLE_ABBREV)
			n += (size_t)snprintf(text + n, sizeof(text) - n,
					      "}|%s<<16", ptrace_events[ev]);
		else if (ev &&
			 ev < sizeof(ptrace_events) /
					 sizeof(ptrace_events[0]) &&
			 ptrace_events[ev] &&
			 cfg.xlat_style == XLAT_STYLE_VERBOSE)
			n += (size_t)snprintf(text + n, sizeof(text) - n,
					      "}|%#x /* %s */<<16", ev,
					      ptrace_events[ev]);
		else if (ev &&
			 ev < sizeof(ptrace_events) /
					 sizeof(ptrace_events[0]) &&
			 ptrace_events[ev])
			n += (size_t)snprintf(text + n, sizeof(text) - n,
					      "}|%#x<<16", ev);
		else if (ev)
			n += (size_t)snprintf(text + n, sizeof(text) - n,
					      "}|%#x", s & ~0xffffu);
		else
			n += (size_t)snprintf(text + n, sizeof(text) - n, "}");
	} else if (s == 0xffff) {
		n += (size_t)snprintf(text + n, sizeof(text) - n,
				      "[{WIFCONTINUED(s)}");
	} else if ((s & 0x7f) == 0) {
		n += (size_t)snprintf(text + n, sizeof(text) - n,
				      "[{WIFEXITED(s) && WEXITSTATUS(s) == %u}",
				      (s >> 8) & 0xff);
		if (s & ~0xffffu)
			n += (size_t)snprintf(text + n, sizeof(text) - n,
					      "|%#x", s & ~0xffffu);
	} else {
		n += (size_t)snprintf(
			text + n, sizeof(text) - n,
			"[{WIFSIGNALED(s) && WTERMSIG(s) == %s%s}",
			sig_text(s & 0x7f, num, sizeof(num)),
			s & 0x80 ? " && WCOREDUMP(s)" : "");
		if (s & ~0xffffu)
			n += (size_t)snprintf(text + n, sizeof(text) - n,
					      "|%#x", s & ~0xffffu);
	}
	snprintf(text + n, sizeof(text) - n, "]");
	emit_sym(tcp, s, text);
}

/* The status is written only when a child was reaped (return > 0). */
static void print_status_at(struct tcb *tcp, uint64_t addr)
{
	uint32_t s;

	if (!addr || syserror(tcp) || tcp_rval(tcp) <= 0 ||
	    !qual_verbose(tcp) || tracee_read(tcp, addr, &s, sizeof(s))) {
		emit_ptr(tcp, addr);
		return;
	}
	print_status(tcp, s);
}

static void print_options(struct tcb *tcp, uint64_t opt)
{
	print_flags(tcp, wait_options, (uint32_t)opt, "W???");
}

/* wait4, and waitpid: the same without the rusage. */
static int decode_wait4(struct tcb *tcp, bool rusage)
{
	if (entering(tcp)) {
		print_pid_or_pgid(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	print_status_at(tcp, tcp_arg(tcp, 1));
	emit_next(tcp);
	print_options(tcp, tcp_arg(tcp, 2));
	if (!rusage)
		return 0;
	emit_next(tcp);
	/* Nothing was stored when no child was reaped (WNOHANG). */
	if (syserror(tcp) || !tcp_rval(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 3));
	else
		print_rusage_at(tcp, tcp_arg(tcp, 3));
	return 0;
}

SYS_FUNC(wait4)
{
	return decode_wait4(tcp, true);
}

SYS_FUNC(waitpid)
{
	return decode_wait4(tcp, false);
}

/* include/uapi/linux/wait.h */
#define P_PID_TYPE 1
#define P_PGID_TYPE 2
#define P_PIDFD_TYPE 3

SYS_FUNC(waitid)
{
	if (entering(tcp)) {
		uint32_t type = (uint32_t)tcp_arg(tcp, 0);

		print_xval(tcp, waitid_types, type, "P_???");
		emit_next(tcp);
		if (type == P_PIDFD_TYPE)
			print_fd(tcp, tcp_iarg(tcp, 1));
		else if (type == P_PID_TYPE)
			print_pid(tcp, tcp_iarg(tcp, 1));
		else if (type == P_PGID_TYPE)
			print_pgid(tcp, tcp_iarg(tcp, 1));
		else
			emit_int(tcp, tcp_iarg(tcp, 1));
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 2));
	else
		print_siginfo_at(tcp, tcp_arg(tcp, 2));
	emit_next(tcp);
	print_options(tcp, tcp_arg(tcp, 3));
	emit_next(tcp);
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 4));
	else
		print_rusage_at(tcp, tcp_arg(tcp, 4));
	return 0;
}
