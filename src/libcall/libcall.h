/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Library-call tracing: which breakpoints a process gets, what a hit
 * means, and the lines it prints.  libcall_init() registers it with the
 * engine as a tap (engine.h); the breakpoints themselves are src/bp/'s.
 */
#ifndef SLTRACE_LIBCALL_H
#define SLTRACE_LIBCALL_H

#include <stdbool.h>

/* -l / -x / --ltrace asked for library calls. */
bool libcall_active(void);

/*
 * Before tracing: load the prototype files (--proto-file, ltrace's -F,
 * or the default places) and register with the engine.  0, or -1 once
 * the error is printed.
 */
int libcall_init(void);

#endif /* SLTRACE_LIBCALL_H */
