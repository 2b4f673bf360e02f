/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * New processes and threads: clone, clone3 (fork and vfork take no
 * arguments and print by their table rows).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "output/pidcomm.h"
#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/file.h"
#include "syscall/process.h"
#include "xlat/tables/clone3_flags.h"
#include "xlat/tables/clone_flags.h"

/* include/uapi/linux/sched.h */
#define CSIGNAL 0x000000ff
#define CLONE_PIDFD 0x00001000
#define CLONE_SETTLS 0x00080000
#define CLONE_PARENT_SETTID 0x00100000
#define CLONE_CHILD_CLEARTID 0x00200000
#define CLONE_CHILD_SETTID 0x01000000
#define CLONE_INTO_CGROUP 0x200000000ULL
#define CLONE_ARGS_SIZE_VER0 64
#define CLONE_ARGS_SIZE_VER2 88 /* the size this decoder knows */
/* kernel/pid.c: a pid namespace nests at most 32 deep (MAX_PID_NS_LEVEL) */
#define MAX_SET_TID_SIZE 32

/*
 * clone flags: the flag bits, then the exit signal of the low byte by
 * name or number: "CLONE_VM|CLONE_FS|SIGCHLD", "SIGCHLD", "0".
 */
static void print_clone_flags(struct tcb *tcp, uint64_t val)
{
	uint64_t flags = val & ~(uint64_t)CSIGNAL;
	int sig = (int)(val & CSIGNAL);
	const char *name = sig ? signal_name(sig) : NULL;
	char text[1200];
	size_t n = 0;

	text[0] = '\0';
	if (flags) {
		sprint_flags(text, sizeof(text), clone_flags, flags,
			     "CLONE_???");
		n = strlen(text);
	}
	/* Each part in the -X style: "0x1200000 /\* ... *\/|17 /\* SIGCHLD *\/". */
	if (sig || !flags) {
		const char *sep = n ? "|" : "";

		if (!name || cfg.xlat_style == XLAT_STYLE_RAW)
			snprintf(text + n, sizeof(text) - n, "%s%d", sep, sig);
		else if (cfg.xlat_style == XLAT_STYLE_VERBOSE)
			snprintf(text + n, sizeof(text) - n, "%s%d /* %s */",
				 sep, sig, name);
		else
			snprintf(text + n, sizeof(text) - n, "%s%s", sep, name);
	}
	emit_sym(tcp, val, text);
}

/* The pidfd CLONE_PIDFD stored at addr: "[3]", with -y "[3<anon_inode:[pidfd]>]". */
static void print_pidfd_at(struct tcb *tcp, uint64_t addr)
{
	int32_t fd;

	if (!addr || syserror(tcp) || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, &fd, sizeof(fd))) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_array_begin(tcp);
	print_fd(tcp, fd);
	emit_array_end(tcp);
}

/*
 * clone(flags, stack, parent_tid, child_tid, tls) on x86_64;
 * clone(flags, stack, parent_tid, tls, child_tid) on i386.
 * strace shows the stack and the flags at entry, the pointers the
 * kernel writes through at exit.
 */
/* "[tid]": the thread id the kernel wrote at addr, as print_tid shows it. */
static void print_tid_at(struct tcb *tcp, uint64_t addr)
{
	int32_t tid;

	if (!addr || syserror(tcp) || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, &tid, sizeof(tid))) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_array_begin(tcp);
	print_tid(tcp, tid);
	emit_array_end(tcp);
}

SYS_FUNC(clone)
{
	uint64_t flags = tcp_arg(tcp, 0);
	bool compat = tcp_wordsize(tcp) == 4;
	uint64_t ptid = tcp_arg(tcp, 2);
	uint64_t ctid = tcp_arg(tcp, compat ? 4 : 3);
	uint64_t tls = tcp_arg(tcp, compat ? 3 : 4);

	if (entering(tcp)) {
		emit_field(tcp, "child_stack");
		emit_ptr(tcp, tcp_arg(tcp, 1));
		emit_field(tcp, "flags");
		print_clone_flags(tcp, flags);
		return 0;
	}
	/* With CLONE_PIDFD the kernel puts the pidfd there instead. */
	if (flags & CLONE_PIDFD) {
		emit_field(tcp, "parent_tid");
		print_pidfd_at(tcp, ptid);
	} else if (flags & CLONE_PARENT_SETTID) {
		emit_field(tcp, "parent_tid");
		print_tid_at(tcp, ptid);
	}
	if (flags & CLONE_SETTLS) {
		emit_field(tcp, "tls");
		/* i386's user_desc, for a clone that succeeded only. */
		if (compat && !syserror(tcp))
			print_user_desc(tcp, tls, true);
		else
			emit_ptr(tcp, tls);
	}
	if (flags & (CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID)) {
		emit_field(tcp, "child_tidptr");
		emit_ptr(tcp, ctid);
	}
	return RVAL_TID;
}

/*
 * The new task's id, decorated by -Y and --decode-pids=pidns like every
 * pid: a thread's (clone makes threads too).
 */
SYS_FUNC(fork)
{
	return RVAL_DECODED | RVAL_TID;
}

SYS_FUNC(vfork)
{
	return RVAL_DECODED | RVAL_TID;
}

/* struct clone_args, include/uapi/linux/sched.h: eleven u64. */
struct clone_args_raw {
	uint64_t flags, pidfd, child_tid, parent_tid, exit_signal;
	uint64_t stack, stack_size, tls, set_tid, set_tid_size, cgroup;
};

static int read_clone_args(struct tcb *tcp, struct clone_args_raw *a)
{
	uint64_t size = tcp_arg(tcp, 1);

	if (size < CLONE_ARGS_SIZE_VER0 || !qual_verbose(tcp))
		return -1;
	if (size > sizeof(*a))
		size = sizeof(*a);
	memset(a, 0, sizeof(*a));
	return tracee_read(tcp, tcp_arg(tcp, 0), a, (size_t)size);
}

static void print_set_tid(struct tcb *tcp, uint64_t addr, uint64_t n)
{
	int32_t tids[MAX_SET_TID_SIZE];

	if (!addr || !n || n > MAX_SET_TID_SIZE ||
	    tracee_read(tcp, addr, tids, (size_t)n * sizeof(tids[0]))) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_array_begin(tcp);
	for (uint64_t i = 0; i < n; i++) {
		emit_next(tcp);
		emit_int(tcp, tids[i]);
	}
	emit_array_end(tcp);
}

/*
 * The bytes past the struct this decoder knows: nothing when they are
 * zero (the kernel accepts that), else "/\* bytes 88..95 *\/ \"\\x..\"",
 * or "???" when they cannot be read.  True when there is something.
 */
static bool clone3_tail_shows(struct tcb *tcp, uint64_t addr, uint64_t size)
{
	unsigned char buf[256];
	uint64_t len;

	if (size > STRUCT_TAIL_MAX)
		size = STRUCT_TAIL_MAX;
	if (size <= CLONE_ARGS_SIZE_VER2)
		return false;
	len = size - CLONE_ARGS_SIZE_VER2;
	while (len) {
		size_t n = len < sizeof(buf) ? (size_t)len : sizeof(buf);

		if (tracee_read(tcp, addr + size - len, buf, n))
			return true;
		for (size_t i = 0; i < n; i++)
			if (buf[i])
				return true;
		len -= n;
	}
	return false;
}

/* exit_signal is a u64: a signal by name, else the number unsigned. */
static void print_exit_signal(struct tcb *tcp, uint64_t sig)
{
	if (sig <= 0x7fffffff)
		print_signo(tcp, (int)sig);
	else
		emit_uint(tcp, sig);
}

static void print_clone_args(struct tcb *tcp, const struct clone_args_raw *a,
			     uint64_t size)
{
	emit_struct_begin(tcp);
	emit_field(tcp, "flags");
	print_flags(tcp, clone3_flags, a->flags, "CLONE_???");
	if (a->flags & CLONE_PIDFD) {
		emit_field(tcp, "pidfd");
		emit_ptr(tcp, a->pidfd);
	}
	if (a->flags & (CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID)) {
		emit_field(tcp, "child_tid");
		emit_ptr(tcp, a->child_tid);
	}
	if (a->flags & CLONE_PARENT_SETTID) {
		emit_field(tcp, "parent_tid");
		emit_ptr(tcp, a->parent_tid);
	}
	emit_field(tcp, "exit_signal");
	print_exit_signal(tcp, a->exit_signal);
	emit_field(tcp, "stack");
	emit_ptr(tcp, a->stack);
	emit_field(tcp, "stack_size");
	emit_hex(tcp, a->stack_size);
	if (a->flags & CLONE_SETTLS) {
		emit_field(tcp, "tls");
		if (tcp_wordsize(tcp) == 4)
			print_user_desc(tcp, a->tls, true);
		else
			emit_ptr(tcp, a->tls);
	}
	/* The fields of later versions, when the size takes them in. */
	if (size >= 80 && (a->set_tid || a->set_tid_size)) {
		emit_field(tcp, "set_tid");
		print_set_tid(tcp, a->set_tid, a->set_tid_size);
		emit_field(tcp, "set_tid_size");
		emit_uint(tcp, a->set_tid_size);
	}
	if (size >= CLONE_ARGS_SIZE_VER2 &&
	    (a->cgroup || (a->flags & CLONE_INTO_CGROUP))) {
		emit_field(tcp, "cgroup");
		emit_uint(tcp, a->cgroup);
	}
	if (size > CLONE_ARGS_SIZE_VER2)
		print_struct_tail(tcp, tcp_arg(tcp, 0), CLONE_ARGS_SIZE_VER2,
				  size);
	emit_struct_end(tcp);
}

SYS_FUNC(clone3)
{
	uint64_t addr = tcp_arg(tcp, 0), size = tcp_arg(tcp, 1);
	struct clone_args_raw a;

	if (entering(tcp)) {
		if (read_clone_args(tcp, &a))
			emit_ptr(tcp, addr);
		else
			print_clone_args(tcp, &a, size);
		return 0;
	}
	/*
	 * What the kernel wrote back: " => {pidfd=[4], parent_tid=[9162]}",
	 * and the bytes past the struct again.
	 */
	if (!syserror(tcp) && !read_clone_args(tcp, &a) &&
	    ((a.flags & (CLONE_PIDFD | CLONE_PARENT_SETTID)) ||
	     clone3_tail_shows(tcp, addr, size))) {
		emit_changed(tcp);
		emit_struct_begin(tcp);
		if (a.flags & CLONE_PIDFD) {
			emit_field(tcp, "pidfd");
			print_pidfd_at(tcp, a.pidfd);
		}
		if (a.flags & CLONE_PARENT_SETTID) {
			emit_field(tcp, "parent_tid");
			print_tid_at(tcp, a.parent_tid);
		}
		if (size > CLONE_ARGS_SIZE_VER2)
			print_struct_tail(tcp, addr, CLONE_ARGS_SIZE_VER2,
					  size);
		emit_struct_end(tcp);
	}
	emit_next(tcp);
	emit_uint(tcp, size);
	return RVAL_TID;
}
