/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * --tips[=[[id:]ID][,[format:]FORMAT]]: strace's option, with our own
 * tips.  The argument is a comma-separated list read left to right (the
 * last word of each kind wins, over repeated options too): an id is a
 * non-negative int or "random", a format is none, compact or full; both
 * may carry their "id:"/"format:" prefix.  The tip goes to stderr when
 * the trace ends, whatever -o says: it is for the user, not the trace.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/tips.h"

enum { TIPS_OFF, TIPS_NONE, TIPS_COMPACT, TIPS_FULL };

static int tips_format = TIPS_OFF;
static long tips_id = -1;		/* -1: random */

struct tip {
	const char *text;
	const char *example;		/* shown by format:full */
};

static const struct tip tips[] = {
	{ "Library calls and syscalls share one timeline: -l PATTERN adds the calls into matching functions of shared libraries to the trace.",
	  "sltrace -l 'malloc*' -e trace=%memory ls" },
	{ "--ltrace makes sltrace read ltrace's command line and print ltrace's lines, from the same engine.",
	  "sltrace --ltrace -S -e malloc+free date" },
	{ "--output-format=json writes one record per event; --replay reads such a file back as text, -c tables or a timeline.",
	  "sltrace --output-format=json -o t.json make; sltrace --replay=t.json -c" },
	{ "Only the syscalls you ask for stop the program: -e trace=SET installs a seccomp filter so the rest run at full speed.",
	  "sltrace -f -e trace=%process bash -c 'ls | wc'" },
	{ "-k prints the stack of each traced call; with -l it shows where in the program a library call came from.",
	  "sltrace -k -e trace=openat python3 -c 1" },
	{ "-e inject=SET:error=ERRNO makes chosen syscalls fail, to see how a program copes; :when=N+ picks the calls.",
	  "sltrace -e inject=openat:error=ENOENT:when=3+ cat /etc/hostname" },
	{ "-yy names what a descriptor is: a path, a socket's addresses, a pipe, a device.",
	  "sltrace -yy -e trace=%network curl -sI http://localhost/" },
	{ "-c counts calls, errors and time per syscall; --hist adds each syscall's latency distribution.",
	  "sltrace -c --hist -f make -j2" },
	{ "Attach to a running process with -p PID, and to all its threads with -f; detaching restores every byte sltrace changed.",
	  "sltrace -f -p $(pidof nginx) -e trace=%network" },
	{ "-P PATH traces only the syscalls that touch PATH, whatever descriptor they use.",
	  "sltrace -P /etc/passwd id" },
	{ "-Z shows only the calls that failed, -z only those that succeeded.",
	  "sltrace -f -Z make" },
	{ "--seccomp-bpf is implied: sltrace filters in the kernel whenever the traced set allows it.",
	  "sltrace -f -e trace=execve bash -c 'echo hi'" },
};

#define NTIPS (sizeof(tips) / sizeof(tips[0]))

static bool parse_id(const char *s, size_t n, long *id)
{
	char buf[16], *end;
	long v;

	if (n == 6 && !strncmp(s, "random", 6)) {
		*id = -1;
		return true;
	}
	if (n == 0 || n >= sizeof(buf) || s[0] < '0' || s[0] > '9')
		return false;
	memcpy(buf, s, n);
	buf[n] = '\0';
	errno = 0;
	v = strtol(buf, &end, 10);
	if (errno || *end || v > INT_MAX)
		return false;
	*id = v;
	return true;
}

static bool parse_format(const char *s, size_t n, int *fmt)
{
	static const char *const names[] = { "none", "compact", "full" };

	for (unsigned int i = 0; i < 3; i++) {
		if (strlen(names[i]) == n && !strncmp(s, names[i], n)) {
			*fmt = TIPS_NONE + (int)i;
			return true;
		}
	}
	return false;
}

bool tips_parse(const char *arg)
{
	long id = tips_id;
	int fmt = tips_format == TIPS_OFF ? TIPS_COMPACT : tips_format;
	const char *p = arg ? arg : "";

	for (;;) {
		size_t n = strcspn(p, ",");

		if (n == 0)
			;
		else if (n > 3 && !strncmp(p, "id:", 3)) {
			if (!parse_id(p + 3, n - 3, &id))
				return false;
		} else if (n > 7 && !strncmp(p, "format:", 7)) {
			if (!parse_format(p + 7, n - 7, &fmt))
				return false;
		} else if (!parse_id(p, n, &id) && !parse_format(p, n, &fmt)) {
			return false;
		}
		if (!p[n])
			break;
		p += n + 1;
	}
	tips_id = id;
	tips_format = fmt;
	return true;
}

/* Words of TEXT filled into the box's lines, INDENT columns in. */
static void print_filled(FILE *fp, int indent, const char *text, int box)
{
	const char *p = text;
	int width = box - indent;

	while (*p) {
		int n = 0, fit = 0;

		while (p[n] && n < width) {
			n++;
			if (!p[n] || p[n] == ' ')
				fit = n;
		}
		if (!fit)
			fit = n;
		fprintf(fp, " | %*s%-*.*s |\n", indent, "", width, fit, p);
		p += fit;
		while (*p == ' ')
			p++;
	}
}

void tips_print(FILE *fp)
{
	enum { WIDTH = 60 };
	const struct tip *t;
	char rule[WIDTH + 3];

	if (tips_format == TIPS_OFF || tips_format == TIPS_NONE)
		return;
	if (tips_id < 0)
		tips_id = (long)(((unsigned long)time(NULL) ^
				  (unsigned long)getpid() * 2654435761u) % NTIPS);
	t = &tips[(unsigned long)tips_id % NTIPS];
	memset(rule, '-', WIDTH + 2);
	rule[WIDTH + 2] = '\0';
	fprintf(fp, " +%s+\n", rule);
	fprintf(fp, " | %-*s |\n", WIDTH, "sltrace tip:");
	print_filled(fp, 0, t->text, WIDTH);
	if (tips_format == TIPS_FULL) {
		fprintf(fp, " | %-*s |\n", WIDTH, "");
		fprintf(fp, " | %-*s |\n", WIDTH, "For example:");
		print_filled(fp, 2, t->example, WIDTH);
	}
	fprintf(fp, " +%s+\n", rule);
}
