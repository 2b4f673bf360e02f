/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The script language's front end (issue 13, doc/scripts.md): text to a
 * tree (ast.h), then a check of what each function and value accepts.
 * Nothing runs yet.  The text is untrusted: any bytes give a tree or one
 * error with its line and column, never a crash, a leak or a hang.
 */
#ifndef SLTRACE_SCRIPT_PARSE_H
#define SLTRACE_SCRIPT_PARSE_H

#include <stddef.h>
#include <stdint.h>

#include "script/ast.h"

/* The first error found; what follows it is its consequence. */
struct script_error {
	struct script_pos pos; /* line and column from 1 */
	char msg[192]; /* one line, lowercase, no final period */
};

/*
 * Parses len bytes of text (a NUL among them is an error).  Returns 0 and
 * the tree in *out, which the caller frees with script_free(); or -EINVAL
 * with *err filled and *out NULL, or -ENOMEM (err says "out of memory").
 */
int script_parse(const char *text, size_t len, struct script **out,
		 struct script_error *err);

/* script_check() flags */
#define SCRIPT_CHECK_UNSAFE 0x1 /* --unsafe: system() is allowed */
/* -w: override(), signal() and chill() may change the traced program */
#define SCRIPT_CHECK_DESTRUCTIVE 0x2

/*
 * Checks a parsed script: known builtins and functions, each function's
 * argument count and kinds, aggregations only as the value of a map
 * assignment, actions only as statements, system() only with
 * SCRIPT_CHECK_UNSAFE.  Returns 0, or -EINVAL with *err filled.
 */
int script_check(const struct script *s, unsigned int flags,
		 struct script_error *err);

/*
 * The number an identifier names that is not a builtin: an errno name
 * (EPERM, ENOENT...) or a signal's (SIGUSR1...).  0 and *v, or -1.
 */
int script_const_value(const char *name, int64_t *v);

/*
 * Formats err as a compiler does, into buf (always NUL-terminated when
 * size > 0):
 *   PROG: NAME:LINE:COL: error: MSG
 *   the source line
 *          ^
 * PROG is the name sltrace was run as (as its other messages begin);
 * NAME is "script" for --script, the file for --script-file; text and len
 * are what was parsed (the source line is taken from them; control bytes
 * other than tabs show as '?', tabs are kept so the caret lines up).
 * Returns the length the whole message needs, as snprintf does.
 */
int script_error_format(char *buf, size_t size, const char *prog,
			const char *name,
			const char *text, size_t len,
			const struct script_error *err);

#endif
