/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Process attributes and access to other processes: personality, the
 * thread-exit futex and robust list, rseq, unshare, pidfds,
 * process_vm_readv/writev (ptrace has ptrace.c).
 */
#include "config.h"

#include <stdio.h>

#include "output/pidcomm.h"
#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/desc.h"
#include "syscall/process.h"
#include "xlat/tables/personality_flags.h"
#include "xlat/tables/personality_types.h"
#include "xlat/tables/pidfd_open_flags.h"
#include "xlat/tables/unshare_flags.h"

/* include/uapi/linux/personality.h */
#define PER_MASK 0xff

/*
 * "PER_LINUX32|ADDR_NO_RANDOMIZE": the persona, then its flags, each
 * in the -X style ("0x8 /\* PER_LINUX32 *\/|0x400000 /\* ... *\/").
 */
static const char *sprint_personality(char *buf, size_t size, uint32_t v)
{
	const char *name = xlat_name(personality_types, v & PER_MASK);
	uint32_t flags = v & ~(uint32_t)PER_MASK, left = flags;
	char names[512];
	size_t n, k = 0;

	if (cfg.xlat_style == XLAT_STYLE_RAW ||
	    (name && cfg.xlat_style == XLAT_STYLE_VERBOSE))
		n = (size_t)snprintf(buf, size, "%#x", v & PER_MASK);
	else if (name)
		n = (size_t)snprintf(buf, size, "%s", name);
	else
		n = (size_t)snprintf(buf, size, "%#x /* PER_??? */",
				     v & PER_MASK);
	if (name && cfg.xlat_style == XLAT_STYLE_VERBOSE && n < size)
		n += (size_t)snprintf(buf + n, size - n, " /* %s */", name);
	if (!flags || n >= size)
		return buf;
	if (cfg.xlat_style == XLAT_STYLE_RAW) {
		snprintf(buf + n, size - n, "|%#x", flags);
		return buf;
	}
	names[0] = '\0';
	for (const struct xlat *x = personality_flags; x->name; x++) {
		if ((left & x->val) != x->val)
			continue;
		k += (size_t)snprintf(names + k,
				      k < sizeof(names) ? sizeof(names) - k : 0,
				      "%s%s", k ? "|" : "", x->name);
		left &= ~(uint32_t)x->val;
	}
	if (left && k < sizeof(names))
		snprintf(names + k, sizeof(names) - k, "%s%#x", k ? "|" : "",
			 left);
	if (cfg.xlat_style == XLAT_STYLE_VERBOSE && left != flags)
		snprintf(buf + n, size - n, "|%#x /* %s */", flags, names);
	else
		snprintf(buf + n, size - n, "|%s", names);
	return buf;
}

SYS_FUNC(personality)
{
	static char aux[512];
	uint32_t v = (uint32_t)tcp_arg(tcp, 0);
	char buf[512];

	if (entering(tcp)) {
		/* 0xffffffff only asks for the current persona. */
		if (v == UINT32_MAX) {
			emit_hex(tcp, v);
			return 0;
		}
		emit_sym(tcp, v, sprint_personality(buf, sizeof(buf), v));
		return 0;
	}
	if (syserror(tcp))
		return RVAL_DECIMAL;
	tcp->sc.auxstr =
		sprint_personality(aux, sizeof(aux), (uint32_t)tcp_rval(tcp));
	return RVAL_HEX | RVAL_STR;
}

SYS_FUNC(set_tid_address)
{
	emit_hex(tcp, tcp_arg(tcp, 0));
	return RVAL_DECODED;
}

SYS_FUNC(set_thread_area)
{
	static char aux[32];
	int32_t entry;

	if (entering(tcp)) {
		print_user_desc(tcp, tcp_arg(tcp, 0), true);
		return 0;
	}
	/* The kernel writes back the entry it chose for entry_number -1. */
	if (syserror(tcp) || !qual_verbose(tcp) ||
	    tracee_read(tcp, tcp_arg(tcp, 0), &entry, sizeof(entry)))
		return RVAL_DECIMAL;
	snprintf(aux, sizeof(aux), "entry_number=%d", entry);
	tcp->sc.auxstr = aux;
	return RVAL_STR;
}

SYS_FUNC(get_thread_area)
{
	if (entering(tcp))
		return 0;
	print_user_desc(tcp, tcp_arg(tcp, 0), !syserror(tcp));
	return 0;
}

SYS_FUNC(set_robust_list)
{
	emit_ptr(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 1));
	return RVAL_DECODED;
}

SYS_FUNC(get_robust_list)
{
	if (entering(tcp)) {
		print_tid(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	print_word_at(tcp, tcp_arg(tcp, 1), true);
	emit_next(tcp);
	print_word_at(tcp, tcp_arg(tcp, 2), false);
	return 0;
}

/*
 * rseq(struct rseq *, u32 len, int flags, u32 sig): strace shows the
 * four registers whole, in hex.
 */
SYS_FUNC(rseq)
{
	for (unsigned int i = 0; i < 4; i++) {
		if (i)
			emit_next(tcp);
		emit_hex(tcp, tcp_arg(tcp, i));
	}
	return RVAL_DECODED;
}

/*
 * The flags ksys_unshare() accepts, in the tracee's long: strace shows
 * every bit of it.
 */
SYS_FUNC(unshare)
{
	print_flags(tcp, unshare_flags, tcp_arg(tcp, 0), "CLONE_???");
	return RVAL_DECODED;
}

SYS_FUNC(pidfd_open)
{
	print_pid(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_flags(tcp, pidfd_open_flags, (uint32_t)tcp_arg(tcp, 1),
		    "PIDFD_???");
	return RVAL_DECODED | RVAL_FD;
}

/* targetfd is a descriptor of the process pidfd refers to: -y shows it. */
SYS_FUNC(pidfd_getfd)
{
	int pidfd = tcp_iarg(tcp, 0);
	pid_t target;

	print_fd(tcp, pidfd);
	emit_next(tcp);
	if (pidfd >= 0 && pidfd_pid(tcp->pid, pidfd, &target))
		print_pid_fd(tcp, target, tcp_iarg(tcp, 1));
	else
		emit_int(tcp, tcp_iarg(tcp, 1));
	emit_next(tcp);
	emit_hex(tcp, (uint32_t)tcp_arg(tcp, 2));
	return RVAL_DECODED | RVAL_FD;
}

/*
 * The local iovecs show their data (up to total bytes, what was
 * transferred), the remote ones only their addresses.
 */
static void print_vm_rest(struct tcb *tcp, bool local_data, uint64_t total)
{
	print_iov(tcp, tcp_arg(tcp, 1), tcp_arg(tcp, 2), total, local_data);
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 2));
	emit_next(tcp);
	print_iov(tcp, tcp_arg(tcp, 3), tcp_arg(tcp, 4), 0, false);
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 4));
	emit_next(tcp);
	emit_uint(tcp, tcp_arg(tcp, 5));
}

SYS_FUNC(process_vm_readv)
{
	if (entering(tcp)) {
		print_pid(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	/* Nothing was read: the local buffers by address. */
	if (syserror(tcp))
		print_vm_rest(tcp, false, 0);
	else
		print_vm_rest(tcp, true, (uint64_t)tcp_rval(tcp));
	return 0;
}

SYS_FUNC(process_vm_writev)
{
	print_pid(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_vm_rest(tcp, true, IOV_DATA_ALL);
	return RVAL_DECODED;
}

/*
 * Calls that return or take a process id: -Y shows its command name,
 * "getpid() = 1234<sh>", and --decode-pids=pidns its number in
 * sltrace's pid namespace.
 */
SYS_FUNC(getpid)
{
	return RVAL_DECODED | RVAL_PID;
}

SYS_FUNC(getppid)
{
	return RVAL_DECODED | RVAL_PID;
}

SYS_FUNC(gettid)
{
	return RVAL_DECODED | RVAL_TID;
}

SYS_FUNC(getpgrp)
{
	return RVAL_DECODED | RVAL_PGID;
}

SYS_FUNC(getpgid)
{
	print_pid(tcp, tcp_iarg(tcp, 0));
	return RVAL_DECODED | RVAL_PGID;
}

SYS_FUNC(setpgid)
{
	print_pid(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_pgid(tcp, tcp_iarg(tcp, 1));
	return RVAL_DECODED;
}

SYS_FUNC(getsid)
{
	print_pid(tcp, tcp_iarg(tcp, 0));
	return RVAL_DECODED | RVAL_SID;
}
