/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Library-call values: find each argument where the SysV ABI put it,
 * then print it by its prototype type in sltrace's style (strace's
 * conventions) or in ltrace's (what Debian's ltrace 0.7.3 prints).
 *
 * The ABI facts: x86_64 (System V AMD64 ABI, 3.2.3) passes INTEGER
 * values in rdi rsi rdx rcx r8 r9 and SSE values in xmm0..7, each class
 * going to the stack once its registers are used up, in argument order,
 * 8 bytes a slot from sp+8 at entry; long double is always on the
 * stack, 16-byte aligned.  A variadic call promotes float to double and
 * sets al to the number of vector registers used.  i386 passes
 * everything on the stack from sp+4, 4 bytes a slot (8 for long long
 * and double, 12 for long double).  Integers narrower than a register
 * leave its upper bits undefined, so every kind reads only its width.
 */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "cli/cli.h"
#include "engine/engine.h"
#include "engine/tcb.h"
#include "libcall/ltconf.h"
#include "libcall/printval.h"
#include "libcall/proto.h"
#include "output/emit.h"
#include "syscall/file.h"
#include "syscall/net.h"
#include "syscall/printers.h"
#include "xlat/tables/mmap_flags.h"
#include "xlat/tables/mmap_type.h"
#include "xlat/xlat.h"

/* The most a format string is read; printf formats are short. */
#define FMT_MAX 4096
/* Arguments a format may make us print, beyond which "...". */
#define VARARGS_MAX 64
/* Strings of an array sltrace reads at most (-v). */
#define STRARRAY_MAX 65536

/* include/uapi/asm-generic/mman-common.h: the mapping type field. */
#define MAP_TYPE_MASK 0x0f
#define MAP_HUGE_SHIFT 26
#define MAP_HUGE_MASK 0x3f

/* O_TMPFILE includes O_DIRECTORY; its own bit is what asks for a mode. */
#ifndef __O_TMPFILE
#define __O_TMPFILE 020000000
#endif

/* --- pure helpers -------------------------------------------------------- */

enum lc_argclass lc_ptype_class(const struct ptype *t)
{
	switch (t->kind) {
	case PT_VOID:
		return LC_CLASS_NONE;
	case PT_FLOAT:
	case PT_DOUBLE:
		return LC_CLASS_SSE;
	default:
		return LC_CLASS_INT;
	}
}

void lc_cursor_init(struct lc_cursor *c, bool compat)
{
	c->ni = 0;
	c->nf = 0;
	c->off = compat ? 4 : 8;
	c->compat = compat;
}

struct lc_argloc lc_cursor_next(struct lc_cursor *c, enum lc_argclass cls,
				unsigned int size)
{
	struct lc_argloc loc = { .where = LC_LOC_STACK };

	if (c->compat) {
		loc.off = c->off;
		c->off += size < 4 ? 4 : (size + 3) & ~3u;
		return loc;
	}
	if (cls == LC_CLASS_INT && c->ni < 6) {
		loc.where = LC_LOC_REG;
		loc.idx = c->ni++;
		return loc;
	}
	if (cls == LC_CLASS_SSE && c->nf < 8) {
		loc.where = LC_LOC_XMM;
		loc.idx = c->nf++;
		return loc;
	}
	if (cls == LC_CLASS_X87) {
		/* sp+8 is 16-byte aligned at entry: align from there. */
		c->off = 8 + ((c->off - 8 + 15) & ~(uint64_t)15);
		loc.off = c->off;
		c->off += 16;
		return loc;
	}
	loc.off = c->off;
	c->off += 8;
	return loc;
}

int lc_fmt_next(const char *fmt, size_t len, size_t *pos,
		struct lc_fmt_conv *c)
{
	size_t i = *pos;

	while (i < len) {
		size_t j;
		char conv;

		if (fmt[i++] != '%')
			continue;
		memset(c, 0, sizeof(*c));
		c->prec = -1;
		for (j = i; j < len && fmt[j] && strchr("-+ #0'I*.$123456789",
							fmt[j]); j++) {
			if (fmt[j] == '*') {
				c->lt_star = true;
				c->lt_ndigits = 0;
				c->lt_digits = 0;
			} else if (fmt[j] >= '0' && fmt[j] <= '9') {
				c->lt_ndigits++;
				if (c->lt_digits < 100000000)
					c->lt_digits = c->lt_digits * 10 +
						       (uint32_t)(fmt[j] - '0');
			}
		}
		for (j = i; j < len && fmt[j] >= '0' && fmt[j] <= '9'; j++)
			;
		if (j > i && j < len && fmt[j] == '$') {
			c->positional = true;
			i = j + 1;
		}
		while (i < len && fmt[i] && strchr("-+ #0'I", fmt[i]))
			i++;
		if (i < len && fmt[i] == '*') {
			c->width_arg = true;
			i++;
		} else {
			while (i < len && fmt[i] >= '0' && fmt[i] <= '9')
				i++;
		}
		if (i < len && fmt[i] == '.') {
			i++;
			if (i < len && fmt[i] == '*') {
				c->prec_arg = true;
				i++;
			} else {
				c->prec = 0;
				for (; i < len && fmt[i] >= '0' && fmt[i] <= '9';
				     i++)
					if (c->prec < 100000000)
						c->prec = c->prec * 10 +
							  (fmt[i] - '0');
			}
		}
		if (i < len) {
			switch (fmt[i]) {
			case 'h':
				c->len = LC_LEN_H;
				if (i + 1 < len && fmt[i + 1] == 'h') {
					c->len = LC_LEN_HH;
					i++;
				}
				i++;
				break;
			case 'l':
				c->len = LC_LEN_L;
				if (i + 1 < len && fmt[i + 1] == 'l') {
					c->len = LC_LEN_LL;
					i++;
				}
				i++;
				break;
			case 'q':
				c->len = LC_LEN_LL;
				i++;
				break;
			case 'j':
				c->len = LC_LEN_J;
				i++;
				break;
			case 'z':
			case 'Z':
				c->len = LC_LEN_Z;
				i++;
				break;
			case 't':
				c->len = LC_LEN_T;
				i++;
				break;
			case 'L':
				c->len = LC_LEN_BIGL;
				i++;
				break;
			}
		}
		if (i >= len)
			break;
		conv = fmt[i++];
		if (conv && strchr("diuoxXcspnfega", conv)) {
			c->conv = conv;
		} else if (conv && strchr("FEGA", conv)) {
			c->conv = (char)(conv - 'A' + 'a');
		} else if (conv == 'C' || conv == 'S') {
			c->conv = (char)(conv - 'A' + 'a');
			c->len = LC_LEN_L;
		} else {
			/* %%, %m, and what glibc would not take either. */
			continue;
		}
		*pos = i;
		return 1;
	}
	*pos = len;
	return 0;
}

static bool is_float_conv(char conv)
{
	return conv == 'f' || conv == 'e' || conv == 'g' || conv == 'a';
}

void lc_fmt_ptype(const struct lc_fmt_conv *c, bool ltrace, struct ptype *t)
{
	int len = c->len;

	memset(t, 0, sizeof(*t));
	switch (c->conv) {
	case 'd':
	case 'i':
		if (len == LC_LEN_HH)
			t->kind = ltrace ? PT_CHAR : PT_INT8;
		else if (len == LC_LEN_H)
			t->kind = PT_SHORT;
		else if (len == LC_LEN_L || len == LC_LEN_T)
			t->kind = PT_LONG;
		else if (len == LC_LEN_Z)
			t->kind = PT_SSIZE;
		else if (len == LC_LEN_LL || len == LC_LEN_J ||
			 len == LC_LEN_BIGL)
			/* ltrace prints %lld and %jd unsigned (observed). */
			t->kind = ltrace ? PT_ULLONG : PT_LLONG;
		else
			t->kind = PT_INT;
		break;
	case 'u':
		if (len == LC_LEN_HH)
			t->kind = ltrace ? PT_CHAR : PT_UINT8;
		else if (len == LC_LEN_H)
			t->kind = PT_USHORT;
		else if (len == LC_LEN_L || len == LC_LEN_T)
			t->kind = PT_ULONG;
		else if (len == LC_LEN_Z)
			t->kind = PT_SIZE;
		else if (len == LC_LEN_LL || len == LC_LEN_J ||
			 len == LC_LEN_BIGL)
			t->kind = PT_ULLONG;
		else
			t->kind = PT_UINT;
		break;
	case 'o':
	case 'x':
	case 'X':
		t->kind = c->conv == 'o' ? PT_OCTAL : PT_HEX;
		t->size = len == LC_LEN_HH ? 1 :
			  len == LC_LEN_H ? 2 :
			  len == LC_LEN_NONE ? 4 :
			  (len == LC_LEN_LL || len == LC_LEN_J ||
			   len == LC_LEN_BIGL) ? 8 : 0;
		break;
	case 'c':
		t->kind = PT_CHAR;
		break;
	case 's':
		if (len == LC_LEN_L && !ltrace) {
			t->kind = PT_PTR;	/* a wchar_t string */
		} else if (c->prec >= 0) {
			t->kind = PT_STRING_N;
			t->len_const = (uint32_t)c->prec;
		} else {
			t->kind = PT_STRING;
		}
		break;
	case 'f':
	case 'e':
	case 'g':
	case 'a':
		t->kind = PT_DOUBLE;
		break;
	default:
		t->kind = PT_PTR;	/* p, n */
		break;
	}
}

/* Bytes of the integer behind t; 0 for kinds that are not one. */
static unsigned int int_bytes(const struct ptype *t, bool compat)
{
	unsigned int word = compat ? 4 : 8;

	switch (t->kind) {
	case PT_INT8:
	case PT_UINT8:
	case PT_CHAR:
		return 1;
	case PT_SHORT:
	case PT_USHORT:
		return 2;
	case PT_INT:
	case PT_UINT:
	case PT_BOOL:
	case PT_FD:
	case PT_DIRFD:
	case PT_MODE:
	case PT_OPEN_FLAGS:
	case PT_OPEN_MODE:
	case PT_MMAP_FLAGS:
	case PT_SIGNAL:
	case PT_ERRNO:
	case PT_SOCK_TYPE:
	case PT_FLOAT:
		return 4;
	case PT_LLONG:
	case PT_ULLONG:
	case PT_DOUBLE:
		return 8;
	case PT_HEX:
	case PT_OCTAL:
	case PT_FLAGS:
	case PT_ENUM:
		return t->size ? t->size : word;
	case PT_VOID:
		return 0;
	default:
		return word;
	}
}

static uint64_t zx(uint64_t v, unsigned int bytes)
{
	return bytes >= 8 || !bytes ? v : v & ((1ULL << (8 * bytes)) - 1);
}

static int64_t sx(uint64_t v, unsigned int bytes)
{
	unsigned int shift = bytes >= 8 || !bytes ? 0 : 64 - 8 * bytes;

	return (int64_t)(v << shift) >> shift;
}

/*
 * The shortest text that reads back as the same double (or float), in
 * plain notation up to 17 integer digits: 0.1, 10, 1.5e+20.
 */
static void sprint_double(char *buf, size_t size, double d, bool is_float)
{
	const char *e;
	int prec, exp;

	for (prec = 1; prec < 17; prec++) {
		snprintf(buf, size, "%.*g", prec, d);
		if (is_float ? strtof(buf, NULL) == (float)d :
			       strtod(buf, NULL) == d)
			break;
	}
	snprintf(buf, size, "%.*g", prec, d);
	e = strchr(buf, 'e');
	if (e && (exp = atoi(e + 1)) >= 0 && exp < 17)
		snprintf(buf, size, "%.*g", exp + 1 > prec ? exp + 1 : prec,
			 d);
}

void lc_sprint_char(char *buf, size_t size, unsigned char c, bool ltrace)
{
	static const char esc[] = "\a\b\t\n\v\f\r";
	static const char name[] = "abtnvfr";
	const char *e = c ? strchr(esc, c) : NULL;

	if (!c)
		snprintf(buf, size, "'\\0'");
	else if (e)
		snprintf(buf, size, "'\\%c'", name[e - esc]);
	else if (c == '\\')
		snprintf(buf, size, "'\\\\'");
	else if (c == '\'' && !ltrace)
		snprintf(buf, size, "'\\''");
	else if (c >= ' ' && c < 0x7f)
		snprintf(buf, size, "'%c'", c);
	else
		snprintf(buf, size, "'\\%03o'", c);
}

size_t lc_quote_ltrace(char *dst, const char *s, size_t len, bool ellipsis)
{
	static const char esc[] = "\a\b\t\n\v\f\r";
	static const char name[] = "abtnvfr";
	char *d = dst;

	*d++ = '"';
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		const char *e = c ? strchr(esc, c) : NULL;

		if (e) {
			*d++ = '\\';
			*d++ = name[e - esc];
		} else if (c == '\\') {
			*d++ = '\\';
			*d++ = '\\';
		} else if (c >= ' ' && c < 0x7f) {
			*d++ = (char)c;
		} else {
			*d++ = '\\';
			*d++ = (char)('0' + (c >> 6));
			*d++ = (char)('0' + ((c >> 3) & 7));
			*d++ = (char)('0' + (c & 7));
		}
	}
	*d++ = '"';
	if (ellipsis) {
		memcpy(d, "...", 3);
		d += 3;
	}
	*d = '\0';
	return (size_t)(d - dst);
}

bool lc_sprint_scalar(char *buf, size_t size, const struct ptype *t,
		      uint64_t v, bool compat, bool ltrace)
{
	unsigned int bytes = int_bytes(t, compat);

	switch (t->kind) {
	case PT_INT:
	case PT_LONG:
	case PT_LLONG:
	case PT_SHORT:
	case PT_INT8:
	case PT_SSIZE:
		snprintf(buf, size, "%lld", (long long)sx(v, bytes));
		return true;
	case PT_UINT:
	case PT_ULONG:
	case PT_ULLONG:
	case PT_USHORT:
	case PT_UINT8:
	case PT_SIZE:
		snprintf(buf, size, "%llu", (unsigned long long)zx(v, bytes));
		return true;
	case PT_CHAR:
		lc_sprint_char(buf, size, (unsigned char)v, ltrace);
		return true;
	case PT_BOOL:
		snprintf(buf, size, "%s", zx(v, 4) ? "true" : "false");
		return true;
	case PT_HEX:
		v = zx(v, bytes);
		snprintf(buf, size, v ? "%#llx" : "0", (unsigned long long)v);
		return true;
	case PT_OCTAL:
	case PT_MODE:
	case PT_OPEN_MODE:
		/* ltrace: "0%o" (0 is "00"); strace: "%#03o" (0 is "000"). */
		v = zx(v, bytes);
		snprintf(buf, size, ltrace ? "0%llo" : "%#03llo",
			 (unsigned long long)v);
		return true;
	case PT_FLOAT:
		if (ltrace)
			snprintf(buf, size, "%f", (double)lc_float_of(v));
		else
			sprint_double(buf, size, lc_float_of(v), true);
		return true;
	case PT_DOUBLE:
		if (ltrace)
			snprintf(buf, size, "%f", lc_double_of(v));
		else
			sprint_double(buf, size, lc_double_of(v), false);
		return true;
	case PT_GUESS: {
		/* ltrace's fallback: small numbers in decimal (observed). */
		int64_t s = sx(v, bytes);

		if (s >= -10000 && s <= 10000)
			snprintf(buf, size, "%lld", (long long)s);
		else
			snprintf(buf, size, "%#llx",
				 (unsigned long long)zx(v, bytes));
		return true;
	}
	case PT_PTR:
		v = zx(v, bytes);
		if (!v)
			snprintf(buf, size, ltrace ? "0" : "NULL");
		else
			snprintf(buf, size, "%#llx", (unsigned long long)v);
		return true;
	default:
		return false;
	}
}

/* --- reading the values -------------------------------------------------- */

struct pctx {
	struct tcb *tcp;
	const struct proto *p;
	const struct lc_regs *entry;
	const struct lc_regs *ret;	/* NULL before the return */
	bool compat;
	bool lt;
	uint64_t val[PROTO_MAX_ARGS];
	bool ok[PROTO_MAX_ARGS];
	struct lc_cursor cur;		/* after the fixed arguments */
};

static char *scratch(size_t size)
{
	static char *buf;
	static size_t cap;

	if (size > cap) {
		size_t n = size < 4096 ? 4096 : size;
		char *p = realloc(buf, n);

		if (!p)
			return NULL;
		buf = p;
		cap = n;
	}
	return buf;
}

/* Bytes an argument of t takes in its stack slot. */
static unsigned int slot_size(const struct ptype *t, bool compat)
{
	unsigned int b = int_bytes(t, compat);

	if (!compat)
		return 8;
	return b == 8 ? 8 : 4;
}

static int read_loc(struct pctx *cx, struct lc_argloc loc, unsigned int size,
		    uint64_t *v)
{
	const struct lc_regs *r = cx->entry;

	*v = 0;
	switch (loc.where) {
	case LC_LOC_REG:
		*v = r->arg[loc.idx];
		return 0;
	case LC_LOC_XMM:
		if (!r->have_fp)
			return -1;
		*v = r->xmm[loc.idx];
		return 0;
	default:
		if (size > 8)
			size = 8;
		return tracee_read(cx->tcp, r->sp + loc.off, v, size);
	}
}

/*
 * Locate the fixed arguments and, with read_args, read them (a stack
 * argument costs a read of tracee memory).
 */
static void ctx_init(struct pctx *cx, struct tcb *tcp, const struct proto *p,
		     const struct lc_regs *entry, const struct lc_regs *ret,
		     bool read_args)
{
	cx->tcp = tcp;
	cx->p = p;
	cx->entry = entry;
	cx->ret = ret;
	cx->compat = entry->compat;
	cx->lt = cfg.lc_style == LC_STYLE_LTRACE;
	lc_cursor_init(&cx->cur, cx->compat);
	for (unsigned int i = 0; i < p->nargs && i < PROTO_MAX_ARGS; i++) {
		const struct ptype *t = &p->args[i];
		unsigned int size = slot_size(t, cx->compat);
		struct lc_argloc loc =
			lc_cursor_next(&cx->cur, lc_ptype_class(t), size);

		cx->ok[i] = read_args && entry &&
			    read_loc(cx, loc, size, &cx->val[i]) == 0;
	}
}

/* The length a PT_STRING_N or PT_BUF says; false when there is none. */
static bool len_of(struct pctx *cx, const struct ptype *t, uint64_t *len)
{
	if (t->len_arg == PT_LEN_RETVAL) {
		int64_t rv;

		if (!cx->ret)
			return false;
		rv = cx->compat ? (int32_t)cx->ret->ret : (int64_t)cx->ret->ret;
		/* An error return: nothing was filled. */
		if (rv < 0)
			return false;
		*len = (uint64_t)rv;
		return true;
	}
	if (t->len_arg > 0) {
		unsigned int i = (unsigned int)t->len_arg - 1;

		if (i >= cx->p->nargs || !cx->ok[i])
			return false;
		*len = zx(cx->val[i], int_bytes(&cx->p->args[i], cx->compat));
		return true;
	}
	*len = t->len_const;
	return true;
}

/* --- printing ------------------------------------------------------------ */

static void print_addr(struct pctx *cx, uint64_t addr)
{
	if (cx->lt)
		emit_hex(cx->tcp, addr);
	else
		emit_ptr(cx->tcp, addr);
}

/* ltrace's NULL. */
static void lt_nil(struct tcb *tcp)
{
	emit_sym(tcp, 0, "nil");
}

/*
 * ltrace's strings: at most n bytes, stopping at a NUL, cut at -s; "..."
 * when it read -s bytes and found no NUL, so a string of exactly -s
 * bytes gets one too (observed).  NULL is "nil".
 */
static void lt_string(struct pctx *cx, uint64_t addr, uint64_t n)
{
	size_t limit = cfg.string_limit, m = n < limit ? (size_t)n : limit;
	char *buf = scratch(m + 1), *q, *nul;
	ssize_t r = 0;
	size_t shown;

	if (!addr) {
		lt_nil(cx->tcp);
		return;
	}
	if (m) {
		r = buf ? tracee_read_partial(cx->tcp, addr, buf, m) : -1;
		if (r <= 0) {
			emit_hex(cx->tcp, addr);
			return;
		}
	}
	nul = r ? memchr(buf, '\0', (size_t)r) : NULL;
	shown = nul ? (size_t)(nul - buf) : (size_t)r;
	q = malloc(4 * shown + 6);
	if (!q) {
		emit_hex(cx->tcp, addr);
		return;
	}
	lc_quote_ltrace(q, buf ? buf : "", shown, !nul && shown == limit);
	emit_raw(cx->tcp, q);
	free(q);
}

/* sltrace's string of at most n bytes: up to a NUL, cut at -s. */
static void sl_strn(struct pctx *cx, uint64_t addr, uint64_t n)
{
	size_t limit = cfg.string_limit, m = n < limit ? (size_t)n : limit;
	char *buf = scratch(m + 1), *nul;
	ssize_t r = 0;

	if (!addr) {
		emit_ptr(cx->tcp, 0);
		return;
	}
	if (m) {
		r = buf ? tracee_read_partial(cx->tcp, addr, buf, m) : -1;
		if (r < (ssize_t)m &&
		    (r <= 0 || !memchr(buf, '\0', (size_t)r))) {
			emit_ptr(cx->tcp, addr);
			return;
		}
	}
	nul = r ? memchr(buf, '\0', (size_t)r) : NULL;
	if (nul)
		emit_quoted(cx->tcp, buf, (size_t)(nul - buf), 0);
	else
		emit_quoted(cx->tcp, buf ? buf : "", m,
			    n > limit ? QUOTE_ELLIPSIS : 0);
}

static int read_word(struct pctx *cx, uint64_t addr, uint64_t *v)
{
	*v = 0;
	return tracee_read(cx->tcp, addr, v, cx->compat ? 4 : 8);
}

/*
 * A NULL-terminated array of strings: strace's ["a", "b", ...] cut
 * after -s elements unless -v, an environment as its count unless -v;
 * ltrace's [ "a", "b"... ] cut after -A elements (cfg.lc_array_max, 0:
 * no limit).
 */
static void print_strarray(struct pctx *cx, uint64_t addr, bool env)
{
	struct tcb *tcp = cx->tcp;
	unsigned int ws = cx->compat ? 4 : 8, max, i;
	uint64_t elem;

	if (!addr) {
		if (cx->lt)
			lt_nil(tcp);
		else
			emit_ptr(tcp, 0);
		return;
	}
	if (read_word(cx, addr, &elem) < 0) {
		print_addr(cx, addr);
		return;
	}
	if (cx->lt) {
		emit_raw(tcp, "[ ");
		for (i = 0; elem; i++) {
			if (cfg.lc_array_max && i == cfg.lc_array_max) {
				emit_raw(tcp, "...");
				break;
			}
			if (i)
				emit_raw(tcp, ", ");
			lt_string(cx, elem, UINT64_MAX);
			if (read_word(cx, addr + (uint64_t)(i + 1) * ws,
				      &elem) < 0)
				break;
		}
		emit_raw(tcp, " ]");
		return;
	}
	if (env && !cfg.verbose) {
		char text[32];

		for (i = 0; elem && i < STRARRAY_MAX; i++)
			if (read_word(cx, addr + (uint64_t)(i + 1) * ws,
				      &elem) < 0)
				break;
		emit_ptr(tcp, addr);
		snprintf(text, sizeof(text), "%u var%s", i, i == 1 ? "" : "s");
		emit_comment(tcp, text);
		return;
	}
	max = cfg.verbose ? STRARRAY_MAX : cfg.string_limit;
	emit_array_begin(tcp);
	for (i = 0; elem; i++) {
		if (i == max) {
			emit_more(tcp);
			break;
		}
		emit_next(tcp);
		emit_cstr(tcp, elem);
		if (read_word(cx, addr + (uint64_t)(i + 1) * ws, &elem) < 0) {
			emit_more(tcp);
			break;
		}
	}
	emit_array_end(tcp);
}

/* struct timespec / timeval: two longs of the tracee. */
static void print_time_pair(struct pctx *cx, uint64_t addr, bool usec)
{
	struct tcb *tcp = cx->tcp;
	int64_t sec, frac;

	if (!addr || cx->lt) {
		print_addr(cx, addr);
		return;
	}
	if (cx->compat) {
		int32_t v[2];

		if (tracee_read(tcp, addr, v, sizeof(v)) < 0) {
			emit_ptr(tcp, addr);
			return;
		}
		sec = v[0];
		frac = v[1];
	} else {
		int64_t v[2];

		if (tracee_read(tcp, addr, v, sizeof(v)) < 0) {
			emit_ptr(tcp, addr);
			return;
		}
		sec = v[0];
		frac = v[1];
	}
	emit_struct_begin(tcp);
	emit_field(tcp, "tv_sec");
	emit_int(tcp, sec);
	emit_field(tcp, usec ? "tv_usec" : "tv_nsec");
	emit_int(tcp, frac);
	emit_struct_end(tcp);
}

/* SIG_ERR -1, SIG_DFL 0, SIG_IGN 1: <bits/signum-generic.h> */
static const char *const sig_handlers[] = { "SIG_ERR", "SIG_DFL", "SIG_IGN" };

static void print_value(struct pctx *cx, const struct ptype *t, uint64_t v);

/* --- ltrace.conf's composite types, as ltrace 0.7.3 prints them --------- */

/* An array's or a string lens' length, as len_of() finds a string's. */
static bool lt_len(struct pctx *cx, const struct lt_type *t, uint64_t *len)
{
	struct ptype l = { .kind = PT_STRING_N, .len_arg = (int16_t)t->len_arg,
			   .len_const = t->len_const };

	return len_of(cx, &l, len);
}

static void lt_value(struct pctx *cx, const struct lt_type *t, uint64_t v,
		     unsigned int depth);

/* "<1-3,5>": the bits set, or "~<0-3>", the bits clear, when more than
 * half are set (observed). */
static void lt_bitvec(struct tcb *tcp, uint64_t v, unsigned int bytes)
{
	unsigned int bits = bytes ? 8 * bytes : 64, set = 0;
	char buf[256];
	size_t n = 0;
	bool inv, first = true;

	for (unsigned int i = 0; i < bits; i++)
		set += (v >> i) & 1;
	inv = set > bits / 2;
	if (inv)
		v = ~v;
	n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s<", inv ? "~" : "");
	for (unsigned int i = 0; i < bits; i++) {
		unsigned int j = i;

		if (!((v >> i) & 1))
			continue;
		while (j + 1 < bits && ((v >> (j + 1)) & 1))
			j++;
		n += (size_t)snprintf(buf + n, sizeof(buf) - n,
				      j > i ? "%s%u-%u" : "%s%u",
				      first ? "" : ",", i, j);
		first = false;
		i = j;
	}
	snprintf(buf + n, sizeof(buf) - n, ">");
	emit_sym(tcp, v, buf);
}

/* string(array(char, N)*): N bytes, NULs as \0, cut at -s. */
static void lt_chars(struct pctx *cx, const struct lt_type *t, uint64_t addr)
{
	size_t limit = cfg.string_limit, m;
	uint64_t len;
	char *buf, *q;
	ssize_t r;
	size_t k = 0;

	if (!addr) {
		lt_nil(cx->tcp);
		return;
	}
	if (!lt_len(cx, t, &len)) {
		emit_hex(cx->tcp, addr);
		return;
	}
	m = len < limit ? (size_t)len : limit;
	buf = scratch(m + 1);
	r = buf && m ? tracee_read_partial(cx->tcp, addr, buf, m) : 0;
	q = malloc(6 * m + 8);
	if (r < (ssize_t)m || !q) {
		free(q);
		emit_hex(cx->tcp, addr);
		return;
	}
	q[k++] = '"';
	for (size_t i = 0; i < m; i++) {
		char one[8];
		size_t w;

		if (!buf[i]) {
			memcpy(q + k, "\\0", 2);
			k += 2;
			continue;
		}
		w = lc_quote_ltrace(one, buf + i, 1, false);
		memcpy(q + k, one + 1, w - 2);
		k += w - 2;
	}
	q[k++] = '"';
	/* as its strings: "..." once -s bytes are shown, even all of them */
	if (len >= limit) {
		memcpy(q + k, "...", 3);
		k += 3;
	}
	q[k] = '\0';
	emit_raw(cx->tcp, q);
	free(q);
}

/* The value of t stored at addr in the tracee. */
static void lt_at(struct pctx *cx, const struct lt_type *t, uint64_t addr,
		  unsigned int depth)
{
	struct tcb *tcp = cx->tcp;
	uint64_t v = 0, len;
	unsigned int off = 0, i;

	switch (t->kind) {
	case LTK_STRUCT:
		emit_raw(tcp, "{ ");
		for (i = 0; i < t->nmemb; i++) {
			const struct lt_type *m = t->memb[i];

			if (m->align)
				off = (off + m->align - 1) / m->align * m->align;
			if (i)
				emit_raw(tcp, ", ");
			lt_at(cx, m, addr + off, depth + 1);
			off += m->size;
		}
		emit_raw(tcp, " }");
		return;
	case LTK_ARRAY:
		if (!lt_len(cx, t, &len)) {
			emit_hex(tcp, addr);
			return;
		}
		emit_raw(tcp, "[ ");
		for (i = 0; i < len; i++) {
			if (cfg.lc_array_max && i == cfg.lc_array_max) {
				emit_raw(tcp, "...");
				break;
			}
			if (i)
				emit_raw(tcp, ", ");
			lt_at(cx, t->elt, addr + (uint64_t)i * t->elt->size,
			      depth + 1);
		}
		emit_raw(tcp, " ]");
		return;
	default:
		break;
	}
	if (!t->size || t->size > 8 ||
	    tracee_read(tcp, addr, &v, t->size) < 0) {
		emit_hex(tcp, addr);
		return;
	}
	lt_value(cx, t, v, depth);
}

/* A value of t passed in a register (or read from memory by lt_at). */
static void lt_value(struct pctx *cx, const struct lt_type *t, uint64_t v,
		     unsigned int depth)
{
	switch (t->kind) {
	case LTK_SCALAR:
		print_value(cx, &t->sc, v);
		return;
	case LTK_PTR:
		if (!v)
			lt_nil(cx->tcp);
		else if (depth > 8 || (t->elt->kind == LTK_SCALAR &&
				       t->elt->sc.kind == PT_VOID))
			emit_hex(cx->tcp, v);
		else
			lt_at(cx, t->elt, v, depth + 1);
		return;
	case LTK_STRARRAY:
		lt_chars(cx, t, v);
		return;
	case LTK_BITVEC:
		lt_bitvec(cx->tcp, v, t->size);
		return;
	default:
		/* a struct or an array passed by value: its first word */
		emit_hex(cx->tcp, v);
		return;
	}
}

static void print_value(struct pctx *cx, const struct ptype *t, uint64_t v)
{
	struct tcb *tcp = cx->tcp;
	unsigned int bytes = int_bytes(t, cx->compat);
	uint64_t u = zx(v, bytes), len;
	int64_t s = sx(v, bytes);
	char buf[128];
	const char *name;

	switch (t->kind) {
	case PT_VOID:
		emit_raw(tcp, cx->lt ? "<void>" : "?");
		break;
	case PT_INT:
	case PT_LONG:
	case PT_LLONG:
	case PT_SHORT:
	case PT_INT8:
	case PT_SSIZE:
		emit_int(tcp, s);
		break;
	case PT_UINT:
	case PT_ULONG:
	case PT_ULLONG:
	case PT_USHORT:
	case PT_UINT8:
	case PT_SIZE:
		emit_uint(tcp, u);
		break;
	case PT_HEX:
		emit_hex(tcp, u);
		break;
	case PT_OCTAL:
	case PT_MODE:
	case PT_OPEN_MODE:
		if (cx->lt) {
			/* ltrace's "0%o", which emit_oct cannot spell */
			lc_sprint_scalar(buf, sizeof(buf), t, v, cx->compat,
					 true);
			emit_sym(tcp, u, buf);
		} else if (t->kind == PT_OCTAL) {
			emit_oct(tcp, u);
		} else {
			print_numeric_mode(tcp, u);
		}
		break;
	case PT_PTR:
		print_addr(cx, u);
		break;
	case PT_STRING:
	case PT_FORMAT:
		if (cx->lt)
			lt_string(cx, u, UINT64_MAX);
		else
			emit_cstr(tcp, u);
		break;
	case PT_STRING_N:
	case PT_BUF:
		if (!u) {
			if (cx->lt)
				lt_nil(tcp);
			else
				emit_ptr(tcp, 0);
		} else if (!len_of(cx, t, &len)) {
			print_addr(cx, u);
		} else if (cx->lt) {
			/* ltrace's string[N] stops at a NUL: buffers too. */
			lt_string(cx, u, len);
		} else if (t->kind == PT_BUF) {
			emit_buf(tcp, u, len);
		} else {
			sl_strn(cx, u, len);
		}
		break;
	case PT_FLAGS:
		if (t->xlat)
			print_flags(tcp, t->xlat, u, t->xlat_dflt);
		else
			emit_hex(tcp, u);
		break;
	case PT_ENUM:
		name = t->xlat ? xlat_name(t->xlat, u) : NULL;
		if (!cx->lt && t->xlat)
			print_xval(tcp, t->xlat, u,
				   t->xlat_dflt ? t->xlat_dflt : "???");
		else if (name)
			emit_sym(tcp, u, name);
		else
			emit_int(tcp, s);
		break;
	case PT_FD:
		if (cx->lt)
			emit_int(tcp, s);
		else
			print_fd(tcp, (int)s);
		break;
	case PT_DIRFD:
		if (cx->lt)
			emit_int(tcp, s);
		else
			print_dirfd(tcp, (int)s);
		break;
	case PT_OPEN_FLAGS:
		print_open_flags(tcp, u);
		break;
	case PT_MMAP_FLAGS:
		print_mmap_flags(tcp, (uint32_t)u);	/* mmap's decoder's */
		break;
	case PT_SIGNAL:
		if (!cx->lt) {
			print_signo(tcp, (int)s);
		} else if ((name = signal_name((int)s))) {
			emit_sym(tcp, (uint64_t)s, name);
		} else {
			emit_int(tcp, s);
		}
		break;
	case PT_SIGHANDLER:
		if (cx->lt)
			emit_hex(tcp, zx(v, bytes));
		else if (s >= -1 && s <= 1)
			emit_sym(tcp, (uint64_t)s, sig_handlers[s + 1]);
		else
			emit_ptr(tcp, u);
		break;
	case PT_ERRNO:
		if ((name = errno_name((int)s)))
			emit_sym(tcp, (uint64_t)s, name);
		else
			emit_int(tcp, s);
		break;
	case PT_SOCK_TYPE:
		print_socket_type(tcp, (unsigned int)u);
		break;
	case PT_STRARRAY:
	case PT_ENVARRAY:
		print_strarray(cx, u, t->kind == PT_ENVARRAY);
		break;
	case PT_TIMESPEC:
	case PT_TIMEVAL:
		print_time_pair(cx, u, t->kind == PT_TIMEVAL);
		break;
	case PT_LT:
		lt_value(cx, t->lt, v, 0);
		break;
	default:
		/* PT_CHAR, PT_BOOL, PT_FLOAT, PT_DOUBLE, PT_GUESS */
		if (!lc_sprint_scalar(buf, sizeof(buf), t, v, cx->compat,
				      cx->lt))
			emit_hex(tcp, v);
		else if (t->kind == PT_FLOAT || t->kind == PT_DOUBLE)
			emit_real(tcp, buf);
		else if (t->kind != PT_GUESS)
			emit_sym(tcp, u, buf);	/* 'a', true */
		else if (!strncmp(buf, "0x", 2))
			emit_hex(tcp, u);	/* a guess: as it was spelt */
		else
			emit_int(tcp, s);
		break;
	}
}

/* A long double: 10 bytes of x87 extended precision in its slot. */
static void print_long_double(struct pctx *cx, struct lc_argloc loc)
{
	unsigned char b[16] = { 0 };
	long double ld = 0;
	char buf[128];

	if (loc.where != LC_LOC_STACK ||
	    tracee_read(cx->tcp, cx->entry->sp + loc.off, b, 10) < 0) {
		emit_raw(cx->tcp, "?");
		return;
	}
	memcpy(&ld, b, sizeof(ld) < 10 ? sizeof(ld) : 10);
	if (cx->lt) {
		snprintf(buf, sizeof(buf), "%Lf", ld);
	} else {
		for (int prec = 1; prec <= 21; prec++) {
			snprintf(buf, sizeof(buf), "%.*Lg", prec, ld);
			if (strtold(buf, NULL) == ld)
				break;
		}
	}
	emit_real(cx->tcp, buf);
}

/* An int argument of the varargs (a '*' width or precision). */
static bool vararg_int(struct pctx *cx, struct lc_cursor *cur, int *out)
{
	static const struct ptype int_t = { .kind = PT_INT };
	struct lc_argloc loc = lc_cursor_next(cur, LC_CLASS_INT, 4);
	uint64_t v;

	emit_next(cx->tcp);
	if (read_loc(cx, loc, 4, &v) < 0) {
		emit_raw(cx->tcp, "?");
		return false;
	}
	print_value(cx, &int_t, v);
	*out = (int)v;
	return true;
}

/* ltrace's reading of a %s's length (struct lc_fmt_conv). */
static void lt_strlen(const struct lc_fmt_conv *c, int star, struct ptype *t)
{
	uint64_t n = 0;

	if (c->lt_star) {
		if (star < 0)
			return;
		n = (uint64_t)star;
	}
	for (unsigned int i = 0; i < c->lt_ndigits && n <= UINT32_MAX; i++)
		n *= 10;
	n += c->lt_digits;
	if (n > UINT32_MAX)
		return;
	t->kind = PT_STRING_N;
	t->len_const = (uint32_t)n;
}

/* The arguments a printf format asks for, after the fixed ones. */
static void print_varargs(struct pctx *cx, uint64_t fmt_addr)
{
	struct lc_cursor cur = cx->cur;
	struct lc_fmt_conv c;
	char *fmt = malloc(FMT_MAX + 1);
	size_t pos = 0, flen;
	unsigned int count = 0;
	ssize_t n;

	if (!fmt)
		return;
	/* Most formats are short: one small read, a long one only then. */
	n = fmt_addr ? tracee_read_str(cx->tcp, fmt_addr, fmt, 255) : -1;
	if (n > 255)
		n = tracee_read_str(cx->tcp, fmt_addr, fmt, FMT_MAX);
	if (n < 0) {
		free(fmt);
		return;
	}
	flen = (size_t)n > FMT_MAX ? FMT_MAX : (size_t)n;
	while (lc_fmt_next(fmt, flen, &pos, &c) > 0) {
		struct ptype t;
		struct lc_argloc loc;
		enum lc_argclass cls = LC_CLASS_INT;
		unsigned int size;
		int w = -1;
		uint64_t v;

		if (c.positional && !cx->lt)
			break;
		if (count++ >= VARARGS_MAX) {
			emit_more(cx->tcp);
			break;
		}
		if (c.width_arg && !vararg_int(cx, &cur, &w))
			break;
		if (c.prec_arg) {
			if (!vararg_int(cx, &cur, &w))
				break;
			c.prec = w < 0 ? -1 : w;
		}
		lc_fmt_ptype(&c, cx->lt, &t);
		if (cx->lt && c.conv == 's' && (c.lt_star || c.lt_ndigits))
			lt_strlen(&c, w, &t);
		emit_next(cx->tcp);
		if (is_float_conv(c.conv) && c.len == LC_LEN_BIGL) {
			loc = lc_cursor_next(&cur, LC_CLASS_X87,
					     cx->compat ? 12 : 16);
			print_long_double(cx, loc);
			continue;
		}
		if (is_float_conv(c.conv))
			cls = LC_CLASS_SSE;
		size = slot_size(&t, cx->compat);
		loc = lc_cursor_next(&cur, cls, size);
		if (read_loc(cx, loc, size, &v) < 0) {
			emit_raw(cx->tcp, "?");
			continue;
		}
		print_value(cx, &t, v);
	}
	free(fmt);
}

/* open's mode is printed by strace only when the flags ask for one. */
static bool arg_shown(const struct pctx *cx, unsigned int i)
{
	const struct ptype *t = &cx->p->args[i];
	unsigned int f;

	if (t->kind != PT_OPEN_MODE || cx->lt || t->len_arg <= 0)
		return true;
	f = (unsigned int)t->len_arg - 1;
	if (f >= cx->p->nargs || !cx->ok[f])
		return true;
	return (cx->val[f] & (O_CREAT | __O_TMPFILE)) != 0;
}

static void print_range(struct pctx *cx, unsigned int from, unsigned int to)
{
	const struct proto *p = cx->p;
	int fmt = -1;

	for (unsigned int i = from; i < to; i++) {
		if (!arg_shown(cx, i) || (p->args[i].flags & PTF_HIDE))
			continue;
		emit_next(cx->tcp);
		if (!cx->ok[i])
			emit_raw(cx->tcp, "?");
		else
			print_value(cx, &p->args[i], cx->val[i]);
	}
	if (to < p->nargs || !p->variadic)
		return;
	for (unsigned int i = 0; i < p->nargs; i++)
		if (p->args[i].kind == PT_FORMAT)
			fmt = (int)i;
	if (fmt >= 0 && cx->ok[fmt])
		print_varargs(cx, zx(cx->val[fmt], cx->compat ? 4 : 8));
}

/* Was some argument before the n-th printed? */
static bool shown_before(const struct pctx *cx, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		if (arg_shown(cx, i) && !(cx->p->args[i].flags & PTF_HIDE))
			return true;
	return false;
}

static unsigned int first_out(const struct proto *p)
{
	for (unsigned int i = 0; i < p->nargs; i++)
		if (p->args[i].flags & PTF_OUT)
			return i;
	return p->nargs;
}

void lc_print_args(struct tcb *tcp, const struct proto *p,
		   const struct lc_regs *r)
{
	struct pctx cx;

	ctx_init(&cx, tcp, p, r, NULL, true);
	print_range(&cx, 0, p->nargs);
}

bool lc_print_args_entry(struct tcb *tcp, const struct proto *p,
			 const struct lc_regs *entry)
{
	unsigned int split = first_out(p);
	struct pctx cx;

	ctx_init(&cx, tcp, p, entry, NULL, true);
	print_range(&cx, 0, split);
	if (split == p->nargs)
		return false;
	/* ltrace puts the separator after "resumed> ", strace before
	 * " <unfinished ...>". */
	if (!cx.lt)
		emit_next(tcp);
	return true;
}

void lc_print_args_exit(struct tcb *tcp, const struct proto *p,
			const struct lc_regs *entry, const struct lc_regs *ret)
{
	struct pctx cx;

	ctx_init(&cx, tcp, p, entry, ret, true);
	emit_args_from(tcp, first_out(p));
	if (cx.lt && shown_before(&cx, first_out(p)))
		emit_continue(tcp);
	print_range(&cx, first_out(p), p->nargs);
}

void lc_print_retval(struct tcb *tcp, const struct proto *p,
		     const struct lc_regs *entry, const struct lc_regs *ret)
{
	const struct ptype *t = &p->ret;
	struct pctx cx;
	uint64_t v;

	/* Only a length taken from an argument needs the arguments. */
	ctx_init(&cx, tcp, p, entry, ret,
		 (t->kind == PT_STRING_N || t->kind == PT_BUF) &&
			 t->len_arg > 0);
	switch (lc_ptype_class(t)) {
	case LC_CLASS_NONE:
		print_value(&cx, t, 0);
		return;
	case LC_CLASS_SSE:
		if (!ret->have_fp) {
			emit_raw(tcp, "?");
			return;
		}
		v = ret->xmm[0];
		if (cx.compat && t->kind == PT_FLOAT) {
			/* i386: st0, which the core gave as a double. */
			double d;
			float f;

			memcpy(&d, &v, sizeof(d));
			f = (float)d;
			v = 0;
			memcpy(&v, &f, sizeof(f));
		}
		break;
	default:
		v = cx.compat ? (uint32_t)ret->ret : ret->ret;
		break;
	}
	print_value(&cx, t, v);
}

bool lc_proto_needs_fp(const struct proto *p)
{
	if (lc_ptype_class(&p->ret) == LC_CLASS_SSE)
		return true;
	for (unsigned int i = 0; i < p->nargs; i++) {
		if (lc_ptype_class(&p->args[i]) == LC_CLASS_SSE)
			return true;
		if (p->args[i].kind == PT_FORMAT && p->variadic)
			return true;
	}
	return false;
}
