/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Library-call tracing: which breakpoints a process gets, what a hit
 * means, and the lines it prints.  libcall_start() registers it with the
 * engine as a tap (engine.h); the breakpoints themselves are src/bp/'s.
 */
#ifndef SLTRACE_LIBCALL_H
#define SLTRACE_LIBCALL_H

#include <stdbool.h>

#include <stdint.h>
#include <sys/types.h>
#include <sys/user.h>

#include <time.h>

struct tcb;
struct lc_arm_ctx;
struct lc_ruleset;

/* -l / -x / --ltrace asked for library calls, or a client or an
 * observer registered. */
bool libcall_active(void);

/*
 * Whether a call to the function name returns once, through its return
 * address: false for those that return twice (setjmp, vfork) or unwind
 * (__cxa_throw), whose return address must not be changed.
 */
bool lc_returns_once(const char *name);

/*
 * One library call as an observer sees it, at its entry and again at
 * its return.  Everything it points to lives for the callback only.
 */
struct lc_call_info {
	const char *name;	/* the function (demangled with -C) */
	/* The object that defines it: the entry's for an entry breakpoint,
	 * the one the dynamic linker binds to for a PLT slot; NULL when
	 * none is known. */
	const char *lib;
	const char *caller_obj;	/* the calling object's path, or NULL */
	uint64_t caller;	/* the return address */
	/*
	 * The raw integer arguments as the ABI passes them: rdi rsi rdx rcx
	 * r8 r9 (a floating-point one is not among them); i386: the first
	 * stack words, zero-extended (zero when unreadable).  nargs: the
	 * prototype's count when one is known (at most 6 here), else 6.
	 */
	unsigned int nargs;
	uint64_t args[6];
	const char *argnames;	/* the prototype's "fd,buf,count", or NULL */
	bool at_return;
	/* At entry: a return report will follow, unless the frame is left
	 * otherwise (longjmp, an exception, the task's end): setjmp, vfork,
	 * __cxa_throw and a return that could not be hooked say false. */
	bool returns;
	int64_t retval;		/* at return: rax (i386: eax, sign-extended) */
	uint64_t latency_ns;	/* at return: since the entry, CLOCK_MONOTONIC */
	const struct timespec *t0;	/* the entry's CLOCK_MONOTONIC time */
	unsigned int depth;	/* the task's traced calls it is nested in */
};

/*
 * A consumer of library calls (the script runtime, src/script/): the
 * calls its rules select get breakpoints as if -l or -L had selected
 * them, and each such call is reported to call() at its entry and at
 * its return — never printed unless -l/-L select it too; a call that
 * both select is printed and reported.  The rules are
 * src/filter/rules.h's, written as -l's (plt: the calls an object makes
 * through its PLT or GOT, of the main program only when main_only is
 * set, as sltrace's -l) and -L's (entry: a function's own entry in the
 * object defining it); either may be NULL.  The rulesets and data must
 * outlive the trace.  Register before libcall_start(); -1 when there is
 * no room for another one.
 *
 * The entry report comes before the call's line (when -l prints it),
 * the return report after it: what the observer prints does not split
 * the line.  One call is reported once, at the first of its breakpoints
 * it meets: an observer asking for a function's entry (-L-style) does
 * not see the calls that also go through a PLT slot -l or another
 * observer watches.  Tasks that are not traced (no -f) are not
 * reported.
 */
struct lc_observer {
	const struct lc_ruleset *plt;
	const struct lc_ruleset *entry;
	void (*call)(struct tcb *tcp, const struct lc_call_info *ci,
		     void *data);
	void *data;
};
int lc_observer_register(const struct lc_observer *o);

/*
 * Another user of the breakpoint core in the traced processes (the
 * probes, src/probe/): it is told of every object as it is armed — the
 * program and its libraries at the first instruction, a dlopen'ed one at
 * r_brk — and plants its breakpoints with lc_client_plant(); their hits
 * come back to it.  Fork, exec, dlclose, detach and the guardian are the
 * core's business: a client's breakpoint goes where the library calls'
 * go.  Register before libcall_start().
 */
struct lc_client {
	/* An object of a process is armed: path, load bias, the program? */
	void (*object)(struct lc_arm_ctx *cx, const char *path, uint64_t bias,
		       bool is_main);
	/*
	 * A breakpoint planted at pc with data was hit by tcp; u holds its
	 * registers with rip at pc (what a probe reads).  For one planted
	 * with ret, at_return is true at the function's return (u then as
	 * the caller sees it: rax the value, rip where it goes) and the
	 * entry is not reported.
	 */
	void (*hit)(struct tcb *tcp, void *data, uint64_t pc,
		    const struct user_regs_struct *u, bool at_return);
};
/* -1 when there is no room for another one. */
int lc_client_register(const struct lc_client *c);

/*
 * Plant a breakpoint at addr (an address of the process) for the object
 * being armed; ret: report the function's return instead (addr is its
 * first byte).  An entry and a return at one address share a breakpoint.
 * 0 or -errno (-EEXIST: that is taken already, by this client or by a
 * library call).
 */
int lc_client_plant(struct lc_arm_ctx *cx, uint64_t addr, void *data,
		    bool ret);
/*
 * Add delta to the 16-bit counter at addr of the process (a USDT
 * semaphore), taken back when the process is let go (detach, a fork
 * child nobody follows) and by the guardian.  0 or -errno.
 */
int lc_client_count(struct lc_arm_ctx *cx, uint64_t addr, int delta);
/*
 * Is tcp's program 64-bit (else i386, in compat mode)?  What the core
 * armed it as: tcp->pers only changes at the task's next syscall stop
 * after an exec, which may come late or never (-e trace=none).
 */
bool lc_client_is64(struct tcb *tcp);
/* The process's memory, for a client's reads at a hit: 0 or -errno. */
int lc_client_read(struct tcb *tcp, uint64_t addr, void *buf, size_t len);

/*
 * Before tracing: load the prototype files (--proto-file, ltrace's -F,
 * or the default places).  0, or -1 once the error is printed.
 */
int libcall_init(void);
/*
 * Then, unless the kernel counts the calls (src/kbpf/), register with
 * the engine: the breakpoints go in.  0, or -1 once the error is said.
 */
int libcall_start(void);

#endif /* SLTRACE_LIBCALL_H */
