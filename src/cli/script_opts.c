/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The command line of a script (--script, --script-file, -w beside a
 * script): what cli.c hands over, kept apart from the rest of the
 * options.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/script_opts.h"
#include "log.h"
#include "select/qualify.h"

/* The script cannot be read: nothing has started yet. */
static void __attribute__((noreturn)) cannot(const char *path, int err)
{
	log_error("%s: %s", path, strerror(err));
	exit(1);
}

/* -e NAME=none, as if it had been given. */
static void set_none(enum qual_kind kind)
{
	struct qual_error err = { 0 };

	if (qualify_parse_kind(kind, "none", &err) < 0) {
		log_error("%s", err.msg);
		exit(1);
	}
}

/* --script-file: the whole file, kept for the run (errors quote it). */
void cli_script_file(const char *path)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	char *text = NULL;
	size_t len = 0, cap = 0, n;

	if (!f)
		cannot(path, errno);
	do {
		if (len + 4096 > cap) {
			cap = cap ? 2 * cap : 8192;
			text = realloc(text, cap);
			if (!text)
				cannot(path, ENOMEM);
		}
		n = fread(text + len, 1, cap - len - 1, f);
		len += n;
	} while (n > 0);
	if (ferror(f))
		cannot(path, errno);
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
	cfg.script_with_lines = qualify_get()->trace_given ||
				qualify_get()->signal_given;
	if (!qualify_get()->trace_given)
		set_none(QK_TRACE);
	if (!qualify_get()->signal_given)
		set_none(QK_SIGNAL);
	qualify_quiet_default(QUIET_ATTACH | QUIET_EXIT | QUIET_PERSONALITY |
			      QUIET_THREAD_EXECVE);
}
