/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * --list-probes: what a probe spec matches in a program and its
 * libraries, read from their files (the program is not run).
 */
#ifndef SLTRACE_PROBE_LIST_H
#define SLTRACE_PROBE_LIST_H

#include <stdio.h>
#include <sys/types.h>

/*
 * Prints to out what pattern (a probe spec, spec.h, parsed with
 * PROBE_SPEC_LISTING) matches in prog's objects (objects.h), or, when
 * prog is NULL, in those process pid has mapped now:
 *   FUNC[@OBJ]           "FUNC@OBJ" lines, sorted
 *   FUNC[@OBJ]:[LINE]    each matching function's source lines
 *   sdt:PROV:NAME[@OBJ]  "sdt:PROV:NAME@OBJ pc=… [semaphore=…] args=…"
 *   the others (sites)   "*ADDR@OBJ [in FUNC+OFF] [at FILE:LINE]"
 * Returns 0, or -1 after a one-line message on stderr (bad pattern,
 * unreadable program, no such process).
 */
int probe_list(const char *pattern, const char *prog, pid_t pid, FILE *out);

/*
 * --list-vars: each site of spec (resolve.h) in prog's objects (pid's
 * mapped ones when prog is NULL), as the
 * sites above, each followed by the variables visible there (dwval.h:
 * dv_list_vars).  Returns 0, or -1 after a one-line message on stderr
 * (bad spec, unreadable program, a spec that lands nowhere).
 */
int probe_list_vars(const char *spec, const char *prog, pid_t pid,
		    FILE *out);

#endif
