/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * struct tcb: one traced task (thread).  The engine owns it; consumers
 * read it and may hang private state on it for the span of a syscall.
 */
#ifndef SLTRACE_TCB_H
#define SLTRACE_TCB_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#include "arch/arch.h"

/* How many taps (engine_add_tap) there can be. */
#define ENGINE_TAPS_MAX 4

struct sysent;
struct outstream;
struct inject_task;

/*
 * Where the text writer is in a task's line (src/output/emit.c).  It
 * lives in the task because a syscall line is written in two halves, at
 * the entry and the exit stop, with other tasks' lines in between.
 */
#define EMIT_JSON_DEPTH 8
struct emit_state {
	uint32_t seen;			/* bit n: an item is out at depth n */
	uint8_t depth;			/* struct/array nesting, 0: arguments */
	bool sep;			/* a separator is the last thing out */
	/*
	 * The JSON writer's (src/output/json.c): items written at each
	 * depth, where the last one's value begins in the record (to wrap
	 * it when a comment or a -y path follows), which depths are
	 * arrays, a key already written for the next item, and the part
	 * of the record being written.
	 */
	uint16_t jcount[EMIT_JSON_DEPTH];
	uint32_t joff[EMIT_JSON_DEPTH];
	uint32_t jarray;		/* bit n: depth n is an array */
	uint32_t jwrapped;		/* bit n: its last value is wrapped */
	uint32_t jclose;		/* bit n: "}" after its next value */
	uint32_t jspaces;		/* bit n: its items are apart by " " */
	uint16_t jnamed;		/* bit i: argument i is name=value */
	uint8_t jargbase;		/* the first argument's number - 1 */
	const char *jargnames;		/* a library call's: "fd,buf,count" */
	bool jkey;			/* the next item's key is out */
	uint8_t jpart;			/* JPART_* */
	bool jheld;			/* the record holds tcp's stream */
	bool jcall;			/* the record is a library call's */
	bool jstack;			/* -k: its stack goes in it */
	bool jframes;			/* "stack": [ is open */
};

/* The syscall a task is in, from entry to exit. */
struct syscall_state {
	long nr;			/* number in pers's table */
	/*
	 * The number the task called, what -n shows: nr differs from it
	 * once an i386 socketcall or ipc is resolved to its sub-call's row.
	 */
	long scno;
	int pers;			/* PERS_* at entry */
	uint64_t args[MAX_ARGS];
	const struct sysent *ent;	/* NULL: unknown number */
	bool exiting;			/* false at entry, true at exit */
	bool has_rval;			/* exit stop carried a return value */
	int64_t rval;			/* at exit: return value, or -errno */
	bool is_error;			/* rval is -errno */
	struct timespec t_entry;	/* CLOCK_MONOTONIC at the entry stop */
	struct timespec t_exit;		/* CLOCK_MONOTONIC at the exit stop */
	uint64_t stime_entry;		/* tracee system CPU time (ns) at */
	uint64_t stime_exit;		/* entry and exit, with cfg.need_stime */
	uint64_t ip;			/* instruction pointer at entry */
	int rval_flags;			/* RVAL_* decided by the decoder */
	unsigned int nargs_printed;	/* arguments already out (argfmt) */
	const char *auxstr;		/* RVAL_STR: text after the return */
	char auxbuf[96];		/* room for a decoder's auxstr */
	struct emit_state emit;		/* reset by line_begin() */
	unsigned int injected;		/* SC_INJECTED_*, SC_DELAYED */
};

/* syscall_state.injected, set by -e inject= (src/engine/inject.c) */
#define SC_INJECTED_ERROR	0x01	/* error= replaced the result */
#define SC_INJECTED_RETVAL	0x02	/* retval= replaced the result */
#define SC_DELAYED		0x04	/* held by delay_enter=/delay_exit= */
#define SC_REPLACED		0x08	/* will not run: exit (even exit_group's) comes */
#define SC_INJECTED_ARGS	0x10	/* poke_enter=/poke_exit= wrote memory */

/* tcb->flags */
#define TCB_IN_SYSCALL		0x0001	/* between entry and exit stops */
#define TCB_STARTUP		0x0002	/* launched child, before its execve */
#define TCB_ATTACHED		0x0004	/* seized by us (-p or launched) */
#define TCB_GROUP_STOPPED	0x0010	/* in group-stop, resumed by LISTEN */
#define TCB_HIDE_LOG		0x0020	/* don't print (before first execve) */
#define TCB_DETACHING		0x0040	/* interrupted, detach at next stop */
#define TCB_RESTART_PENDING	0x0080	/* first syscall after attach */
#define TCB_EXITING		0x0100	/* PTRACE_EVENT_EXIT seen */
#define TCB_ENTRY_PRINTED	0x0200	/* the entry half of a line is out */
#define TCB_FIRST_EXEC		0x0400	/* launched child in its first execve */
#define TCB_HIDE_SYSCALLS	0x0800	/* first execve failed: show only exit */
#define TCB_SECCOMP		0x1000	/* runs under our seccomp filter */
#define TCB_SILENT		0x2000	/* followed only for the filter's sake */
#define TCB_QUIET_DETACH	0x4000	/* detached by -b: no message */
#define TCB_LC_HOLD		0x8000	/* new task: wait for its parent's event */
#define TCB_LC_HELD		0x10000	/* ...and its first stop came: held */
#define TCB_LC_DETACH		0x20000	/* detach at its first stop */
#define TCB_DETACH_READY	0x40000	/* detach_all: stopped, detach_sig set */
#define TCB_BLIND_EXIT		0x80000	/* in a syscall nobody wants the exit of */
#define TCB_UNANNOUNCED		0x100000 /* first stop came before the parent's event */
#define TCB_REQUEUED		0x200000 /* engine_hold: its stop is not over */

struct tcb {
	pid_t pid;			/* tid */
	pid_t tgid;			/* thread-group id, 0 until known */
	unsigned int flags;
	int pers;			/* current personality */
	struct syscall_state sc;
	long restart_nr;		/* previous or attach-interrupted syscall, -1 */

	struct outstream *out;		/* where this task's lines go */

	/*
	 * Per-syscall private data of a consumer, freed by the engine
	 * through priv_free at syscall exit and when the task goes away.
	 */
	void *priv;
	void (*priv_free)(void *);

	/* -e inject= counters and holds; freed with the tcb. */
	struct inject_task *inject;

	/*
	 * Each tap's own state of the task, in the slot engine_add_tap gave
	 * it; the tap frees it in its task_free.
	 */
	void *tap_state[ENGINE_TAPS_MAX];
	int detach_sig;			/* detach_all: the signal to pass on */

	struct tcb *hash_next;		/* engine's pid table */
	struct tcb *list_next;		/* engine's list of all tasks */
};

/* Free tcb->priv now (normally done by the engine). */
void tcb_priv_clear(struct tcb *tcp);

#endif
