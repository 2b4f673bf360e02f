/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * siginfo_t as strace shows it.  Which union member is valid depends on
 * who sent the signal (si_code <= 0: a process, through kill, sigqueue,
 * tgkill, a POSIX timer...; si_code > 0: the kernel) and, for kernel
 * signals, on the signal number.  The field selection below reproduces
 * what Debian's strace 6.1 prints for every signal/si_code pair we could
 * send (rt_sigqueueinfo lets a process send itself any si_code).
 */
#include "config.h"

#include <linux/audit.h>
#include <stdio.h>
#include <stdint.h>
#include <unistd.h>

#include "arch/arch.h"
#include "engine/tcb.h"
#include "output/emit.h"
#include "output/pidcomm.h"
#include "sysent/sysent.h"
#include "output/pidcomm.h"
#include "output/siginfo.h"
#include "xlat/xlat.h"

#include "xlat/audit_arch.h"
#include "cli/cli.h"
#include "xlat/siginfo_codes.h"

/* arch/x86/include/uapi/asm/unistd.h */
#define X32_SYSCALL_BIT 0x40000000u

/* Kernel codes of SIGPOLL/SIGIO: POLL_IN .. POLL_HUP (NSIGPOLL). */
#define POLL_CODE_MAX 6

/*
 * A name in the -X style: "SIGCHLD", "17" (raw) or "17 /\* SIGCHLD *\/"
 * (verbose); num is the value as strace writes it in those forms.
 */
static void emit_named(struct tcb *tcp, int64_t value, const char *name,
		       const char *num)
{
	char buf[96];

	if (!name || cfg.xlat_style == XLAT_STYLE_RAW) {
		emit_sym(tcp, (uint64_t)value, num);
	} else if (cfg.xlat_style == XLAT_STYLE_VERBOSE) {
		snprintf(buf, sizeof(buf), "%s /* %s */", num, name);
		emit_sym(tcp, (uint64_t)value, buf);
	} else {
		emit_sym(tcp, (uint64_t)value, name);
	}
}

static void emit_signo(struct tcb *tcp, int sig)
{
	char num[16];

	snprintf(num, sizeof(num), "%d", sig);
	emit_named(tcp, sig, signal_name(sig), num);
}

/* Signals whose kernel-sent si_codes (> 0) have names of their own. */
static const struct {
	int sig;
	const struct xlat *codes;
} kernel_code_tables[] = {
	{ SIGILL, sigill_codes },   { SIGFPE, sigfpe_codes },
	{ SIGSEGV, sigsegv_codes }, { SIGBUS, sigbus_codes },
	{ SIGTRAP, sigtrap_codes }, { SIGCHLD, sigchld_codes },
	{ SIGIO, sigpoll_codes },   { SIGSYS, sigsys_codes },
};

static const struct xlat *kernel_codes(int sig)
{
	size_t i;

	for (i = 0;
	     i < sizeof(kernel_code_tables) / sizeof(kernel_code_tables[0]);
	     i++)
		if (kernel_code_tables[i].sig == sig)
			return kernel_code_tables[i].codes;
	return NULL;
}

static void emit_code(struct tcb *tcp, const siginfo_t *si)
{
	/* Sign-extended, as the tables store negative codes. */
	uint64_t code = (uint64_t)(int64_t)si->si_code;
	const char *name = xlat_name(si_codes, code);

	char num[16];

	if (!name && si->si_code > 0)
		name = xlat_name(kernel_codes(si->si_signo), code);
	/* strace shows codes as 32-bit hex: SI_TKILL is 0xfffffffa. */
	if ((uint32_t)si->si_code)
		snprintf(num, sizeof(num), "%#x", (uint32_t)si->si_code);
	else
		snprintf(num, sizeof(num), "0");
	emit_named(tcp, si->si_code, name, num);
}

static void emit_si_errno(struct tcb *tcp, int err)
{
	char num[16];

	snprintf(num, sizeof(num), "%u", (uint32_t)err);
	emit_named(tcp, err, errno_name(err), num);
}

static void emit_sender(struct tcb *tcp, const siginfo_t *si)
{
	emit_field(tcp, "si_pid");
	print_pid(tcp, si->si_pid);
	emit_field(tcp, "si_uid");
	emit_int(tcp, (int)si->si_uid);
}

static void emit_sigval(struct tcb *tcp, const siginfo_t *si)
{
	emit_field(tcp, "si_int");
	emit_int(tcp, si->si_value.sival_int);
	emit_field(tcp, "si_ptr");
	emit_ptr(tcp, (uintptr_t)si->si_value.sival_ptr);
}

static int sigval_is_set(const siginfo_t *si)
{
	return si->si_value.sival_ptr != NULL;
}

/* User/system time of a child, in clock ticks (USER_HZ). */
static void emit_ticks(struct tcb *tcp, const char *field, long ticks)
{
	static long hz;
	char text[64];
	uint64_t t = (uint64_t)ticks;

	emit_field(tcp, field);
	emit_uint(tcp, t);
	if (!t)
		return;
	if (!hz) {
		hz = sysconf(_SC_CLK_TCK);
		if (hz <= 0)
			hz = 100;
	}
	snprintf(text, sizeof(text), "%llu.%02llu s",
		 (unsigned long long)(t / (uint64_t)hz),
		 (unsigned long long)(t % (uint64_t)hz * 100 / (uint64_t)hz));
	emit_comment(tcp, text);
}

static void emit_child(struct tcb *tcp, const siginfo_t *si)
{
	const char *name = NULL;

	emit_sender(tcp, si);
	emit_field(tcp, "si_status");
	/* An exit code for CLD_EXITED; for every other code, a signal. */
	char num[16];

	if (si->si_code != CLD_EXITED)
		name = signal_name(si->si_status);
	snprintf(num, sizeof(num), "%d", si->si_status);
	emit_named(tcp, si->si_status, name, num);
	emit_ticks(tcp, "si_utime", (long)si->si_utime);
	emit_ticks(tcp, "si_stime", (long)si->si_stime);
}

static void emit_fault(struct tcb *tcp, const siginfo_t *si)
{
	emit_field(tcp, "si_addr");
	emit_ptr(tcp, (uintptr_t)si->si_addr);
	if (si->si_signo == SIGSEGV && si->si_code == SEGV_BNDERR) {
		emit_field(tcp, "si_lower");
		emit_ptr(tcp, (uintptr_t)si->si_lower);
		emit_field(tcp, "si_upper");
		emit_ptr(tcp, (uintptr_t)si->si_upper);
	} else if (si->si_signo == SIGSEGV && si->si_code == SEGV_PKUERR) {
		emit_field(tcp, "si_pkey");
		emit_uint(tcp, si->si_pkey);
	} else if (si->si_signo == SIGBUS && (si->si_code == BUS_MCEERR_AR ||
					      si->si_code == BUS_MCEERR_AO)) {
		emit_field(tcp, "si_addr_lsb");
		emit_hex(tcp, (uint16_t)si->si_addr_lsb);
	}
}

/* -y's printer of descriptors, which lives above us (syscall/printers.c). */
static void (*fd_printer)(struct tcb *tcp, int fd);

void siginfo_set_fd_printer(void (*print)(struct tcb *tcp, int fd))
{
	fd_printer = print;
}

static void emit_poll(struct tcb *tcp, const siginfo_t *si)
{
	emit_field(tcp, "si_band");
	emit_int(tcp, si->si_band);
	emit_field(tcp, "si_fd");
	if (fd_printer)
		fd_printer(tcp, si->si_fd);
	else
		emit_int(tcp, si->si_fd);
}

/*
 * The syscall a seccomp filter trapped: "__NR_getppid" when it is in the
 * tracee's own ABI; a number with the name in a comment when it is in
 * the other one (int 0x80 from a 64-bit process); a bare number else.
 */
static void emit_trapped_syscall(struct tcb *tcp, const siginfo_t *si)
{
	int pers = arch_personality_of((uint32_t)si->si_arch);
	unsigned int nr = (unsigned int)si->si_syscall;
	const struct sysent *ent = NULL;
	char text[64];

	/*
	 * An x32 syscall: AUDIT_ARCH_X86_64 with __X32_SYSCALL_BIT set.
	 * Below 512 x32 shares x86_64's numbers; it is never the
	 * tracee's own ABI, so the name goes in a comment.
	 */
	if (pers == PERS_NATIVE && (nr & X32_SYSCALL_BIT)) {
		nr &= ~X32_SYSCALL_BIT;
		ent = nr < 512 ? sysent_lookup(pers, nr) : NULL;
		emit_uint(tcp, (uint32_t)si->si_syscall);
		if (ent && cfg.xlat_style != XLAT_STYLE_RAW)
			emit_comment(tcp, ent->name);
		return;
	}
	if (pers >= 0)
		ent = sysent_lookup(pers, nr);
	if (ent && pers == tcp->pers) {
		char num[16];

		snprintf(text, sizeof(text), "__NR_%s", ent->name);
		snprintf(num, sizeof(num), "%u", nr);
		emit_named(tcp, nr, text, num);
		return;
	}
	emit_uint(tcp, (uint32_t)si->si_syscall);
	if (ent && cfg.xlat_style != XLAT_STYLE_RAW)
		emit_comment(tcp, ent->name);
}

static void emit_sys(struct tcb *tcp, const siginfo_t *si)
{
	const char *arch = xlat_name(audit_arch, (uint32_t)si->si_arch);

	emit_field(tcp, "si_call_addr");
	emit_ptr(tcp, (uintptr_t)si->si_call_addr);
	emit_field(tcp, "si_syscall");
	emit_trapped_syscall(tcp, si);
	emit_field(tcp, "si_arch");
	if (arch) {
		char num[16];

		snprintf(num, sizeof(num), "%#x", (uint32_t)si->si_arch);
		emit_named(tcp, (uint32_t)si->si_arch, arch, num);
	} else {
		emit_hex(tcp, (uint32_t)si->si_arch);
		if (cfg.xlat_style != XLAT_STYLE_RAW)
			emit_comment(tcp, "AUDIT_ARCH_???");
	}
}

/* si_code <= 0: sent by a process (or on its behalf, by a timer...). */
static void emit_user_fields(struct tcb *tcp, const siginfo_t *si)
{
	switch (si->si_code) {
	case SI_TIMER:
		emit_field(tcp, "si_timerid");
		emit_hex(tcp, (uint32_t)si->si_timerid);
		emit_field(tcp, "si_overrun");
		emit_int(tcp, si->si_overrun);
		emit_sigval(tcp, si);
		break;
	case SI_SIGIO:
		emit_poll(tcp, si);
		break;
	case SI_USER:
	case SI_TKILL:
		/* kill() and tgkill() carry no value. */
		emit_sender(tcp, si);
		break;
	default:
		emit_sender(tcp, si);
		if (sigval_is_set(si))
			emit_sigval(tcp, si);
		break;
	}
}

/* si_code > 0 (SI_KERNEL included): the meaning depends on the signal. */
static void emit_kernel_fields(struct tcb *tcp, const siginfo_t *si)
{
	switch (si->si_signo) {
	case SIGCHLD:
		emit_child(tcp, si);
		break;
	case SIGILL:
	case SIGFPE:
	case SIGSEGV:
	case SIGBUS:
	case SIGTRAP:
		emit_fault(tcp, si);
		break;
	case SIGIO:
		if (si->si_code <= POLL_CODE_MAX)
			emit_poll(tcp, si);
		break;
	case SIGSYS:
		emit_sys(tcp, si);
		break;
	default:
		/*
		 * No layout of its own: show what a sender may have
		 * left, as strace does, but not a run of zeroes.
		 */
		if (si->si_pid || si->si_uid)
			emit_sender(tcp, si);
		if (sigval_is_set(si))
			emit_sigval(tcp, si);
		break;
	}
}

void print_siginfo(struct tcb *tcp, const siginfo_t *si)
{
	emit_struct_begin(tcp);
	emit_field(tcp, "si_signo");
	emit_signo(tcp, si->si_signo);
	emit_field(tcp, "si_code");
	emit_code(tcp, si);
	if (si->si_errno) {
		emit_field(tcp, "si_errno");
		emit_si_errno(tcp, si->si_errno);
	}
	if (si->si_code <= 0)
		emit_user_fields(tcp, si);
	else
		emit_kernel_fields(tcp, si);
	emit_struct_end(tcp);
}
