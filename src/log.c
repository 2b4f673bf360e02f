/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>

#include "log.h"

const char *log_progname = "sltrace";

void log_debug(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: [debug] ", log_progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}
