/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The script evaluator (eval.h): a tree-walking interpreter over the
 * nodes script_rt_new() compiles from the checked tree (eval_int.h).
 * Semantics are bpftrace's (unset variables read 0, maps made at their
 * first use) with DTrace's speculations (eval_out.c); printf is
 * eval_fmt.c's.  A fire allocates nothing once the buffers have grown:
 * strings go to an arena sized by the largest clause, reset each fire.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "script/eval_int.h"
#include "script/parse.h"

static const char *const builtin_names[] = {
	[B_PID] = "pid",	 [B_TID] = "tid",
	[B_PPID] = "ppid",	 [B_COMM] = "comm",
	[B_UID] = "uid",	 [B_NSECS] = "nsecs",
	[B_WALLTIME] = "walltime", [B_ELAPSED] = "elapsed",
	[B_CPU] = "cpu",	 [B_PROBE] = "probe",
	[B_NAME] = "name",	 [B_ARGS] = "args",
	[B_RETVAL] = "retval",	 [B_ERRNO] = "errno",
	[B_ERRNAME] = "errname", [B_LATENCY] = "latency",
	[B_USTACK] = "ustack",	 [B_CALLER] = "caller",
};

static const char *const fn_names[] = {
	[F_COUNT] = "count",	     [F_SUM] = "sum",
	[F_MIN] = "min",	     [F_MAX] = "max",
	[F_AVG] = "avg",	     [F_STATS] = "stats",
	[F_HIST] = "hist",	     [F_LHIST] = "lhist",
	[F_DELETE] = "delete",	     [F_CLEAR] = "clear",
	[F_ZERO] = "zero",	     [F_PRINT] = "print",
	[F_PRINTF] = "printf",	     [F_EXIT] = "exit",
	[F_SYSTEM] = "system",	     [F_SPECULATE] = "speculate",
	[F_COMMIT] = "commit",	     [F_DISCARD] = "discard",
	[F_STR] = "str",	     [F_PATH] = "path",
	[F_SPECULATION] = "speculation", [F_OVERRIDE] = "override",
	[F_SIGNAL] = "signal",	     [F_CHILL] = "chill",
};

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

int eval_fault(struct script_rt *rt, struct script_pos pos, const char *fmt,
	       ...)
{
	va_list ap;

	rt->fpos = pos;
	va_start(ap, fmt);
	vsnprintf(rt->fmsg, sizeof(rt->fmsg), fmt, ap);
	va_end(ap);
	return -1;
}

/* ---- compiling the tree ---- */

static int intern(char ***names, size_t *n, const char *name)
{
	char **v;
	size_t k;

	for (k = 0; k < *n; k++)
		if (!strcmp((*names)[k], name))
			return (int)k;
	v = realloc(*names, (*n + 1) * sizeof(*v));
	if (!v)
		return -1;
	*names = v;
	v[*n] = strdup(name);
	if (!v[*n])
		return -1;
	return (int)(*n)++;
}

static struct rmap *map_get(struct script_rt *rt, const char *name)
{
	struct rmap **v, *m;

	for (size_t k = 0; k < rt->nmaps; k++)
		if (!strcmp(rt->maps[k]->name + 1, name))
			return rt->maps[k];
	v = realloc(rt->maps, (rt->nmaps + 1) * sizeof(*v));
	if (!v)
		return NULL;
	rt->maps = v;
	m = calloc(1, sizeof(*m));
	if (!m)
		return NULL;
	m->name = malloc(strlen(name) + 2);
	if (!m->name) {
		free(m);
		return NULL;
	}
	m->name[0] = '@';
	strcpy(m->name + 1, name);
	v[rt->nmaps++] = m;
	return m;
}

static void node_free(struct node *n)
{
	if (!n)
		return;
	for (size_t k = 0; k < n->n; k++)
		node_free(n->kid[k]);
	free(n->kid);
	free(n->owned);
	free(n);
}

static struct node *compile_expr(struct script_rt *rt,
				 const struct script_expr *e)
{
	struct node *n = calloc(1, sizeof(*n));
	size_t k, nkids = e->n;
	int64_t cv;

	if (!n)
		return NULL;
	n->pos = e->pos;
	n->op = e->op;
	rt->clause_nodes++;
	switch (e->kind) {
	case SCRIPT_E_INT:
		n->kind = N_INT;
		n->i = (int64_t)e->u;
		break;
	case SCRIPT_E_STR:
		n->kind = N_STR;
		n->s = e->s;
		n->len = e->len;
		break;
	case SCRIPT_E_IDENT:
		for (k = 0; k < ARRAY_LEN(builtin_names); k++)
			if (!strcmp(builtin_names[k], e->s))
				break;
		if (k < ARRAY_LEN(builtin_names)) {
			n->kind = N_BI;
			n->op = (int)k;
			if (k == B_USTACK)
				rt->wants_ustack = true;
		} else if (!strncmp(e->s, "arg", 3) && e->s[3] >= '0' &&
			   e->s[3] <= '9' && !e->s[4]) {
			n->kind = N_ARGN;
			n->i = e->s[3] - '0';
		} else if (!script_const_value(e->s, &cv)) {
			n->kind = N_INT;
			n->i = cv;
		} else {
			n->kind = N_BAD;
			n->s = "unknown value";
		}
		break;
	case SCRIPT_E_VAR:
	case SCRIPT_E_SELF:
		n->kind = e->kind == SCRIPT_E_VAR ? N_VAR : N_SELF;
		n->i = e->kind == SCRIPT_E_VAR ?
			       intern(&rt->varnames, &rt->nvars, e->s) :
			       intern(&rt->selfnames, &rt->nself, e->s);
		if (n->i < 0)
			goto fail;
		break;
	case SCRIPT_E_MAP:
		n->kind = N_MAP;
		n->map = map_get(rt, e->s);
		if (!n->map)
			goto fail;
		break;
	case SCRIPT_E_CALL:
		n->kind = N_CALL;
		for (k = 0; k < ARRAY_LEN(fn_names); k++)
			if (!strcmp(fn_names[k], e->s))
				break;
		if (k == ARRAY_LEN(fn_names)) {
			n->kind = N_BAD;
			n->s = "unknown function";
			nkids = 0;
		}
		n->op = (int)k;
		break;
	case SCRIPT_E_UNARY:
		n->kind = N_UNARY;
		if (e->op == '*') {
			n->kind = N_BAD;
			n->s = "cannot dereference: scripts read no memory but through str()";
			nkids = 0;
		}
		break;
	case SCRIPT_E_BINARY:
		n->kind = N_BINARY;
		break;
	case SCRIPT_E_TERNARY:
		n->kind = N_TERNARY;
		break;
	case SCRIPT_E_FIELD:
	case SCRIPT_E_INDEX:
		/* args.NAME, or a probe's value path args.hdr->len[2]:
		 * one named value of the event, by its text. */
		nkids = 0;
		n->owned = script_args_path(e);
		if (n->owned) {
			n->kind = N_ARGF;
			n->s = n->owned;
			n->len = strlen(n->owned);
		} else if (e->kind == SCRIPT_E_FIELD) {
			n->kind = N_BAD;
			n->s = "only args has fields (args.NAME)";
		} else {
			n->kind = N_BAD;
			n->s = "[] indexes only maps";
		}
		break;
	}
	if (nkids) {
		n->kid = calloc(nkids, sizeof(*n->kid));
		if (!n->kid)
			goto fail;
		n->n = nkids;
		for (k = 0; k < nkids; k++) {
			n->kid[k] = compile_expr(rt, e->kid[k]);
			if (!n->kid[k])
				goto fail;
		}
	}
	return n;
fail:
	node_free(n);
	return NULL;
}

static void block_free(struct cblock *b);

static void stmt_free(struct cstmt *st)
{
	if (!st)
		return;
	node_free(st->lhs);
	node_free(st->expr);
	block_free(&st->then);
	block_free(&st->els);
	free(st);
}

static void block_free(struct cblock *b)
{
	for (size_t k = 0; k < b->n; k++)
		stmt_free(b->s[k]);
	free(b->s);
	b->s = NULL;
	b->n = 0;
}

static int lit_value(const struct script_expr *e, int64_t *v)
{
	if (e->kind == SCRIPT_E_INT) {
		*v = (int64_t)e->u;
		return 0;
	}
	if (e->kind == SCRIPT_E_UNARY && e->op == '-' &&
	    e->kid[0]->kind == SCRIPT_E_INT) {
		*v = -(int64_t)e->kid[0]->u;
		return 0;
	}
	return -1;
}

static int compile_block(struct script_rt *rt, struct cblock *b,
			 const struct script_block *sb);

static struct cstmt *compile_stmt(struct script_rt *rt,
				  const struct script_stmt *st)
{
	struct cstmt *c = calloc(1, sizeof(*c));
	const struct script_expr *v = st->expr;

	if (!c)
		return NULL;
	c->kind = st->kind;
	c->op = st->op;
	c->pos = st->pos;
	if (st->lhs && !(c->lhs = compile_expr(rt, st->lhs)))
		goto fail;
	if (v && !(c->expr = compile_expr(rt, v)))
		goto fail;
	if (compile_block(rt, &c->then, &st->then) ||
	    compile_block(rt, &c->els, &st->els))
		goto fail;
	/* @m = agg(): the map's kind, known now; lhist's bounds are literals */
	if (st->kind == SCRIPT_S_ASSIGN && c->lhs->kind == N_MAP &&
	    c->expr->kind == N_CALL && c->expr->op <= F_LHIST) {
		struct rmap *m = c->lhs->map;

		m->agg = true;
		m->kind = (enum agg_kind)c->expr->op;
		if (m->kind == AGG_LHIST &&
		    (lit_value(v->kid[1], &m->lmin) ||
		     lit_value(v->kid[2], &m->lmax) ||
		     lit_value(v->kid[3], &m->lstep))) {
			errno = EINVAL;
			goto fail;
		}
	}
	return c;
fail:
	stmt_free(c);
	return NULL;
}

static int compile_block(struct script_rt *rt, struct cblock *b,
			 const struct script_block *sb)
{
	if (!sb->n)
		return 0;
	b->s = calloc(sb->n, sizeof(*b->s));
	if (!b->s)
		return -1;
	b->n = sb->n;
	for (size_t k = 0; k < sb->n; k++)
		if (!(b->s[k] = compile_stmt(rt, sb->stmt[k])))
			return -1;
	return 0;
}

static uint64_t mono_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int map_make(struct script_rt *rt, struct rmap *m, enum agg_kind kind)
{
	m->m = agg_map_new(m->name, kind, m->lmin, m->lmax, m->lstep);
	if (!m->m)
		return -1;
	m->kind = kind;
	if (rt->host.frame)
		agg_map_set_frame_fn(m->m, rt->host.frame, rt->host.hctx);
	rt->made[rt->nmade++] = m->m;
	return 0;
}

struct script_rt *script_rt_new(const struct script *s,
				const struct script_host *host,
				unsigned int flags)
{
	struct script_rt *rt = calloc(1, sizeof(*rt));
	size_t k;

	if (!rt)
		return NULL;
	rt->s = s;
	rt->host = *host;
	rt->flags = flags;
	rt->t0 = mono_now();
	rt->nstack = -1;
	rt->ncl = s->n;
	rt->cl = calloc(s->n ? s->n : 1, sizeof(*rt->cl));
	if (!rt->cl)
		goto fail;
	errno = ENOMEM;
	for (k = 0; k < s->n; k++) {
		const struct script_clause *sc = &s->clause[k];

		rt->clause_nodes = 0;
		for (size_t p = 0; p < sc->nprobes; p++)
			if (sc->probes[p].kind == SCRIPT_PROBE_END)
				rt->cl[k].is_end = true;
		if (sc->pred && !(rt->cl[k].pred = compile_expr(rt, sc->pred)))
			goto fail;
		if (compile_block(rt, &rt->cl[k].body, &sc->body))
			goto fail;
		if (rt->clause_nodes > rt->max_nodes)
			rt->max_nodes = rt->clause_nodes;
	}
	errno = ENOMEM;
	/* Each node makes one string at most in a fire: no loops. */
	rt->arena_size = (rt->max_nodes + 1) * AGG_STR_MAX;
	rt->arena = malloc(rt->arena_size);
	rt->vars = calloc(rt->nvars + 1, sizeof(*rt->vars));
	rt->made = calloc(rt->nmaps + 1, sizeof(*rt->made));
	rt->tsize = 64;
	rt->thr = calloc(rt->tsize, sizeof(*rt->thr));
	if (!rt->arena || !rt->vars || !rt->made || !rt->thr)
		goto fail;
	for (k = 0; k < rt->nmaps; k++)
		if (rt->maps[k]->agg && map_make(rt, rt->maps[k],
						 rt->maps[k]->kind))
			goto fail;
	return rt;
fail:
	k = (size_t)errno;
	script_rt_free(rt);
	errno = (int)k;
	return NULL;
}

static void thr_free(struct script_rt *rt, struct thr *t)
{
	for (size_t k = 0; k < rt->nself; k++)
		free(t->v[k].pc);
	free(t);
}

void script_rt_free(struct script_rt *rt)
{
	size_t k;

	if (!rt)
		return;
	for (k = 0; k < rt->ncl && rt->cl; k++) {
		node_free(rt->cl[k].pred);
		block_free(&rt->cl[k].body);
	}
	free(rt->cl);
	for (k = 0; k < rt->nmaps; k++) {
		agg_map_free(rt->maps[k]->m);
		free(rt->maps[k]->name);
		free(rt->maps[k]);
	}
	free(rt->maps);
	free(rt->made);
	for (k = 0; k < rt->nvars; k++)
		free(rt->varnames[k]);
	free(rt->varnames);
	for (k = 0; k < rt->nself; k++)
		free(rt->selfnames[k]);
	free(rt->selfnames);
	free(rt->vars);
	for (k = 0; k < rt->tsize && rt->thr; k++) {
		while (rt->thr[k]) {
			struct thr *t = rt->thr[k];

			rt->thr[k] = t->next;
			thr_free(rt, t);
		}
	}
	free(rt->thr);
	free(rt->arena);
	tbuf_free(&rt->out);
	eval_spec_free(rt);
	free(rt);
}

/* ---- threads ---- */

static size_t thr_slot(const struct script_rt *rt, pid_t tid)
{
	return ((uint32_t)tid * 2654435761u) & (rt->tsize - 1);
}

static struct thr *thr_find(struct script_rt *rt, pid_t tid, bool make)
{
	struct thr *t;
	size_t h;

	if (rt->last && rt->last->tid == tid)
		return rt->last;
	h = thr_slot(rt, tid);
	for (t = rt->thr[h]; t; t = t->next)
		if (t->tid == tid)
			return rt->last = t;
	if (!make)
		return NULL;
	if (rt->nthr >= rt->tsize) {
		size_t nsize = rt->tsize * 2;
		struct thr **nt = calloc(nsize, sizeof(*nt));

		if (nt) {
			for (size_t k = 0; k < rt->tsize; k++) {
				while (rt->thr[k]) {
					t = rt->thr[k];
					rt->thr[k] = t->next;
					h = ((uint32_t)t->tid * 2654435761u) &
					    (nsize - 1);
					t->next = nt[h];
					nt[h] = t;
				}
			}
			free(rt->thr);
			rt->thr = nt;
			rt->tsize = nsize;
		}
		h = thr_slot(rt, tid);
	}
	t = calloc(1, sizeof(*t) + rt->nself * sizeof(t->v[0]));
	if (!t)
		return NULL;
	t->tid = tid;
	t->next = rt->thr[h];
	rt->thr[h] = t;
	rt->nthr++;
	return rt->last = t;
}

void script_rt_thread_gone(struct script_rt *rt, pid_t tid)
{
	size_t h = thr_slot(rt, tid);

	for (struct thr **l = &rt->thr[h]; *l; l = &(*l)->next) {
		if ((*l)->tid == tid) {
			struct thr *t = *l;

			*l = t->next;
			if (rt->last == t)
				rt->last = NULL;
			thr_free(rt, t);
			rt->nthr--;
			return;
		}
	}
}

/* Stores v into a thread variable: its own copy of strings and stacks. */
static int svar_set(struct script_rt *rt, struct svar *sv,
		    const struct val *v, struct script_pos pos)
{
	sv->v = *v;
	if (v->t == V_STR) {
		size_t n = strnlen(v->s, v->len);

		if (n > AGG_STR_MAX - 1)
			n = AGG_STR_MAX - 1;
		memcpy(sv->s, v->s, n);
		sv->s[n] = '\0';
		sv->v.s = sv->s;
		sv->v.len = n;
	} else if (v->t == V_STACK) {
		if (!sv->pc && !(sv->pc = malloc(AGG_STACK_MAX * 8)))
			return eval_fault(rt, pos, "out of memory");
		memcpy(sv->pc, v->pc, (size_t)v->n * 8);
		sv->v.pc = sv->pc;
	}
	sv->set = true;
	return 0;
}

/* ---- values ---- */

static char *arena_get(struct script_rt *rt)
{
	char *p;

	if (rt->arena_used + AGG_STR_MAX > rt->arena_size)
		return NULL;
	p = rt->arena + rt->arena_used;
	rt->arena_used += AGG_STR_MAX;
	return p;
}

static bool truth(const struct val *v)
{
	switch (v->t) {
	case V_INT:
		return v->i != 0;
	case V_STR:
		return v->len && v->s[0];
	default:
		return v->n != 0;
	}
}

static void set_int(struct val *v, int64_t i)
{
	v->t = V_INT;
	v->i = i;
}

static void set_str(struct val *v, const char *s, size_t len)
{
	v->t = V_STR;
	v->s = s;
	v->len = len;
}

static const char *type_name(const struct val *v)
{
	return v->t == V_INT ? "a number" : v->t == V_STR ? "a string" :
							    "a stack";
}

static int eval(struct script_rt *rt, const struct node *n, struct val *v);

static int eval_int(struct script_rt *rt, const struct node *n, int64_t *i)
{
	struct val v;

	if (eval(rt, n, &v))
		return -1;
	if (v.t != V_INT)
		return eval_fault(rt, n->pos, "expected a number, not %s",
				  type_name(&v));
	*i = v.i;
	return 0;
}

static int eval_keys(struct script_rt *rt, const struct node *m,
		     struct agg_val *key)
{
	struct val v;

	if (m->n > AGG_KEY_MAX)
		return eval_fault(rt, m->pos, "%s has more than %d keys",
				  m->map->name, AGG_KEY_MAX);
	for (size_t k = 0; k < m->n; k++) {
		if (eval(rt, m->kid[k], &v))
			return -1;
		switch (v.t) {
		case V_INT:
			key[k].type = AGG_KEY_INT;
			key[k].i = v.i;
			break;
		case V_STR:
			key[k].type = AGG_KEY_STR;
			key[k].str.s = v.s;
			key[k].str.len = v.len;
			break;
		case V_STACK:
			key[k].type = AGG_KEY_STACK;
			key[k].stack.pc = v.pc;
			key[k].stack.n = v.n;
			break;
		}
	}
	return 0;
}

static int read_map(struct script_rt *rt, const struct node *n, struct val *v)
{
	struct agg_val key[AGG_KEY_MAX];
	const struct agg_entry *e;
	char *p;

	if (eval_keys(rt, n, key))
		return -1;
	set_int(v, 0);
	if (!n->map->m)
		return 0;
	e = agg_map_lookup(n->map->m, key, (unsigned int)n->n);
	if (n->map->kind == AGG_STR) {
		/* a copy: a later delete() would free the entry's text */
		p = arena_get(rt);
		if (!p)
			return eval_fault(rt, n->pos, "too many strings");
		snprintf(p, AGG_STR_MAX, "%s", e ? e->str : "");
		set_str(v, p, strlen(p));
		return 0;
	}
	if (e)
		v->i = agg_entry_number(n->map->m, e);
	return 0;
}

static int eval_builtin(struct script_rt *rt, const struct node *n,
			struct val *v)
{
	const struct script_event *ev = rt->ev;
	const char *s;
	char *p;
	int r;

	switch (n->op) {
	case B_PID:
		set_int(v, ev->pid);
		break;
	case B_TID:
		set_int(v, ev->tid);
		break;
	case B_PPID:
		set_int(v, ev->ppid);
		break;
	case B_UID:
		set_int(v, ev->uid);
		break;
	case B_CPU:
		set_int(v, ev->cpu);
		break;
	case B_NSECS:
		set_int(v, (int64_t)ev->nsecs);
		break;
	case B_WALLTIME:
		set_int(v, (int64_t)ev->walltime);
		break;
	case B_ELAPSED:
		set_int(v, ev->nsecs > rt->t0 ? (int64_t)(ev->nsecs - rt->t0) :
						0);
		break;
	case B_COMM:
		p = arena_get(rt);
		if (!p)
			return eval_fault(rt, n->pos, "too many strings");
		p[0] = '\0';
		if (rt->host.comm)
			rt->host.comm(ev->ctx, p, 16);
		p[15] = '\0';
		set_str(v, p, strlen(p));
		break;
	case B_PROBE:
		s = ev->probe && ev->probe->text ? ev->probe->text : "";
		set_str(v, s, strlen(s));
		break;
	case B_NAME:
		s = ev->name ? ev->name : "";
		set_str(v, s, strlen(s));
		break;
	case B_ARGS:
		return eval_fault(rt, n->pos,
				  "args is read one at a time, as args.NAME");
	case B_RETVAL:
		if (!ev->has_retval)
			return eval_fault(rt, n->pos,
					  "retval: no return value here");
		set_int(v, ev->retval);
		break;
	case B_ERRNO:
		set_int(v, ev->err);
		break;
	case B_ERRNAME:
		s = ev->err ? strerrorname_np(ev->err) : "";
		if (!s)
			s = "";
		set_str(v, s, strlen(s));
		break;
	case B_LATENCY:
		if (!ev->has_latency)
			return eval_fault(rt, n->pos,
					  "latency: not known for this event");
		set_int(v, (int64_t)ev->latency_ns);
		break;
	case B_CALLER:
		set_int(v, (int64_t)ev->caller);
		break;
	case B_USTACK:
		/* taken once per fire: every use sees the same stack */
		if (rt->nstack < 0) {
			if (!rt->host.ustack)
				return eval_fault(rt, n->pos,
						  "ustack: no stack here");
			r = rt->host.ustack(ev->ctx, rt->stack, AGG_STACK_MAX);
			if (r < 0)
				return eval_fault(rt, n->pos, "ustack: %s",
						  strerror(-r));
			rt->nstack = r > AGG_STACK_MAX ? AGG_STACK_MAX : r;
		}
		v->t = V_STACK;
		v->pc = rt->stack;
		v->n = (unsigned int)rt->nstack;
		break;
	}
	return 0;
}

static int eval_argf(struct script_rt *rt, const struct node *n,
		     struct val *v)
{
	const struct script_event *ev = rt->ev;
	size_t k;

	for (k = 0; k < ev->nnamed; k++) {
		const struct script_named *nv = &ev->named[k];

		if (nv->name && !strcmp(nv->name, n->s)) {
			if (nv->is_str)
				set_str(v, nv->s ? nv->s : "",
					nv->s ? nv->len : 0);
			else
				set_int(v, nv->i);
			return 0;
		}
	}
	for (k = 0; ev->argnames && k < ev->nargnames && k < ev->nargs; k++) {
		if (ev->argnames[k] && !strcmp(ev->argnames[k], n->s)) {
			set_int(v, (int64_t)ev->args[k]);
			return 0;
		}
	}
	return eval_fault(rt, n->pos, "args.%s: no such argument here", n->s);
}

/* str(x, n) and path(fd): strings the host reads for us. */
static int eval_strfn(struct script_rt *rt, const struct node *n,
		      struct val *v)
{
	struct val a;
	int64_t size = AGG_STR_MAX;
	long r;
	char *p;

	if (eval(rt, n->kid[0], &a))
		return -1;
	if (n->n > 1) {
		if (eval_int(rt, n->kid[1], &size))
			return -1;
		/* bpftrace's n counts the NUL */
		if (size < 1)
			size = 1;
		if (size > AGG_STR_MAX)
			size = AGG_STR_MAX;
	}
	if (n->op == F_STR && a.t == V_STR) {
		*v = a;
		if (v->len > (size_t)size - 1)
			v->len = (size_t)size - 1;
		return 0;
	}
	if (a.t != V_INT)
		return eval_fault(rt, n->pos, "%s() takes a number, not %s",
				  fn_names[n->op], type_name(&a));
	p = arena_get(rt);
	if (!p)
		return eval_fault(rt, n->pos, "too many strings");
	if (n->op == F_PATH) {
		if (!rt->host.fd_path)
			return eval_fault(rt, n->pos,
					  "path(): no descriptors here");
		r = rt->host.fd_path(rt->ev->ctx, (int)a.i, p, AGG_STR_MAX);
	} else {
		if (!rt->host.read_str)
			return eval_fault(rt, n->pos, "str(): no memory here");
		r = rt->host.read_str(rt->ev->ctx, (uint64_t)a.i, p,
				      (size_t)size);
	}
	if (r < 0)
		return eval_fault(rt, n->pos, "%s(%#" PRIx64 "): %s",
				  fn_names[n->op], (uint64_t)a.i,
				  strerror((int)-r));
	p[AGG_STR_MAX - 1] = '\0';
	set_str(v, p, strnlen(p, (size_t)size));
	return 0;
}

static int binary(struct script_rt *rt, const struct node *n, struct val *v)
{
	struct val a, b;
	uint64_t x, y;

	if (eval(rt, n->kid[0], &a))
		return -1;
	if (n->op == SCRIPT_OP_AND || n->op == SCRIPT_OP_OR) {
		bool t = truth(&a);

		if (t == (n->op == SCRIPT_OP_OR)) {
			set_int(v, t);
			return 0;
		}
		if (eval(rt, n->kid[1], &b))
			return -1;
		set_int(v, truth(&b));
		return 0;
	}
	if (eval(rt, n->kid[1], &b))
		return -1;
	if (a.t != V_INT || b.t != V_INT) {
		bool eq;

		if ((n->op != SCRIPT_OP_EQ && n->op != SCRIPT_OP_NE) ||
		    a.t != b.t || a.t != V_STR)
			return eval_fault(rt, n->pos,
					  "cannot apply this operator to %s and %s",
					  type_name(&a), type_name(&b));
		a.len = strnlen(a.s, a.len);
		b.len = strnlen(b.s, b.len);
		eq = a.len == b.len && !memcmp(a.s, b.s, a.len);
		set_int(v, eq == (n->op == SCRIPT_OP_EQ));
		return 0;
	}
	x = (uint64_t)a.i;
	y = (uint64_t)b.i;
	switch (n->op) {
	case '+':
		set_int(v, (int64_t)(x + y));
		break;
	case '-':
		set_int(v, (int64_t)(x - y));
		break;
	case '*':
		set_int(v, (int64_t)(x * y));
		break;
	case '/':
	case '%':
		if (!b.i)
			return eval_fault(rt, n->pos, "division by zero");
		if (b.i == -1) /* INT64_MIN / -1 traps */
			set_int(v, n->op == '/' ? (int64_t)(0 - x) : 0);
		else
			set_int(v, n->op == '/' ? a.i / b.i : a.i % b.i);
		break;
	case '&':
		set_int(v, (int64_t)(x & y));
		break;
	case '|':
		set_int(v, (int64_t)(x | y));
		break;
	case '^':
		set_int(v, (int64_t)(x ^ y));
		break;
	case SCRIPT_OP_SHL:
		set_int(v, (int64_t)(x << (y & 63)));
		break;
	case SCRIPT_OP_SHR:
		set_int(v, a.i >> (y & 63));
		break;
	case '<':
		set_int(v, a.i < b.i);
		break;
	case '>':
		set_int(v, a.i > b.i);
		break;
	case SCRIPT_OP_LE:
		set_int(v, a.i <= b.i);
		break;
	case SCRIPT_OP_GE:
		set_int(v, a.i >= b.i);
		break;
	case SCRIPT_OP_EQ:
		set_int(v, a.i == b.i);
		break;
	case SCRIPT_OP_NE:
		set_int(v, a.i != b.i);
		break;
	default:
		return eval_fault(rt, n->pos, "unknown operator");
	}
	return 0;
}

static int eval(struct script_rt *rt, const struct node *n, struct val *v)
{
	struct val a;

	switch (n->kind) {
	case N_INT:
		set_int(v, n->i);
		return 0;
	case N_STR:
		set_str(v, n->s, n->len);
		return 0;
	case N_BI:
		return eval_builtin(rt, n, v);
	case N_ARGN:
		if ((uint64_t)n->i >= rt->ev->nargs || !rt->ev->args)
			return eval_fault(rt, n->pos,
					  "arg%" PRId64 ": this event has %u argument%s",
					  n->i, rt->ev->nargs,
					  rt->ev->nargs == 1 ? "" : "s");
		set_int(v, (int64_t)rt->ev->args[n->i]);
		return 0;
	case N_ARGF:
		return eval_argf(rt, n, v);
	case N_VAR:
		if (rt->vars[n->i].gen == rt->gen)
			*v = rt->vars[n->i].v;
		else
			set_int(v, 0);
		return 0;
	case N_SELF: {
		struct thr *t = thr_find(rt, rt->ev->tid, false);

		if (t && t->v[n->i].set)
			*v = t->v[n->i].v;
		else
			set_int(v, 0);
		return 0;
	}
	case N_MAP:
		return read_map(rt, n, v);
	case N_CALL:
		switch (n->op) {
		case F_STR:
		case F_PATH:
			return eval_strfn(rt, n, v);
		case F_SPECULATION:
			set_int(v, eval_speculation(rt));
			return 0;
		default:
			return eval_fault(rt, n->pos, "%s() has no value",
					  fn_names[n->op]);
		}
	case N_UNARY:
		if (eval(rt, n->kid[0], &a))
			return -1;
		if (n->op == '!') {
			set_int(v, !truth(&a));
			return 0;
		}
		if (a.t != V_INT)
			return eval_fault(rt, n->pos, "'%c' of %s", n->op,
					  type_name(&a));
		set_int(v, n->op == '-' ? (int64_t)(0 - (uint64_t)a.i) : ~a.i);
		return 0;
	case N_BINARY:
		return binary(rt, n, v);
	case N_TERNARY:
		if (eval(rt, n->kid[0], &a))
			return -1;
		return eval(rt, n->kid[truth(&a) ? 1 : 2], v);
	case N_BAD:
		return eval_fault(rt, n->pos, "%s", n->s);
	}
	return eval_fault(rt, n->pos, "cannot evaluate this");
}

/* ---- statements ---- */

/* a op= b on numbers, as the binary operators compute it */
static int compound(struct script_rt *rt, const struct cstmt *st,
		    const struct val *old, struct val *v)
{
	struct node l = { .kind = N_INT, .i = old->i };
	struct node r = { .kind = N_INT, .i = v->i };
	struct node *kid[2] = { &l, &r };
	struct node b = { .kind = N_BINARY, .op = st->op, .pos = st->pos,
			  .n = 2, .kid = kid };

	if (old->t != V_INT || v->t != V_INT)
		return eval_fault(rt, st->pos,
				  "compound assignment needs numbers");
	return binary(rt, &b, v);
}

static int map_assign(struct script_rt *rt, const struct cstmt *st,
		      const struct val *value)
{
	const struct node *m = st->lhs;
	struct rmap *rm = m->map;
	struct agg_val key[AGG_KEY_MAX];
	struct val v = *value, old;
	int r;

	if (eval_keys(rt, m, key))
		return -1;
	if (st->kind == SCRIPT_S_INCDEC || st->op != '=') {
		if (read_map(rt, m, &old))
			return -1;
		if (compound(rt, st, &old, &v))
			return -1;
	}
	if (v.t == V_STACK)
		return eval_fault(rt, st->pos,
				  "a stack can be a map's key, not its value");
	if (!rm->m && map_make(rt, rm, v.t == V_STR ? AGG_STR : AGG_INT))
		return eval_fault(rt, st->pos, "out of memory");
	if ((rm->kind == AGG_STR) != (v.t == V_STR))
		return eval_fault(rt, st->pos, "%s holds %s, not %s", rm->name,
				  rm->kind == AGG_STR ? "strings" : "numbers",
				  type_name(&v));
	if (v.t == V_STR)
		r = agg_map_set_str(rm->m, key, (unsigned int)m->n, v.s,
				    strnlen(v.s, v.len));
	else
		r = agg_map_update(rm->m, key, (unsigned int)m->n, v.i);
	if (r)
		return eval_fault(rt, st->pos, "%s: %s", rm->name,
				  strerror(-r));
	return 0;
}

/* @m[k] = count(), sum(v)...: the map was made by script_rt_new */
static int map_aggregate(struct script_rt *rt, const struct cstmt *st)
{
	const struct node *m = st->lhs, *f = st->expr;
	struct agg_val key[AGG_KEY_MAX];
	int64_t x = 0;
	int r;

	if (f->op != F_COUNT && eval_int(rt, f->kid[0], &x))
		return -1;
	if (eval_keys(rt, m, key))
		return -1;
	r = agg_map_update(m->map->m, key, (unsigned int)m->n, x);
	if (r)
		return eval_fault(rt, st->pos, "%s: %s", m->map->name,
				  strerror(-r));
	return 0;
}

static int assign(struct script_rt *rt, const struct cstmt *st)
{
	const struct node *l = st->lhs;
	struct val v, old;

	if (st->kind == SCRIPT_S_ASSIGN && l->kind == N_MAP &&
	    st->expr->kind == N_CALL && st->expr->op <= F_LHIST)
		return map_aggregate(rt, st);
	if (st->kind == SCRIPT_S_INCDEC)
		set_int(&v, 1);
	else if (eval(rt, st->expr, &v))
		return -1;
	if (l->kind == N_MAP)
		return map_assign(rt, st, &v);
	if (st->kind == SCRIPT_S_INCDEC || st->op != '=') {
		if (eval(rt, l, &old) || compound(rt, st, &old, &v))
			return -1;
	}
	if (l->kind == N_VAR) {
		rt->vars[l->i].v = v;
		rt->vars[l->i].gen = rt->gen;
		return 0;
	}
	if (l->kind == N_SELF) {
		struct thr *t = thr_find(rt, rt->ev->tid, true);

		if (!t)
			return eval_fault(rt, st->pos, "out of memory");
		return svar_set(rt, &t->v[l->i], &v, st->pos);
	}
	return eval_fault(rt, st->pos, "cannot assign to this");
}

static int print_map(struct script_rt *rt, const struct rmap *m)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	if (!m->m) {
		eval_emit(rt, "\n", 1);
		return 0;
	}
	f = open_memstream(&text, &len);
	if (!f)
		return -1;
	agg_map_print(m->m, f);
	if (fclose(f)) {
		free(text);
		return -1;
	}
	eval_emit(rt, text, len);
	free(text);
	return 0;
}

/* printf's and system()'s text into rt->out. */
static int format_call(struct script_rt *rt, const struct node *f)
{
	struct val v[FMT_ARGS_MAX];
	size_t nv = f->n - 1;

	if (nv > FMT_ARGS_MAX)
		return eval_fault(rt, f->pos, "too many values");
	for (size_t k = 0; k < nv; k++)
		if (eval(rt, f->kid[k + 1], &v[k]))
			return -1;
	rt->out.len = 0;
	rt->out.oom = false;
	if (eval_format(rt, f->pos, &rt->out, f->kid[0]->s, f->kid[0]->len,
			v, nv))
		return -1;
	if (rt->out.oom)
		return eval_fault(rt, f->pos, "out of memory");
	return 0;
}

static int signal_number(struct script_rt *rt, const struct node *n,
			 int64_t *sig)
{
	struct val v;
	char name[40];

	if (eval(rt, n, &v))
		return -1;
	if (v.t == V_INT) {
		*sig = v.i;
		return 0;
	}
	if (v.t == V_STR) {
		size_t len = strnlen(v.s, v.len);

		if (len < sizeof(name) - 3) {
			snprintf(name, sizeof(name), "%s%.*s",
				 strncmp(v.s, "SIG", len < 3 ? len : 3) ?
					 "SIG" :
					 "",
				 (int)len, v.s);
			if (!script_const_value(name, sig) &&
			    !strncmp(name, "SIG", 3))
				return 0;
		}
	}
	return eval_fault(rt, n->pos, "signal(): not a signal");
}

static int action(struct script_rt *rt, const struct node *f)
{
	struct val v;
	int64_t x = 0;
	int rc;
	const struct node *a = f->n ? f->kid[0] : NULL;

	switch (f->op) {
	case F_PRINTF:
		if (format_call(rt, f))
			return -1;
		eval_emit(rt, rt->out.p ? rt->out.p : "", rt->out.len);
		return 0;
	case F_SYSTEM:
		if (format_call(rt, f))
			return -1;
		if (rt->host.system)
			rt->host.system(rt->host.hctx,
					rt->out.p ? rt->out.p : "");
		return 0;
	case F_PRINT:
		if (a->kind == N_MAP && !a->n) {
			if (print_map(rt, a->map))
				return eval_fault(rt, f->pos, "out of memory");
			return 0;
		}
		if (eval(rt, a, &v))
			return -1;
		rt->out.len = 0;
		eval_val_text(rt, &rt->out, &v);
		tbuf_put(&rt->out, "\n", 1);
		if (rt->out.oom)
			return eval_fault(rt, f->pos, "out of memory");
		eval_emit(rt, rt->out.p, rt->out.len);
		return 0;
	case F_CLEAR:
	case F_ZERO:
		if (a->map->m) {
			if (f->op == F_CLEAR)
				agg_map_clear(a->map->m);
			else
				agg_map_zero(a->map->m);
		}
		return 0;
	case F_DELETE:
		if (a->kind == N_SELF) {
			struct thr *t = thr_find(rt, rt->ev->tid, false);

			if (t)
				t->v[a->i].set = false;
			return 0;
		}
		if (a->kind == N_MAP) {
			struct agg_val key[AGG_KEY_MAX];

			if (eval_keys(rt, a, key))
				return -1;
			if (a->map->m)
				agg_map_delete(a->map->m, key,
					       (unsigned int)a->n);
		}
		return 0;
	case F_EXIT:
		if (a && eval_int(rt, a, &x))
			return -1;
		rt->exiting = true;
		if (rt->host.exit)
			rt->host.exit(rt->host.hctx, (int)x);
		return 0;
	case F_SPECULATE:
	case F_COMMIT:
	case F_DISCARD:
		if (eval_int(rt, a, &x))
			return -1;
		if (f->op == F_SPECULATE)
			return eval_speculate(rt, x);
		eval_commit(rt, x, f->op == F_COMMIT);
		return 0;
	case F_OVERRIDE:
	case F_CHILL:
	case F_SIGNAL:
		/* check.c let them through only with -w; be sure of it */
		if (!(rt->flags & SCRIPT_CHECK_DESTRUCTIVE))
			return eval_fault(rt, f->pos, "%s() needs -w",
					  fn_names[f->op]);
		if (f->op == F_SIGNAL ? signal_number(rt, a, &x) :
					eval_int(rt, a, &x))
			return -1;
		if (f->op == F_OVERRIDE && rt->host.override)
			rc = rt->host.override(rt->ev->ctx, x);
		else if (f->op == F_SIGNAL && rt->host.signal)
			rc = rt->host.signal(rt->ev->ctx, (int)x);
		else if (f->op == F_CHILL && rt->host.chill)
			rc = rt->host.chill(rt->ev->ctx, (uint64_t)x);
		else
			rc = -EINVAL;
		/* -EINVAL: not at a syscall's entry (an exit, a signal...) */
		if (rc == -EINVAL)
			return eval_fault(rt, f->pos, "%s() is not possible here",
					  fn_names[f->op]);
		if (rc < 0)
			return eval_fault(rt, f->pos, "%s(): %s",
					  fn_names[f->op], strerror(-rc));
		return 0;
	default:
		/* a value as a statement: evaluated for its faults */
		return eval(rt, f, &v);
	}
}

static int run_block(struct script_rt *rt, const struct cblock *b)
{
	struct val v;

	for (size_t k = 0; k < b->n; k++) {
		const struct cstmt *st = b->s[k];
		int r;

		switch (st->kind) {
		case SCRIPT_S_EXPR:
			r = st->expr->kind == N_CALL ? action(rt, st->expr) :
						       eval(rt, st->expr, &v);
			break;
		case SCRIPT_S_ASSIGN:
		case SCRIPT_S_INCDEC:
			r = assign(rt, st);
			break;
		case SCRIPT_S_IF:
			r = eval(rt, st->expr, &v);
			if (!r)
				r = run_block(rt, truth(&v) ? &st->then :
							      &st->els);
			break;
		default:
			r = 0;
			break;
		}
		if (r)
			return r;
	}
	return 0;
}

int script_rt_fire(struct script_rt *rt, size_t k,
		   const struct script_event *ev)
{
	struct cclause *cl;
	struct val v;
	int r = 0;
	char msg[256];

	if (k >= rt->ncl)
		return 0;
	cl = &rt->cl[k];
	/* after exit(), only END clauses run */
	if (rt->exiting && !cl->is_end)
		return 0;
	rt->ev = ev;
	rt->gen++;
	if (!rt->gen) { /* wrapped: no stale variable may look set */
		memset(rt->vars, 0, rt->nvars * sizeof(*rt->vars));
		rt->gen = 1;
	}
	rt->arena_used = 0;
	rt->nstack = -1;
	rt->cur_spec = 0;
	if (cl->pred) {
		r = eval(rt, cl->pred, &v);
		if (!r && !truth(&v))
			return 0;
	}
	if (!r)
		r = run_block(rt, &cl->body);
	rt->cur_spec = 0;
	rt->ev = NULL;
	if (!r)
		return 1;
	if (!cl->faulted && rt->host.warn) {
		snprintf(msg, sizeof(msg), "script:%u:%u: FAULT in clause %zu: %s",
			 rt->fpos.line, rt->fpos.col, k + 1, rt->fmsg);
		rt->host.warn(rt->host.hctx, msg);
	}
	cl->faulted = true;
	return -1;
}

bool script_rt_wants_ustack(const struct script_rt *rt)
{
	return rt->wants_ustack;
}

bool script_rt_exiting(const struct script_rt *rt)
{
	return rt->exiting;
}

struct agg_map *const *script_rt_maps(const struct script_rt *rt, size_t *n)
{
	*n = rt->nmade;
	return rt->made;
}

static int cmp_map(const void *a, const void *b)
{
	return strcmp(agg_map_name(*(struct agg_map *const *)a),
		      agg_map_name(*(struct agg_map *const *)b));
}

int script_rt_print_maps(struct script_rt *rt, FILE *f, bool json,
			 uint64_t mono_ns, uint64_t wall_ns)
{
	struct agg_map **v = calloc(rt->nmade + 1, sizeof(*v));
	size_t n = 0;
	int err = 0;

	if (!v)
		return -ENOMEM;
	for (size_t k = 0; k < rt->nmade; k++)
		if (agg_map_size(rt->made[k]))
			v[n++] = rt->made[k];
	if (!json) {
		if (n)
			err = agg_print_exit(v, n, f);
	} else {
		qsort(v, n, sizeof(*v), cmp_map);
		for (size_t k = 0; k < n && !err; k++)
			err = agg_map_print_json(v[k], f, mono_ns, wall_ns);
	}
	free(v);
	return err;
}
