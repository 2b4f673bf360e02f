/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Scheduling: policies, parameters, affinity, priorities; futex. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "select/qualify.h"
#include "output/pidcomm.h"
#include "syscall/defs.h"
#include "syscall/process.h"
#include "xlat/tables/futex_ops.h"
#include "xlat/tables/futex_wake_cmps.h"
#include "xlat/tables/futex_wake_ops.h"
#include "xlat/tables/priorities.h"
#include "xlat/tables/sched_attr_flags.h"
#include "xlat/tables/sched_policies.h"

/*
 * The kernel's masks are arrays of longs; on little-endian hosts the
 * bytes read in order give the CPUs in order whatever the long size.
 */
/*
 * strace shows no more than the first 128 bytes (CPUs 0..1023), then
 * "..." when the set is longer, whatever -v and -s say.
 */
#define CPU_SET_SHOWN	128

void print_cpu_set(struct tcb *tcp, uint64_t addr, uint64_t len)
{
	unsigned char buf[CPU_SET_SHOWN];
	size_t n = 1, size = len < sizeof(buf) ? (size_t)len : sizeof(buf);

	if (addr && !size && qual_verbose(tcp)) {
		/* Nothing to read: an empty set, as strace shows it. */
		emit_array_begin(tcp);
		emit_array_end(tcp);
		return;
	}
	if (!addr || !qual_verbose(tcp) || tracee_read(tcp, addr, buf, size)) {
		emit_ptr(tcp, addr);
		return;
	}
	/* Apart by spaces; the text (n long) stops short of 4 KiB. */
	emit_array_begin(tcp);
	for (size_t i = 0; i < size * 8 && n < 4096 - 16; i++) {
		if (!(buf[i / 8] & (1u << (i % 8))))
			continue;
		n += (n > 1) + (size_t)snprintf(NULL, 0, "%zu", i);
		emit_next_space(tcp);
		emit_uint(tcp, i);
	}
	if (len > sizeof(buf)) {
		emit_next_space(tcp);
		emit_raw(tcp, "...");
	}
	emit_array_end(tcp);
}

SYS_FUNC(sched_getaffinity)
{
	if (entering(tcp)) {
		print_tid(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		/* cpusetsize is an unsigned int for strace */
		emit_uint(tcp, (uint32_t)tcp_arg(tcp, 1));
		emit_next(tcp);
		return 0;
	}
	/* The return value is the number of bytes the kernel wrote. */
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 2));
	else
		print_cpu_set(tcp, tcp_arg(tcp, 2), (uint64_t)tcp_rval(tcp));
	return 0;
}

SYS_FUNC(sched_setaffinity)
{
	print_tid(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	emit_uint(tcp, (uint32_t)tcp_arg(tcp, 1));
	emit_next(tcp);
	print_cpu_set(tcp, tcp_arg(tcp, 2), (uint32_t)tcp_arg(tcp, 1));
	return RVAL_DECODED;
}

static void print_policy(struct tcb *tcp, uint64_t policy)
{
	print_xval(tcp, sched_policies, (uint32_t)policy, "SCHED_???");
}

SYS_FUNC(sched_getscheduler)
{
	const char *name;

	if (entering(tcp)) {
		print_tid(tcp, tcp_iarg(tcp, 0));
		return 0;
	}
	if (syserror(tcp))
		return RVAL_DECIMAL;
	name = xlat_name(sched_policies, (uint64_t)tcp_rval(tcp));
	if (!name)
		return RVAL_DECIMAL;
	tcp->sc.auxstr = name;
	return RVAL_STR;
}

/* struct sched_param: one int, "[0]". */
static void print_sched_param(struct tcb *tcp, uint64_t addr)
{
	print_int_at(tcp, addr);
}

SYS_FUNC(sched_setscheduler)
{
	print_tid(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_policy(tcp, tcp_arg(tcp, 1));
	emit_next(tcp);
	print_sched_param(tcp, tcp_arg(tcp, 2));
	return RVAL_DECODED;
}

SYS_FUNC(sched_getparam)
{
	if (entering(tcp)) {
		print_tid(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	print_sched_param(tcp, tcp_arg(tcp, 1));
	return 0;
}

SYS_FUNC(sched_setparam)
{
	print_tid(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_sched_param(tcp, tcp_arg(tcp, 1));
	return RVAL_DECODED;
}

SYS_FUNC(sched_get_priority_max)
{
	print_policy(tcp, tcp_arg(tcp, 0));
	return RVAL_DECODED;
}

SYS_FUNC(sched_get_priority_min)
{
	print_policy(tcp, tcp_arg(tcp, 0));
	return RVAL_DECODED;
}

static int rr_get_interval(struct tcb *tcp, bool time64)
{
	if (entering(tcp)) {
		print_tid(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 1));
	else
		print_any_timespec(tcp, tcp_arg(tcp, 1), time64);
	return 0;
}

SYS_FUNC(sched_rr_get_interval)
{
	return rr_get_interval(tcp, false);
}

SYS_FUNC(sched_rr_get_interval_time64)
{
	return rr_get_interval(tcp, true);
}

/* include/uapi/linux/sched/types.h */
#define SCHED_ATTR_SIZE_VER0 48
#define SCHED_ATTR_SIZE_VER1 56

struct sched_attr_raw {
	uint32_t size;
	uint32_t sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime;
	uint64_t sched_deadline;
	uint64_t sched_period;
	uint32_t sched_util_min;
	uint32_t sched_util_max;
};

/* include/uapi/linux/sched.h */
#define K_SCHED_FLAG_KEEP_POLICY 0x08
#define K_SCHED_FLAG_KEEP_PARAMS 0x10

/*
 * struct sched_attr, its fields up to the size it states (0 is the
 * first version's).  A size short of that shows alone: the kernel reads
 * nothing else then.  Fields the flags tell the kernel to keep are left
 * out, as strace does: the policy with SCHED_FLAG_KEEP_POLICY or
 * SCHED_FLAG_KEEP_PARAMS, nice to period with SCHED_FLAG_KEEP_PARAMS.
 * A size past the struct sltrace knows ends in "...".
 */
static void print_sched_attr(struct tcb *tcp, uint64_t addr)
{
	struct sched_attr_raw a;
	ssize_t got;
	uint32_t size;

	memset(&a, 0, sizeof(a));
	got = addr && qual_verbose(tcp) ?
		tracee_read_partial(tcp, addr, &a, sizeof(a)) : -1;
	if (got < (ssize_t)sizeof(a.size)) {
		emit_ptr(tcp, addr);
		return;
	}
	size = a.size ? a.size : SCHED_ATTR_SIZE_VER0;
	if (size >= SCHED_ATTR_SIZE_VER0 && got < SCHED_ATTR_SIZE_VER0) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "size");
	emit_uint(tcp, a.size);
	if (size < SCHED_ATTR_SIZE_VER0) {
		emit_struct_end(tcp);
		return;
	}
	if (!(a.sched_flags &
	      (K_SCHED_FLAG_KEEP_POLICY | K_SCHED_FLAG_KEEP_PARAMS))) {
		emit_field(tcp, "sched_policy");
		print_policy(tcp, a.sched_policy);
	}
	emit_field(tcp, "sched_flags");
	print_flags(tcp, sched_attr_flags, a.sched_flags, "SCHED_FLAG_???");
	if (!(a.sched_flags & K_SCHED_FLAG_KEEP_PARAMS)) {
		emit_field(tcp, "sched_nice");
		emit_int(tcp, a.sched_nice);
		emit_field(tcp, "sched_priority");
		emit_uint(tcp, a.sched_priority);
		emit_field(tcp, "sched_runtime");
		emit_uint(tcp, a.sched_runtime);
		emit_field(tcp, "sched_deadline");
		emit_uint(tcp, a.sched_deadline);
		emit_field(tcp, "sched_period");
		emit_uint(tcp, a.sched_period);
	}
	if (size >= SCHED_ATTR_SIZE_VER1 && got >= SCHED_ATTR_SIZE_VER1) {
		emit_field(tcp, "sched_util_min");
		emit_uint(tcp, a.sched_util_min);
		emit_field(tcp, "sched_util_max");
		emit_uint(tcp, a.sched_util_max);
	}
	if (size > sizeof(a))
		emit_more(tcp);
	emit_struct_end(tcp);
}

SYS_FUNC(sched_getattr)
{
	if (entering(tcp)) {
		print_tid(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		return 0;
	}
	if (syserror(tcp))
		emit_ptr(tcp, tcp_arg(tcp, 1));
	else
		print_sched_attr(tcp, tcp_arg(tcp, 1));
	emit_next(tcp);
	emit_uint(tcp, (uint32_t)tcp_arg(tcp, 2));
	emit_next(tcp);
	emit_uint(tcp, (uint32_t)tcp_arg(tcp, 3));
	return 0;
}

/*
 * A size the kernel does not take fails with E2BIG after it wrote its
 * own size back (sched_copy_attr(), kernel/sched/syscalls.c):
 * "{size=1} => {size=56}".
 */
SYS_FUNC(sched_setattr)
{
	uint32_t size;

	if (entering(tcp)) {
		print_tid(tcp, tcp_iarg(tcp, 0));
		emit_next(tcp);
		print_sched_attr(tcp, tcp_arg(tcp, 1));
		return 0;
	}
	if (syserror(tcp) && tcp_rval(tcp) == -E2BIG && qual_verbose(tcp) &&
	    !tracee_read(tcp, tcp_arg(tcp, 1), &size, sizeof(size))) {
		emit_changed(tcp);
		emit_struct_begin(tcp);
		emit_field(tcp, "size");
		emit_uint(tcp, size);
		emit_struct_end(tcp);
	}
	emit_next(tcp);
	emit_uint(tcp, (uint32_t)tcp_arg(tcp, 2));
	return 0;
}

/* include/uapi/linux/resource.h */
#define K_PRIO_PROCESS 0
#define K_PRIO_PGRP 1

/* which and who: a thread, a process group or a user. */
static void print_prio_target(struct tcb *tcp)
{
	uint32_t which = (uint32_t)tcp_arg(tcp, 0);
	int who = tcp_iarg(tcp, 1);

	print_xval(tcp, priorities, which, "PRIO_???");
	emit_next(tcp);
	if (which == K_PRIO_PROCESS)
		print_tid(tcp, who);
	else if (which == K_PRIO_PGRP)
		print_pgid(tcp, who);
	else
		emit_int(tcp, who);
}

SYS_FUNC(getpriority)
{
	print_prio_target(tcp);
	return RVAL_DECODED;
}

SYS_FUNC(setpriority)
{
	print_prio_target(tcp);
	emit_next(tcp);
	emit_int(tcp, tcp_iarg(tcp, 2));
	return RVAL_DECODED;
}

/* include/uapi/linux/futex.h */
#define FUTEX_CMD_MASK 0x7f
#define FUTEX_PRIVATE 128
#define FUTEX_CLOCK_RT 256
#define FUTEX_BITSET_ANY 0xffffffffu

enum {
	F_WAIT = 0,
	F_WAKE,
	F_FD,
	F_REQUEUE,
	F_CMP_REQUEUE,
	F_WAKE_OP,
	F_LOCK_PI,
	F_UNLOCK_PI,
	F_TRYLOCK_PI,
	F_WAIT_BITSET,
	F_WAKE_BITSET,
	F_WAIT_REQUEUE_PI,
	F_CMP_REQUEUE_PI,
	F_LOCK_PI2,
};

/*
 * "FUTEX_WAIT_PRIVATE|FUTEX_CLOCK_REALTIME"; unknown as one number.
 * FUTEX_CLOCK_REALTIME is named only with the waits that take a timeout
 * it applies to (strace 6.1 shows FUTEX_LOCK_PI2's as unknown too), and
 * FUTEX_FD, gone from the kernel's list, is shown with its flag apart.
 */
static void print_futex_op(struct tcb *tcp, uint32_t op)
{
	uint32_t cmd = op & FUTEX_CMD_MASK;
	const char *name = xlat_name(futex_ops, op & ~FUTEX_CLOCK_RT);
	char text[96];

	if ((op & FUTEX_CLOCK_RT) && cmd != F_WAIT && cmd != F_WAIT_BITSET &&
	    cmd != F_WAIT_REQUEUE_PI)
		name = NULL;
	if (op == (F_FD | FUTEX_PRIVATE))
		name = "FUTEX_FD|FUTEX_PRIVATE_FLAG";
	if (!name || cfg.xlat_style == XLAT_STYLE_RAW) {
		print_xval(tcp, futex_ops, op, "FUTEX_???");
		return;
	}
	snprintf(text, sizeof(text), "%s%s", name,
		 op & FUTEX_CLOCK_RT ? "|FUTEX_CLOCK_REALTIME" : "");
	print_named(tcp, op, text, false);
}

/*
 * One field of a FUTEX_WAKE_OP word: "FUTEX_OP_ADD<<28", with -X
 * verbose "0x1 /\* FUTEX_OP_ADD *\/<<28"; unknown (and with -X raw)
 * "0x7<<24 /\* FUTEX_OP_CMP_??? *\/".
 */
static size_t sprint_wake_op_field(char *buf, size_t size, const struct xlat *x,
				   uint32_t v, unsigned int shift,
				   const char *dflt)
{
	const char *name = cfg.xlat_style == XLAT_STYLE_RAW ? NULL :
							      xlat_name(x, v);

	if (!name)
		return (size_t)snprintf(buf, size, "%#x<<%u /* %s */", v, shift,
					dflt);
	if (cfg.xlat_style == XLAT_STYLE_VERBOSE)
		return (size_t)snprintf(buf, size, "%#x /* %s */<<%u", v, name,
					shift);
	return (size_t)snprintf(buf, size, "%s<<%u", name, shift);
}

/*
 * FUTEX_WAKE_OP's val3 packs an operation, its argument, a comparison
 * and its argument: "FUTEX_OP_ADD<<28|0x1<<12|FUTEX_OP_CMP_GT<<24|0".
 */
static void print_futex_wake_op(struct tcb *tcp, uint32_t v)
{
	uint32_t op = (v >> 28) & 0xf, cmp = (v >> 24) & 0xf;
	uint32_t oparg = (v >> 12) & 0xfff, cmparg = v & 0xfff;
	char buf[256];
	size_t n = 0;

	if (op & 8)
		n += (size_t)snprintf(buf + n, sizeof(buf) - n,
				      "FUTEX_OP_OPARG_SHIFT<<28|");
	n += sprint_wake_op_field(buf + n, sizeof(buf) - n, futex_wake_ops,
				  op & 7, 28, "FUTEX_OP_???");
	n += (size_t)snprintf(buf + n, sizeof(buf) - n, "|%#x<<12|", oparg);
	n += sprint_wake_op_field(buf + n, sizeof(buf) - n, futex_wake_cmps,
				  cmp, 24, "FUTEX_OP_CMP_???");
	snprintf(buf + n, sizeof(buf) - n, "|%#x", cmparg);
	emit_sym(tcp, v, buf);
}

static void print_bitset(struct tcb *tcp, uint32_t v)
{
	if (v == FUTEX_BITSET_ANY)
		print_named(tcp, v, "FUTEX_BITSET_MATCH_ANY", false);
	else
		emit_hex(tcp, v);
}

static int futex_common(struct tcb *tcp, bool time64)
{
	uint32_t op = (uint32_t)tcp_arg(tcp, 1);
	uint32_t val = (uint32_t)tcp_arg(tcp, 2);
	uint64_t timeout = tcp_arg(tcp, 3), uaddr2 = tcp_arg(tcp, 4);
	uint32_t val2 = (uint32_t)timeout, val3 = (uint32_t)tcp_arg(tcp, 5);
	unsigned int cmd = op & FUTEX_CMD_MASK;

	emit_ptr(tcp, tcp_arg(tcp, 0));
	emit_next(tcp);
	print_futex_op(tcp, op);
	/*
	 * Arguments by the command (the op's low 7 bits), named or not:
	 * strace ignores the other bits here (0x10000000 takes FUTEX_WAIT's
	 * arguments, 0x182 FUTEX_FD's).
	 */
	if (cmd > F_LOCK_PI2)
		cmd = ~0u;
	switch (cmd) {
	case F_WAIT:
		emit_next(tcp);
		emit_uint(tcp, val);
		emit_next(tcp);
		print_any_timespec(tcp, timeout, time64);
		break;
	case F_LOCK_PI:
	case F_LOCK_PI2:
		emit_next(tcp);
		print_any_timespec(tcp, timeout, time64);
		break;
	case F_WAIT_BITSET:
		emit_next(tcp);
		emit_uint(tcp, val);
		emit_next(tcp);
		print_any_timespec(tcp, timeout, time64);
		emit_next(tcp);
		print_bitset(tcp, val3);
		break;
	case F_WAKE_BITSET:
		emit_next(tcp);
		emit_uint(tcp, val);
		emit_next(tcp);
		print_bitset(tcp, val3);
		break;
	case F_REQUEUE:
		emit_next(tcp);
		emit_uint(tcp, val);
		emit_next(tcp);
		emit_uint(tcp, val2);
		emit_next(tcp);
		emit_ptr(tcp, uaddr2);
		break;
	case F_CMP_REQUEUE:
	case F_CMP_REQUEUE_PI:
		emit_next(tcp);
		emit_uint(tcp, val);
		emit_next(tcp);
		emit_uint(tcp, val2);
		emit_next(tcp);
		emit_ptr(tcp, uaddr2);
		emit_next(tcp);
		emit_uint(tcp, val3);
		break;
	case F_WAKE_OP:
		emit_next(tcp);
		emit_uint(tcp, val);
		emit_next(tcp);
		emit_uint(tcp, val2);
		emit_next(tcp);
		emit_ptr(tcp, uaddr2);
		emit_next(tcp);
		print_futex_wake_op(tcp, val3);
		break;
	case F_WAIT_REQUEUE_PI:
		emit_next(tcp);
		emit_uint(tcp, val);
		emit_next(tcp);
		print_any_timespec(tcp, timeout, time64);
		emit_next(tcp);
		emit_ptr(tcp, uaddr2);
		break;
	case F_WAKE:
	case F_FD:
		emit_next(tcp);
		emit_uint(tcp, val);
		break;
	case F_UNLOCK_PI:
	case F_TRYLOCK_PI:
		break;
	default:
		emit_next(tcp);
		emit_uint(tcp, val);
		emit_next(tcp);
		emit_ptr(tcp, tcp_arg(tcp, 3));
		emit_next(tcp);
		emit_hex(tcp, uaddr2);
		emit_next(tcp);
		emit_hex(tcp, val3);
		break;
	}
	return RVAL_DECODED;
}

SYS_FUNC(futex)
{
	return futex_common(tcp, false);
}

SYS_FUNC(futex_time64)
{
	return futex_common(tcp, true);
}
