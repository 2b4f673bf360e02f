/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Helpers shared by the files of src/output/ and nothing else: direct
 * appends into a stream's buffer for the hot path (no printf, no malloc
 * per line).
 */
#ifndef SLTRACE_OUTPUT_INTERNAL_H
#define SLTRACE_OUTPUT_INTERNAL_H

#include <stdarg.h>
#include <stdint.h>
#include <string.h>

#include "engine/tcb.h"
#include "output/output.h"

/* The stream every task writes to unless -ff gives it its own. */
struct outstream *out_shared(void);

void out_vprintf(struct outstream *os, const char *fmt, va_list ap);

/* Slow path of out_reserve(): flush, grow, arm the flush timer. */
char *out_make_room(struct outstream *os, size_t n);

/*
 * Room for n bytes at the end of os's buffer; out_commit() then says how
 * many were written.  The text must not contain a newline.
 */
static inline char *out_reserve(struct outstream *os, size_t n)
{
	if (__builtin_expect(os->len == 0 || os->cap - os->len < n, 0))
		return out_make_room(os, n);
	return os->buf + os->len;
}

static inline void out_commit(struct outstream *os, size_t n)
{
	os->len += n;
	os->col += (unsigned int)n;
}

/* Text without a newline. */
static inline void out_put(struct outstream *os, const char *s, size_t n)
{
	memcpy(out_reserve(os, n), s, n);
	out_commit(os, n);
}

static inline void out_putc(struct outstream *os, char c)
{
	*out_reserve(os, 1) = c;
	out_commit(os, 1);
}

static inline void out_spaces(struct outstream *os, size_t n)
{
	memset(out_reserve(os, n), ' ', n);
	out_commit(os, n);
}

/*
 * Digits of v written backwards ending at end; returns the first one.
 * 20 bytes hold any uint64_t.
 */
static inline char *fmt_u64(char *end, uint64_t v)
{
	do {
		*--end = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	return end;
}

static inline void out_u64(struct outstream *os, uint64_t v)
{
	char tmp[20], *p = fmt_u64(tmp + sizeof(tmp), v);

	out_put(os, p, (size_t)(tmp + sizeof(tmp) - p));
}

static inline void out_s64(struct outstream *os, int64_t v)
{
	if (v < 0) {
		out_putc(os, '-');
		out_u64(os, -(uint64_t)v);
	} else {
		out_u64(os, (uint64_t)v);
	}
}

/* A task's stream; the shared one if the engine has not set it yet. */
static inline struct outstream *tcp_out(struct tcb *tcp)
{
	return tcp->out ? tcp->out : out_shared();
}

/*
 * How the emit primitives (emit.h) are spelled: text (emit.c) or JSON
 * (json.c).  emit.c keeps the structure common to both (depth, items
 * out, separators due) and calls one of these.
 */
struct emit_writer {
	void (*call_begin)(struct tcb *tcp, const char *name);
	void (*call_end)(struct tcb *tcp);
	void (*sep)(struct tcb *tcp);
	void (*field)(struct tcb *tcp, const char *name);
	void (*sint)(struct tcb *tcp, int64_t v);
	void (*uint)(struct tcb *tcp, uint64_t v);
	void (*hex)(struct tcb *tcp, uint64_t v);
	void (*oct)(struct tcb *tcp, uint64_t v);
	void (*ptr)(struct tcb *tcp, uint64_t v);
	void (*sym)(struct tcb *tcp, uint64_t v, const char *text);
	void (*raw)(struct tcb *tcp, const char *text);
	void (*real)(struct tcb *tcp, const char *text);
	void (*comment)(struct tcb *tcp, const char *text);
	void (*annot)(struct tcb *tcp, const char *key, const char *val,
		      const char *text);
	void (*quoted)(struct tcb *tcp, const char *s, size_t len,
		       unsigned int flags);
	void (*open)(struct tcb *tcp, char bracket);
	void (*close)(struct tcb *tcp, char bracket);
	void (*more)(struct tcb *tcp);
	void (*changed)(struct tcb *tcp);
	void (*sep_space)(struct tcb *tcp);
	void (*prefix)(struct tcb *tcp, const char *text);
	void (*retval_begin)(struct tcb *tcp);
	void (*noval)(struct tcb *tcp);
	/* val: the value returned when it is not -1 (NULL: -1). */
	void (*error)(struct tcb *tcp, int err, const char *name,
		      const char *msg, bool restart, const uint64_t *val);
	void (*aux)(struct tcb *tcp, const char *text);
	void (*mark)(struct tcb *tcp, const char *mark);
	void (*duration)(struct tcb *tcp, uint64_t ns);
	void (*args_unfinished)(struct tcb *tcp);
};

extern const struct emit_writer json_writer;

/* Select the writer (at out_init, from cfg.out_format). */
void emit_set_writer(const struct emit_writer *writer);

/* --output-format=json: records, not lines (json.c). */
extern bool out_json;

/* An octal mode as strace prints it ("0644", "000"); returns its length. */
size_t fmt_oct(char *buf, size_t size, uint64_t v);

/* -T's text: seconds with cfg's digits. */
size_t fmt_duration(char *buf, size_t size, uint64_t ns);

/* Forget where tcp's writer was: a new line starts. */
static inline void emit_state_reset(struct tcb *tcp)
{
	tcp->sc.emit.seen = 0;
	tcp->sc.emit.depth = 0;
	tcp->sc.emit.sep = false;
	tcp->sc.emit.jcount[0] = 0;
	tcp->sc.emit.jarray = 0;
	tcp->sc.emit.jwrapped = 0;
	tcp->sc.emit.jclose = 0;
	tcp->sc.emit.jspaces = 0;
	tcp->sc.emit.jkey = false;
}

#endif
