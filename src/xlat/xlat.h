/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Names of constants: errno values, signals.  The tables themselves are
 * data generated from kernel headers (see the .in lists in src/xlat/).
 */
#ifndef SLTRACE_XLAT_H
#define SLTRACE_XLAT_H

#include <stdint.h>

/* "ENOENT", or NULL for a number without a name. */
const char *errno_name(int err);
/*
 * The message strace prints after the name: "No such file or directory",
 * and the kernel-internal ones ("To be restarted if SA_RESTART is set").
 * NULL when the number has no name (printed as "(errno N)" by the caller).
 */
const char *errno_message(int err);
/* Number of an errno name, -1 if none. */
int errno_from_name(const char *name);

/* "SIGCHLD", "SIGRTMIN", "SIGRT_3"; NULL when out of range. */
const char *signal_name(int sig);
/* Number of a signal name ("SIGCHLD", "CHLD", "17"), -1 if none. */
int signal_from_name(const char *name);

/* A flag set or constant table: value/name pairs ended by a NULL name. */
struct xlat {
	uint64_t val;
	const char *name;
};

/* Name of val in x, or NULL. */
const char *xlat_name(const struct xlat *x, uint64_t val);

#endif
