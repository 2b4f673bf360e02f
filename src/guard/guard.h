/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The guardian: what sltrace changed in the programs it traces, kept
 * where a small process started by sltrace can reach it, so that when
 * sltrace dies (kill -9, the OOM killer, a crash) the programs are put
 * back as they were and let go instead of dying of SIGTRAP at their next
 * breakpoint.
 *
 * sltrace side: every change to tracee memory that must be undone (an
 * int3 over an instruction, a return address pointed at the trap page)
 * is recorded here before it is made and forgotten after it is undone.
 * Records live in memory shared with the guardian; recording is a few
 * stores, nothing next to the ptrace stop that causes it.
 *
 * Guardian side (guardian.c): a process that ptraces sltrace with only
 * PTRACE_O_TRACEEXIT.  When sltrace dies with records left, the kernel
 * stops it at its exit event, before its tracees are let go: the
 * guardian makes every tracee thread park with a SIGSTOP pending, lets
 * sltrace finish dying, seizes the tasks (now group-stopped), undoes the
 * records, moves threads caught at one of our traps back to where they
 * were, detaches and sends SIGCONT.
 *
 * This module knows no breakpoint and no library call: only addresses,
 * bytes and threads.
 */
#ifndef SLTRACE_GUARD_H
#define SLTRACE_GUARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

enum guard_kind {
	/* Code bytes (an int3 over an instruction). */
	GUARD_CODE = 1,
	/* A word on a thread's stack (a return address pointed at a trap):
	 * undone only while it is still at or above that thread's sp. */
	GUARD_WORD,
	/* Not a change: the address of a return trap.  A thread caught on
	 * it returns to the GUARD_WORD its ret popped (at sp - 8, or
	 * sp - 4 in a 32-bit program). */
	GUARD_TRAP,
	/* Not a change: a thread stopped by SIGSTOP with its pc here was
	 * stopped by us (a breakpoint stub), not by the program or a user. */
	GUARD_STOP,
};

struct guard_undo;

/*
 * Start the guardian, once, before sltrace changes any tracee memory.
 * Without one (--no-guardian, or it could not trace sltrace: another
 * tracer, a Yama policy), nothing is recorded and sltrace works as
 * before; that is said under -d.  Returns 0 either way.
 */
int guard_start(void);

/* A guardian watches: records are kept. */
bool guard_active(void);

/* The guardian's pid, 0 when none was started (it may be our child: we
 * are the init of a pid namespace). */
pid_t guard_pid(void);

/*
 * Record, before it is made, the change of len bytes (at most 16) at
 * addr in the memory of process tgid from orig to now.  tid: the thread
 * whose stack holds a GUARD_WORD, else 0.  The handle is the caller's
 * until guard_forget; NULL when no guardian runs or the record space is
 * full (the change is then not guarded).
 */
struct guard_undo *guard_record(enum guard_kind kind, pid_t tgid, pid_t tid,
				uint64_t addr, const void *orig,
				const void *now, size_t len);

/* The same change in a fork child's copy of the memory (process tgid). */
struct guard_undo *guard_copy(const struct guard_undo *u, pid_t tgid);

/* The change was undone, or its memory is gone (exec, exit).  NULL: no-op. */
void guard_forget(struct guard_undo *u);

/*
 * A syscall is being run inside thread tid of tgid (src/bp/): its user
 * registers, saved, are what it must get back if sltrace dies meanwhile.
 * regs is a struct user_regs_struct.  guard_regs_done() when restored.
 */
void guard_regs_saved(pid_t tgid, pid_t tid, const void *regs, size_t len);
void guard_regs_done(void);

/*
 * Thread tid's SIGTRAP stop was collected (waitpid) and is being handled:
 * should sltrace die before guard_trap_done(), the thread stands just
 * past the int3 with no signal to come (a collected stop's signal is
 * gone), and the guardian moves it back onto the instruction.  A stop
 * sltrace had not collected is another matter: the kernel delivers its
 * SIGTRAP to the program when sltrace dies, and nothing can stop that.
 */
void guard_trap_held(pid_t tid);
void guard_trap_done(void);

/*
 * The tracees run under sltrace's seccomp filter, inherited by all
 * their children: a syscall it selects stops them for a tracer, and
 * fails with ENOSYS when there is none.  Should sltrace die, the
 * guardian stays their tracer and lets each such syscall run, until
 * they are all gone.
 */
void guard_serve_filter(void);

/*
 * Every change is undone (sltrace is about to exit): the guardian lets
 * go of sltrace and ends, so that sltrace's last moments (atexit, the
 * leak checker of a sanitized build) run untraced.  Nothing happens
 * while records are left: the guardian then acts at sltrace's exit.
 */
void guard_stop(void);

#endif /* SLTRACE_GUARD_H */
