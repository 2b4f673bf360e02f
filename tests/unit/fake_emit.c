/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Stand-ins for the emit primitives, shared by proto_test and dwval_test
 * (see fake_emit.h): they spell values as the text writer does.
 */
#include "config.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "output/emit.h"

#include "fake_emit.h"

char out[FAKE_OUT_SIZE];
static size_t outlen;
/* The separator logic of src/output/emit.c, for nesting up to 16. */
static bool seen[16], sep;
static unsigned int depth;

void reset_out(void)
{
	outlen = 0;
	out[0] = '\0';
	memset(seen, 0, sizeof(seen));
	sep = false;
	depth = 0;
}

static void put(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void put(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	outlen +=
		(size_t)vsnprintf(out + outlen, sizeof(out) - outlen, fmt, ap);
	va_end(ap);
	if (outlen >= sizeof(out))
		outlen = sizeof(out) - 1;
}

static void item(void)
{
	seen[depth] = true;
	sep = false;
}

void emit_next(struct tcb *tcp)
{
	if (sep)
		return;
	sep = true;
	if (seen[depth])
		put(", ");
}

void emit_int(struct tcb *tcp, int64_t v)
{
	item();
	put("%lld", (long long)v);
}

void emit_uint(struct tcb *tcp, uint64_t v)
{
	item();
	put("%llu", (unsigned long long)v);
}

void emit_hex(struct tcb *tcp, uint64_t v)
{
	item();
	put(v ? "%#llx" : "0", (unsigned long long)v);
}

void emit_oct(struct tcb *tcp, uint64_t v)
{
	item();
	put("%#03llo", (unsigned long long)v);
}

void emit_ptr(struct tcb *tcp, uint64_t v)
{
	item();
	if (v)
		put("%#llx", (unsigned long long)v);
	else
		put("NULL");
}

void emit_raw(struct tcb *tcp, const char *text)
{
	item();
	put("%s", text);
}

/* Text shows a constant's text alone, as text_sym does. */
void emit_sym(struct tcb *tcp, uint64_t value, const char *text)
{
	(void)value;
	emit_raw(tcp, text);
}

/* A floating-point number: its text, as text_raw writes it. */
void emit_real(struct tcb *tcp, const char *text)
{
	emit_raw(tcp, text);
}

void emit_comment(struct tcb *tcp, const char *text)
{
	put(" /* %s */", text);
}

/* Enough of strace's quoting for the strings below. */
void emit_quoted(struct tcb *tcp, const char *s, size_t len, unsigned int flags)
{
	item();
	put("\"");
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '"' || c == '\\')
			put("\\%c", c);
		else if (c == '\n')
			put("\\n");
		else if (c == '\t')
			put("\\t");
		else if (c >= ' ' && c < 0x7f)
			put("%c", c);
		else
			put("\\%o", c);
	}
	put("\"%s", flags & QUOTE_ELLIPSIS ? "..." : "");
}

static void open_level(char c)
{
	item();
	put("%c", c);
	depth++;
	seen[depth] = false;
	sep = false;
}

static void close_level(char c)
{
	depth--;
	sep = false;
	put("%c", c);
}

void emit_struct_begin(struct tcb *tcp)
{
	open_level('{');
}

void emit_struct_end(struct tcb *tcp)
{
	close_level('}');
}

void emit_array_begin(struct tcb *tcp)
{
	open_level('[');
}

void emit_array_end(struct tcb *tcp)
{
	close_level(']');
}

void emit_field(struct tcb *tcp, const char *name)
{
	emit_next(tcp);
	seen[depth] = true;
	sep = true;
	put("%s=", name);
}

void emit_more(struct tcb *tcp)
{
	emit_next(tcp);
	item();
	put("...");
}

/* Only JSON names arguments by their number. */
void emit_args_from(struct tcb *tcp, unsigned int first)
{
	(void)tcp;
	(void)first;
}

void emit_continue(struct tcb *tcp)
{
	(void)tcp;
	seen[depth] = true;
	sep = false;
}
