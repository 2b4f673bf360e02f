/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * --output-format=json: each event is one JSON object on a line of its
 * own (JSON Lines), as doc/trace-schema.json describes it.
 *
 * The emit primitives the decoders call are spelled here as JSON values
 * (json_writer); what a line's other parts are — its record type, times
 * and task, the result — comes through the same calls as for text
 * (line.c and events.c call jrec_*()).  A record is built in its task's
 * held stream (line_hold) and goes out whole when it ends, so a syscall
 * is one record from its entry to its exit whatever other tasks print
 * in between, and a value can still be wrapped when a comment or a -y
 * path follows it.
 *
 * Values (doc/trace-schema.json, "value"):
 *   decimal number          a JSON number
 *   hex number, address     "0x1f" (a string); NULL is null, hex 0 is 0
 *   flags, constants        {"value": N, "names": "O_RDONLY|O_CLOEXEC"}
 *   octal mode              {"value": 420, "oct": "0644"}
 *   other symbolic text     {"text": "..."}
 *   string from the tracee  a JSON string when its bytes are UTF-8, whole
 *                           and do not read as a hex number; else
 *                           {"str": "...", "more": true} (cut at -s),
 *                           {"bytes": "hex digits"} (not UTF-8), with
 *                           "hex": true when shown as \x escapes
 *   struct                  an object, fields by name ("_N" unnamed)
 *   array                   an array
 *   elided rest ("...")     {"...": true} in an array, "...": true in an
 *                           object
 *   value with a note       {"value": V, "comment": "...", "path": "...",
 *                           "deleted": true, "comm": "..."}
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "engine/engine.h"
#include "output/emit.h"
#include "output/internal.h"
#include "select/qualify.h"
#include "output/json.h"
#include "output/records.h"
#include "sysent/sysent.h"
#include "util/utf8.h"

bool out_json;

enum {
	JPART_TOP = 0,		/* the record's own fields */
	JPART_ARGS,		/* inside "args" */
	JPART_VALUE,		/* after "retval": or another jrec_value() */
};

static const char hexdig[] = "0123456789abcdef";

/* Wall clock minus monotonic clock, taken once: one time base. */
static int64_t wall_offset;

void jrec_init(void)
{
	struct timespec w, m;

	clock_gettime(CLOCK_REALTIME, &w);
	clock_gettime(CLOCK_MONOTONIC, &m);
	wall_offset = ((int64_t)w.tv_sec - m.tv_sec) * 1000000000LL +
		      (w.tv_nsec - m.tv_nsec);
	out_json = true;
	emit_set_writer(&json_writer);
}

/* --- JSON text ------------------------------------------------------- */

static void put_u64(struct outstream *os, uint64_t v)
{
	out_u64(os, v);
}

static void put_s64(struct outstream *os, int64_t v)
{
	out_s64(os, v);
}

static void put_hexstr(struct outstream *os, uint64_t v)
{
	char tmp[20], *p = tmp + sizeof(tmp);

	*--p = '"';
	do {
		*--p = hexdig[v & 15];
		v >>= 4;
	} while (v);
	*--p = 'x';
	*--p = '0';
	*--p = '"';
	out_put(os, p, (size_t)(tmp + sizeof(tmp) - p));
}

/*
 * n bytes of valid UTF-8 (or any ASCII text) as a JSON string into dst,
 * which has room for 6 * n + 2 bytes; returns the length.
 */
static size_t fmt_jstr(char *dst, const char *s, size_t n)
{
	char *p = dst;

	*p++ = '"';
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '"' || c == '\\') {
			*p++ = '\\';
			*p++ = (char)c;
		} else if (c == '\n') {
			*p++ = '\\';
			*p++ = 'n';
		} else if (c == '\t') {
			*p++ = '\\';
			*p++ = 't';
		} else if (c < 0x20 || c == 0x7f) {
			memcpy(p, "\\u00", 4);
			p[4] = hexdig[c >> 4];
			p[5] = hexdig[c & 15];
			p += 6;
		} else {
			*p++ = (char)c;
		}
	}
	*p++ = '"';
	return (size_t)(p - dst);
}

static void put_jstr(struct outstream *os, const char *s, size_t n)
{
	out_commit(os, fmt_jstr(out_reserve(os, 6 * n + 2), s, n));
}

static void put_jcstr(struct outstream *os, const char *s)
{
	put_jstr(os, s, strlen(s));
}

/* "key": */
static void put_key(struct outstream *os, const char *key)
{
	put_jcstr(os, key);
	out_putc(os, ':');
}

/* ,"key": */
static void put_ckey(struct outstream *os, const char *key)
{
	out_putc(os, ',');
	put_key(os, key);
}

/* --- structure of values --------------------------------------------- */

static inline unsigned int jdepth(const struct emit_state *st)
{
	return st->depth < EMIT_JSON_DEPTH ? st->depth : EMIT_JSON_DEPTH - 1;
}

/*
 * The name of argument i: the syscall table's name column, or for a
 * library call the prototype's names (DWARF's); "argN" where there is
 * none.
 */
static void arg_key(struct tcb *tcp, unsigned int i, char *buf, size_t size)
{
	const struct emit_state *st = &tcp->sc.emit;
	const struct sysent *ent = tcp->sc.ent;
	const char *names = st->jpart != JPART_ARGS ? NULL :
			    st->jcall ? st->jargnames :
			    ent ? ent->argnames : NULL;

	/* names: "fd,buf,count" */
	for (unsigned int k = 0; names && *names; k++) {
		const char *end = strchr(names, ',');
		size_t n = end ? (size_t)(end - names) : strlen(names);

		if (k == i && n) {
			snprintf(buf, size, "%.*s", (int)n, names);
			return;
		}
		names = end ? end + 1 : NULL;
	}
	snprintf(buf, size, "arg%u", i + 1);
}

/* Argument n of those written since "args" began. */
static void nth_arg_key(struct tcb *tcp, unsigned int n, char *buf,
			size_t size)
{
	arg_key(tcp, n + tcp->sc.emit.jargbase, buf, size);
}

/* Text the next value begins with: {"prefix": text, "value": V}. */
static char *pending_prefix;

/*
 * A value is about to be written at the current depth: its comma and
 * key.  Returns the stream.
 */
static struct outstream *jitem(struct tcb *tcp)
{
	struct emit_state *st = &tcp->sc.emit;
	struct outstream *os = tcp_out(tcp);
	unsigned int d = jdepth(st);
	char key[32];

	if (st->jkey) {
		st->jkey = false;
	} else if (st->jpart == JPART_VALUE && st->depth == 0) {
		/* "retval": is out */
	} else {
		unsigned int n = st->jcount[d]++;

		if (n)
			out_putc(os, ',');
		if (!(st->jarray & (1u << d))) {
			if (d == 0)
				nth_arg_key(tcp, n, key, sizeof(key));
			else
				snprintf(key, sizeof(key), "_%u", n);
			put_key(os, key);
		}
	}
	st->joff[d] = (uint32_t)os->len;
	st->jwrapped &= ~(1u << d);
	if (pending_prefix) {
		out_put(os, "{\"prefix\":", 10);
		put_jcstr(os, pending_prefix);
		out_put(os, ",\"value\":", 9);
		free(pending_prefix);
		pending_prefix = NULL;
		st->jclose |= 1u << d;
	}
	return os;
}

/* A value is whole: close the {"value": V, "changed": W} it ends. */
static void jdone(struct tcb *tcp)
{
	struct emit_state *st = &tcp->sc.emit;
	uint32_t bit = 1u << jdepth(st);

	if (st->jclose & bit) {
		st->jclose &= ~bit;
		out_putc(tcp_out(tcp), '}');
	}
}

/* The value just written is an object {"value": ...}: jwrap() adds to it. */
static void jvalue_object(struct tcb *tcp)
{
	tcp->sc.emit.jwrapped |= 1u << jdepth(&tcp->sc.emit);
}

/*
 * Add "key": val (a JSON text) to the value written last at this depth:
 * V becomes {"value": V, "key": val}, or gains the key if it is such an
 * object already.
 */
static void jwrap(struct tcb *tcp, const char *key, const char *jtext)
{
	static const char head[] = "{\"value\":";
	struct emit_state *st = &tcp->sc.emit;
	struct outstream *os = tcp_out(tcp);
	size_t off = st->joff[jdepth(st)], hl = sizeof(head) - 1;
	size_t n = strlen(jtext);
	bool wrapped;

	if (off >= os->len)
		return;
	wrapped = (st->jwrapped & (1u << jdepth(st))) &&
		  os->buf[os->len - 1] == '}';
	if (wrapped) {
		os->len--;
	} else {
		out_reserve(os, hl);
		memmove(os->buf + off + hl, os->buf + off, os->len - off);
		memcpy(os->buf + off, head, hl);
		os->len += hl;
		st->jwrapped |= 1u << jdepth(st);
	}
	put_ckey(os, key);
	out_put(os, jtext, n);
	out_putc(os, '}');
}

/* --- the writer ------------------------------------------------------ */

static void json_call_begin(struct tcb *tcp, const char *name)
{
	struct outstream *os = tcp_out(tcp);
	struct emit_state *st = &tcp->sc.emit;

	if (st->jpart == JPART_ARGS)
		return;		/* a call's return record has begun them */
	put_ckey(os, "name");
	put_jcstr(os, name);
	if (!st->jcall) {
		put_ckey(os, "nr");
		put_u64(os, (uint64_t)tcp->sc.nr);
	}
	jrec_args(tcp);
}

void jrec_args(struct tcb *tcp)
{
	struct emit_state *st = &tcp->sc.emit;

	put_ckey(tcp_out(tcp), "args");
	out_putc(tcp_out(tcp), '{');
	st->jpart = JPART_ARGS;
	st->depth = 0;
	st->jnamed = 0;
	st->jargbase = 0;
	st->jcount[0] = 0;
	st->jarray = 0;
	st->jwrapped = 0;
}

static void json_call_end(struct tcb *tcp)
{
	struct emit_state *st = &tcp->sc.emit;
	struct outstream *os = tcp_out(tcp);

	if (st->jpart != JPART_ARGS)
		return;
	out_putc(os, '}');
	if (st->jnamed) {
		bool first = true;

		put_ckey(os, "fields");
		out_putc(os, '[');
		for (unsigned int i = 0; i < 16; i++) {
			if (!(st->jnamed & (1u << i)))
				continue;
			if (!first)
				out_putc(os, ',');
			first = false;
			put_u64(os, i);
		}
		out_putc(os, ']');
		st->jnamed = 0;
	}
	st->jpart = JPART_TOP;
}

static void json_sep(struct tcb *tcp)
{
	(void)tcp;	/* jitem() writes the commas */
}

/* Items apart by spaces: the array says so when it closes. */
static void json_sep_space(struct tcb *tcp)
{
	struct emit_state *st = &tcp->sc.emit;

	st->jspaces |= 1u << jdepth(st);
}

static void json_field(struct tcb *tcp, const char *name)
{
	struct emit_state *st = &tcp->sc.emit;
	struct outstream *os = tcp_out(tcp);
	unsigned int d = jdepth(st);

	/* An argument text shows as name=value: "fields" says which. */
	if (d == 0 && st->jpart == JPART_ARGS && st->jcount[0] < 16)
		st->jnamed |= (uint16_t)(1u << st->jcount[0]);

	if (st->jcount[d]++)
		out_putc(os, ',');
	/* An array's element has no name: the field becomes an object. */
	put_key(os, name);
	st->jkey = true;
}

static void json_sint(struct tcb *tcp, int64_t v)
{
	put_s64(jitem(tcp), v);
	jdone(tcp);
}

static void json_uint(struct tcb *tcp, uint64_t v)
{
	put_u64(jitem(tcp), v);
	jdone(tcp);
}

/* "0x1f", or for 0 what zero says. */
static void put_hex_item(struct tcb *tcp, uint64_t v, const char *zero)
{
	struct outstream *os = jitem(tcp);

	if (v)
		put_hexstr(os, v);
	else
		out_put(os, zero, strlen(zero));
	jdone(tcp);
}

static void json_hex(struct tcb *tcp, uint64_t v)
{
	put_hex_item(tcp, v, "0");
}

static void json_ptr(struct tcb *tcp, uint64_t v)
{
	put_hex_item(tcp, v, "null");
}

static void json_oct(struct tcb *tcp, uint64_t v)
{
	struct outstream *os = jitem(tcp);
	char buf[24];

	out_put(os, "{\"value\":", 9);
	put_u64(os, v);
	put_ckey(os, "oct");
	fmt_oct(buf, sizeof(buf), v);
	put_jcstr(os, buf);
	out_putc(os, '}');
	jvalue_object(tcp);
	jdone(tcp);
}

static void json_sym(struct tcb *tcp, uint64_t v, const char *text)
{
	struct outstream *os = jitem(tcp);

	out_put(os, "{\"value\":", 9);
	/* Signed constants (AT_FDCWD) read as negative numbers. */
	if ((int64_t)v < 0 && (int64_t)v >= INT32_MIN)
		put_s64(os, (int64_t)v);
	else
		put_u64(os, v);
	put_ckey(os, "names");
	put_jcstr(os, text);
	out_putc(os, '}');
	jvalue_object(tcp);
	jdone(tcp);
}

static void json_raw(struct tcb *tcp, const char *text)
{
	struct outstream *os = jitem(tcp);

	out_put(os, "{\"text\":", 8);
	put_jcstr(os, text);
	out_putc(os, '}');
	jdone(tcp);
}

/* Is text a number as JSON spells one (not "inf", "nan", "1.")? */
static bool json_number_text(const char *s)
{
	if (*s == '-')
		s++;
	if (*s == '0')
		s++;
	else if (*s >= '1' && *s <= '9')
		while (*s >= '0' && *s <= '9')
			s++;
	else
		return false;
	if (*s == '.') {
		if (!(*++s >= '0' && *s <= '9'))
			return false;
		while (*s >= '0' && *s <= '9')
			s++;
	}
	if (*s == 'e' || *s == 'E') {
		s++;
		if (*s == '+' || *s == '-')
			s++;
		if (!(*s >= '0' && *s <= '9'))
			return false;
		while (*s >= '0' && *s <= '9')
			s++;
	}
	return !*s;
}

/* A floating-point number, as text spells it: a JSON number (its
 * digits kept, which --replay writes again), else {"text": ...}. */
static void json_real(struct tcb *tcp, const char *text)
{
	struct outstream *os;

	if (!json_number_text(text)) {
		json_raw(tcp, text);
		return;
	}
	os = jitem(tcp);
	out_put(os, text, strlen(text));
	jdone(tcp);
}

/* Add key: the JSON string of val (true when val is NULL). */
static void jwrap_str(struct tcb *tcp, const char *key, const char *val)
{
	size_t n = val ? strlen(val) : 0;
	char *buf;

	if (!val) {
		jwrap(tcp, key, "true");
		return;
	}
	buf = malloc(6 * n + 3);
	if (!buf)
		return;
	buf[fmt_jstr(buf, val, n)] = '\0';
	jwrap(tcp, key, buf);
	free(buf);
}

static void json_comment(struct tcb *tcp, const char *text)
{
	jwrap_str(tcp, "comment", text);
}

static void json_annot(struct tcb *tcp, const char *key, const char *val,
		       const char *text)
{
	(void)text;
	jwrap_str(tcp, key, val);
}

/* A hex number string: the form a tracee's string must not take bare. */
static bool reads_as_hex(const char *s, size_t n)
{
	if (n < 3 || s[0] != '0' || s[1] != 'x')
		return false;
	for (size_t i = 2; i < n; i++)
		if (!strchr("0123456789abcdef", s[i]) || !s[i])
			return false;
	return true;
}

static void json_quoted(struct tcb *tcp, const char *s, size_t len,
			unsigned int flags)
{
	struct outstream *os = jitem(tcp);
	bool more = flags & QUOTE_ELLIPSIS;
	bool hex = (flags & QUOTE_FORCE_HEX) ||
		   cfg.hex_strings == HEX_STRINGS_ALL;
	bool utf8;

	if (flags & QUOTE_0_TERMINATED) {
		const char *nul = memchr(s, '\0', len);

		if (nul)
			len = (size_t)(nul - s);
	}
	/* The text without its final NUL (strace shows it in hex only). */
	if ((flags & QUOTE_OMIT_TRAILING_0) && !hex && len && !s[len - 1])
		len--;
	utf8 = utf8_valid(s, len);
	if (utf8 && !more && !hex && !reads_as_hex(s, len)) {
		put_jstr(os, s, len);
		jdone(tcp);
		return;
	}
	if (utf8) {
		out_put(os, "{\"str\":", 7);
		put_jstr(os, s, len);
	} else {
		char *p;

		out_put(os, "{\"bytes\":\"", 10);
		p = out_reserve(os, 2 * len);
		for (size_t i = 0; i < len; i++) {
			p[2 * i] = hexdig[(unsigned char)s[i] >> 4];
			p[2 * i + 1] = hexdig[(unsigned char)s[i] & 15];
		}
		out_commit(os, 2 * len);
		out_putc(os, '"');
	}
	if (more)
		out_put(os, ",\"more\":true", 12);
	if (hex)
		out_put(os, ",\"hex\":true", 11);
	out_putc(os, '}');
	jdone(tcp);
}

static void json_open(struct tcb *tcp, char bracket)
{
	struct emit_state *st = &tcp->sc.emit;
	struct outstream *os = jitem(tcp);
	unsigned int d = st->depth + 1 < EMIT_JSON_DEPTH ? st->depth + 1 :
							   EMIT_JSON_DEPTH - 1;

	out_putc(os, bracket == '[' ? '[' : '{');
	st->jcount[d] = 0;
	st->jspaces &= ~(1u << d);
	st->jclose &= ~(1u << d);
	st->jwrapped &= ~(1u << d);
	if (bracket == '[')
		st->jarray |= 1u << d;
	else
		st->jarray &= ~(1u << d);
}

static void json_close(struct tcb *tcp, char bracket)
{
	struct emit_state *st = &tcp->sc.emit;
	unsigned int inner = st->depth + 1 < EMIT_JSON_DEPTH ? st->depth + 1 :
							       EMIT_JSON_DEPTH - 1;

	out_putc(tcp_out(tcp), bracket == ']' ? ']' : '}');
	if (st->jspaces & (1u << inner)) {
		st->jspaces &= ~(1u << inner);
		jwrap(tcp, "spaces", "true");
	}
	jdone(tcp);
}

static void json_more(struct tcb *tcp)
{
	struct emit_state *st = &tcp->sc.emit;
	struct outstream *os = tcp_out(tcp);
	unsigned int d = jdepth(st);

	if (st->jarray & (1u << d)) {
		os = jitem(tcp);
		out_put(os, "{\"...\":true}", 12);
	} else {
		if (st->jcount[d]++)
			out_putc(os, ',');
		st->joff[d] = (uint32_t)os->len;
		out_put(os, "\"...\":true", 10);
	}
}

static void json_changed(struct tcb *tcp)
{
	struct emit_state *st = &tcp->sc.emit;
	struct outstream *os = tcp_out(tcp);

	jwrap(tcp, "changed", "null");
	/* Take the null back: the next value takes its place. */
	os->len -= 5;
	st->jkey = true;
	st->jclose |= 1u << jdepth(st);
}

static void json_prefix(struct tcb *tcp, const char *text)
{
	(void)tcp;
	free(pending_prefix);
	pending_prefix = strdup(text);
}

static void json_retval_begin(struct tcb *tcp)
{
	struct emit_state *st = &tcp->sc.emit;

	json_call_end(tcp);
	put_ckey(tcp_out(tcp), "retval");
	st->jpart = JPART_VALUE;
	st->depth = 0;
	st->jwrapped = 0;
}

static void json_noval(struct tcb *tcp)
{
	out_put(jitem(tcp), "null", 4);
}

static void json_error(struct tcb *tcp, int err, const char *name,
		       const char *msg, bool restart, const uint64_t *val)
{
	struct outstream *os = jitem(tcp);

	/* A restarted syscall has no result yet: null. */
	if (val)
		put_u64(os, *val);
	else if (restart)
		out_put(os, "null", 4);
	else
		out_put(os, "-1", 2);
	tcp->sc.emit.jpart = JPART_TOP;
	put_ckey(os, "error");
	out_put(os, "{\"number\":", 10);
	put_u64(os, (uint64_t)err);
	if (name) {
		put_ckey(os, "name");
		put_jcstr(os, name);
	}
	if (name && msg) {
		put_ckey(os, "message");
		put_jcstr(os, msg);
	}
	out_putc(os, '}');
}

static void json_aux(struct tcb *tcp, const char *text)
{
	struct outstream *os = tcp_out(tcp);

	put_ckey(os, "aux");
	put_jcstr(os, text);
}

static void json_mark(struct tcb *tcp, const char *mark)
{
	struct outstream *os = tcp_out(tcp);

	/* "INJECTED: args[, retval]": memory poked, and the result too. */
	if (!strncmp(mark, "INJECTED: args", 14)) {
		put_ckey(os, "poked");
		out_put(os, "true", 4);
		if (!mark[14])
			return;
		mark = "INJECTED";
	}
	put_ckey(os, !strcmp(mark, "INJECTED") ? "injected" : "delayed");
	out_put(os, "true", 4);
}

static void json_duration(struct tcb *tcp, uint64_t ns)
{
	struct outstream *os = tcp_out(tcp);

	put_ckey(os, "duration_ns");
	put_u64(os, ns);
}

static void json_args_unfinished(struct tcb *tcp)
{
	struct outstream *os = tcp_out(tcp);

	/* Inside "args": a key no argument has. */
	if (tcp->sc.emit.jcount[0]++)
		out_putc(os, ',');
	out_put(os, "\"<unfinished>\":true", 19);
}

const struct emit_writer json_writer = {
	.call_begin = json_call_begin,
	.call_end = json_call_end,
	.sep = json_sep,
	.field = json_field,
	.sint = json_sint,
	.uint = json_uint,
	.hex = json_hex,
	.oct = json_oct,
	.ptr = json_ptr,
	.sym = json_sym,
	.raw = json_raw,
	.real = json_real,
	.comment = json_comment,
	.annot = json_annot,
	.quoted = json_quoted,
	.open = json_open,
	.close = json_close,
	.more = json_more,
	.changed = json_changed,
	.sep_space = json_sep_space,
	.prefix = json_prefix,
	.retval_begin = json_retval_begin,
	.noval = json_noval,
	.error = json_error,
	.aux = json_aux,
	.mark = json_mark,
	.duration = json_duration,
	.args_unfinished = json_args_unfinished,
};

/* --- records --------------------------------------------------------- */

static uint64_t ts_ns(const struct timespec *ts)
{
	return (uint64_t)ts->tv_sec * 1000000000ULL + (uint64_t)ts->tv_nsec;
}

void jrec_no_result(struct tcb *tcp)
{
	struct emit_state *st = &tcp->sc.emit;

	if (st->jpart != JPART_ARGS)
		return;
	json_call_end(tcp);
	put_ckey(tcp_out(tcp), "retval");
	out_put(tcp_out(tcp), "null", 4);
}

/* {"type": type, and the times: what every record begins with. */
static void put_head(struct outstream *os, const char *type, uint64_t mono)
{
	out_put(os, "{\"type\":", 8);
	put_jcstr(os, type);
	put_ckey(os, "mono_ns");
	put_u64(os, mono);
	put_ckey(os, "wall_ns");
	put_u64(os, mono + (uint64_t)wall_offset);
}

/*
 * A record of tcp's is still open (a syscall's, between its entry and
 * exit) when another of its events must be written: it ends first,
 * marked unfinished, and its exit will print nothing.
 */
void jrec_settle(struct tcb *tcp)
{
	if (!line_is_held(tcp) || !tcp->out->len)
		return;
	jrec_no_result(tcp);
	jrec_bool(tcp, "unfinished");
	tcp->flags &= ~TCB_ENTRY_PRINTED;
	jrec_end(tcp);
	/* Held for -e status: unfinished decides. */
	if (line_is_held(tcp))
		line_hold_end(tcp, qual_status() & STATUS_UNFINISHED);
}

void jrec_begin(struct tcb *tcp, const char *type, const struct timespec *when)
{
	struct emit_state *st = &tcp->sc.emit;
	struct outstream *os;
	struct timespec now;
	uint64_t mono;

	jrec_settle(tcp);
	if (!when) {
		clock_gettime(CLOCK_MONOTONIC, &now);
		when = &now;
	}
	mono = ts_ns(when);
	st->jheld = !line_is_held(tcp);
	if (st->jheld)
		line_hold(tcp);
	os = tcp_out(tcp);
	emit_state_reset(tcp);
	st->jcall = !strcmp(type, "call") || !strcmp(type, "return");
	st->jstack = (cfg.stack_trace && (!strcmp(type, "syscall") ||
					  !strcmp(type, "signal") ||
					  !strcmp(type, "probe"))) ||
		     ((cfg.stack_trace || cfg.lc_stack) &&
		      !strcmp(type, "return"));
	st->jframes = false;
	st->jpart = JPART_TOP;
	st->jwrapped = 0;
	put_head(os, type, mono);
	put_ckey(os, "pid");
	put_u64(os, (uint64_t)(tcp->tgid ? tcp->tgid : tcp->pid));
	put_ckey(os, "tid");
	put_u64(os, (uint64_t)tcp->pid);
	put_ckey(os, "pers");
	put_jcstr(os, arch_pers[!strcmp(type, "syscall") ? tcp->sc.pers :
							    tcp->pers].name);
}

void jrec_str(struct tcb *tcp, const char *key, const char *val)
{
	struct outstream *os = tcp_out(tcp);

	put_ckey(os, key);
	put_jcstr(os, val);
}

void jrec_int(struct tcb *tcp, const char *key, int64_t val)
{
	struct outstream *os = tcp_out(tcp);

	put_ckey(os, key);
	put_s64(os, val);
}

void jrec_bool(struct tcb *tcp, const char *key)
{
	struct outstream *os = tcp_out(tcp);

	put_ckey(os, key);
	out_put(os, "true", 4);
}

void jrec_hex(struct tcb *tcp, const char *key, uint64_t val)
{
	struct outstream *os = tcp_out(tcp);

	put_ckey(os, key);
	put_hexstr(os, val);
}

void jrec_time(struct tcb *tcp, const char *key, const struct timespec *when)
{
	jrec_int(tcp, key, (int64_t)ts_ns(when));
}

/* The value the emit primitives write next is the record's key. */
void jrec_value(struct tcb *tcp, const char *key)
{
	struct emit_state *st = &tcp->sc.emit;

	put_ckey(tcp_out(tcp), key);
	st->jpart = JPART_VALUE;
	st->depth = 0;
}

/* --- stacks ---------------------------------------------------------- */

static void (*stack_hook)(struct tcb *tcp);

void out_set_stack_hook(void (*hook)(struct tcb *tcp))
{
	stack_hook = hook;
}

bool out_stack_inline(void)
{
	return out_json;
}

void line_stack(struct tcb *tcp)
{
	if (stack_hook)
		stack_hook(tcp);
}

void jrec_frame(struct tcb *tcp, const struct out_frame *f)
{
	struct emit_state *st = &tcp->sc.emit;
	struct outstream *os = tcp_out(tcp);

	if (!st->jframes) {
		put_ckey(os, "stack");
		out_putc(os, '[');
		st->jframes = true;
	} else {
		out_putc(os, ',');
	}
	out_put(os, "{\"address\":", 11);
	put_hexstr(os, f->pc);
	if (f->module) {
		put_ckey(os, "module");
		put_jcstr(os, f->module);
		put_ckey(os, "file_offset");
		put_hexstr(os, f->file_offset);
	}
	if (f->symbol) {
		put_ckey(os, "symbol");
		put_jcstr(os, f->symbol);
		put_ckey(os, "offset");
		put_hexstr(os, f->offset);
	}
	if (f->file) {
		put_ckey(os, "file");
		put_jcstr(os, f->file);
		put_ckey(os, "line");
		put_s64(os, f->line);
	}
	out_putc(os, '}');
}

/* The record ends as its event does: its stack first (-k). */
void jrec_end_event(struct tcb *tcp)
{
	struct emit_state *st = &tcp->sc.emit;

	if (st->jstack && stack_hook && st->jpart != JPART_ARGS) {
		stack_hook(tcp);
		if (st->jframes)
			out_putc(tcp_out(tcp), ']');
		st->jframes = false;
	}
	jrec_end(tcp);
}

void jrec_end(struct tcb *tcp)
{
	struct emit_state *st = &tcp->sc.emit;
	struct outstream *os = tcp_out(tcp);

	if (st->jpart == JPART_ARGS)
		json_call_end(tcp);
	out_putc(os, '}');
	out_write(os, "\n", 1);
	os->partial = NULL;
	st->jpart = JPART_TOP;
	if (st->jheld) {
		st->jheld = false;
		line_hold_end(tcp, true);
	}
}

bool jrec_open(const struct tcb *tcp)
{
	return line_is_held(tcp) && tcp->out->len;
}

/*
 * A record of tcp's beside the one it may have open: an exec or a fork
 * comes between its syscall's entry and exit, whose record stays held
 * and whole.  Built apart, then written at once to the task's stream
 * through the records' writer (JSON, timeline, folded).
 */
static struct outstream beside = { .fd = -1, .hold = true };
static struct tcb *beside_tcp;

struct outstream *jrec_beside(struct tcb *tcp, const char *type)
{
	struct outstream *os = &beside;
	struct timespec now;

	os->len = 0;
	os->col = 0;
	os->partial = NULL;
	beside_tcp = tcp;
	clock_gettime(CLOCK_MONOTONIC, &now);
	put_head(os, type, ts_ns(&now));
	put_ckey(os, "pid");
	put_u64(os, (uint64_t)(tcp->tgid ? tcp->tgid : tcp->pid));
	put_ckey(os, "tid");
	put_u64(os, (uint64_t)tcp->pid);
	put_ckey(os, "pers");
	put_jcstr(os, arch_pers[tcp->pers].name);
	return os;
}

void jrec_beside_end(struct outstream *os)
{
	struct outstream *real = tcp_out(beside_tcp);

	if (real->hold)
		real = real->behind;
	out_putc(os, '}');
	out_write(os, "\n", 1);
	records_write(real, os->buf, os->len, true);
	out_event_done(real);
	os->len = 0;
}

void out_jint(struct outstream *os, int64_t v)
{
	put_s64(os, v);
}

void out_jhex(struct outstream *os, uint64_t v)
{
	put_hexstr(os, v);
}

/* --- records of no task ---------------------------------------------- */

bool out_is_json(void)
{
	return out_json;
}

void out_jrec_begin(struct outstream *os, const char *type)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	put_head(os, type, ts_ns(&now));
}

void out_jkey(struct outstream *os, const char *key)
{
	put_ckey(os, key);
}

void out_jstr(struct outstream *os, const char *s)
{
	put_jcstr(os, s);
}

void out_jrec_end(struct outstream *os)
{
	out_putc(os, '}');
	out_write(os, "\n", 1);
}

void out_jdump_vector(struct tcb *tcp, uint64_t vector, uint64_t buffers)
{
	jrec_begin(tcp, "dump", NULL);
	jrec_int(tcp, "vector", (int64_t)vector);
	jrec_int(tcp, "buffers", (int64_t)buffers);
	jrec_int(tcp, "offset", 0);
	out_put(tcp_out(tcp), ",\"bytes\":\"\"", 11);
	jrec_end(tcp);
}

void out_jdump(struct tcb *tcp, int buffer, uint64_t offset, uint64_t size,
	       const void *data, size_t n)
{
	const unsigned char *b = data;
	struct outstream *os;
	char *p;

	jrec_begin(tcp, "dump", NULL);
	os = tcp_out(tcp);
	if (buffer >= 0) {
		jrec_int(tcp, "buffer", buffer);
		if (!offset)
			jrec_int(tcp, "size", (int64_t)size);
	}
	jrec_int(tcp, "offset", (int64_t)offset);
	out_put(os, ",\"bytes\":\"", 10);
	p = out_reserve(os, 2 * n);
	for (size_t i = 0; i < n; i++) {
		p[2 * i] = hexdig[b[i] >> 4];
		p[2 * i + 1] = hexdig[b[i] & 15];
	}
	out_commit(os, 2 * n);
	out_putc(os, '"');
	jrec_end(tcp);
}
