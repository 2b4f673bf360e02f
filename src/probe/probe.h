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

/* A --probe argument: parsed now; NULL, or a one-line reason. */
const char *probe_add(const char *arg);
/* Some --probe was given. */
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
