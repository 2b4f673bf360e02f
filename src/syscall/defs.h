/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What a syscall decoder sees.  A decoder is one function in a family
 * file (src/syscall/FAMILY.c):
 *
 *	SYS_FUNC(lseek)
 *	{
 *		print_fd(tcp, tcp_arg(tcp, 0));
 *		emit_next(tcp);
 *		emit_int(tcp, tcp_sarg(tcp, 1));
 *		emit_next(tcp);
 *		print_xval(tcp, whence, tcp_arg(tcp, 2), "SEEK_???");
 *		return RVAL_DECODED;
 *	}
 *
 * It is called at the entry stop and, unless it returned RVAL_DECODED
 * there, again at the exit stop (exiting(tcp) is then true), where it
 * prints the output arguments.  Its return value at the last call says
 * how the return value is shown (RVAL_*).  The table row of a syscall
 * finds its decoder by name (SEN(lseek) -> sys_lseek) with nothing to
 * register: a syscall without one prints by its argfmt.  See
 * doc/HOWTO-add-syscall.md.
 */
#ifndef SLTRACE_SYSCALL_DEFS_H
#define SLTRACE_SYSCALL_DEFS_H

#include <stdbool.h>
#include <stdint.h>

#include "cli/cli.h"
#include "engine/engine.h"
#include "output/emit.h"
#include "output/output.h"
#include "syscall/printers.h"
#include "sysent/sysent.h"
#include "xlat/xlat.h"

#define SYS_FUNC(name) int sys_##name(struct tcb *tcp)

/* How the return value prints (the low bits), and modifiers. */
#define RVAL_DECIMAL	0x00	/* signed decimal (the default) */
#define RVAL_HEX	0x01	/* 0x7f12... */
#define RVAL_OCTAL	0x02	/* 022 (umask) */
#define RVAL_UDECIMAL	0x03	/* unsigned decimal */
#define RVAL_FD		0x04	/* a file descriptor: 3</path> with -y */
/*
 * Ids (print_pid_type): with -Y "1234<comm>" (threads and processes), with
 * --decode-pids=pidns also as sltrace's pid namespace numbers them.
 */
#define RVAL_PID	0x05	/* a process (thread group) id */
#define RVAL_TID	0x06	/* a thread id */
#define RVAL_PGID	0x07	/* a process group id */
#define RVAL_SID	0x08	/* a session id */
#define RVAL_PID_OR_PGID 0x09	/* a process, or a group as -pgid */
#define RVAL_FORMAT	0x0f
#define RVAL_STR	0x10	/* then " (" tcp->sc.auxstr ")" */
#define RVAL_NONE	0x20	/* no value: "= ?" */
/*
 * The error came as an unsigned int (x86_64's modify_ldt): the decoder
 * made sc.rval -errno and set sc.is_error; the line shows the value the
 * kernel returned, "= 4294967258 ENOSYS (...)", as strace does.
 */
#define RVAL_ERR_UINT	0x40
#define RVAL_DECODED	0x100	/* all printed at entry: no exit call */

static inline bool entering(const struct tcb *tcp)
{
	return !tcp->sc.exiting;
}

static inline bool exiting(const struct tcb *tcp)
{
	return tcp->sc.exiting;
}

/* The syscall failed (only meaningful when exiting). */
static inline bool syserror(const struct tcb *tcp)
{
	return tcp->sc.is_error;
}

/* Size of a long / pointer in the tracee's personality. */
static inline unsigned int tcp_wordsize(const struct tcb *tcp)
{
	return tcp->sc.pers == PERS_COMPAT ? 4 : 8;
}

/* Argument i as the tracee's unsigned long (pointers, sizes). */
static inline uint64_t tcp_arg(const struct tcb *tcp, unsigned int i)
{
	uint64_t v = tcp->sc.args[i];

	return tcp->sc.pers == PERS_COMPAT ? (uint32_t)v : v;
}

/* Argument i as the tracee's signed long. */
static inline int64_t tcp_sarg(const struct tcb *tcp, unsigned int i)
{
	uint64_t v = tcp->sc.args[i];

	return tcp->sc.pers == PERS_COMPAT ? (int64_t)(int32_t)v : (int64_t)v;
}

/* Argument i as a C int (fds, int flags, modes): 32 bits in both ABIs. */
static inline int tcp_iarg(const struct tcb *tcp, unsigned int i)
{
	return (int)(int32_t)tcp->sc.args[i];
}

/*
 * A 64-bit argument: one register on x86_64; on i386 two consecutive
 * registers, low half first.  Returns the value; *next is set to the
 * index of the argument after it.
 */
static inline uint64_t tcp_arg64(const struct tcb *tcp, unsigned int i,
				 unsigned int *next)
{
	if (tcp->sc.pers == PERS_COMPAT) {
		*next = i + 2;
		return (uint32_t)tcp->sc.args[i] |
		       ((uint64_t)(uint32_t)tcp->sc.args[i + 1] << 32);
	}
	*next = i + 1;
	return tcp->sc.args[i];
}

/* The return value (valid when exiting and !syserror). */
static inline int64_t tcp_rval(const struct tcb *tcp)
{
	return tcp->sc.rval;
}

#endif
