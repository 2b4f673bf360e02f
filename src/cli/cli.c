/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The command line: every option, its parsing, and the usage text.
 * Errors are reported as strace reports them, so that scripts and users
 * that know strace see what they expect.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"

struct config cfg = {
	.string_limit = 32,
	.align_col = 40,
};

static const char *progname = "sltrace";

static void __attribute__((noreturn, format(printf, 1, 2)))
usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s -h' for more information.\n", progname);
	exit(1);
}

static void __attribute__((noreturn, format(printf, 1, 2)))
fatal(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static const char usage_text[] =
"Usage: sltrace [-dffhqV] [-a COLUMN] [-o FILE] [-s STRSIZE] [-p PID]...\n"
"               { -p PID | PROG [ARGS] }\n"
"\n"
"Startup:\n"
"  -p PID, --attach=PID\n"
"                 trace process with process id PID, may be repeated;\n"
"                 PID may be a list separated by commas or spaces\n"
"\n"
"Tracing:\n"
"  -f, --follow-forks\n"
"                 follow forks\n"
"  -ff, --follow-forks --output-separately\n"
"                 follow forks with output into separate files\n"
"\n"
"Output format:\n"
"  -a COLUMN, --columns=COLUMN\n"
"                 alignment COLUMN for printing syscall results (default 40)\n"
"  -o FILE, --output=FILE\n"
"                 send trace output to FILE instead of stderr\n"
"  -o |COMMAND, --output=|COMMAND\n"
"                 send trace output to the standard input of COMMAND\n"
"  -s STRSIZE, --string-limit=STRSIZE\n"
"                 limit length of print strings to STRSIZE chars (default 32)\n"
"\n"
"Miscellaneous:\n"
"  -d, --debug    enable debug output to stderr\n"
"  -h, --help     print help message\n"
"  -q, --quiet    suppress messages about attaching and detaching;\n"
"                 -qq also suppresses messages about process exit status\n"
"  -V, --version  print version\n";

static void __attribute__((noreturn)) print_usage(void)
{
	fputs(usage_text, stdout);
	exit(0);
}

static void __attribute__((noreturn)) print_version(void)
{
	printf("sltrace -- version %s\n"
	       "License: LGPL-2.1-or-later.\n"
	       "This is free software; you are free to change and redistribute it.\n",
	       PACKAGE_VERSION);
	exit(0);
}

/* A non-negative int, all of arg; -1 when arg is not one. */
static long parse_uint(const char *arg, long max)
{
	char *end;
	long v;

	if (!*arg || *arg == '-' || *arg == '+')
		return -1;
	errno = 0;
	v = strtol(arg, &end, 10);
	if (errno || *end || v < 0 || v > max)
		return -1;
	return v;
}

static void add_pid(pid_t pid)
{
	pid_t *p = realloc(cfg.attach_pids, (cfg.n_attach + 1) * sizeof(*p));

	if (!p)
		fatal("out of memory");
	cfg.attach_pids = p;
	cfg.attach_pids[cfg.n_attach++] = pid;
}

/* -p accepts "1,2", "1 2" and repeats; strace rejects 0 and non-numbers. */
static void add_pids(const char *arg)
{
	char *copy = strdup(arg), *save = NULL, *tok;

	if (!copy)
		fatal("out of memory");
	for (tok = strtok_r(copy, ", \t\n", &save); tok;
	     tok = strtok_r(NULL, ", \t\n", &save)) {
		long pid = parse_uint(tok, INT_MAX);

		if (pid <= 0)
			fatal("Invalid process id: '%s'", tok);
		if (pid == getpid())
			fatal("cannot trace sltrace itself: pid %ld", pid);
		add_pid((pid_t)pid);
	}
	free(copy);
}

enum {
	OPT_OUTPUT_SEPARATELY = 0x100,
};

static const struct option long_options[] = {
	{ "attach",		required_argument, NULL, 'p' },
	{ "columns",		required_argument, NULL, 'a' },
	{ "debug",		no_argument,	   NULL, 'd' },
	{ "follow-forks",	no_argument,	   NULL, 'f' },
	{ "help",		no_argument,	   NULL, 'h' },
	{ "output",		required_argument, NULL, 'o' },
	{ "output-separately",	no_argument,	   NULL, OPT_OUTPUT_SEPARATELY },
	{ "quiet",		no_argument,	   NULL, 'q' },
	{ "string-limit",	required_argument, NULL, 's' },
	{ "version",		no_argument,	   NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};

void cli_parse(int argc, char **argv)
{
	unsigned int nf = 0;
	long v;
	int c;

	/*
	 * "+" stops at the first non-option: everything after it belongs
	 * to the traced command.  getopt's own messages are replaced by
	 * strace-style ones.
	 */
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:a:dfho:p:qs:V", long_options,
				NULL)) != -1) {
		switch (c) {
		case 'a':
			v = parse_uint(optarg, INT_MAX);
			if (v < 0)
				usage_error("invalid -%c argument: '%s'", c, optarg);
			cfg.align_col = (unsigned int)v;
			break;
		case 'd':
			cfg.debug++;
			break;
		case 'f':
			nf++;
			break;
		case OPT_OUTPUT_SEPARATELY:
			cfg.output_separately = true;
			break;
		case 'h':
			print_usage();
		case 'o':
			cfg.outfile = optarg;
			break;
		case 'p':
			add_pids(optarg);
			break;
		case 'q':
			cfg.quiet++;
			break;
		case 's':
			v = parse_uint(optarg, INT_MAX);
			if (v < 0)
				usage_error("invalid -%c argument: '%s'", c, optarg);
			cfg.string_limit = (unsigned int)v;
			break;
		case 'V':
			print_version();
		case '?':
			if (optopt && optopt < 0x100)
				usage_error("invalid option -- '%c'", optopt);
			usage_error("unrecognized option '%s'", argv[optind - 1]);
		case ':':
			/* getopt leaves the offending word at optind - 1. */
			if (!strncmp(argv[optind - 1], "--", 2)) {
				const char *w = argv[optind - 1];

				usage_error("option '%.*s' requires an argument",
					    (int)strcspn(w, "="), w);
			}
			usage_error("option requires an argument -- '%c'", optopt);
		default:
			usage_error("unexpected option");
		}
	}
	if (nf)
		cfg.follow_forks = true;
	if (nf > 1)
		cfg.output_separately = true;

	if (optind < argc)
		cfg.argv = argv + optind;
	if (!cfg.argv && !cfg.n_attach)
		usage_error("must have PROG [ARGS] or -p PID");
}
