/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The ptrace engine: it launches or attaches, runs the waitpid loop,
 * classifies each stop and hands events to one consumer.  It never
 * prints trace lines; it knows nothing about decoding.
 */
#ifndef SLTRACE_ENGINE_H
#define SLTRACE_ENGINE_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include <sys/types.h>

#include "engine/tcb.h"

struct inject_spec;
struct scset;

/*
 * What the engine reports.  Every callback is optional.  The tcb is
 * valid for the duration of the call only (except as noted).
 */
/* engine_consumer.spawned's how */
enum { ENGINE_FORK, ENGINE_VFORK, ENGINE_CLONE };

struct engine_consumer {
	/* A task was attached with -p (for "Process N attached"). */
	void (*attached)(struct tcb *tcp, unsigned int nthreads);
	/* A new task appeared (fork/clone under -f, or the launched child). */
	void (*new_task)(struct tcb *tcp);
	/* A child or thread was picked up by -f. */
	void (*followed)(struct tcb *tcp);
	/*
	 * With -f, a traced task made another (PTRACE_EVENT_FORK, _VFORK,
	 * _CLONE): how (ENGINE_FORK...) and, for clone, its flags.  The
	 * child may have ended already; it is followed after this.
	 */
	void (*spawned)(struct tcb *parent, pid_t child, int how,
			uint64_t clone_flags);
	/* Syscall-entry and syscall-exit stops; tcp->sc is filled in. */
	void (*syscall_entry)(struct tcb *tcp);
	void (*syscall_exit)(struct tcb *tcp);
	/* A signal is about to be delivered (it is re-injected after). */
	void (*signal)(struct tcb *tcp, const siginfo_t *si);
	/* The task entered group-stop because of signal sig. */
	void (*group_stop)(struct tcb *tcp, int sig);
	/*
	 * execve succeeded.  former_tid != tcp->pid when a non-leader
	 * thread exec'd and took over the leader's pid.
	 */
	void (*exec)(struct tcb *tcp, pid_t former_tid);
	/* A thread-group member vanished because another thread exec'd. */
	void (*superseded)(struct tcb *tcp, pid_t by_tid);
	/* The personality changed (e.g. execve of a 32-bit program). */
	void (*personality)(struct tcb *tcp, int pers);
	/* The task exited (WIFEXITED) or was killed (WIFSIGNALED). */
	void (*exited)(struct tcb *tcp, int wait_status);
	/* A child of ours that we never traced ended: a CLONE_PARENT child
	 * of the command, without -f (strace: "Exit of unknown pid"). */
	void (*stranger_exited)(pid_t pid, int wait_status);
	/* A CLONE_PTRACE child of the command, without -f: the kernel
	 * attached it, we let it go at once. */
	void (*stranger_detached)(pid_t pid);
	/* We detached from the task (-p, on a signal to sltrace). */
	void (*detached)(struct tcb *tcp);
	/* waitpid was interrupted by a signal (e.g. an output timer). */
	void (*tick)(void);
	/*
	 * tcp's struct is freed now, whether or not a consumer heard of
	 * the task (a hidden thread ends without exited): nothing may
	 * keep a pointer to it.
	 */
	void (*forget)(struct tcb *tcp);
};

/*
 * A tap changes its tracees (breakpoints in their memory) and claims the
 * stops its changes cause; the engine knows taps only through this.
 * While one is registered, every new task is caught before it runs (a
 * fork child has a copy of the tap's bytes) and held until the tap has
 * seen it; detaching lets each tap undo its changes first.  Every
 * callback is optional; they are called in registration order, and the
 * first that claims a stop has it.
 */
struct engine_tap {
	/* A SIGTRAP or SIGSTOP signal-delivery stop: true if it is the tap's
	 * (the task goes on without the signal). */
	bool (*signal_stop)(struct tcb *tcp, int sig);
	/* A syscall-entry stop at ip: true if the syscall is the tap's own
	 * (neither shown nor counted; the task goes on). */
	bool (*syscall_stop)(struct tcb *tcp, uint64_t ip);
	/* A new task of parent (thread: it shares the thread group; shares_vm:
	 * its memory; follow: it is traced for the user).  True: once the
	 * tap is done with it, let it go (a fork child nobody follows). */
	bool (*new_task)(struct tcb *parent, struct tcb *child, bool thread,
			 bool shares_vm, bool follow);
	/* A successful execve: the old image is gone. */
	void (*exec)(struct tcb *tcp);
	/* The task is exiting (PTRACE_EVENT_EXIT). */
	void (*exiting)(struct tcb *tcp);
	/* The first stop of a task attached with -p. */
	void (*attached_stop)(struct tcb *tcp);
	/* The engine is about to let the task go: undo the tap's changes. */
	void (*detach)(struct tcb *tcp);
	/* The tcb is freed: the tap's per-task state goes. */
	void (*task_free)(struct tcb *tcp);
};

/*
 * Before engine_init(): add a tap (kept, not copied).  Returns its slot
 * in tcb->tap_state, or -1 when ENGINE_TAPS_MAX are there already.
 */
int engine_add_tap(const struct engine_tap *tap);

/*
 * Before engine_init(): one more consumer (kept, not copied; at most 8).
 * Each event goes to every consumer, in the order they were added.
 */
void engine_add_consumer(const struct engine_consumer *consumer);

/*
 * Called before sltrace installs its own signal handlers: the launched
 * command gets back the dispositions it would have inherited.
 */
void launch_note_signals(void);

/* engine_config.interruptible: when the fatal signals may interrupt. */
enum {
	INTR_ANYWHERE = 1,		/* never blocked */
	INTR_WAITING,			/* only while waiting */
	INTR_NEVER,			/* always blocked ("-o FILE PROG") */
	INTR_NEVER_TSTP,		/* the same, and SIGTSTP too */
};

/*
 * What the engine is asked to do: given to engine_init(), which keeps a
 * copy (the arrays must stay valid).  The engine reads no other setting.
 */
struct engine_config {
	char **argv;			/* the command to launch, or NULL */
	const pid_t *attach_pids;	/* -p, in order */
	size_t n_attach;
	bool follow_forks;		/* -f: trace children and threads */
	bool no_seccomp;		/* never install the seccomp filter */
	bool detach_on_execve;		/* -b execve */
	bool kill_on_exit;		/* PTRACE_O_EXITKILL */
	/* Tasks may be let go mid-run (--syscall-limit): no filter. */
	bool may_detach;
	bool need_stime;		/* the tracee's system time at stops */
	/* INTR_*; 0: INTR_NEVER with a command traced into a file, else
	 * INTR_WAITING (strace's defaults). */
	int interruptible;
	bool output_to_file;		/* -o: for interruptible's default */
	const char *username;		/* -u: run the command as this user */
	int daemonize;			/* -D count */
	char **env_ops;			/* -E: "VAR=VAL" sets, "VAR" unsets */
	size_t n_env_ops;
	bool debug_stops;		/* -dd: log every stop */
	/*
	 * -e trace=: the syscalls the user asked for (what the seccomp
	 * filter stops at, with the consumers' extras), and whether it
	 * leaves any known one out (else no filter is worth it).
	 */
	const struct scset *trace_set;
	bool trace_partial;
	/*
	 * At a syscall's entry: is it one the user selected (-e trace=,
	 * -P)?  -e inject= acts on those only.  NULL: every one.
	 */
	bool (*selected)(struct tcb *tcp);
	/*
	 * At a syscall's entry, before -e inject= looks at it: i386's
	 * socketcall and ipc become the sub-call they carry (sc's row,
	 * number and arguments), which is what inject= names.  NULL: none.
	 */
	void (*subcall)(struct tcb *tcp);
	/* -e inject= and -e fault=, in the order given. */
	const struct inject_spec *inject;
	unsigned int n_inject;
	/*
	 * A message of sltrace's own about the trace ("NAME: text" on
	 * stderr, in its place among the lines): what tampering could not
	 * do.  NULL: not said.
	 */
	void (*warn)(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
};

/*
 * The command's path as launching it finds it in $PATH (malloc'd), or
 * NULL with the error said.
 */
char *launch_resolve_path(const char *name);

/*
 * For a caller that watches the command without ptrace: conf->argv
 * started as the engine starts it (-u, -E, SIGPIPE as found), but held
 * before its execve, not seized.  The caller watches it, then calls
 * launch_go(true); it is the caller's child.  Its pid, or -1 (said).
 */
pid_t launch_held(const struct engine_config *conf);

/*
 * The held command goes on to its execve (go), or ends with exit 1
 * without running anything (!go; should sltrace die first, it reads
 * end-of-file and says so).  engine_run() says go itself.  Once; then a
 * no-op.
 */
void launch_go(bool go);

/*
 * Start: launch conf->argv and/or attach to conf->attach_pids, reporting
 * to the consumers added, and to consumer (added last) unless NULL.
 */
int engine_init(const struct engine_config *conf,
		const struct engine_consumer *consumer);

/*
 * Run until no traced task is left or a terminating signal arrives.
 * Returns the exit status sltrace should have: the launched command's
 * exit code, or 128+signal when it was killed (the caller re-raises),
 * 0 with only -p.  *killed_by is set to the signal that killed the
 * launched command, or 0.
 */
int engine_run(int *killed_by);

/*
 * A consumer cannot go on (e.g. a -ff file cannot be created): detach
 * from attached tasks, kill the launched command, and make engine_run
 * return 1, as strace does.
 */
void engine_abort(void);

/* The pid of the command engine_init() started, 0 if none. */
pid_t engine_launched(void);

/*
 * Detach from every task at the next opportunity and let them run on
 * (--syscall-limit reached); engine_run then returns 0.
 */
void engine_detach_all(void);

/*
 * A periodic timer for a consumer that acts on the clock (a summary
 * every N seconds, a script's interval:): a POSIX timer of its own
 * raising SIGALRM every period_ns, which breaks the engine's wait so
 * that the consumers' tick runs (a handler without SA_RESTART is put in
 * when SIGALRM has none).  Periodic: a signal that lands just before
 * the wait rather than inside it is followed by another.  0 or -errno;
 * timer_delete(*t) stops it.
 */
int engine_timer_start(uint64_t period_ns, timer_t *t);

/*
 * The trace cannot go on (its output failed): let every task go as
 * engine_detach_all() does, or, for tasks under the seccomp filter,
 * which would see ENOSYS without a tracer, keep them silently: their
 * filter's stops are answered and nothing more is done for them.
 */
void engine_end_trace(void);

/*
 * A wait status someone else's waitpid collected (src/bp/ running a
 * syscall in the tracee): the stop loop handles it next.
 */
void engine_push_status(pid_t pid, int status);

/*
 * For a tap that must run one task alone (src/bp/ stepping an instruction
 * with its int3 lifted): stop every other task of tcp's process that may
 * be running — PTRACE_INTERRUPT, then a wait for its next stop.  Each
 * status so collected (the interrupt's stop, or a syscall stop, a signal,
 * an exit that came first) is queued for the stop loop, which handles it
 * as if it had just arrived: an interrupt's stop by resuming the task as
 * it was.  So the tasks run again only once the caller's stop is over.
 * A task already in a stop the engine holds (a status queued, a new
 * task's first stop, a group-stop, an -e inject= delay, detaching) is
 * left as it is: it runs no code either.  Returns how many were stopped.
 */
unsigned int engine_stop_others(struct tcb *tcp);

/*
 * tcp's stop is not over: status, a stop of tcp's that the caller
 * collected with its own waitpid, is handled next as if it had just
 * arrived, and the stop being handled now ends without resuming tcp.
 */
void engine_hold(struct tcb *tcp, int status);

/*
 * Before engine_init(): make syscall nr of personality pers stop the
 * launched command even when the seccomp-BPF filter would let it run
 * (-e trace= leaves it out).  The printer still shows only what -e
 * trace= selects; the consumer sees the extra entry and exit stops.
 */
void engine_stop_also_at(int pers, long nr);

/*
 * The same, where it costs no stop more: under the seccomp filter, or
 * when other syscalls stop the tasks anyway.  A consumer that only
 * watches (a message it may give) asks this way; a trace of library
 * calls alone keeps running its tasks with no syscall stop at all.
 */
void engine_stop_also_if_free(int pers, long nr);

/*
 * Before engine_init(): a consumer may tamper with syscalls (a script's
 * override(), signal(), chill() under -w).  Every syscall entry then
 * goes through the -e inject= machinery, whether or not -e inject= was
 * given; a syscall nobody tampers with costs no stop more.
 */
void engine_allow_tamper(void);

/* engine_tamper's what */
enum {
	ENGINE_TAMPER_RETURN = 1,	/* the syscall is not run, returns value
					 * (-4095..-1: the error -value) */
	ENGINE_TAMPER_SIGNAL,		/* send signal value, as signal= */
	ENGINE_TAMPER_DELAY,		/* hold the task value ns, as
					 * delay_enter= */
};

/*
 * From a consumer's syscall_entry callback only (the syscall-entry or
 * seccomp stop, after -e inject= has looked at it): change what the
 * syscall does, as -e inject= does; the line shows strace's marks
 * ("(INJECTED)", "(DELAYED)").  Several calls at one entry combine; over
 * an -e inject= that acts on the same call, a return replaces its
 * error=/retval=/syscall=, a signal its signal=, and delays add up.
 * Returns 0, -EINVAL when tcp is not at the entry stop being reported
 * (an exit, a signal, a library call) or the value is out of range,
 * -EPERM without engine_allow_tamper(), or -errno from ptrace.
 */
int engine_tamper(struct tcb *tcp, int what, int64_t value);

/*
 * The launched command runs under sltrace's seccomp filter: its traced
 * syscalls stop it for a tracer, and fail with ENOSYS if it has none.
 */
bool engine_filtered(void);

/* Number of tasks currently traced. */
unsigned int engine_ntasks(void);

/* Debug statistic: ptrace stops seen since start. */
extern unsigned long long engine_nstops;

/*
 * Tracee memory.  These are the only way a decoder reads the tracee:
 * process_vm_readv first, /proc/PID/mem next, PTRACE_PEEKDATA last.
 */

/* Read exactly len bytes.  0 on success, -errno otherwise. */
/*
 * Tracee memory changed under sltrace's hands (a breakpoint written, a
 * syscall run in the tracee): forget the pages read during this stop.
 */
void tracee_mem_forget(void);

int tracee_read(struct tcb *tcp, uint64_t addr, void *buf, size_t len);

/*
 * Write len bytes (-e inject=...:poke_enter=): process_vm_writev, then
 * PTRACE_POKEDATA for what it could not write (read-only pages, as a
 * debugger writes).  Returns the bytes written from the start, or -errno
 * if none.
 */
ssize_t tracee_write(struct tcb *tcp, uint64_t addr, const void *buf,
		     size_t len);

/*
 * Read up to len bytes, stopping quietly at the first unreadable page.
 * Returns the number of bytes read (0..len), or -errno if none.
 */
ssize_t tracee_read_partial(struct tcb *tcp, uint64_t addr, void *buf,
			    size_t len);

/*
 * Read a NUL-terminated string of at most len bytes (not counting the
 * NUL) into buf, which has room for len + 1.  Returns the string length
 * if a NUL was found, len + 1 if the string is longer than len (buf then
 * holds its first len bytes), or -errno if nothing could be read.
 */
ssize_t tracee_read_str(struct tcb *tcp, uint64_t addr, char *buf,
			size_t len);

#endif
