/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Library-call tracing: which breakpoints a process gets, what a hit
 * means, and the lines it prints.  libcall_init() registers it with the
 * engine as a tap (engine.h); the breakpoints themselves are src/bp/'s.
 */
#ifndef SLTRACE_LIBCALL_H
#define SLTRACE_LIBCALL_H

#include <stdbool.h>

#include <stdint.h>
#include <sys/types.h>
#include <sys/user.h>

struct tcb;
struct lc_arm_ctx;

/* -l / -x / --ltrace asked for library calls, or a client registered. */
bool libcall_active(void);

/*
 * Another user of the breakpoint core in the traced processes (the
 * probes, src/probe/): it is told of every object as it is armed — the
 * program and its libraries at the first instruction, a dlopen'ed one at
 * r_brk — and plants its breakpoints with lc_client_plant(); their hits
 * come back to it.  Fork, exec, dlclose, detach and the guardian are the
 * core's business: a client's breakpoint goes where the library calls'
 * go.  Register before libcall_init().
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
 * or the default places) and register with the engine.  0, or -1 once
 * the error is printed.
 */
int libcall_init(void);

#endif /* SLTRACE_LIBCALL_H */
