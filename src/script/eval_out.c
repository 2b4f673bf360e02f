/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The evaluator's output (eval_int.h): text buffers kept across fires
 * (no malloc per event once they have grown), and DTrace's speculations:
 * a clause that speculate(id)s keeps its output in buffer id until a
 * later commit(id) writes it or discard(id) drops it.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "script/eval_int.h"

static bool tbuf_grow(struct tbuf *b, size_t need)
{
	size_t cap = b->cap ? b->cap : 256;
	char *p;

	if (b->oom)
		return false;
	while (cap < need)
		cap *= 2;
	if (cap == b->cap)
		return true;
	p = realloc(b->p, cap);
	if (!p) {
		b->oom = true;
		return false;
	}
	b->p = p;
	b->cap = cap;
	return true;
}

void tbuf_put(struct tbuf *b, const char *s, size_t n)
{
	if (!tbuf_grow(b, b->len + n + 1))
		return;
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

void tbuf_printf(struct tbuf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!tbuf_grow(b, b->len + 64))
		return;
	va_start(ap, fmt);
	n = vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= b->cap - b->len) {
		if (!tbuf_grow(b, b->len + n + 1))
			return;
		va_start(ap, fmt);
		vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
		va_end(ap);
	}
	b->len += n;
}

void tbuf_free(struct tbuf *b)
{
	free(b->p);
	memset(b, 0, sizeof(*b));
}

void eval_emit(struct script_rt *rt, const char *s, size_t n)
{
	struct spec *sp;

	if (!rt->cur_spec) {
		if (rt->host.write)
			rt->host.write(rt->host.hctx, s, n);
		return;
	}
	if (rt->cur_spec < 0)
		return;
	sp = &rt->spec[rt->cur_spec];
	if (sp->b.len + n > SPEC_BUF_MAX || sp->b.oom) {
		/* DTrace counts such drops; we say it once per speculation. */
		if (!sp->warned && rt->host.warn)
			rt->host.warn(rt->host.hctx,
				      "script: a speculation's buffer is full: output dropped");
		sp->warned = true;
		return;
	}
	tbuf_put(&sp->b, s, n);
}

/* DTrace's speculation(): a free id, or 0 when all are taken. */
int eval_speculation(struct script_rt *rt)
{
	for (int k = 1; k <= SPEC_MAX; k++) {
		if (!rt->spec[k].live) {
			rt->spec[k].live = true;
			rt->spec[k].warned = false;
			rt->spec[k].b.len = 0;
			rt->spec[k].b.oom = false;
			return k;
		}
	}
	return 0;
}

/*
 * speculate(id): the rest of the clause's output goes to id; an id that
 * is not live (0 from an exhausted speculation(), or committed) drops
 * it, as DTrace does.
 */
int eval_speculate(struct script_rt *rt, int64_t id)
{
	if (id >= 1 && id <= SPEC_MAX && rt->spec[id].live)
		rt->cur_spec = (int)id;
	else
		rt->cur_spec = -1;
	return 0;
}

/* commit(id) (keep) or discard(id); an id not live does nothing. */
void eval_commit(struct script_rt *rt, int64_t id, bool keep)
{
	struct spec *sp;

	if (id < 1 || id > SPEC_MAX || !rt->spec[id].live)
		return;
	sp = &rt->spec[id];
	if (keep && sp->b.len && rt->host.write)
		rt->host.write(rt->host.hctx, sp->b.p, sp->b.len);
	sp->live = false;
	sp->b.len = 0;
	/* DTrace refuses output after a commit in the clause: we drop it. */
	if (rt->cur_spec == id)
		rt->cur_spec = -1;
}

void eval_spec_free(struct script_rt *rt)
{
	for (int k = 0; k <= SPEC_MAX; k++)
		tbuf_free(&rt->spec[k].b);
}
