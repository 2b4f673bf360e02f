/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ltrace mode's command line (see ltrace_cli.h).  The options, their
 * defaults and the messages for bad input are those observed from
 * Debian's ltrace 0.7.3, so that scripts written for ltrace keep working:
 * like ltrace, the messages name the program as argv[0] spells it, and
 * getopt's own messages are kept.  The usage text is sltrace's own.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/ltrace_cli.h"
#include "select/qualify.h"
#include "filter/rules.h"
#include "cli/summary.h"

static const char *progname = "ltrace";

static void __attribute__((noreturn)) try_help(void)
{
	fprintf(stderr, "Try `%s --help' for more information.\n", progname);
	exit(1);
}

static void __attribute__((noreturn, format(printf, 1, 2)))
usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	try_help();
}

static void __attribute__((noreturn)) out_of_memory(void)
{
	fprintf(stderr, "%s: %s\n", progname, strerror(ENOMEM));
	exit(1);
}

static const char usage_text[] =
"Usage: %s [option ...] [command [arg ...]]\n"
"Show the calls a program makes into its shared libraries (sltrace in\n"
"ltrace mode: ltrace's options, ltrace's output).\n"
"\n"
"  -a, --align=COLUMN  column where the return values are aligned\n"
"  -A MAXELTS          show at most MAXELTS elements of an array (default 4)\n"
"  -b, --no-signals    do not show the signals the program receives\n"
"  -c                  count the calls and their time; a table at the end\n"
"  -C, --demangle      show C++ names demangled\n"
"  -D, --debug=MASK    sltrace's own diagnostics (-Dh: the bits of MASK)\n"
"  -e FILTER           which calls are shown: [!]SYM[@LIB] rules joined by\n"
"                      + and -, LIB being the calling object (default @MAIN)\n"
"  -f                  trace the children and threads the program creates\n"
"  -F, --config=FILE   read prototypes from FILE (repeatable)\n"
"  -h, --help          this help\n"
"  -i                  show the instruction pointer of each call\n"
"  -l, --library=LIB   show the calls into the libraries LIB matches\n"
"  -L                  without -e: no calls through the PLT (see -x, -S)\n"
"  -n, --indent=NR     indent each nested call by NR more spaces (0..20)\n"
"  -o, --output=FILE   write the trace to FILE instead of stderr\n"
"  --output-format=text|json\n"
"                      lines as ltrace writes them, or JSON records\n"
"  --replay=FILE       trace nothing: write the JSON trace FILE as ltrace's\n"
"                      lines\n"
"  -p PID              attach to the running process PID (repeatable)\n"
"  -r                  show the time since the previous line\n"
"  -s STRSIZE          show at most STRSIZE bytes of a string (default 32)\n"
"  -S                  show the system calls too\n"
"  -t, -tt, -ttt       show the time of day, with microseconds, or as\n"
"                      seconds since the epoch\n"
"  -T                  show the time spent in each call\n"
"  -u USERNAME         run the command as USERNAME, with its groups\n"
"  -V, --version       the version of sltrace\n"
"  -w, --where=NR      show NR frames of backtrace at each call\n"
"  -x FILTER           trace these function entries, in any object\n"
"                      (SYM@LIB rules as for -e, LIB the defining object)\n"
"\n"
"sltrace's manual page, sltrace(1), describes them under LTRACE MODE.\n";

static void __attribute__((noreturn)) print_usage(void)
{
	printf(usage_text, progname);
	exit(0);
}

static void __attribute__((noreturn)) print_version(void)
{
	printf("sltrace -- version %s, in ltrace mode (the options of ltrace 0.7.3).\n"
	       "License: LGPL-2.1-or-later.\n"
	       "This is free software; you are free to change and redistribute it.\n",
	       PACKAGE_VERSION);
	exit(0);
}

static void __attribute__((noreturn)) print_debug_help(void)
{
	printf("-D MASK, --debug=MASK: MASK is an octal number whose bits turn on\n"
	       "sltrace's own diagnostics, on standard error:\n"
	       "\n"
	       "     1   what sltrace does (as sltrace -d)\n"
	       "    10   every stop of every traced task as well (as sltrace -dd)\n"
	       "\n"
	       "Other bits are accepted and add nothing.\n");
	exit(0);
}

static void __attribute__((noreturn))
bad_num(int opt, const char *arg, const char *range)
{
	fprintf(stderr, "Invalid argument to -%c: '%s'.  Use integer %s.\n",
		opt, arg, range);
	exit(1);
}

/*
 * ltrace reads numbers with strtol's base 0 ("0x10", " 7" and "+3" are
 * numbers) and refuses anything after them, without a "ltrace:" prefix.
 * Sizes beyond INT_MAX are cut to it, as ltrace takes -s 99999999999999.
 */
static unsigned int parse_num(int opt, const char *arg, long min,
			      const char *range)
{
	char *end;
	long v;

	v = strtol(arg, &end, 0);
	if (!*arg || *end || v < min)
		bad_num(opt, arg, range);
	return v > INT_MAX ? INT_MAX : (unsigned int)v;
}

/*
 * -D: octal bits.  Bit 1 is sltrace's -d; bit 010 (ltrace's "every
 * event") is -dd.
 */
static void set_debug(const char *arg)
{
	unsigned long mask;
	char *end;

	if (!strcmp(arg, "h") || !strcmp(arg, "help"))
		print_debug_help();
	errno = 0;
	mask = strtoul(arg, &end, 8);
	if (!*arg || *end || errno)
		usage_error("--debug requires an octal argument");
	cfg.debug = (mask & 010) ? 2 : mask ? 1 : 0;
}

/*
 * ltrace's default -a is 5/8 of the screen: $COLUMNS when set (80 when
 * it is not a positive number), else the terminal's width on stdout or
 * stderr, else 80.
 */
static unsigned int screen_columns(void)
{
	const char *env = getenv("COLUMNS");
	struct winsize ws;

	if (env) {
		char *end;
		long v = strtol(env, &end, 10);

		return (*env && !*end && v > 0 && v <= INT_MAX) ?
			(unsigned int)v : 80;
	}
	if (!ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) && ws.ws_col)
		return ws.ws_col;
	if (!ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) && ws.ws_col)
		return ws.ws_col;
	return 80;
}

/*
 * ltrace's -a N puts "=" in column N (counted from 1) and at least one
 * space before it: cfg.align_col, counted as strace's -a, is N - 1.
 */
static unsigned int align_from_ltrace(unsigned int n)
{
	return n ? n - 1 : 0;
}

static void add_pid(pid_t pid)
{
	pid_t *p = realloc(cfg.attach_pids, (cfg.n_attach + 1) * sizeof(*p));

	if (!p)
		out_of_memory();
	cfg.attach_pids = p;
	cfg.attach_pids[cfg.n_attach++] = pid;
}

static void add_proto_file(char *path)
{
	char **v = realloc(cfg.lc_proto_files,
			   (cfg.n_lc_proto_files + 1) * sizeof(*v));

	if (!v)
		out_of_memory();
	cfg.lc_proto_files = v;
	cfg.lc_proto_files[cfg.n_lc_proto_files++] = path;
}

/* -e, -l, -x: bad rules are skipped with ltrace's warnings. */
static void add_rules(struct lc_ruleset *rs, const char *text,
		      unsigned int flags)
{
	char msg[1024];

	if (lc_rules_add(rs, text, LC_RULES_LTRACE | flags, msg, sizeof(msg)))
		out_of_memory();
	if (msg[0])
		fprintf(stderr, "%s\n", msg);
}

static void set_qual(enum qual_kind kind, const char *value)
{
	struct qual_error err = { .usage = false };

	if (qualify_parse_kind(kind, value, &err)) {
		fprintf(stderr, "%s: %s\n", progname, err.msg);
		exit(1);
	}
}

static const struct option long_options[] = {
	{ "align",	required_argument, NULL, 'a' },
	{ "config",	required_argument, NULL, 'F' },
	{ "debug",	required_argument, NULL, 'D' },
	{ "demangle",	no_argument,	   NULL, 'C' },
	{ "help",	no_argument,	   NULL, 'h' },
	{ "indent",	required_argument, NULL, 'n' },
	{ "library",	required_argument, NULL, 'l' },
	{ "no-signals",	no_argument,	   NULL, 'b' },
	{ "output",	required_argument, NULL, 'o' },
	{ "output-format", required_argument, NULL, 0x100 },
	{ "replay",	required_argument, NULL, 0x101 },
	{ "version",	no_argument,	   NULL, 'V' },
	{ "where",	required_argument, NULL, 'w' },
	{ NULL, 0, NULL, 0 }
};

bool ltrace_cli_wanted(int argc, char **argv)
{
	const char *base;

	if (argc > 1 && !strcmp(argv[1], "--ltrace"))
		return true;
	if (argc < 1 || !argv[0])
		return false;
	base = strrchr(argv[0], '/');
	return !strcmp(base ? base + 1 : argv[0], "ltrace");
}

void ltrace_cli_parse(int argc, char **argv)
{
	bool e_given = false, l_given = false, no_plt = false;
	bool align_given = false;
	unsigned int nt = 0, v;
	int c;

	if (argv[0])
		progname = argv[0];
	cfg.lc_mode = LC_ON;
	cfg.lc_style = LC_STYLE_LTRACE;
	cfg.lc_array_max = 4;
	cfg.lc_plt.main_only = false;
	cfg.lc_entry.main_only = false;

	/* "+": the command's own options are its own, as in ltrace. */
	opterr = 1;
	optind = (argc > 1 && !strcmp(argv[1], "--ltrace")) ? 2 : 1;
	while ((c = getopt_long(argc, argv,
				"+bcCfhiLrStTVa:A:D:e:F:l:n:o:p:s:u:w:x:",
				long_options, NULL)) != -1) {
		switch (c) {
		case 0x100:
			/* sltrace's own: the records of the strace mode. */
			if (!strcmp(optarg, "text")) {
				cfg.out_format = OUT_FORMAT_TEXT;
			} else if (!strcmp(optarg, "json")) {
				cfg.out_format = OUT_FORMAT_JSON;
			} else {
				fprintf(stderr, "%s: invalid --output-format "
					"argument: '%s'\n", progname, optarg);
				exit(1);
			}
			break;
		case 0x101:
			/* sltrace's own: a JSON trace written again as text. */
			cfg.replay = optarg;
			break;
		case 'a':
			cfg.align_col = align_from_ltrace(parse_num('a', optarg,
								    0, ">=0"));
			align_given = true;
			break;
		case 'A':
			cfg.lc_array_max = parse_num('A', optarg, 0, ">=0");
			break;
		case 'b':
			set_qual(QK_SIGNAL, "none");
			break;
		case 'c':
			cfg.summary = SUMMARY_ONLY;
			break;
		case 'C':
			cfg.lc_demangle = true;
			break;
		case 'D':
			set_debug(optarg);
			break;
		case 'e':
			e_given = true;
			add_rules(&cfg.lc_plt, optarg, LC_RULES_CALLER);
			break;
		case 'f':
			cfg.follow_forks = true;
			break;
		case 'F':
			add_proto_file(optarg);
			break;
		case 'h':
			print_usage();
		case 'i':
			cfg.print_ip = true;
			break;
		case 'l':
			l_given = true;
			add_rules(&cfg.lc_plt, optarg, LC_RULES_LIB_ONLY);
			break;
		case 'L':
			no_plt = true;
			break;
		case 'n':
			cfg.lc_indent = parse_num('n', optarg, 0, "0..20");
			if (cfg.lc_indent > 20)
				bad_num('n', optarg, "0..20");
			break;
		case 'o':
			cfg.outfile = optarg;
			break;
		case 'p':
			v = parse_num('p', optarg, 1, ">=1");
			if (v == INT_MAX)
				bad_num('p', optarg, ">=1");
			add_pid((pid_t)v);
			break;
		case 'r':
			cfg.rel_ts = true;
			cfg.rel_ts_digits = 6;
			break;
		case 's':
			cfg.string_limit = parse_num('s', optarg, 0, ">=0");
			break;
		case 'S':
			cfg.lc_ltrace_syscalls = true;
			break;
		case 't':
			nt++;
			break;
		case 'T':
			cfg.syscall_times = true;
			cfg.syscall_times_digits = 6;
			break;
		case 'u':
			cfg.username = optarg;
			break;
		case 'V':
			print_version();
		case 'w':
			cfg.lc_stack = parse_num('w', optarg, 0, ">=0");
			break;
		case 'x':
			add_rules(&cfg.lc_entry, optarg, 0);
			break;
		default:
			/* getopt said what was wrong, in its words. */
			try_help();
		}
	}
	/* ltrace refuses -L with -e only, though its message names -l too. */
	if (no_plt && e_given)
		usage_error("Option -L can't be used with -e or -l.");
	if (optind < argc)
		cfg.argv = argv + optind;
	if (!cfg.argv && !cfg.n_attach && !cfg.replay)
		usage_error("too few arguments");

	if (!e_given && !l_given && !no_plt) {
		add_rules(&cfg.lc_plt, "@MAIN", LC_RULES_CALLER);
		cfg.lc_plt_default = true;
	}
	/* ltrace shows no syscall unless -S. */
	set_qual(QK_TRACE, cfg.lc_ltrace_syscalls ? "all" : "none");
	if (nt) {
		cfg.abs_ts = nt > 2 ? TS_FORMAT_UNIX : TS_FORMAT_TIME;
		cfg.abs_ts_digits = nt > 1 ? 6 : 0;
	}
	if (!align_given)
		cfg.align_col = align_from_ltrace(screen_columns() * 5 / 8);
	if (cfg.summary != SUMMARY_NONE) {
		/* ltrace's -c times calls by the clock, from entry to return. */
		cfg.summary_wall = true;
		stats_default_columns(cfg.summary_cols, &cfg.summary_ncols);
	}
}
