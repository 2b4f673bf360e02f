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

#include "select/path.h"
#include "select/qualify.h"
#include "output/pidcomm.h"
#include "syscall/defs.h"
#include "syscall/desc.h"
#include "syscall/net.h"
#include "syscall/print.h"
#include "unwind/unwind.h"

/* Kernel-internal restart codes, include/linux/errno.h in the kernel. */
#define ERESTARTSYS		512
#define ERESTARTNOINTR		513
#define ERESTARTNOHAND		514
#define ERESTART_RESTARTBLOCK	516

/* Unknown numbers print as "syscall_0x1c8" with every register shown. */
static const char unknown_argfmt[] = "xxxxxx";

static const struct syscall_style *style;

void syscall_print_style(const struct syscall_style *s)
{
	style = s;
}

const char *syscall_shown_name(int pers, long nr, const char *name,
			       char *buf, size_t size)
{
	if (style)
		return style->name(pers, nr, name, buf, size);
	if (name)
		return name;
	snprintf(buf, size, "syscall_%#lx", (unsigned long)nr);
	return buf;
}

/* ltrace's -S: "SYS_write(1, "hi\n", 3) = 3". */
static inline bool ltrace_style(const struct tcb *tcp)
{
	return style && tcp->sc.pers == PERS_NATIVE;
}

static const char *sc_name(struct tcb *tcp, char *buf, size_t size)
{
	if (style)
		return style->name(tcp->sc.pers, tcp->sc.nr,
				   tcp->sc.ent ? tcp->sc.ent->name : NULL,
				   buf, size);
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
		emit_int(tcp, (int32_t)v);
		break;
	case 'f':
		print_fd(tcp, (int32_t)v);
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
		print_dirfd(tcp, (int32_t)v);
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

	if (tcp->sc.rval_flags & RVAL_DECODED)
		return false;
	if (tcp->sc.ent && tcp->sc.ent->decode)
		return true;
	return tcp->sc.nargs_printed < strlen(fmt) &&
	       tcp->sc.nargs_printed < MAX_ARGS;
}

/* -e raw=: every argument the syscall takes, in hex, decoded by nothing. */
static void print_raw_args(struct tcb *tcp)
{
	unsigned int n = tcp->sc.ent ? tcp->sc.ent->nargs : MAX_ARGS;

	for (unsigned int i = 0; i < n && i < MAX_ARGS; i++) {
		emit_next(tcp);
		emit_hex(tcp, tcp_arg(tcp, i));
	}
	tcp->sc.nargs_printed = MAX_ARGS;
}

/*
 * The entry half: a decoder, -e raw, or the row's argfmt.  What the
 * decoder returns when it has printed everything is kept for the exit.
 */
static void print_entry_args(struct tcb *tcp)
{
	const struct sysent *ent = tcp->sc.ent;

	if (qual_raw(tcp)) {
		print_raw_args(tcp);
		tcp->sc.rval_flags = RVAL_DECODED | RVAL_HEX;
	} else if (ent && ent->decode) {
		int r = ent->decode(tcp);

		if (r & RVAL_DECODED)
			tcp->sc.rval_flags = r;
	} else {
		print_args(tcp);
	}
}

static void print_exit_args(struct tcb *tcp)
{
	const struct sysent *ent = tcp->sc.ent;

	if (tcp->sc.rval_flags & RVAL_DECODED)
		return;
	if (ent && ent->decode)
		tcp->sc.rval_flags = ent->decode(tcp) | RVAL_DECODED;
	else
		print_args(tcp);
}

static inline bool is_held(const struct tcb *tcp)
{
	return __builtin_expect(tcp->out && tcp->out->hold, 0);
}

/* -e status= other than all (fixed once the command line is read). */
static bool status_filtered(void)
{
	static int filtered = -1;

	if (__builtin_expect(filtered < 0, 0))
		filtered = qual_status() != STATUS_ALL;
	return filtered;
}

/* -e status: how the syscall ended, as a STATUS_* bit. */
static unsigned int exit_status(const struct tcb *tcp)
{
	if (!tcp->sc.has_rval)
		return STATUS_UNFINISHED;
	return tcp->sc.is_error ? STATUS_FAILED : STATUS_SUCCESSFUL;
}

void syscall_print_entry(struct tcb *tcp)
{
	bool kept = true;
	char buf[32];

	/*
	 * i386 socketcall and ipc: show (and filter) the sub-call, as
	 * strace does, under its own row and number.
	 */
	if (decode_subcall(tcp)) {
		const struct sysent_table *t = &sysent_tables[tcp->sc.pers];

		if (tcp->sc.ent >= t->ents && tcp->sc.ent < t->ents + t->count)
			tcp->sc.nr = tcp->sc.ent - t->ents;
	}
	if (!qual_trace(tcp))
		return;
	/* ltrace does not show the execve that starts the command. */
	if (cfg.lc_style == LC_STYLE_LTRACE && (tcp->flags & TCB_FIRST_EXEC))
		return;
	if (pathfilter_active() && !pathfilter_match(tcp))
		return;
	/* -e status: the line waits in memory until its exit decides. */
	if (__builtin_expect(status_filtered(), 0))
		line_hold(tcp);
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
		tcp->sc.rval_flags = RVAL_DECODED;
	} else if (ltrace_style(tcp)) {
		style->print_entry(tcp);
	} else {
		print_entry_args(tcp);
	}
	/* An injected exit_group does not run: it returns like any other. */
	if (tcp->sc.ent && (tcp->sc.ent->flags & SYSCALL_NO_RETURN) &&
	    !(tcp->sc.injected & SC_REPLACED) &&
	    cfg.lc_style == LC_STYLE_LTRACE) {
		/*
		 * ltrace: "SYS_exit_group(0 <no return ...>", cut by the
		 * exit's line; a denied one returns "= <void>".
		 */
		line_leave_open(tcp);
		tcp->flags |= TCB_ENTRY_PRINTED;
	} else if (tcp->sc.ent && (tcp->sc.ent->flags & SYSCALL_NO_RETURN) &&
		   !(tcp->sc.injected & SC_REPLACED)) {
		/* exit and exit_group never return: the line is whole now. */
		emit_call_end(tcp);
		line_pad_to_retval(tcp);
		emit_noval(tcp);
		line_end(tcp);
		/* strace counts a syscall that never returns as unfinished. */
		if (is_held(tcp)) {
			kept = qual_status() & STATUS_UNFINISHED;
			line_hold_end(tcp, kept);
		}
		/* -k: the task will not stop at this syscall's exit. */
		if (cfg.stack_trace && kept)
			unwind_print(tcp);
	} else {
		line_leave_open(tcp);
		tcp->flags |= TCB_ENTRY_PRINTED;
	}
	out_event_done(tcp->out);
}

/* Row flags of a syscall printed by argfmt, as RVAL_* flags. */
static int default_rval_flags(const struct tcb *tcp)
{
	unsigned int flags = tcp->sc.ent ? tcp->sc.ent->flags : 0;

	if (flags & SYSCALL_RVAL_HEX)
		return RVAL_HEX;
	if (flags & SYSCALL_RVAL_FD)
		return RVAL_FD;
	return RVAL_DECIMAL;
}

static void print_retval(struct tcb *tcp)
{
	const struct syscall_state *sc = &tcp->sc;
	int rf = sc->rval_flags;
	uint64_t v = word(tcp, (uint64_t)sc->rval);

	/* Only decoders (and -e raw) set RVAL_DECODED; argfmt rows don't. */
	if (!(rf & RVAL_DECODED))
		rf = default_rval_flags(tcp);
	if (!sc->has_rval || (rf & RVAL_NONE)) {
		emit_noval(tcp);
		return;
	}
	if (sc->is_error && (rf & RVAL_ERR_UINT)) {
		emit_errno_val(tcp, (int)-sc->rval, (uint32_t)sc->rval);
		goto injected;
	}
	if (sc->is_error) {
		int err = (int)-sc->rval;

		emit_errno(tcp, err, err == ERESTARTSYS ||
			   err == ERESTARTNOINTR || err == ERESTARTNOHAND ||
			   err == ERESTART_RESTARTBLOCK);
		goto injected;
	}
	switch (rf & RVAL_FORMAT) {
	case RVAL_HEX:
		emit_hex(tcp, v);
		break;
	case RVAL_OCTAL:
		/* strace: "umask(022) = 000" — at least three digits. */
		emit_oct(tcp, v);
		break;
	case RVAL_UDECIMAL:
		emit_uint(tcp, v);
		break;
	case RVAL_PID:
		print_pid_type(tcp, (int)sc->rval, PT_TGID);
		break;
	case RVAL_TID:
		print_pid_type(tcp, (int)sc->rval, PT_TID);
		break;
	case RVAL_PGID:
		print_pid_type(tcp, (int)sc->rval, PT_PGID);
		break;
	case RVAL_SID:
		print_pid_type(tcp, (int)sc->rval, PT_SID);
		break;
	case RVAL_PID_OR_PGID:
		print_pid_or_pgid(tcp, (int)sc->rval);
		break;
	case RVAL_FD:
		/* An injected retval= past an int shows whole, as strace. */
		if ((sc->injected & SC_INJECTED_RETVAL) &&
		    sword(tcp, (uint64_t)sc->rval) != (int)sc->rval) {
			emit_int(tcp, sword(tcp, (uint64_t)sc->rval));
			break;
		}
		print_fd(tcp, (int)sc->rval);
		break;
	default:
		/*
		 * strace's plain number is unsigned: an injected retval=-1
		 * shows as 18446744073709551615.  Only -e inject= can make
		 * a syscall return a negative non-error.
		 */
		if (sc->injected & SC_INJECTED_RETVAL)
			emit_uint(tcp, v);
		else
			emit_int(tcp, sword(tcp, (uint64_t)sc->rval));
		break;
	}
	if ((rf & RVAL_STR) && sc->auxstr)
		emit_aux(tcp, sc->auxstr);
injected:
	/* -e inject=: after the result and its explanation, before -T. */
	if (sc->injected & SC_INJECTED_ARGS)
		emit_mark(tcp, sc->injected & (SC_INJECTED_ERROR |
					       SC_INJECTED_RETVAL) ?
			  "INJECTED: args, retval" : "INJECTED: args");
	else if (sc->injected & (SC_INJECTED_ERROR | SC_INJECTED_RETVAL))
		emit_mark(tcp, "INJECTED");
	if (sc->injected & SC_DELAYED)
		emit_mark(tcp, "DELAYED");
}

void syscall_print_exit(struct tcb *tcp)
{
	static unsigned long nshown;
	bool kept = true;
	char buf[32];

	if (!qual_trace(tcp) || !(tcp->flags & TCB_ENTRY_PRINTED))
		return;
	tcp->flags &= ~TCB_ENTRY_PRINTED;
	/* ltrace leaves the line of a task that died in it to the exit's. */
	if (cfg.lc_style == LC_STYLE_LTRACE && !tcp->sc.has_rval)
		return;
	line_resume(tcp, sc_name(tcp, buf, sizeof(buf)));
	/*
	 * No return value: the task died or was superseded inside the
	 * syscall.  strace shows "pause() = ?", and where outputs were
	 * still to come, "read(0,  <unfinished ...>) = ?".
	 */
	if (ltrace_style(tcp) && tcp->sc.has_rval)
		style->print_exit(tcp);
	else if (tcp->sc.has_rval)
		print_exit_args(tcp);
	else if (args_pending(tcp))
		emit_args_unfinished(tcp);
	emit_call_end(tcp);
	line_pad_to_retval(tcp);
	if (ltrace_style(tcp))
		style->print_retval(tcp);
	else
		print_retval(tcp);
	line_syscall_time(tcp);
	line_end(tcp);
	if (is_held(tcp)) {
		kept = qual_status() & exit_status(tcp);
		line_hold_end(tcp, kept);
	}
	/* --syscall-limit counts the syscalls shown, as strace's does. */
	/* -e read=/write= dumps go under the line they belong to. */
	dump_pending_flush(tcp, kept);
	/* -k: the stack goes under the line and its dumps, as strace's. */
	if (cfg.stack_trace && kept && tcp->sc.has_rval)
		unwind_print(tcp);
	if (cfg.syscall_limit && kept && ++nshown == cfg.syscall_limit)
		engine_detach_all();
	out_event_done(tcp->out);
}
