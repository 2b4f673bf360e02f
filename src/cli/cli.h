/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * struct config: everything the command line decides.  Filled once by
 * cli_parse() and read-only afterwards; every module gets it through
 * the global `cfg` instead of through flags of its own.
 */
#ifndef SLTRACE_CLI_CLI_H
#define SLTRACE_CLI_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "filter/rules.h"

struct scset;

struct config {
	/* What to trace. */
	char **argv;			/* command to launch, NULL with only -p */
	pid_t *attach_pids;		/* -p, in command-line order */
	size_t n_attach;

	/* Following. */
	bool follow_forks;		/* -f */
	bool output_separately;		/* -ff: one file per pid */
	bool output_append;		/* -A: -o files opened to append */

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

	/* Line prefixes and times (src/output/line.c). */
	int abs_ts;			/* -t, --absolute-timestamps: TS_FORMAT_* */
	unsigned int abs_ts_digits;	/* of the seconds' fraction: 0 3 6 9 */
	bool rel_ts;			/* -r: time since the previous line */
	unsigned int rel_ts_digits;
	bool syscall_times;		/* -T: " <0.000012>" after the result */
	unsigned int syscall_times_digits;
	bool print_nr;			/* -n: "[  39] " syscall number */
	bool print_ip;			/* -i: "[00007f...] " instruction pointer */
	bool always_show_pid;		/* --always-show-pid */
	bool decode_pids_comm;		/* -Y: "1234<comm>" */
	bool decode_pids_pidns;		/* pids in sltrace's pid namespace too */

	/*
	 * The engine reads the tracee's system CPU time at every syscall
	 * stop (wait4's rusage: -c without -w needs it).
	 */
	bool need_stime;

	/* Statistics (src/stats/stats.h has the enums). */
	int summary;			/* -c / -C: SUMMARY_* */
	bool summary_wall;		/* -w: wall-clock time, not system */
	int summary_sort;		/* -S: STATS_SORT_* */
	bool summary_sort_given;	/* -S was given */
	int summary_cols[16];		/* -U: STATS_COL_*, in order */
	unsigned int summary_ncols;
	uint64_t summary_overhead_ns;	/* -O */
	double summary_interval;	/* --summary-interval, s; 0: off */
	struct scset *hist_set;		/* --hist[=SET]; NULL: no --hist */
	bool hist_by_errno;		/* --hist-by-errno */

	/* --seccomp-bpf=off: never filter with seccomp-BPF. */
	bool no_seccomp;

	/* Engine and launch control. */
	bool kill_on_exit;		/* --kill-on-exit: PTRACE_O_EXITKILL */
	bool no_guardian;		/* --no-guardian (src/guard/) */
	int out_format;			/* --output-format: OUT_FORMAT_* */
	bool folded_time;		/* --folded-weight=time */
	const char *replay;		/* --replay FILE */
	const char *list_probes;	/* --list-probes PATTERN: PROG not run */
	const char *list_vars;		/* --list-vars SPEC: PROG not run */
	const char **probes;		/* --probe, in order */
	size_t n_probes;
	/* --script / --script-file (src/script/): the text and its name */
	const char *script;
	size_t script_len;
	const char *script_name;	/* "script", or the file's path */
	bool script_unsafe;		/* --unsafe: system() */
	bool script_destructive;	/* -w/--destructive with a script */
	bool script_with_lines;		/* -e trace= or signal= beside it */
	int daemonize;			/* -D count: 1 grandchild, 2 pgroup, 3 session */
	bool detach_on_execve;		/* -b execve */
	unsigned long syscall_limit;	/* --syscall-limit; 0: none */
	int backend;			/* --backend: BACKEND_* (summary.h) */
	int interruptible;		/* -I: INTR_* (engine.h); 0: the default */
	const char *username;		/* -u: run the command as this user */
	char **env_ops;			/* -E: "VAR=VAL" sets, "VAR" unsets */
	size_t n_env_ops;

	/* -k, -kk: the stack under each line (src/unwind/). */
	int stack_trace;		/* STACK_TRACE_* */
	unsigned int stack_trace_limit;	/* --stack-trace-frame-limit, 256 */

	/* Diagnostics. */
	int debug;			/* -d, repeatable */
	int quiet;			/* -q count: attach/detach messages */

	/*
	 * Library calls (issue 5).  sltrace's own options: -l, -L,
	 * --demangle, --proto-file; ltrace mode (--ltrace, or invoked as
	 * "ltrace": src/cli/ltrace_cli.c) sets the same fields from
	 * ltrace's, and the common ones above (-f, -o, -s, -t, -T, -i, -c,
	 * -p, -u) as strace's options do.
	 */
	int lc_mode;			/* LC_OFF, LC_ON: any -l/-L, ltrace mode */
	int lc_style;			/* LC_STYLE_*: how lines look */
	/*
	 * Calls through a PLT/GOT slot.  sltrace's -l: calls the main
	 * program makes (main_only), LIB the callee.  ltrace mode: calls
	 * any object makes; -e rules name the caller (LC_LIB_CALLER), -l
	 * rules the callee, each -e and -l a chain of its own.  Empty
	 * after ltrace's -L or without -l: no PLT tracing.
	 */
	struct lc_ruleset lc_plt;
	/*
	 * ltrace mode without -e, -l and -L: lc_plt holds ltrace's implied
	 * "@MAIN" (every call the program makes), and ltrace then prints
	 * no "caller->" before the name.
	 */
	bool lc_plt_default;
	/* Symbol entries of any object (-L, ltrace's -x); LIB the object. */
	struct lc_ruleset lc_entry;
	bool lc_demangle;		/* --demangle, ltrace's -C */
	char **lc_proto_files;		/* --proto-file, ltrace's -F, in order */
	size_t n_lc_proto_files;
	unsigned int lc_indent;		/* ltrace -n: spaces per call depth */
	/* ltrace -A: elements shown (4); -A 0 shows "[ ... ]" as ltrace */
	unsigned int lc_array_max;
	bool lc_ltrace_syscalls;	/* ltrace -S: syscalls too */
	unsigned int lc_stack;		/* ltrace -w: backtrace frames; 0 none */
};

/* cfg.lc_mode */
enum {
	LC_OFF = 0,
	LC_ON,
};

/* cfg.out_format: how events are written (src/output/). */
enum {
	OUT_FORMAT_TEXT = 0,		/* strace's and ltrace's lines */
	OUT_FORMAT_JSON,		/* JSON Lines, doc/trace-schema.json */
	OUT_FORMAT_CHROME,		/* Chrome Trace Event Format (timeline) */
	OUT_FORMAT_FOLDED,		/* folded stacks, at the end */
};

/* cfg.lc_style */
enum {
	LC_STYLE_SLTRACE = 0,		/* strace's look: NULL, "..." cut at -s */
	LC_STYLE_LTRACE,		/* ltrace's: nil, <void>, "lib->f" */
};

/* -t, --absolute-timestamps=format: */
enum {
	TS_FORMAT_NONE = 0,
	TS_FORMAT_TIME,			/* 14:05:22 (local time) */
	TS_FORMAT_UNIX,			/* 1795269922 */
};


/* -k, --stack-trace[=symbol|source]: what each frame shows. */
enum {
	STACK_TRACE_NONE = 0,
	STACK_TRACE_SYMBOL,		/* -k: object(function+off) [fileoff] */
	STACK_TRACE_SOURCE,		/* -kk: and file:line */
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
 * on bad input; exits 0 after -h and -V.  When sltrace is invoked as
 * "ltrace" or with --ltrace as its first argument, ltrace's options are
 * parsed instead, with ltrace's messages (src/cli/ltrace_cli.h).
 */
void cli_parse(int argc, char **argv);

#endif
