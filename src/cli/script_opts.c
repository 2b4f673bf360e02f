/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The command line of a script (--script, --script-file, -w beside a
 * script): what cli.c hands over, kept apart from the rest of the
 * options.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/script_opts.h"
#include "log.h"
#include "select/qualify.h"

/* One line in strace's style, exit status 1: nothing has started. */
static void __attribute__((noreturn, format(printf, 1, 2)))
die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", log_progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

/* -e NAME=none, as if it had been given. */
static void set_none(enum qual_kind kind)
{
	struct qual_error err = { 0 };

	if (qualify_parse_kind(kind, "none", &err) < 0)
		die("%s", err.msg);
}

/* --script-file: the whole file, kept for the run (errors quote it). */
void cli_script_file(const char *path)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	char *text = NULL;
	size_t len = 0, cap = 0, n;

	if (!f)
		die("%s: %s", path, strerror(errno));
	do {
		if (len + 4096 > cap) {
			cap = cap ? 2 * cap : 8192;
			text = realloc(text, cap);
			if (!text)
				die("out of memory");
		}
		n = fread(text + len, 1, cap - len - 1, f);
		len += n;
	} while (n > 0);
	if (ferror(f))
		die("%s: %s", path, strerror(errno));
	if (f != stdin)
		fclose(f);
	text[len] = '\0';
	cfg.script = text;
	cfg.script_len = len;
	cfg.script_name = path;
}

/*
 * A script's output is the trace, as bpftrace's: no syscall lines, no
 * signal lines and no exit or attach messages unless -e asks for them.
 * -w is DTrace's "destructive actions allowed" beside a script.
 */
void cli_script_defaults(void)
{
	if (!cfg.script)
		return;
	if (cfg.summary_wall)
		cfg.script_destructive = true;
	if (!qualify_get()->trace_given)
		set_none(QK_TRACE);
	if (!qualify_get()->signal_given)
		set_none(QK_SIGNAL);
	qualify_quiet_default(QUIET_ATTACH | QUIET_EXIT | QUIET_PERSONALITY |
			      QUIET_THREAD_EXECVE);
}
