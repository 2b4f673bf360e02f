/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Syscall lines.  The entry stop prints the name and the input
 * arguments; the exit stop prints the output arguments and the return
 * value.  Until a syscall has a decoder of its own (a later issue), its
 * table row's argfmt says how each argument is shown.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "engine/engine.h"
#include "output/emit.h"
#include "output/output.h"
#include "syscall/print.h"
#include "syscall/sysent.h"
#include "xlat/xlat.h"

/* Kernel-internal restart codes, include/linux/errno.h in the kernel. */
#define ERESTARTSYS		512
#define ERESTARTNOINTR		513
#define ERESTARTNOHAND		514
#define ERESTART_RESTARTBLOCK	516

/* Unknown numbers print as "syscall_0x1c8" with every register shown. */
static const char unknown_argfmt[] = "xxxxxx";

static const char *sc_name(struct tcb *tcp, char *buf, size_t size)
{
	if (tcp->sc.ent)
		return tcp->sc.ent->name;
	snprintf(buf, size, "syscall_%#lx", (unsigned long)tcp->sc.nr);
	return buf;
}

static const char *sc_argfmt(struct tcb *tcp)
{
	return tcp->sc.ent ? tcp->sc.ent->argfmt : unknown_argfmt;
}

static uint64_t word(struct tcb *tcp, uint64_t v)
{
	return tcp->sc.pers == PERS_COMPAT ? (uint32_t)v : v;
}

static int64_t sword(struct tcb *tcp, uint64_t v)
{
	return tcp->sc.pers == PERS_COMPAT ? (int64_t)(int32_t)v : (int64_t)v;
}

static void print_arg(struct tcb *tcp, const char *fmt, unsigned int i)
{
	uint64_t v = tcp->sc.args[i];

	emit_next(tcp);
	switch (fmt[i]) {
	case 'd':
	case 'f':
		emit_int(tcp, (int32_t)v);
		break;
	case 'u':
		emit_uint(tcp, (uint32_t)v);
		break;
	case 'l':
		emit_int(tcp, sword(tcp, v));
		break;
	case 'z':
		emit_uint(tcp, word(tcp, v));
		break;
	case 'o':
		emit_oct(tcp, (uint32_t)v);
		break;
	case 'a':
		/* AT_FDCWD, include/uapi/linux/fcntl.h */
		if ((int32_t)v == -100)
			emit_raw(tcp, "AT_FDCWD");
		else
			emit_int(tcp, (int32_t)v);
		break;
	case 's':
		emit_path(tcp, word(tcp, v));
		break;
	case 'b':
		emit_buf(tcp, word(tcp, v),
			 fmt[i + 1] ? word(tcp, tcp->sc.args[i + 1]) : 0);
		break;
	case 'B':
		/* Filled by the kernel: its length is the return value. */
		if (tcp->sc.is_error || !tcp->sc.has_rval)
			emit_ptr(tcp, word(tcp, v));
		else
			emit_buf(tcp, word(tcp, v), word(tcp, tcp->sc.rval));
		break;
	case 'p':
	case 'P':
		emit_ptr(tcp, word(tcp, v));
		break;
	case 'x':
	default:
		emit_hex(tcp, word(tcp, v));
		break;
	}
	tcp->sc.nargs_printed = i + 1;
}

/*
 * Arguments from the next unprinted one up to (not including) the first
 * output argument at entry, or all the rest at exit.
 */
static void print_args(struct tcb *tcp)
{
	const char *fmt = sc_argfmt(tcp);
	unsigned int n = (unsigned int)strlen(fmt);

	for (unsigned int i = tcp->sc.nargs_printed; i < n && i < MAX_ARGS;
	     i++) {
		if (!tcp->sc.exiting && isupper((unsigned char)fmt[i])) {
			/*
			 * strace ends the entry half with the separator:
			 * "read(0, " — so a cut line reads
			 * "read(0,  <unfinished ...>".
			 */
			emit_next(tcp);
			break;
		}
		print_arg(tcp, fmt, i);
	}
}

/* Arguments left for the exit stop? */
static bool args_pending(struct tcb *tcp)
{
	const char *fmt = sc_argfmt(tcp);

	return tcp->sc.nargs_printed < strlen(fmt) &&
	       tcp->sc.nargs_printed < MAX_ARGS;
}

void syscall_print_entry(struct tcb *tcp)
{
	char buf[32];

	line_begin(tcp);
	emit_call_begin(tcp, sc_name(tcp, buf, sizeof(buf)));
	if (tcp->sc.ent && !strcmp(tcp->sc.ent->name, "restart_syscall") &&
	    tcp->restart_nr >= 0) {
		/* The syscall our attach interrupted, as strace shows it. */
		const struct sysent *ent = sysent_lookup(tcp->sc.pers,
							 tcp->restart_nr);
		char text[96];

		snprintf(text, sizeof(text), "<... resuming interrupted %s ...>",
			 ent ? ent->name : "system call");
		emit_raw(tcp, text);
		tcp->restart_nr = -1;
		/* restart_syscall has no arguments to print after it. */
		tcp->sc.nargs_printed = MAX_ARGS;
	} else {
		print_args(tcp);
	}
	if (tcp->sc.ent && (tcp->sc.ent->flags & SYSCALL_NO_RETURN)) {
		/* exit and exit_group never return: the line is whole now. */
		emit_call_end(tcp);
		line_pad_to_retval(tcp);
		out_puts(tcp->out, "?");
		line_end(tcp);
	} else {
		line_leave_open(tcp);
		tcp->flags |= TCB_ENTRY_PRINTED;
	}
	out_event_done(tcp->out);
}

static void print_retval(struct tcb *tcp)
{
	const struct syscall_state *sc = &tcp->sc;
	unsigned int flags = sc->ent ? sc->ent->flags : 0;
	char buf[64];

	if (!sc->has_rval) {
		out_puts(tcp->out, "?");
		return;
	}
	if (sc->is_error) {
		int err = (int)-sc->rval;
		const char *name = errno_name(err);
		const char *msg = errno_message(err);
		bool restart = err == ERESTARTSYS || err == ERESTARTNOINTR ||
			       err == ERESTARTNOHAND ||
			       err == ERESTART_RESTARTBLOCK;

		/* A restarted syscall has no result yet: "= ?". */
		out_puts(tcp->out, restart ? "? " : "-1 ");
		if (name) {
			out_puts(tcp->out, name);
			if (msg)
				out_printf(tcp->out, " (%s)", msg);
		} else {
			out_printf(tcp->out, "(errno %d)", err);
		}
		return;
	}
	if (flags & SYSCALL_RVAL_HEX)
		snprintf(buf, sizeof(buf), "%#llx",
			 (unsigned long long)word(tcp, (uint64_t)sc->rval));
	else
		snprintf(buf, sizeof(buf), "%lld",
			 (long long)sword(tcp, (uint64_t)sc->rval));
	out_puts(tcp->out, buf);
}

void syscall_print_exit(struct tcb *tcp)
{
	char buf[32];

	if (!(tcp->flags & TCB_ENTRY_PRINTED))
		return;
	tcp->flags &= ~TCB_ENTRY_PRINTED;
	line_resume(tcp, sc_name(tcp, buf, sizeof(buf)));
	/*
	 * No return value: the task died or was superseded inside the
	 * syscall.  strace shows "pause() = ?", and where outputs were
	 * still to come, "read(0,  <unfinished ...>) = ?".
	 */
	if (tcp->sc.has_rval)
		print_args(tcp);
	else if (args_pending(tcp))
		out_puts(tcp->out, " <unfinished ...>");
	emit_call_end(tcp);
	line_pad_to_retval(tcp);
	print_retval(tcp);
	line_end(tcp);
	out_event_done(tcp->out);
}
