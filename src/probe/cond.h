/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A probe's condition, "if EXPR": C's comparison and logic operators
 * (== != < <= > >= && || ! and parentheses) over value references and
 * literals (integers in C's bases, negative ones, floats, "strings",
 * 'c' chars, true/false/NULL).  A value reference is what a probe may
 * print: $arg1, $retval, %rdi, argN of a USDT point, a variable path
 * ("hdr->len", "*p", "v.items[2]", "x:s32").  Its text is handed to the
 * caller's bind callback when the condition is compiled; each hit asks
 * the caller's get callback for its value (a struct dv_scalar).
 *
 * A comparison of a string with a string compares their text; a number
 * with a number compares as C would after promotion (signed and unsigned
 * compared by value, not by C's conversion rules; a float with a float).
 * A comparison whose value cannot be read, or of a string with a number,
 * is false (and its negation true only through "!" of the whole).
 *
 * Grammar (doc/probes.md has examples):
 *   or      := and ('||' and)*
 *   and     := not ('&&' not)*
 *   not     := '!' not | cmp
 *   cmp     := operand (('=='|'!='|'<'|'<='|'>'|'>=') operand)?
 *   operand := literal | reference | '(' or ')'
 * A reference is '*'s, an optional '$' or '%', a name, then "->name",
 * ".name", "[digits]" in any number, then an optional ":type", without
 * spaces; the bare names true, false and NULL are literals.  An operand
 * alone (no comparison) holds when it is a number other than 0, or a
 * string that could be read (even ""); a reference that cannot be read
 * does not hold.  A parenthesized logic expression compared with a
 * number is 1 or 0.  Integer literals that do not fit int64_t are
 * unsigned; 'c' is the unsigned char's value.  Strings compare by
 * strcmp (so < and > order them too); a NaN compares as in C.  At most
 * 64 levels of '(' and '!'.
 */
#ifndef SLTRACE_PROBE_COND_H
#define SLTRACE_PROBE_COND_H

#include <stdbool.h>
#include <stddef.h>

struct dv_scalar;
struct cond;

/*
 * Binds a reference's text (NUL-terminated) to the caller's handle;
 * NULL with a reason in err refuses it.
 */
typedef void *(*cond_bind_fn)(void *ctx, const char *ref, char *err,
			      size_t errlen);
/* The value of a bound reference at a hit: 0, or -errno. */
typedef int (*cond_get_fn)(void *ctx, void *handle, struct dv_scalar *out);

/*
 * Compiles text.  NULL with a one-line reason in err, naming the column
 * ("at column 9: expected an operand after '&&'").
 */
struct cond *cond_compile(const char *text, cond_bind_fn bind, void *bctx,
			  char *err, size_t errlen);
/*
 * As cond_compile, and when it fails after bind accepted some references
 * (a later one refused, or no memory), free_handle (may be NULL) is
 * called on each handle bind returned: cond_compile leaves those to the
 * caller.  A syntax error is found before any call of bind.
 */
struct cond *cond_compile_ex(const char *text, cond_bind_fn bind,
			     void (*free_handle)(void *handle), void *bctx,
			     char *err, size_t errlen);
/* True when the condition holds at this hit. */
bool cond_eval(const struct cond *c, cond_get_fn get, void *gctx);
/* Frees c; free_handle (may be NULL) is called on each bound handle. */
void cond_free(struct cond *c, void (*free_handle)(void *handle));

#endif
