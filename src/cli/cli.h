/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * struct config: everything the command line decides.  Filled once by
 * cli_parse() and read-only afterwards; every module gets it through
 * the global `cfg` instead of through flags of its own.
 */
#ifndef SLTRACE_CLI_CLI_H
#define SLTRACE_CLI_CLI_H

#include <stdbool.h>
#include <sys/types.h>

struct config {
	/* What to trace. */
	char **argv;			/* command to launch, NULL with only -p */
	pid_t *attach_pids;		/* -p, in command-line order */
	size_t n_attach;

	/* Following. */
	bool follow_forks;		/* -f */
	bool output_separately;		/* -ff: one file per pid */

	/* Output. */
	const char *outfile;		/* -o FILE or -o |cmd; NULL: stderr */
	unsigned int string_limit;	/* -s, default 32 */
	unsigned int align_col;		/* -a, default 40 */

	/* Decoding. */
	int xlat_style;			/* -X: XLAT_STYLE_* */
	int hex_strings;		/* -x: HEX_STRINGS_* */
	int decode_fds;			/* -y: 1 paths, -yy: 2 socket details */
	/*
	 * --decode-fds=SET as DECODE_FD_* bits (filter/expr.h): -y is
	 * path, -yy all.  decode_fds above is 2 when anything beyond the
	 * path is asked for, 1 for the path alone.
	 */
	unsigned int decode_fds_set;
	bool verbose;			/* -v: no abbreviation of structs */

	/*
	 * The engine reads the tracee's system CPU time at every syscall
	 * stop (wait4's rusage: -c without -w needs it).
	 */
	bool need_stime;

	/* --seccomp-bpf=off: never filter with seccomp-BPF. */
	bool no_seccomp;

	/* Diagnostics. */
	int debug;			/* -d, repeatable */
	int quiet;			/* -q count: attach/detach messages */
};

/* -X: how constants print. */
enum {
	XLAT_STYLE_ABBREV = 0,		/* O_RDONLY|O_CLOEXEC (default) */
	XLAT_STYLE_RAW,			/* 0x80000 */
	XLAT_STYLE_VERBOSE,		/* 0x80000 / * O_CLOEXEC * / */
};

/* -x, -xx, --strings-in-hex=: how strings print (src/output/quote.c). */
enum {
	HEX_STRINGS_NONE = 0,		/* "a\1b": octal escapes */
	HEX_STRINGS_NON_ASCII,		/* -x: all as \xNN if one needs \ooo */
	HEX_STRINGS_ALL,		/* -xx: every byte as \xNN */
	HEX_STRINGS_ESCAPES,		/* =non-ascii-chars: "a\x01b" */
};

extern struct config cfg;

/*
 * Parse argv into cfg.  Prints usage errors in strace's style and exits 1
 * on bad input; exits 0 after -h and -V.
 */
void cli_parse(int argc, char **argv);

#endif
