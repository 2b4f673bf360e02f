/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Processes as the kernel sees them: setns, kcmp, ioprio_get,
 * ioprio_set, getcpu; and the kernel's own log, syslog.
 */
#include "config.h"

#include <stdio.h>

#include "output/pidcomm.h"
#include "select/qualify.h"
#include "syscall/defs.h"
#include "xlat/tables/ioprio_who.h"
#include "xlat/tables/kcmp_types.h"
#include "xlat/tables/loglevels.h"
#include "xlat/tables/setns_types.h"
#include "xlat/tables/syslog_actions.h"

SYS_FUNC(setns)
{
	print_fd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_flags(tcp, setns_types, (uint32_t)tcp_arg(tcp, 1),
		    "CLONE_NEW???");
	return RVAL_DECODED;
}

/* --- kcmp ------------------------------------------------------------ */

/* linux/kcmp.h */
#define KCMP_FILE 0
#define KCMP_EPOLL_TFD 7

/*
 * struct kcmp_epoll_slot { __u32 efd, tfd, toff; }: an epoll fd and a
 * target fd, both of pid2, and the target's offset in the epoll set.
 */
static void print_kcmp_epoll_slot(struct tcb *tcp, int pid, uint64_t addr)
{
	uint32_t slot[3];

	if (!addr || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, slot, sizeof(slot))) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "efd");
	print_pid_fd(tcp, pid, (int)slot[0]);
	emit_field(tcp, "tfd");
	print_pid_fd(tcp, pid, (int)slot[1]);
	emit_field(tcp, "toff");
	emit_uint(tcp, slot[2]);
	emit_struct_end(tcp);
}

/*
 * kcmp(pid1, pid2, type, idx1, idx2): the indices mean something for
 * KCMP_FILE (an fd of each process) and KCMP_EPOLL_TFD (an fd of pid1,
 * a slot of pid2's); the other known types ignore them and strace
 * leaves them out, an unknown type shows them in hex.
 */
SYS_FUNC(kcmp)
{
	int pid1 = tcp_iarg(tcp, 0), pid2 = tcp_iarg(tcp, 1);
	uint32_t type = (uint32_t)tcp_arg(tcp, 2);

	print_pid(tcp, pid1);
	emit_next(tcp);
	print_pid(tcp, pid2);
	/* -y reads the fds of the processes as sltrace numbers them. */
	pid1 = pidns_translate(tcp, PT_TGID, pid1);
	pid2 = pidns_translate(tcp, PT_TGID, pid2);
	emit_next(tcp);
	print_xval(tcp, kcmp_types, type, "KCMP_???");
	if (type == KCMP_FILE) {
		emit_next(tcp);
		print_pid_fd(tcp, pid1, tcp_iarg(tcp, 3));
		emit_next(tcp);
		print_pid_fd(tcp, pid2, tcp_iarg(tcp, 4));
	} else if (type == KCMP_EPOLL_TFD) {
		emit_next(tcp);
		print_pid_fd(tcp, pid1, tcp_iarg(tcp, 3));
		emit_next(tcp);
		print_kcmp_epoll_slot(tcp, pid2, tcp_arg(tcp, 4));
	} else if (!xlat_name(kcmp_types, type)) {
		emit_next(tcp);
		emit_hex(tcp, tcp_arg(tcp, 3));
		emit_next(tcp);
		emit_hex(tcp, tcp_arg(tcp, 4));
	}
	return RVAL_DECODED;
}

/* --- ioprio ---------------------------------------------------------- */

#define IOPRIO_WHO_PROCESS 1
#define IOPRIO_WHO_PGRP 2

/*
 * which, and who: -Y names a process, not a process group or a user
 * (strace shows no "<comm>" after a process group id).
 */
static void print_ioprio_target(struct tcb *tcp)
{
	uint32_t which = (uint32_t)tcp_arg(tcp, 0);

	print_xval(tcp, ioprio_who, which, "IOPRIO_WHO_???");
	emit_next(tcp);
	if (which == IOPRIO_WHO_PROCESS)
		print_tid(tcp, tcp_iarg(tcp, 1));
	else if (which == IOPRIO_WHO_PGRP)
		print_pgid(tcp, tcp_iarg(tcp, 1));
	else
		emit_int(tcp, tcp_iarg(tcp, 1));
}

SYS_FUNC(ioprio_get)
{
	if (entering(tcp)) {
		print_ioprio_target(tcp);
		return 0;
	}
	if (syserror(tcp) || cfg.xlat_style == XLAT_STYLE_RAW)
		return RVAL_DECIMAL;
	tcp->sc.auxstr = sprint_ioprio(tcp->sc.auxbuf, sizeof(tcp->sc.auxbuf),
				       (uint32_t)tcp_rval(tcp));
	return RVAL_STR;
}

/* The priority is an int: -X raw and -X verbose show it in decimal. */
SYS_FUNC(ioprio_set)
{
	int prio = tcp_iarg(tcp, 2);
	char text[128], buf[160];

	print_ioprio_target(tcp);
	emit_next(tcp);
	if (cfg.xlat_style == XLAT_STYLE_RAW) {
		emit_int(tcp, prio);
		return RVAL_DECODED;
	}
	sprint_ioprio(text, sizeof(text), (uint32_t)prio);
	if (cfg.xlat_style == XLAT_STYLE_VERBOSE) {
		snprintf(buf, sizeof(buf), "%d /* %s */", prio, text);
		emit_sym(tcp, (uint64_t)(int64_t)prio, buf);
	} else {
		emit_sym(tcp, (uint64_t)(int64_t)prio, text);
	}
	return RVAL_DECODED;
}

/* --- getcpu ---------------------------------------------------------- */

/* An unsigned the kernel wrote: "[1]", or the address. */
static void print_uint_at(struct tcb *tcp, uint64_t addr)
{
	uint32_t v;

	if (!addr || syserror(tcp) || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, &v, sizeof(v))) {
		emit_ptr(tcp, addr);
		return;
	}
	print_num_in_brackets(tcp, v, false);
}

/* getcpu(unsigned *cpu, unsigned *node, struct getcpu_cache *unused) */
SYS_FUNC(getcpu)
{
	if (entering(tcp))
		return 0;
	print_uint_at(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	print_uint_at(tcp, tcp_arg(tcp, 1));
	emit_next(tcp);
	emit_ptr(tcp, tcp_arg(tcp, 2));
	return 0;
}

/* --- syslog ---------------------------------------------------------- */

/* include/linux/syslog.h */
#define SYSLOG_ACTION_CLOSE 0
#define SYSLOG_ACTION_OPEN 1
#define SYSLOG_ACTION_READ 2
#define SYSLOG_ACTION_READ_ALL 3
#define SYSLOG_ACTION_READ_CLEAR 4
#define SYSLOG_ACTION_CLEAR 5
#define SYSLOG_ACTION_CONSOLE_OFF 6
#define SYSLOG_ACTION_CONSOLE_ON 7
#define SYSLOG_ACTION_CONSOLE_LEVEL 8
#define SYSLOG_ACTION_SIZE_UNREAD 9
#define SYSLOG_ACTION_SIZE_BUFFER 10

/* LOGLEVEL_DEBUG + 1: the kernel accepts it as the console level too. */
#define LOGLEVEL_DEBUG_PLUS_1 8

/*
 * strace spells the action and the console level as -X verbose would,
 * in decimal ("2 /\* SYSLOG_ACTION_READ *\/"), whatever -X says.
 */
static void print_dec_named(struct tcb *tcp, const struct xlat *x, int val,
			    const char *name, const char *dflt)
{
	char buf[96];

	if (!name)
		name = xlat_name(x, (uint32_t)val);
	snprintf(buf, sizeof(buf), "%d /* %s */", val, name ? name : dflt);
	emit_sym(tcp, (uint64_t)(int64_t)val, buf);
}

SYS_FUNC(syslog)
{
	int type = tcp_iarg(tcp, 0);
	int len = tcp_iarg(tcp, 2);

	if (exiting(tcp)) {
		/* The READ actions: the bytes the kernel wrote. */
		if (syserror(tcp))
			emit_ptr(tcp, tcp_arg(tcp, 1));
		else
			emit_buf(tcp, tcp_arg(tcp, 1), (uint64_t)tcp_rval(tcp));
		emit_next(tcp);
		emit_int(tcp, len);
		return 0;
	}
	print_dec_named(tcp, syslog_actions, type, NULL, "SYSLOG_ACTION_???");
	switch (type) {
	case SYSLOG_ACTION_CLOSE:
	case SYSLOG_ACTION_OPEN:
	case SYSLOG_ACTION_CLEAR:
	case SYSLOG_ACTION_CONSOLE_OFF:
	case SYSLOG_ACTION_CONSOLE_ON:
	case SYSLOG_ACTION_SIZE_UNREAD:
	case SYSLOG_ACTION_SIZE_BUFFER:
		/* These ignore buf and len. */
		return RVAL_DECODED;
	case SYSLOG_ACTION_READ:
	case SYSLOG_ACTION_READ_ALL:
	case SYSLOG_ACTION_READ_CLEAR:
		emit_next(tcp);
		return 0;
	case SYSLOG_ACTION_CONSOLE_LEVEL:
		emit_next(tcp);
		emit_ptr(tcp, tcp_arg(tcp, 1));
		emit_next(tcp);
		print_dec_named(tcp, loglevels, len,
				len == LOGLEVEL_DEBUG_PLUS_1 ?
					"LOGLEVEL_DEBUG+1" :
					NULL,
				"LOGLEVEL_???");
		return RVAL_DECODED;
	default:
		emit_next(tcp);
		emit_ptr(tcp, tcp_arg(tcp, 1));
		emit_next(tcp);
		emit_int(tcp, len);
		return RVAL_DECODED;
	}
}
