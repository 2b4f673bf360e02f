/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Emit primitives.  This file keeps the structure of a line — nesting,
 * which items are out, where a separator is due — in the task, and
 * hands the spelling to a writer.  The text writer below spells it as
 * strace does; a structured writer (JSON) is another struct emit_writer
 * and leaves every decoder untouched.
 */
#include "config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "engine/engine.h"
#include "output/emit.h"
#include "output/internal.h"
#include "output/quote.h"
#include "xlat/xlat.h"

/* --- the text writer ------------------------------------------------- */

static const char hexdig[] = "0123456789abcdef";

static void text_call_begin(struct tcb *tcp, const char *name)
{
	struct outstream *os = tcp_out(tcp);
	size_t n = strlen(name);
	char *p = out_reserve(os, n + 1);

	memcpy(p, name, n);
	p[n] = '(';
	out_commit(os, n + 1);
}

static void text_call_end(struct tcb *tcp)
{
	out_putc(tcp_out(tcp), ')');
}

static void text_sep(struct tcb *tcp)
{
	out_put(tcp_out(tcp), ", ", 2);
}

static void text_field(struct tcb *tcp, const char *name)
{
	struct outstream *os = tcp_out(tcp);
	size_t n = strlen(name);
	char *p = out_reserve(os, n + 1);

	memcpy(p, name, n);
	p[n] = '=';
	out_commit(os, n + 1);
}

static void text_uint(struct tcb *tcp, uint64_t v)
{
	out_u64(tcp_out(tcp), v);
}

static void text_sint(struct tcb *tcp, int64_t v)
{
	out_s64(tcp_out(tcp), v);
}

static void put_hex(struct outstream *os, uint64_t v)
{
	char tmp[18], *p = tmp + sizeof(tmp);

	do {
		*--p = hexdig[v & 15];
		v >>= 4;
	} while (v);
	*--p = 'x';
	*--p = '0';
	out_put(os, p, (size_t)(tmp + sizeof(tmp) - p));
}

static void text_hex(struct tcb *tcp, uint64_t v)
{
	if (v)
		put_hex(tcp_out(tcp), v);
	else
		out_putc(tcp_out(tcp), '0');
}

/* Modes as strace prints them, like "%#03o": 000, 007, 022, 0644. */
size_t fmt_oct(char *buf, size_t size, uint64_t v)
{
	char tmp[24], *p = tmp + sizeof(tmp);
	size_t n;

	do {
		*--p = (char)('0' + (v & 7));
		v >>= 3;
	} while (v);
	*--p = '0';
	while (tmp + sizeof(tmp) - p < 3)
		*--p = '0';
	n = (size_t)(tmp + sizeof(tmp) - p);
	if (n >= size)
		n = size - 1;
	memcpy(buf, p, n);
	buf[n] = '\0';
	return n;
}

static void text_oct(struct tcb *tcp, uint64_t v)
{
	char buf[24];

	out_put(tcp_out(tcp), buf, fmt_oct(buf, sizeof(buf), v));
}

static void text_ptr(struct tcb *tcp, uint64_t v)
{
	if (v)
		put_hex(tcp_out(tcp), v);
	else
		out_put(tcp_out(tcp), "NULL", 4);
}

static void text_raw(struct tcb *tcp, const char *text)
{
	out_put(tcp_out(tcp), text, strlen(text));
}

static void text_sym(struct tcb *tcp, uint64_t v, const char *text)
{
	(void)v;
	out_put(tcp_out(tcp), text, strlen(text));
}

static void text_comment(struct tcb *tcp, const char *text)
{
	struct outstream *os = tcp_out(tcp);

	out_put(os, " /* ", 4);
	out_put(os, text, strlen(text));
	out_put(os, " */", 3);
}

static void text_annot(struct tcb *tcp, const char *key, const char *val,
		       const char *text)
{
	(void)key;
	(void)val;
	out_put(tcp_out(tcp), text, strlen(text));
}

/* -x, -xx and --strings-in-hex= as quoting flags. */
static unsigned int text_quote_style(void)
{
	switch (cfg.hex_strings) {
	case HEX_STRINGS_NON_ASCII:
		return QUOTE_HEX_NONPRINT;
	case HEX_STRINGS_ALL:
		return QUOTE_FORCE_HEX;
	case HEX_STRINGS_ESCAPES:
		return QUOTE_HEX_ESCAPES;
	default:
		return 0;
	}
}

static void text_quoted(struct tcb *tcp, const char *s, size_t len,
			unsigned int flags)
{
	struct outstream *os = tcp_out(tcp);
	char *p = out_reserve(os, quote_bound(len));

	out_commit(os, quote_string(p, s, len, flags | text_quote_style()));
}

static void text_open(struct tcb *tcp, char bracket)
{
	out_putc(tcp_out(tcp), bracket);
}

static void text_close(struct tcb *tcp, char bracket)
{
	out_putc(tcp_out(tcp), bracket);
}

static void text_more(struct tcb *tcp)
{
	out_put(tcp_out(tcp), "...", 3);
}

static void text_changed(struct tcb *tcp)
{
	out_put(tcp_out(tcp), " => ", 4);
}

static void text_sep_space(struct tcb *tcp)
{
	out_putc(tcp_out(tcp), ' ');
}

static void text_retval_begin(struct tcb *tcp)
{
	struct outstream *os = tcp_out(tcp);

	/* The column counts from the start of the line, prefix included. */
	if (os->col < cfg.align_col)
		out_spaces(os, cfg.align_col - os->col);
	else
		out_putc(os, ' ');
	out_put(os, "= ", 2);
}

static void text_noval(struct tcb *tcp)
{
	out_putc(tcp_out(tcp), '?');
}

static void text_error(struct tcb *tcp, int err, const char *name,
		       const char *msg, bool restart, const uint64_t *val)
{
	struct outstream *os = tcp_out(tcp);

	/* A restarted syscall has no result yet: "= ? ERESTARTSYS (...)". */
	if (val)
		out_printf(os, "%llu ", (unsigned long long)*val);
	else
		out_put(os, restart ? "? " : "-1 ", restart ? 2 : 3);
	if (name) {
		out_put(os, name, strlen(name));
		if (msg)
			out_printf(os, " (%s)", msg);
	} else {
		out_printf(os, "(errno %d)", err);
	}
}

static void text_aux(struct tcb *tcp, const char *text)
{
	out_printf(tcp_out(tcp), " (%s)", text);
}

static void text_mark(struct tcb *tcp, const char *mark)
{
	out_printf(tcp_out(tcp), " (%s)", mark);
}

static void text_duration(struct tcb *tcp, uint64_t ns)
{
	struct outstream *os = tcp_out(tcp);
	char buf[48];
	size_t n = fmt_duration(buf, sizeof(buf), ns);

	out_put(os, " <", 2);
	out_put(os, buf, n);
	out_putc(os, '>');
}

static void text_args_unfinished(struct tcb *tcp)
{
	out_put(tcp_out(tcp), " <unfinished ...>", 17);
}

static const struct emit_writer text_writer = {
	.call_begin = text_call_begin,
	.call_end = text_call_end,
	.sep = text_sep,
	.field = text_field,
	.sint = text_sint,
	.uint = text_uint,
	.hex = text_hex,
	.oct = text_oct,
	.ptr = text_ptr,
	.sym = text_sym,
	.raw = text_raw,
	.real = text_raw,
	.comment = text_comment,
	.annot = text_annot,
	.quoted = text_quoted,
	.open = text_open,
	.close = text_close,
	.more = text_more,
	.changed = text_changed,
	.sep_space = text_sep_space,
	.prefix = text_raw,
	.retval_begin = text_retval_begin,
	.noval = text_noval,
	.error = text_error,
	.aux = text_aux,
	.mark = text_mark,
	.duration = text_duration,
	.args_unfinished = text_args_unfinished,
};

static const struct emit_writer *w = &text_writer;

void emit_set_writer(const struct emit_writer *writer)
{
	w = writer ? writer : &text_writer;
}

/* --- structure ------------------------------------------------------- */

static inline uint32_t depth_bit(const struct emit_state *st)
{
	return 1u << (st->depth < 31 ? st->depth : 31);
}

/* A value is about to be written at the current depth. */
static inline struct tcb *item(struct tcb *tcp)
{
	struct emit_state *st = &tcp->sc.emit;

	st->seen |= depth_bit(st);
	st->sep = false;
	return tcp;
}

void emit_call_begin(struct tcb *tcp, const char *name)
{
	emit_state_reset(tcp);
	w->call_begin(tcp, name);
}

void emit_arg_names(struct tcb *tcp, const char *names)
{
	tcp->sc.emit.jargnames = names;
}

void emit_call_end(struct tcb *tcp)
{
	struct emit_state *st = &tcp->sc.emit;

	st->depth = 0;
	st->sep = false;
	w->call_end(tcp);
}

void emit_next(struct tcb *tcp)
{
	struct emit_state *st = &tcp->sc.emit;

	if (st->sep)
		return;
	st->sep = true;
	if (st->seen & depth_bit(st))
		w->sep(tcp);
}

void emit_field(struct tcb *tcp, const char *name)
{
	struct emit_state *st = &tcp->sc.emit;

	emit_next(tcp);
	st->seen |= depth_bit(st);
	/* "name=" stands where a separator would: emit_next() adds none. */
	st->sep = true;
	w->field(tcp, name);
}

void emit_more(struct tcb *tcp)
{
	emit_next(tcp);
	w->more(item(tcp));
}

void emit_int(struct tcb *tcp, int64_t v)
{
	w->sint(item(tcp), v);
}

void emit_uint(struct tcb *tcp, uint64_t v)
{
	w->uint(item(tcp), v);
}

void emit_hex(struct tcb *tcp, uint64_t v)
{
	w->hex(item(tcp), v);
}

void emit_oct(struct tcb *tcp, uint64_t v)
{
	w->oct(item(tcp), v);
}

void emit_ptr(struct tcb *tcp, uint64_t addr)
{
	w->ptr(item(tcp), addr);
}

void emit_raw(struct tcb *tcp, const char *text)
{
	w->raw(item(tcp), text);
}

void emit_real(struct tcb *tcp, const char *text)
{
	w->real(item(tcp), text);
}

void emit_sym(struct tcb *tcp, uint64_t value, const char *text)
{
	w->sym(item(tcp), value, text);
}

void emit_args_from(struct tcb *tcp, unsigned int first)
{
	tcp->sc.emit.jargbase = first < UINT8_MAX ? (uint8_t)first : UINT8_MAX;
}

void emit_next_space(struct tcb *tcp)
{
	struct emit_state *st = &tcp->sc.emit;

	if (st->sep)
		return;
	st->sep = true;
	if (st->seen & depth_bit(st))
		w->sep_space(tcp);
}

void emit_prefix(struct tcb *tcp, const char *text)
{
	w->prefix(tcp, text);
}

void emit_changed(struct tcb *tcp)
{
	w->changed(tcp);
}

void emit_annot(struct tcb *tcp, const char *key, const char *val,
		const char *text)
{
	w->annot(tcp, key, val, text);
}

/*
 * Not a string value: "<path>" is an annotation of the number.  The
 * kernel's " (deleted)" goes outside, as strace puts it:
 * "3</tmp/#123>(deleted)".
 */
void emit_fd_path_suffix(struct tcb *tcp, const char *path,
			 const char *suffix, bool deleted)
{
	size_t n = strlen(path), sn = strlen(suffix);
	char *quoted = malloc(quote_bound(n));
	char *text = malloc(3 * quote_bound(n) + sn + 3);
	char *val = malloc(n + sn + 1);
	size_t q, t = 0;

	if (!quoted || !text || !val) {
		free(quoted);
		free(text);
		free(val);
		return;
	}
	/*
	 * The path escaped as a string is (a newline as \n, -x...), without
	 * the quotes, and the brackets in it in octal: "<a\74b>".
	 */
	q = quote_string(quoted, path, n, text_quote_style());
	text[t++] = '<';
	for (size_t i = 1; i + 1 < q; i++) {
		if (quoted[i] == '<' || quoted[i] == '>') {
			memcpy(text + t, quoted[i] == '<' ? "\\74" : "\\76", 3);
			t += 3;
		} else {
			text[t++] = quoted[i];
		}
	}
	memcpy(text + t, suffix, sn);
	t += sn;
	text[t++] = '>';
	text[t] = '\0';
	memcpy(val, path, n);
	memcpy(val + n, suffix, sn + 1);
	w->annot(tcp, "path", val, text);
	free(quoted);
	free(text);
	free(val);
	if (deleted)
		w->annot(tcp, "deleted", NULL, "(deleted)");
}

void emit_fd_path(struct tcb *tcp, const char *path, bool deleted)
{
	emit_fd_path_suffix(tcp, path, "", deleted);
}

/* --- the result ------------------------------------------------------ */

void emit_retval_begin(struct tcb *tcp)
{
	w->retval_begin(tcp);
}

void emit_noval(struct tcb *tcp)
{
	w->noval(tcp);
}

void emit_errno(struct tcb *tcp, int err, bool restart)
{
	w->error(tcp, err, errno_name(err), errno_message(err), restart, NULL);
}

void emit_errno_val(struct tcb *tcp, int err, uint64_t val)
{
	w->error(tcp, err, errno_name(err), errno_message(err), false, &val);
}

void emit_aux(struct tcb *tcp, const char *text)
{
	w->aux(tcp, text);
}

void emit_mark(struct tcb *tcp, const char *mark)
{
	w->mark(tcp, mark);
}

void emit_duration(struct tcb *tcp, uint64_t ns)
{
	w->duration(tcp, ns);
}

void emit_args_unfinished(struct tcb *tcp)
{
	w->args_unfinished(tcp);
}

void emit_comment(struct tcb *tcp, const char *text)
{
	w->comment(tcp, text);
}

void emit_quoted(struct tcb *tcp, const char *s, size_t len, unsigned int flags)
{
	w->quoted(item(tcp), s, len, flags);
}

static void open_level(struct tcb *tcp, char bracket)
{
	struct emit_state *st = &tcp->sc.emit;

	w->open(item(tcp), bracket);
	if (st->depth < UINT8_MAX)
		st->depth++;
	st->seen &= ~depth_bit(st);
	st->sep = false;
}

static void close_level(struct tcb *tcp, char bracket)
{
	struct emit_state *st = &tcp->sc.emit;

	if (st->depth)
		st->depth--;
	st->sep = false;
	w->close(tcp, bracket);
}

void emit_struct_begin(struct tcb *tcp)
{
	open_level(tcp, '{');
}

void emit_struct_end(struct tcb *tcp)
{
	close_level(tcp, '}');
}

void emit_array_begin(struct tcb *tcp)
{
	open_level(tcp, '[');
}

void emit_array_end(struct tcb *tcp)
{
	close_level(tcp, ']');
}

/* --- strings in tracee memory ---------------------------------------- */

/*
 * One buffer for every string read from a tracee, grown to the largest
 * -s or path seen and kept: no allocation per line.
 */
static char *scratch_get(size_t size)
{
	static char *buf;
	static size_t cap;

	if (size > cap) {
		size_t n = size < PATH_MAX + 1 ? PATH_MAX + 1 : size;
		char *p = realloc(buf, n);

		if (!p)
			return NULL;
		buf = p;
		cap = n;
	}
	return buf;
}

/* A NUL-terminated string, cut after limit bytes with "...". */
static void emit_str_limited(struct tcb *tcp, uint64_t addr, size_t limit)
{
	char *buf;
	ssize_t n;

	if (!addr) {
		emit_ptr(tcp, 0);
		return;
	}
	buf = scratch_get(limit + 1);
	n = buf ? tracee_read_str(tcp, addr, buf, limit) : -1;
	if (n < 0) {
		emit_ptr(tcp, addr);
		return;
	}
	if ((size_t)n > limit)
		emit_quoted(tcp, buf, limit, QUOTE_ELLIPSIS);
	else
		emit_quoted(tcp, buf, (size_t)n, 0);
}

/*
 * PATH_MAX counts the NUL: strace shows at most 4095 bytes of a path,
 * then "..." (observed with a 5000-byte name).
 */
void emit_path(struct tcb *tcp, uint64_t addr)
{
	emit_str_limited(tcp, addr, PATH_MAX - 1);
}

void emit_cstr(struct tcb *tcp, uint64_t addr)
{
	emit_str_limited(tcp, addr, cfg.string_limit);
}

/*
 * A string of which max bytes count: read max bytes and a NUL among them
 * ends it; without one it is cut.
 */
static void emit_str_max(struct tcb *tcp, uint64_t addr, size_t max)
{
	char *buf;
	ssize_t n;

	/*
	 * strace reads max bytes: without a NUL among them the string is
	 * cut, even when its NUL is the next byte.
	 */
	buf = scratch_get(max + 1);
	n = buf ? tracee_read_str(tcp, addr, buf, max) : -1;
	if (n < 0)
		emit_ptr(tcp, addr);
	else if ((size_t)n >= max)
		emit_quoted(tcp, buf, max, QUOTE_ELLIPSIS);
	else
		emit_quoted(tcp, buf, (size_t)n, 0);
}

void emit_cstr_max(struct tcb *tcp, uint64_t addr, size_t max)
{
	if (max > cfg.string_limit || !addr)
		emit_cstr(tcp, addr);
	else
		emit_str_max(tcp, addr, max);
}

/* Here the NUL may be the byte after the max: "/tmp" of getcwd's 5. */
void emit_path_max(struct tcb *tcp, uint64_t addr, size_t max)
{
	char *buf;
	ssize_t n;

	if (max >= PATH_MAX || !addr) {
		emit_path(tcp, addr);
		return;
	}
	buf = scratch_get(max + 1);
	n = buf ? tracee_read_str(tcp, addr, buf, max) : -1;
	if (n < 0)
		emit_ptr(tcp, addr);
	else if ((size_t)n > max)
		emit_quoted(tcp, buf, max, QUOTE_ELLIPSIS);
	else
		emit_quoted(tcp, buf, (size_t)n, 0);
}

/*
 * strace reads one byte past -s when the buffer is longer (-s 3 of a
 * 10-byte buffer with only 3 readable bytes prints the address), and a
 * buffer it cannot read in full prints as its address, never in part.
 */
void emit_buf(struct tcb *tcp, uint64_t addr, uint64_t len)
{
	size_t limit = cfg.string_limit;
	size_t show, want;
	char *buf;

	if (!addr) {
		emit_ptr(tcp, 0);
		return;
	}
	if (!len) {
		emit_quoted(tcp, "", 0, 0);
		return;
	}
	show = len > limit ? limit : (size_t)len;
	want = len > limit ? limit + 1 : (size_t)len;
	buf = scratch_get(want);
	if (!buf || tracee_read(tcp, addr, buf, want) < 0) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_quoted(tcp, buf, show, len > limit ? QUOTE_ELLIPSIS : 0);
}
