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
#include <strings.h>
#include <unistd.h>

#include "cli/cli.h"
#include "filter/qualify.h"

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

/*
 * Grouped as strace groups its options, so that strace users find them
 * where they expect; the descriptions are sltrace's own.
 */
static const char usage_text[] =
"Usage: sltrace [-dffhqvVxxyy] [-a COLUMN] [-e EXPR]... [-o FILE]\n"
"               [-s STRSIZE] [-X FORMAT] [-p PID]... { -p PID | PROG [ARGS] }\n"
"\n"
"General:\n"
"  -e EXPR        qualify what is traced and how: KIND=[!]all,\n"
"                 KIND=[!]VALUE[,VALUE]... (a bare VALUE means trace=)\n"
"     kinds:      trace, abbrev, verbose, raw, signal, read, write, status,\n"
"                 quiet, decode-fds\n"
"\n"
"Startup:\n"
"  -p PID, --attach=PID\n"
"                 attach to the running process PID and all its threads;\n"
"                 repeatable, and PID may list several, split by commas\n"
"                 or spaces\n"
"\n"
"Tracing:\n"
"  -f, --follow-forks\n"
"                 trace children and threads as they are created\n"
"  -ff, --follow-forks --output-separately\n"
"                 the same, with each task's lines in FILE.PID (with -o)\n"
"  --seccomp-bpf[=on|off]\n"
"                 stop the launched command only at the syscalls traced,\n"
"                 through a seccomp filter (on by default when -e trace=\n"
"                 leaves syscalls out; sets no_new_privs in the command)\n"
"\n"
"Filtering:\n"
"  -e trace=[!][?]{{SYSCALL|GROUP|all|/REGEX}[@64|@32|@x32]|none},\n"
"   --trace=[!][?]{{SYSCALL|GROUP|all|/REGEX}[@64|@32|@x32]|none}\n"
"                 show only these syscalls (names, numbers, classes,\n"
"                 regular expressions; ! negates, ? ignores unknown names)\n"
"     groups:     %clock, %creds, %desc, %file, %fstat, %fstatfs, %ipc, %lstat,\n"
"                 %memory, %net, %process, %pure, %signal, %stat, %%stat,\n"
"                 %statfs, %%statfs\n"
"  -e signal=SET, --signal=SET\n"
"                 show only the delivery of these signals\n"
"  -e status=SET, --status=SET\n"
"                 show only syscalls that ended in one of these ways\n"
"     statuses:   successful, failed, unfinished, unavailable, detached\n"
"\n"
"Output format:\n"
"  -a COLUMN, --columns=COLUMN\n"
"                 column where \"= result\" is aligned (default 40)\n"
"  -e abbrev=SET, --abbrev=SET\n"
"                 shorten large structures and arrays of these syscalls\n"
"  -e verbose=SET, --verbose=SET\n"
"                 show the structures these syscalls point to (else addresses)\n"
"  -e raw=SET, --raw=SET\n"
"                 show the arguments of these syscalls as plain hex numbers\n"
"  -e read=SET, --read=SET\n"
"                 hex-dump all data read from these file descriptors\n"
"  -e write=SET, --write=SET\n"
"                 hex-dump all data written to these file descriptors\n"
"  -e quiet=SET, --quiet=SET\n"
"                 leave out these kinds of informational message\n"
"     messages:   attach, exit, path-resolution, personality, thread-execve\n"
"  -e decode-fds=SET, --decode-fds=SET\n"
"                 annotate file descriptors with these details\n"
"     details:    path (what the descriptor refers to), socket (endpoints),\n"
"                 dev (type and major:minor of device nodes),\n"
"                 pidfd (the pid a pidfd refers to)\n"
"  -o FILE, --output=FILE\n"
"                 write the trace to FILE rather than to stderr\n"
"  -o |COMMAND, --output=|COMMAND\n"
"                 pipe the trace into COMMAND, run by /bin/sh\n"
"  -s STRSIZE, --string-limit=STRSIZE\n"
"                 show at most STRSIZE bytes of each string (default 32)\n"
"  -v, --no-abbrev\n"
"                 never shorten structures and arrays (abbrev=none)\n"
"  --strings-in-hex=non-ascii-chars\n"
"                 escape unprintable bytes as \\xNN rather than in octal\n"
"  -x, --strings-in-hex=non-ascii\n"
"                 show a string wholly in hex when it has unprintable bytes\n"
"  -xx, --strings-in-hex[=all]\n"
"                 show every string wholly in hex\n"
"  -X FORMAT, --const-print-style=FORMAT\n"
"                 how constants and flags appear: raw (numbers), abbrev\n"
"                 (names, the default) or verbose (numbers and names)\n"
"  -y, --decode-fds[=path]\n"
"                 annotate file descriptors with what they refer to\n"
"  -yy, --decode-fds=all\n"
"                 annotate them with every detail known (socket endpoints,\n"
"                 device numbers...)\n"
"\n"
"Miscellaneous:\n"
"  -d, --debug    diagnostics of sltrace itself on stderr (-dd: every stop)\n"
"  -h, --help     this help\n"
"  -q, --quiet=attach,personality\n"
"                 no messages on attaching, detaching or personality change\n"
"  -qq, --quiet=attach,personality,exit\n"
"                 nor on how traced processes exited\n"
"  -qqq, --quiet=all\n"
"                 no informational message at all\n"
"  -V, --version  the version of sltrace\n";

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

/*
 * Long options without a short form.  The qualifier options are
 * OPT_QUAL + their enum qual_kind.
 */
enum {
	OPT_OUTPUT_SEPARATELY = 0x100,
	OPT_STRINGS_IN_HEX,
	OPT_CONST_PRINT_STYLE,
	OPT_SECCOMP_BPF,
	OPT_QUAL = 0x200,
};

static const struct option long_options[] = {
	{ "abbrev",		required_argument, NULL, OPT_QUAL + QK_ABBREV },
	{ "attach",		required_argument, NULL, 'p' },
	{ "columns",		required_argument, NULL, 'a' },
	{ "const-print-style",	required_argument, NULL, OPT_CONST_PRINT_STYLE },
	{ "debug",		no_argument,	   NULL, 'd' },
	{ "decode-fd",		optional_argument, NULL, OPT_QUAL + QK_DECODE_FDS },
	{ "decode-fds",		optional_argument, NULL, OPT_QUAL + QK_DECODE_FDS },
	{ "fault",		required_argument, NULL, OPT_QUAL + QK_FAULT },
	{ "follow-forks",	no_argument,	   NULL, 'f' },
	{ "help",		no_argument,	   NULL, 'h' },
	{ "inject",		required_argument, NULL, OPT_QUAL + QK_INJECT },
	{ "kvm",		required_argument, NULL, OPT_QUAL + QK_KVM },
	{ "no-abbrev",		no_argument,	   NULL, 'v' },
	{ "output",		required_argument, NULL, 'o' },
	{ "output-separately",	no_argument,	   NULL, OPT_OUTPUT_SEPARATELY },
	{ "quiet",		optional_argument, NULL, OPT_QUAL + QK_QUIET },
	{ "raw",		required_argument, NULL, OPT_QUAL + QK_RAW },
	{ "read",		required_argument, NULL, OPT_QUAL + QK_READ },
	{ "seccomp-bpf",	optional_argument, NULL, OPT_SECCOMP_BPF },
	{ "signal",		required_argument, NULL, OPT_QUAL + QK_SIGNAL },
	{ "signals",		required_argument, NULL, OPT_QUAL + QK_SIGNAL },
	{ "silence",		optional_argument, NULL, OPT_QUAL + QK_QUIET },
	{ "silent",		optional_argument, NULL, OPT_QUAL + QK_QUIET },
	{ "status",		required_argument, NULL, OPT_QUAL + QK_STATUS },
	{ "string-limit",	required_argument, NULL, 's' },
	{ "strings-in-hex",	optional_argument, NULL, OPT_STRINGS_IN_HEX },
	{ "trace",		required_argument, NULL, OPT_QUAL + QK_TRACE },
	{ "verbose",		required_argument, NULL, OPT_QUAL + QK_VERBOSE },
	{ "version",		no_argument,	   NULL, 'V' },
	{ "write",		required_argument, NULL, OPT_QUAL + QK_WRITE },
	{ NULL, 0, NULL, 0 }
};

/* The word that named option c on the command line, for messages. */
static const char *long_name(int c)
{
	for (const struct option *o = long_options; o->name; o++)
		if (o->val == c)
			return o->name;
	return "?";
}

static void qual_or_die(int rc, const struct qual_error *err)
{
	if (!rc)
		return;
	if (err->usage)
		usage_error("%s", err->msg);
	fatal("%s", err->msg);
}

/* -X / --const-print-style: the words are case-sensitive in strace. */
static void set_xlat_style(const char *arg, const char *opt)
{
	if (!strcmp(arg, "raw"))
		cfg.xlat_style = XLAT_STYLE_RAW;
	else if (!strcmp(arg, "abbrev"))
		cfg.xlat_style = XLAT_STYLE_ABBREV;
	else if (!strcmp(arg, "verbose"))
		cfg.xlat_style = XLAT_STYLE_VERBOSE;
	else
		usage_error("invalid %s argument: '%s'", opt, arg);
}

/* --strings-in-hex[=WHAT]: these words are not case-sensitive. */
static int strings_in_hex(const char *arg)
{
	if (!arg || !strcasecmp(arg, "all"))
		return HEX_STRINGS_ALL;
	if (!strcasecmp(arg, "non-ascii"))
		return HEX_STRINGS_NON_ASCII;
	if (!strcasecmp(arg, "non-ascii-chars"))
		return HEX_STRINGS_ESCAPES;
	if (!strcasecmp(arg, "none"))
		return HEX_STRINGS_NONE;
	usage_error("invalid --strings-in-hex argument: '%s'", arg);
}

void cli_parse(int argc, char **argv)
{
	unsigned int nf = 0, nq = 0, nx = 0, ny = 0;
	bool hex_opt = false, decode_fds_opt = false;
	struct qual_error err;
	int c, prev_optind;
	long v;

	/*
	 * "+" stops at the first non-option: everything after it belongs
	 * to the traced command.  getopt's own messages are replaced by
	 * strace-style ones.
	 */
	opterr = 0;
	for (;;) {
		prev_optind = optind;
		c = getopt_long(argc, argv, "+:a:de:fho:p:qs:vVxX:y",
				long_options, NULL);
		if (c == -1)
			break;
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
		case 'e':
			qual_or_die(qualify_parse(optarg, &err), &err);
			/* -e decode-fds= is --decode-fds for the -y check. */
			if (!strncmp(optarg, "decode-fd=", 10) ||
			    !strncmp(optarg, "decode-fds=", 11))
				decode_fds_opt = true;
			break;
		case 'f':
			nf++;
			break;
		case OPT_OUTPUT_SEPARATELY:
			cfg.output_separately = true;
			break;
		case OPT_SECCOMP_BPF:
			/* On by default where it applies; strace's bare flag is
			 * accepted as the same request. */
			if (!optarg || !strcmp(optarg, "on"))
				cfg.no_seccomp = false;
			else if (!strcmp(optarg, "off"))
				cfg.no_seccomp = true;
			else
				usage_error("invalid --seccomp-bpf argument: '%s'",
					    optarg);
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
			qualify_quiet_level(++nq);
			break;
		case 's':
			v = parse_uint(optarg, INT_MAX);
			if (v < 0)
				usage_error("invalid -%c argument: '%s'", c, optarg);
			cfg.string_limit = (unsigned int)v;
			break;
		case 'v':
			/* -v is abbrev=none; a later -e abbrev= still counts. */
			cfg.verbose = true;
			qual_or_die(qualify_parse_kind(QK_ABBREV, "none", &err),
				    &err);
			break;
		case 'V':
			print_version();
		case 'x':
			nx++;
			break;
		case OPT_STRINGS_IN_HEX:
			hex_opt = true;
			cfg.hex_strings = strings_in_hex(optarg);
			break;
		case 'X':
			set_xlat_style(optarg, "-X");
			break;
		case OPT_CONST_PRINT_STYLE:
			set_xlat_style(optarg, "--const-print-style");
			break;
		case 'y':
			ny++;
			break;
		case OPT_QUAL + QK_QUIET:
			/* --quiet alone is -q. */
			if (!optarg) {
				cfg.quiet++;
				qualify_quiet_level(++nq);
				break;
			}
			qual_or_die(qualify_parse_kind(QK_QUIET, optarg, &err),
				    &err);
			break;
		case OPT_QUAL + QK_DECODE_FDS:
			decode_fds_opt = true;
			qual_or_die(qualify_parse_kind(QK_DECODE_FDS,
						       optarg ? optarg : "path",
						       &err),
				    &err);
			break;
		case OPT_QUAL + QK_TRACE:
		case OPT_QUAL + QK_ABBREV:
		case OPT_QUAL + QK_VERBOSE:
		case OPT_QUAL + QK_RAW:
		case OPT_QUAL + QK_SIGNAL:
		case OPT_QUAL + QK_READ:
		case OPT_QUAL + QK_WRITE:
		case OPT_QUAL + QK_FAULT:
		case OPT_QUAL + QK_INJECT:
		case OPT_QUAL + QK_STATUS:
		case OPT_QUAL + QK_KVM:
			qual_or_die(qualify_parse_kind(c - OPT_QUAL, optarg,
						       &err),
				    &err);
			break;
		case '?':
			/*
			 * getopt moved past a long option's word; inside a
			 * cluster of short ones ("-Zf") it did not.
			 */
			if (optind - 1 == prev_optind &&
			    !strncmp(argv[prev_optind], "--", 2)) {
				if (optopt)
					usage_error("option '--%s' doesn't allow an argument",
						    long_name(optopt));
				usage_error("unrecognized option '%s'",
					    argv[prev_optind]);
			}
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

	if (nx && hex_opt)
		fatal("-x and --strings-in-hex cannot be provided simultaneously");
	if (nx)
		cfg.hex_strings = nx > 1 ? HEX_STRINGS_ALL : HEX_STRINGS_NON_ASCII;
	if (ny && decode_fds_opt)
		fatal("-y and --decode-fds cannot be provided simultaneously");
	if (ny)
		qual_or_die(qualify_parse_kind(QK_DECODE_FDS,
					       ny > 1 ? "all" : "path", &err),
			    &err);
	cfg.decode_fds_set = qualify_get()->decode_fds;
	if (cfg.decode_fds_set & ~DECODE_FD_PATH)
		cfg.decode_fds = 2;
	else
		cfg.decode_fds = cfg.decode_fds_set ? 1 : 0;

	if (optind < argc)
		cfg.argv = argv + optind;
	if (!cfg.argv && !cfg.n_attach)
		usage_error("must have PROG [ARGS] or -p PID");
	/*
	 * strace keeps the trace file free of these messages for a command
	 * it launches; with only -p they still go to stderr.
	 */
	if (cfg.outfile && cfg.argv)
		qualify_quiet_default(QUIET_ATTACH | QUIET_PERSONALITY);
}
