/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Probes (--probe): an event source on the breakpoint core.  Each
 * --probe argument is "SPEC [VALUE...] [if COND]": a spec of spec.h, the
 * values to show at each hit ($args, $retval, $argN, %REG, argN of a USDT
 * point, or a variable path read through DWARF, each with an optional
 * :cast), and a condition (cond.h).  The probes register with the
 * library-call core as a client (libcall.h): it tells them of every
 * object a traced process maps, they resolve their specs there
 * (resolve.h, cached per file) and plant breakpoints; a hit whose
 * condition holds is one event line ("--- probe SPEC {values} ---"), a
 * JSON "probe" record, and a row of -c's probe table.
 */
#ifndef SLTRACE_PROBE_PROBE_H
#define SLTRACE_PROBE_PROBE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct tcb;

/* A --probe argument: parsed now; NULL, or a one-line reason. */
const char *probe_add(const char *arg);
/*
 * The same for a probe whose hits only the observers see (a script's
 * probe: source): no line, no JSON record, no row of -c's table.  *id
 * (may be NULL) is what its hits carry.  Before probe_init().
 */
const char *probe_add_quiet(const char *arg, unsigned long *id);

/* One value of a hit, as its condition would read it. */
struct probe_value {
	const char *name;	/* as the line shows it ("len", "$arg1") */
	enum {
		PROBE_V_NONE,	/* unavailable here, or unreadable */
		PROBE_V_INT,	/* i (a signed value) */
		PROBE_V_UINT,	/* i holds the bits of an unsigned one */
		PROBE_V_FLOAT,	/* d */
		PROBE_V_STR,	/* s, len bytes, NUL-terminated, cut at 255 */
	} kind;
	int64_t i;
	double d;
	const char *s;
	size_t len;
};

/* A hit whose condition held; it and its values live for the call only. */
struct probe_hit_info {
	unsigned long id;	/* probe_add_quiet()'s, or the --probe's */
	const char *spec;	/* the spec as given ("parse%return") */
	bool quiet;		/* added by probe_add_quiet() */
	bool at_return;
	uint64_t pc;		/* the breakpoint's address */
	size_t nvals;
	const struct probe_value *vals;
};

/*
 * fn is told of every hit of every probe (quiet or not) whose condition
 * holds, with the values it shows (or would show), evaluated once more
 * for it and not printed.  Before probe_init(); -1 when there is no room.
 */
typedef void probe_observer_fn(struct tcb *tcp,
			       const struct probe_hit_info *hi, void *data);
int probe_observer_register(probe_observer_fn *fn, void *data);
/* Some --probe was given, or a quiet probe added. */
bool probe_active(void);
/*
 * Before tracing: check the probes against the program's files (a spec
 * that matches nothing, a value with no variable behind it: one line,
 * and -1) when prog is given, then register with the core.
 */
int probe_init(const char *prog);
/* At the end: a probe that never found a place is said so. */
void probe_finish(void);

#endif
