/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>

#include "log.h"

const char *log_progname = "sltrace";

static void say(const char *tag, const char *fmt, va_list ap)
{
	fprintf(stderr, "%s: %s", log_progname, tag);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void log_debug(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say("[debug] ", fmt, ap);
	va_end(ap);
}

void log_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say("", fmt, ap);
	va_end(ap);
}
