/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The options of a script (src/cli/script_opts.c). */
#ifndef SLTRACE_CLI_SCRIPT_OPTS_H
#define SLTRACE_CLI_SCRIPT_OPTS_H

/* --script-file FILE ("-": standard input): its text into cfg.script. */
void cli_script_file(const char *path);

/*
 * Once the command line is read: with a script, only its output unless
 * -e asks for more, and -w is DTrace's destructive actions.
 */
void cli_script_defaults(void);

#endif
