/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Diagnostics of sltrace itself (-d), written straight to stderr.  They
 * are not trace output, which is why any module may use them.
 */
#ifndef SLTRACE_LOG_H
#define SLTRACE_LOG_H

#include "cli/cli.h"

/*
 * The name sltrace was run as (argv[0]), the prefix of its messages, as
 * strace prefixes its own: "/usr/local/bin/sltrace: Invalid process id".
 */
extern const char *log_progname;

void log_debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "sltrace: MSG" on stderr, before the output exists (start-up errors). */
void log_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#define debug(...)                                  \
	do {                                        \
		if (__builtin_expect(cfg.debug, 0)) \
			log_debug(__VA_ARGS__);     \
	} while (0)

#endif
