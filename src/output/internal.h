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

/* A task's stream; the shared one if the engine has not set it yet. */
static inline struct outstream *tcp_out(struct tcb *tcp)
{
	return tcp->out ? tcp->out : out_shared();
}

/* Forget where tcp's writer was: a new line starts. */
static inline void emit_state_reset(struct tcb *tcp)
{
	tcp->sc.emit.seen = 0;
	tcp->sc.emit.depth = 0;
	tcp->sc.emit.sep = false;
}

#endif
