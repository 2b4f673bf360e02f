/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Signals: handlers, masks, waiting, queueing, sending, the alternate
 * stack and the return from a handler.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "select/qualify.h"
#include "output/pidcomm.h"
#include "syscall/defs.h"
#include "syscall/process.h"
#include "xlat/tables/sigact_flags.h"
#include "xlat/tables/sigaltstack_flags.h"
#include "xlat/tables/sigprocmask_cmds.h"

/* include/uapi/asm-generic/signal-defs.h */
#define SIG_DFL_VAL 0
#define SIG_IGN_VAL 1
#define SIG_ERR_VAL UINT64_MAX
/* arch/x86/include/uapi/asm/signal.h */
#define SA_RESTORER_BIT 0x04000000

/* A handler: SIG_DFL, SIG_IGN, SIG_ERR or its address. */
static void print_handler(struct tcb *tcp, uint64_t h)
{
	uint64_t err = tcp_wordsize(tcp) == 4 ? UINT32_MAX : SIG_ERR_VAL;
	const char *name = NULL;
	char buf[64];

	if (h == SIG_DFL_VAL)
		name = "SIG_DFL";
	else if (h == SIG_IGN_VAL)
		name = "SIG_IGN";
	else if (h == err)
		name = "SIG_ERR";
	if (!name) {
		emit_ptr(tcp, h);
	} else if (cfg.xlat_style == XLAT_STYLE_RAW) {
		emit_hex(tcp, h);
	} else if (cfg.xlat_style == XLAT_STYLE_VERBOSE) {
		snprintf(buf, sizeof(buf), "%#llx /* %s */",
			 (unsigned long long)h, name);
		emit_sym(tcp, h, buf);
	} else {
		emit_sym(tcp, h, name);
	}
}

struct sigact {
	uint64_t handler;
	uint64_t flags;
	uint64_t restorer;
	uint64_t mask;
};

static void print_sigact(struct tcb *tcp, const struct sigact *sa,
			 unsigned int nsig)
{
	emit_struct_begin(tcp);
	emit_field(tcp, "sa_handler");
	print_handler(tcp, sa->handler);
	emit_field(tcp, "sa_mask");
	print_sigmask(tcp, sa->mask, nsig);
	emit_field(tcp, "sa_flags");
	print_flags(tcp, sigact_flags, sa->flags, "SA_???");
	if (sa->flags & SA_RESTORER_BIT) {
		emit_field(tcp, "sa_restorer");
		emit_ptr(tcp, sa->restorer);
	}
	emit_struct_end(tcp);
}

/*
 * struct sigaction as rt_sigaction takes it (the kernel's, not libc's):
 * handler, flags, restorer, then the 64-bit mask; i386 narrows the
 * first three to 32 bits.
 */
static void print_rt_sigaction_at(struct tcb *tcp, uint64_t addr)
{
	struct sigact sa;

	if (!addr || !qual_verbose(tcp)) {
		emit_ptr(tcp, addr);
		return;
	}
	if (tcp_wordsize(tcp) == 4) {
		uint32_t w[5];

		if (tracee_read(tcp, addr, w, sizeof(w))) {
			emit_ptr(tcp, addr);
			return;
		}
		sa.handler = w[0];
		sa.flags = w[1];
		sa.restorer = w[2];
		sa.mask = w[3] | (uint64_t)w[4] << 32;
	} else if (tracee_read(tcp, addr, &sa, sizeof(sa))) {
		emit_ptr(tcp, addr);
		return;
	}
	print_sigact(tcp, &sa, 64);
}

SYS_FUNC(rt_sigaction)
{
	if (entering(tcp)) {
		print_signo(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		print_rt_sigaction_at(tcp, tcp_arg(tcp, 1));
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 2));
	else
		print_rt_sigaction_at(tcp, tcp_arg(tcp, 2));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 3));
	return 0;
}

/* i386 sigaction: struct old_sigaction {handler, mask, flags, restorer}. */
static void print_old_sigaction_at(struct tcb *tcp, uint64_t addr)
{
	struct sigact sa;
	uint32_t w[4];

	if (!addr || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, w, sizeof(w))) {
		emit_ptr(tcp, addr);
		return;
	}
	sa.handler = w[0];
	sa.mask = w[1];
	sa.flags = w[2];
	sa.restorer = w[3];
	print_sigact(tcp, &sa, 32);
}

SYS_FUNC(sigaction)
{
	if (entering(tcp)) {
		print_signo(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		print_old_sigaction_at(tcp, tcp_arg(tcp, 1));
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 2));
	else
		print_old_sigaction_at(tcp, tcp_arg(tcp, 2));
	return 0;
}

/* i386 signal(): returns the previous handler. */
SYS_FUNC(signal)
{
	uint64_t old;

	if (entering(tcp)) {
		print_signo(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		/* signal()'s handler argument is never SIG_ERR for strace. */
		if ((uint32_t)tcp_arg(tcp, 1) == UINT32_MAX)
			emit_ptr(tcp, tcp_arg(tcp, 1));
		else
			print_handler(tcp, tcp_arg(tcp, 1));
		return 0;
	}
	if (syserror(tcp))
		return RVAL_DECIMAL;
	old = (uint32_t)tcp_rval(tcp);
	if (old == SIG_DFL_VAL)
		tcp->sc.auxstr = "SIG_DFL";
	else if (old == SIG_IGN_VAL)
		tcp->sc.auxstr = "SIG_IGN";
	else
		return RVAL_HEX;
	return RVAL_HEX | RVAL_STR;
}

SYS_FUNC(rt_sigprocmask)
{
	uint64_t size = tcp_arg(tcp, 3);

	if (entering(tcp)) {
		print_xval(tcp, sigprocmask_cmds, (uint32_t)tcp_arg(tcp, 0),
			   "SIG_???");
		emit_next(tcp);
		print_sigset(tcp, tcp_arg(tcp, 1), size);
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 2));
	else
		print_sigset(tcp, tcp_arg(tcp, 2), size);
	emit_next(tcp);
	emit_uint(tcp, size);
	return 0;
}

/* The i386 old_sigset_t of sigprocmask and sigpending: one long. */
#define OLD_SIGSET_SIZE 4

SYS_FUNC(sigprocmask)
{
	if (entering(tcp)) {
		print_xval(tcp, sigprocmask_cmds, (uint32_t)tcp_arg(tcp, 0),
			   "SIG_???");
		emit_next(tcp);
		print_sigset(tcp, tcp_arg(tcp, 1), OLD_SIGSET_SIZE);
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 2));
	else
		print_sigset(tcp, tcp_arg(tcp, 2), OLD_SIGSET_SIZE);
	return 0;
}

SYS_FUNC(rt_sigpending)
{
	uint64_t size = tcp_arg(tcp, 1), mask = 0;

	if (entering(tcp))
		return 0;
	/*
	 * The kernel writes any size up to sizeof(sigset_t), and strace
	 * shows any (even less than a long, unlike print_sigset's rule).
	 */
	if (syserror(tcp) || !size || size > sizeof(mask) ||
	    !qual_verbose(tcp) ||
	    tracee_read(tcp, tcp_arg(tcp, 0), &mask, (size_t)size))
		emit_ptr(tcp, tcp_arg(tcp, 0));
	else
		print_sigmask(tcp, mask, (unsigned int)size * 8);
	emit_next(tcp);
	emit_uint(tcp, size);
	return 0;
}

SYS_FUNC(sigpending)
{
	if (entering(tcp))
		return 0;
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 0));
	else
		print_sigset(tcp, tcp_arg(tcp, 0), OLD_SIGSET_SIZE);
	return 0;
}

SYS_FUNC(rt_sigsuspend)
{
	print_sigset(tcp, tcp_arg(tcp, 0), tcp_arg(tcp, 1));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 1));
	return RVAL_DECODED;
}

/* i386 sigsuspend(int, int, old_sigset_t): only the mask matters. */
SYS_FUNC(sigsuspend)
{
	print_sigmask(tcp, (uint32_t)tcp_arg(tcp, 2), 32);
	return RVAL_DECODED;
}

/*
 * An old 32-bit mask as text for a return value: "[INT]", or "~[...]"
 * when more than half of the signals are in it, as print_sigmask().
 */
static void sprint_mask32(char *buf, size_t size, const char *what,
			  uint32_t mask)
{
	size_t n = (size_t)snprintf(buf, size, "%s ", what);
	bool first = true;
	int sig;

	if (__builtin_popcount(mask) * 2 > 32) {
		mask = ~mask;
		n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "~");
	}
	n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "[");
	for (sig = 1; sig <= 32; sig++) {
		const char *name;

		if (!(mask & (1u << (sig - 1))))
			continue;
		name = signal_name(sig);
		if (name && !strncmp(name, "SIG", 3))
			name += 3;
		if (name && cfg.xlat_style == XLAT_STYLE_ABBREV)
			n += (size_t)snprintf(buf + n, n < size ? size - n : 0,
					      "%s%s", first ? "" : " ", name);
		else if (name && cfg.xlat_style == XLAT_STYLE_VERBOSE)
			n += (size_t)snprintf(buf + n, n < size ? size - n : 0,
					      "%s%d /* %s */", first ? "" : " ",
					      sig, name);
		else
			n += (size_t)snprintf(buf + n, n < size ? size - n : 0,
					      "%s%d", first ? "" : " ", sig);
		first = false;
	}
	snprintf(buf + n, n < size ? size - n : 0, "]");
}

/* i386 sgetmask/ssetmask: the blocked mask as a return value. */
static int ret_mask(struct tcb *tcp, const char *what)
{
	static char aux[600];

	if (syserror(tcp))
		return RVAL_DECIMAL;
	sprint_mask32(aux, sizeof(aux), what, (uint32_t)tcp_rval(tcp));
	tcp->sc.auxstr = aux;
	return RVAL_HEX | RVAL_STR;
}

SYS_FUNC(sgetmask)
{
	if (entering(tcp))
		return 0;
	return ret_mask(tcp, "mask");
}

SYS_FUNC(ssetmask)
{
	if (entering(tcp)) {
		print_sigmask(tcp, (uint32_t)tcp_arg(tcp, 0), 32);
		return 0;
	}
	return ret_mask(tcp, "old mask");
}

static int rt_sigtimedwait(struct tcb *tcp, bool time64)
{
	static char aux[32];
	uint64_t size = tcp_arg(tcp, 3);
	const char *name;

	if (entering(tcp)) {
		print_sigset(tcp, tcp_arg(tcp, 0), size);
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 1));
	else
		print_siginfo_at(tcp, tcp_arg(tcp, 1));
	emit_next(tcp);
	print_any_timespec(tcp, tcp_arg(tcp, 2), time64);
	emit_next(tcp);
	emit_uint(tcp, size);
	if (syserror(tcp))
		return RVAL_DECIMAL;
	name = signal_name((int)tcp_rval(tcp));
	if (!name)
		return RVAL_DECIMAL;
	snprintf(aux, sizeof(aux), "%s", name);
	tcp->sc.auxstr = aux;
	return RVAL_STR;
}

SYS_FUNC(rt_sigtimedwait)
{
	return rt_sigtimedwait(tcp, false);
}

SYS_FUNC(rt_sigtimedwait_time64)
{
	return rt_sigtimedwait(tcp, true);
}

SYS_FUNC(rt_sigqueueinfo)
{
	print_pid(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_signo(tcp, tcp_iarg(tcp, 1));
	emit_next(tcp);
	print_siginfo_at(tcp, tcp_arg(tcp, 2));
	return RVAL_DECODED;
}

SYS_FUNC(rt_tgsigqueueinfo)
{
	print_pid(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_tid(tcp, tcp_iarg(tcp, 1));
	emit_next(tcp);
	print_signo(tcp, tcp_iarg(tcp, 2));
	emit_next(tcp);
	print_siginfo_at(tcp, tcp_arg(tcp, 3));
	return RVAL_DECODED;
}

SYS_FUNC(kill)
{
	print_pid_or_pgid(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_signo(tcp, tcp_iarg(tcp, 1));
	return RVAL_DECODED;
}

SYS_FUNC(tkill)
{
	print_tid(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_signo(tcp, tcp_iarg(tcp, 1));
	return RVAL_DECODED;
}

SYS_FUNC(tgkill)
{
	print_pid(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_tid(tcp, tcp_iarg(tcp, 1));
	emit_next(tcp);
	print_signo(tcp, tcp_iarg(tcp, 2));
	return RVAL_DECODED;
}

SYS_FUNC(pidfd_send_signal)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_signo(tcp, tcp_iarg(tcp, 1));
	emit_next(tcp);
	print_siginfo_at(tcp, tcp_arg(tcp, 2));
	emit_next(tcp);
	emit_hex(tcp, (uint32_t)tcp_arg(tcp, 3));
	return RVAL_DECODED;
}

/* stack_t: {ss_sp, ss_flags, ss_size}; 24 bytes, 12 on i386. */
static void print_stack_t_at(struct tcb *tcp, uint64_t addr)
{
	uint64_t sp, size;
	uint32_t flags;

	if (!addr || !qual_verbose(tcp)) {
		emit_ptr(tcp, addr);
		return;
	}
	if (tcp_wordsize(tcp) == 4) {
		uint32_t w[3];

		if (tracee_read(tcp, addr, w, sizeof(w))) {
			emit_ptr(tcp, addr);
			return;
		}
		sp = w[0];
		flags = w[1];
		size = w[2];
	} else {
		uint64_t w[3];

		if (tracee_read(tcp, addr, w, sizeof(w))) {
			emit_ptr(tcp, addr);
			return;
		}
		sp = w[0];
		flags = (uint32_t)w[1];
		size = w[2];
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "ss_sp");
	emit_ptr(tcp, sp);
	emit_field(tcp, "ss_flags");
	print_flags(tcp, sigaltstack_flags, flags, "SS_???");
	emit_field(tcp, "ss_size");
	emit_uint(tcp, size);
	emit_struct_end(tcp);
}

SYS_FUNC(sigaltstack)
{
	if (entering(tcp)) {
		print_stack_t_at(tcp, tcp_arg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 1));
	else
		print_stack_t_at(tcp, tcp_arg(tcp, 1));
	return 0;
}

/*
 * Where the signal frame keeps the mask to restore, relative to the
 * stack pointer at the rt_sigreturn / sigreturn syscall (the handler's
 * "ret" has popped the return address, pretcode, by then):
 *
 * x86_64, arch/x86/kernel/signal_64.c: frame = sp - 8, struct
 *   rt_sigframe {pretcode; struct ucontext uc; ...}; in the ucontext,
 *   uc_flags 8 + uc_link 8 + uc_stack 24 + uc_mcontext 256 bytes come
 *   before uc_sigmask: sp - 8 + 8 + 296.
 * i386 rt, struct rt_sigframe_ia32 {pretcode, sig, pinfo, puc;
 *   compat_siginfo_t info; struct ucontext_ia32 uc; ...}: frame =
 *   sp - 4, uc at 16 + 128, uc_sigmask 4 + 4 + 12 + 88 into it.
 * i386 non-rt, struct sigframe_ia32 {pretcode, sig; struct
 *   sigcontext_32 sc; struct _fpstate_32 fpstate_unused; extramask[1]}:
 *   the restorer has popped sig too, frame = sp - 8; sc.oldmask (80
 *   bytes into sc) holds signals 1-32, extramask[0] the rest, after
 *   the 624-byte _fpstate_32.
 */
#define RT_SIGFRAME_MASK_64 (-8 + 8 + 296)
#define RT_SIGFRAME_MASK_32 (-4 + 16 + 128 + 108)
#define SIGFRAME_OLDMASK_32 (-8 + 8 + 80)
#define SIGFRAME_EXTRAMASK_32 (-8 + 8 + 88 + 624)

static void print_frame_mask(struct tcb *tcp, uint64_t mask, bool ok,
			     uint64_t addr)
{
	emit_struct_begin(tcp);
	emit_field(tcp, "mask");
	if (ok)
		print_sigmask(tcp, mask, 64);
	else
		emit_ptr(tcp, addr);
	emit_struct_end(tcp);
}

SYS_FUNC(rt_sigreturn)
{
	uint64_t sp, addr, mask = 0;
	bool ok = false;

	if (arch_get_stack_pointer(tcp->pid, &sp)) {
		emit_struct_begin(tcp);
		emit_struct_end(tcp);
		return RVAL_DECODED;
	}
	if (tcp_wordsize(tcp) == 4)
		addr = (uint32_t)(sp + RT_SIGFRAME_MASK_32);
	else
		addr = sp + RT_SIGFRAME_MASK_64;
	ok = qual_verbose(tcp) && !tracee_read(tcp, addr, &mask, sizeof(mask));
	print_frame_mask(tcp, mask, ok, addr);
	return RVAL_DECODED;
}

SYS_FUNC(sigreturn)
{
	uint32_t lo = 0, hi = 0;
	uint64_t sp, addr;
	bool ok;

	if (arch_get_stack_pointer(tcp->pid, &sp)) {
		emit_struct_begin(tcp);
		emit_struct_end(tcp);
		return RVAL_DECODED;
	}
	addr = (uint32_t)(sp + SIGFRAME_OLDMASK_32);
	/* Outside -e verbose strace shows the address alone, no braces. */
	if (!qual_verbose(tcp)) {
		emit_ptr(tcp, addr);
		return RVAL_DECODED;
	}
	ok = qual_verbose(tcp) && !tracee_read(tcp, addr, &lo, sizeof(lo)) &&
	     !tracee_read(tcp, (uint32_t)(sp + SIGFRAME_EXTRAMASK_32), &hi,
			  sizeof(hi));
	print_frame_mask(tcp, lo | (uint64_t)hi << 32, ok, addr);
	return RVAL_DECODED;
}
