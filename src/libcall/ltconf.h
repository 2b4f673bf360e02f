/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ltrace's own prototype files (/etc/ltrace.conf, ~/.ltrace.conf, -F):
 * ltrace 0.7.3's language, read as ltrace reads it, for ltrace mode.
 *
 * One declaration a line, ';' starts a comment:
 *
 *	typedef sigset_t = bitvec(ulong);
 *	typedef mntent = struct(string, string, string, string, int, int);
 *	int sigaction(signum, sigaction*, +sigaction*);
 *	addr memcpy(addr, string(array(char, arg3)*), ulong);
 *	long read(int, +string[retval], ulong);
 *	int snprintf(+string2, ulong, format);
 *
 * Types: void int uint long ulong short ushort char octal float double
 * addr file format string, string[argN|retval|N], stringN (string[argN],
 * string0 the return value), T* (what the pointer points to; nil when
 * NULL), struct(T, ...), array(T, argN|retval|N), enum(A[=N], ...),
 * hex(T), oct(T), bool(T), bitvec(T), hide(T) (not printed), string(T)
 * (an array of char printed as a string), a "+" before a parameter (filled
 * by the call: printed at the return) and typedef names.  A line ltrace
 * cannot read is passed over with a message, as ltrace does.
 *
 * The prototypes built are struct proto (proto.h): scalars as the usual
 * kinds, the composite types as PT_LT with a struct lt_type tree, which
 * printval.c prints as ltrace does ("{ 1, "a" }", "[ 1, 2... ]",
 * "<1-3,5>", "~<0-3>").
 */
#ifndef SLTRACE_LIBCALL_LTCONF_H
#define SLTRACE_LIBCALL_LTCONF_H

#include <stdbool.h>
#include <stddef.h>

#include "libcall/proto.h"

enum lt_kind {
	LTK_SCALAR,	/* one value of sc's kind, read from memory */
	LTK_PTR,	/* a pointer to elt: nil, or elt's value */
	LTK_STRUCT,	/* { m0, m1, ... } */
	LTK_ARRAY,	/* [ e0, e1... ] of a length (len_arg/len_const) */
	LTK_BITVEC,	/* <1-3,5>: the bits set of sc's size */
	LTK_STRARRAY,	/* string(array(char, N)): N bytes as a string */
};

struct lt_type {
	enum lt_kind kind;
	struct ptype sc;		/* LTK_SCALAR, LTK_BITVEC (size) */
	const struct lt_type *elt;	/* LTK_PTR, LTK_ARRAY, LTK_STRARRAY */
	/* LTK_ARRAY, LTK_STRARRAY: the argument (1-based) holding the
	 * length, PT_LEN_RETVAL, or 0 for len_const. */
	int len_arg;
	unsigned int len_const;
	unsigned int nmemb;		/* LTK_STRUCT */
	const struct lt_type **memb;
	unsigned int size, align;	/* in memory, x86_64 */
	struct lt_type *arena;		/* every type made, for their lifetime */
};

/*
 * Load ltrace's files: files[0..n) when n > 0 (-F), else /etc/ltrace.conf
 * and ~/.ltrace.conf; a file that cannot be opened is passed over.
 */
void ltconf_load_config(char *const *files, size_t n);

/* Load one file; -1 when it cannot be opened. */
int ltconf_load_file(const char *path);

/* Parse a buffer (origin names it in messages); for tests. */
void ltconf_parse(const char *buf, size_t len, const char *origin);

/* The prototype of name, the last declaration winning; NULL if none. */
const struct proto *ltconf_lookup(const char *name);

#endif /* SLTRACE_LIBCALL_LTCONF_H */
