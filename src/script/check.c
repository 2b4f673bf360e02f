/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The script checker (parse.h): what each function accepts, where
 * aggregations and actions may stand, which names exist, and that a map
 * keeps its number of keys and its kind of value across the script.
 * The tables below are the language's functions and builtins
 * (doc/scripts.md lists them); the walk recurses only as deep as the
 * parser let the tree grow.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "script/agg.h"
#include "script/parse.h"

enum fn_kind {
	FN_AGG, /* only as the value of "@map[...] = f()" */
	FN_ACTION, /* only as a statement: it has no value */
	FN_VALUE, /* anywhere a value may be */
};

enum fn_arg {
	ARG_ANY,
	ARG_FORMAT, /* the first: a string literal, then any values */
	ARG_ELEMENT, /* a map (with or without keys) or self->var */
	ARG_MAP, /* a map without keys */
	ARG_LHIST, /* a value, then three integer literals */
};

static const struct fn {
	const char *name;
	unsigned int min, max;
	enum fn_kind kind;
	enum fn_arg arg;
} fns[] = {
	{ "count", 0, 0, FN_AGG, ARG_ANY },
	{ "sum", 1, 1, FN_AGG, ARG_ANY },
	{ "min", 1, 1, FN_AGG, ARG_ANY },
	{ "max", 1, 1, FN_AGG, ARG_ANY },
	{ "avg", 1, 1, FN_AGG, ARG_ANY },
	{ "stats", 1, 1, FN_AGG, ARG_ANY },
	{ "hist", 1, 1, FN_AGG, ARG_ANY },
	{ "lhist", 4, 4, FN_AGG, ARG_LHIST },
	{ "delete", 1, 1, FN_ACTION, ARG_ELEMENT },
	{ "clear", 1, 1, FN_ACTION, ARG_MAP },
	{ "zero", 1, 1, FN_ACTION, ARG_MAP },
	{ "print", 1, 1, FN_ACTION, ARG_ANY },
	{ "printf", 1, 64, FN_ACTION, ARG_FORMAT },
	{ "exit", 0, 1, FN_ACTION, ARG_ANY },
	{ "system", 1, 64, FN_ACTION, ARG_FORMAT },
	{ "speculate", 1, 1, FN_ACTION, ARG_ANY },
	{ "commit", 1, 1, FN_ACTION, ARG_ANY },
	{ "discard", 1, 1, FN_ACTION, ARG_ANY },
	{ "str", 1, 2, FN_VALUE, ARG_ANY },
	{ "path", 1, 1, FN_VALUE, ARG_ANY },
	{ "speculation", 0, 0, FN_VALUE, ARG_ANY },
	{ "override", 1, 1, FN_ACTION, ARG_ANY },
	{ "signal", 1, 1, FN_ACTION, ARG_ANY },
	{ "chill", 1, 1, FN_ACTION, ARG_ANY },
};

/* The tampering actions, and why each needs -w. */
static const char *const destructive[][2] = {
	{ "override", "changes the traced program" },
	{ "signal", "sends a signal to the traced program" },
	{ "chill", "holds the traced program" },
};

static const char *const builtins[] = {
	"pid",	    "tid",     "ppid",	 "comm",   "uid",    "nsecs",
	"walltime", "probe",   "name",	 "args",   "retval", "errno",
	"errname",  "latency", "ustack", "caller", "cpu",    "elapsed",
};

/* What DTrace calls them, for "did you mean". */
static const char *const dtrace_names[][2] = {
	{ "execname", "comm" },
	{ "timestamp", "nsecs" },
	{ "walltimestamp", "walltime" },
	{ "probefunc", "probe" },
	{ "probename", "name" },
	{ "curthread", "tid" },
	{ "arg", "arg0" },
	{ "copyinstr", "str" },
	{ "kstack", "ustack" },
	{ "func", "probe" },
};

/* A map's first use, which every later use must agree with. */
struct map_use {
	const char *name;
	size_t nkeys;
	struct script_pos pos;
	const char *agg; /* the aggregation it holds, NULL: a value */
	bool assigned;
};

struct checker {
	unsigned int flags;
	struct script_error *err;
	bool failed;
	const struct script_clause *clause;
	struct map_use *maps;
	size_t nmaps;
};

static void __attribute__((format(printf, 3, 4)))
fail(struct checker *c, struct script_pos pos, const char *fmt, ...)
{
	va_list ap;

	if (c->failed)
		return;
	c->failed = true;
	c->err->pos = pos;
	va_start(ap, fmt);
	vsnprintf(c->err->msg, sizeof(c->err->msg), fmt, ap);
	va_end(ap);
}

static const struct fn *fn_find(const char *name)
{
	size_t k;

	for (k = 0; k < sizeof(fns) / sizeof(fns[0]); k++)
		if (!strcmp(fns[k].name, name))
			return &fns[k];
	return NULL;
}

static bool is_argn(const char *s)
{
	return !strncmp(s, "arg", 3) && s[3] >= '0' && s[3] <= '9' && !s[4];
}

static bool at_exit_only(const char *s)
{
	return !strcmp(s, "retval") || !strcmp(s, "errno") ||
	       !strcmp(s, "errname") || !strcmp(s, "latency");
}

/* True when no probe of the clause has a return value to show. */
static bool clause_has_no_exit(const struct script_clause *cl)
{
	size_t k;

	for (k = 0; k < cl->nprobes; k++) {
		const struct script_probe *pr = &cl->probes[k];

		if ((pr->kind == SCRIPT_PROBE_SYSCALL ||
		     pr->kind == SCRIPT_PROBE_CALL) &&
		    pr->at != SCRIPT_AT_ENTRY)
			return false;
		if (pr->kind == SCRIPT_PROBE_SPEC)
			return false;
	}
	return true;
}

int script_const_value(const char *name, int64_t *v)
{
	const char *n;
	int k;

	/*
	 * glibc's own tables (2.32 and later) spell every errno and signal
	 * it knows: no list of ours to keep in step with the kernel's.
	 */
	if (name[0] == 'E') {
		for (k = 1; k < 200; k++) {
			n = strerrorname_np(k);
			if (n && !strcmp(n, name)) {
				*v = k;
				return 0;
			}
		}
	}
	if (!strncmp(name, "SIG", 3)) {
		for (k = 1; k < NSIG; k++) {
			n = sigabbrev_np(k);
			if (n && !strcmp(n, name + 3)) {
				*v = k;
				return 0;
			}
		}
	}
	return -1;
}

static void check_ident(struct checker *c, const struct script_expr *e)
{
	size_t k;

	for (k = 0; k < sizeof(builtins) / sizeof(builtins[0]); k++)
		if (!strcmp(builtins[k], e->s))
			break;
	if (k == sizeof(builtins) / sizeof(builtins[0]) && !is_argn(e->s)) {
		int64_t v;

		if (!script_const_value(e->s, &v))
			return;
		for (k = 0; k < sizeof(dtrace_names) / sizeof(dtrace_names[0]);
		     k++) {
			if (!strcmp(dtrace_names[k][0], e->s)) {
				fail(c, e->pos,
				     "unknown value '%s' (DTrace's name): use '%s'",
				     e->s, dtrace_names[k][1]);
				return;
			}
		}
		fail(c, e->pos, "unknown value '%.40s'", e->s);
		return;
	}
	if (at_exit_only(e->s) && c->clause && clause_has_no_exit(c->clause))
		fail(c, e->pos,
		     "%s is known only at a syscall's :exit or a call's :return",
		     e->s);
}

/* Records or compares a map's keys and value kind. */
static void map_use(struct checker *c, const struct script_expr *m,
		    const char *agg, bool assigned)
{
	struct map_use *u;
	size_t k;

	for (k = 0; k < c->nmaps; k++)
		if (!strcmp(c->maps[k].name, m->s))
			break;
	if (k == c->nmaps) {
		u = realloc(c->maps, (c->nmaps + 1) * sizeof(*u));
		if (!u) {
			fail(c, m->pos, "out of memory");
			return;
		}
		c->maps = u;
		u = &c->maps[c->nmaps++];
		u->name = m->s;
		u->nkeys = m->n;
		u->pos = m->pos;
		u->agg = agg;
		u->assigned = assigned;
		return;
	}
	u = &c->maps[k];
	if (u->nkeys != m->n) {
		fail(c, m->pos, "@%s has %zu key%s here but %zu at %u:%u", m->s,
		     m->n, m->n == 1 ? "" : "s", u->nkeys, u->pos.line,
		     u->pos.col);
		return;
	}
	if (!assigned)
		return;
	if (!u->assigned) {
		u->assigned = true;
		u->agg = agg;
		u->pos = m->pos;
		return;
	}
	if ((u->agg == NULL) != (agg == NULL) || (agg && strcmp(u->agg, agg)))
		fail(c, m->pos, "@%s holds %s%s at %u:%u, not %s%s", m->s,
		     u->agg ? u->agg : "a value", u->agg ? "()" : "",
		     u->pos.line, u->pos.col, agg ? agg : "a value",
		     agg ? "()" : "");
}

static void check_expr(struct checker *c, const struct script_expr *e);

/* The number of conversions of a printf format, -1 if one is bad. */
static int format_count(const char *s, size_t len, size_t *bad)
{
	size_t k = 0;
	int n = 0;

	while (k < len) {
		if (s[k++] != '%')
			continue;
		if (k < len && s[k] == '%') {
			k++;
			continue;
		}
		/* A NUL is no flag and no conversion (strchr finds the
		 * terminator): the string may hold one. */
		while (k < len && s[k] && strchr("-+ #0123456789.hlzjt", s[k]))
			k++;
		if (k >= len || !s[k] || !strchr("diouxXcspfFeEgG", s[k])) {
			*bad = k;
			return -1;
		}
		k++;
		n++;
	}
	return n;
}

static bool is_int_lit(const struct script_expr *e)
{
	return e->kind == SCRIPT_E_INT ||
	       (e->kind == SCRIPT_E_UNARY && e->op == '-' &&
		e->kid[0]->kind == SCRIPT_E_INT);
}

static void check_call(struct checker *c, const struct script_expr *e,
		       bool stmt, bool agg_ok)
{
	const struct fn *f = fn_find(e->s);
	size_t k;

	if (!f) {
		for (k = 0; k < sizeof(dtrace_names) / sizeof(dtrace_names[0]);
		     k++) {
			if (!strcmp(dtrace_names[k][0], e->s)) {
				fail(c, e->pos,
				     "unknown function '%s' (DTrace's name): use '%s'",
				     e->s, dtrace_names[k][1]);
				return;
			}
		}
		fail(c, e->pos, "unknown function '%.40s'", e->s);
		return;
	}
	if (e->n < f->min || e->n > f->max) {
		if (f->min == f->max)
			fail(c, e->pos, "%s() takes %u argument%s, not %zu",
			     f->name, f->min, f->min == 1 ? "" : "s", e->n);
		else if (e->n < f->min)
			fail(c, e->pos, "%s() takes at least %u argument%s",
			     f->name, f->min, f->min == 1 ? "" : "s");
		else
			fail(c, e->pos, "%s() takes at most %u argument%s",
			     f->name, f->max, f->max == 1 ? "" : "s");
		return;
	}
	if (f->kind == FN_AGG && !agg_ok) {
		fail(c, e->pos,
		     "%s() is an aggregation: it can only be assigned to a map, as in @x = %s(...)",
		     f->name, f->name);
		return;
	}
	if (f->kind == FN_ACTION && !stmt) {
		fail(c, e->pos, "%s() has no value: it can only be a statement",
		     f->name);
		return;
	}
	if (!strcmp(f->name, "system") && !(c->flags & SCRIPT_CHECK_UNSAFE)) {
		fail(c, e->pos, "system() runs a command: it needs --unsafe");
		return;
	}
	for (k = 0; k < sizeof(destructive) / sizeof(destructive[0]); k++) {
		if (!strcmp(f->name, destructive[k][0]) &&
		    !(c->flags & SCRIPT_CHECK_DESTRUCTIVE)) {
			fail(c, e->pos, "%s() %s: it needs -w", f->name,
			     destructive[k][1]);
			return;
		}
	}
	switch (f->arg) {
	case ARG_ANY:
		break;
	case ARG_FORMAT: {
		const struct script_expr *fmt = e->kid[0];
		size_t bad = 0;
		int n;

		if (fmt->kind != SCRIPT_E_STR) {
			fail(c, fmt->pos, "%s() needs a format string first",
			     f->name);
			return;
		}
		n = format_count(fmt->s, fmt->len, &bad);
		if (n < 0) {
			fail(c, fmt->pos,
			     "bad conversion in %s()'s format at byte %zu",
			     f->name, bad);
			return;
		}
		if ((size_t)n != e->n - 1) {
			fail(c, e->pos,
			     "%s()'s format has %d conversion%s but %zu value%s follow%s",
			     f->name, n, n == 1 ? "" : "s", e->n - 1,
			     e->n - 1 == 1 ? "" : "s",
			     e->n - 1 == 1 ? "s" : "");
			return;
		}
		break;
	}
	case ARG_ELEMENT:
		if (e->kid[0]->kind != SCRIPT_E_MAP &&
		    e->kid[0]->kind != SCRIPT_E_SELF) {
			fail(c, e->kid[0]->pos,
			     "%s() takes a map element or self->variable, as in %s(@m[k])",
			     f->name, f->name);
			return;
		}
		break;
	case ARG_MAP:
		if (e->kid[0]->kind != SCRIPT_E_MAP || e->kid[0]->n) {
			fail(c, e->kid[0]->pos,
			     "%s() takes a whole map, as in %s(@m)", f->name,
			     f->name);
			return;
		}
		break;
	case ARG_LHIST:
		for (k = 1; k < 4; k++) {
			if (!is_int_lit(e->kid[k])) {
				fail(c, e->kid[k]->pos,
				     "lhist()'s min, max and step must be numbers");
				return;
			}
		}
		if (e->kid[3]->kind != SCRIPT_E_INT || !e->kid[3]->u) {
			fail(c, e->kid[3]->pos,
			     "lhist()'s step must be more than 0");
			return;
		}
		/* Each step is a bucket, printed and kept per key. */
		if (e->kid[1]->kind == SCRIPT_E_INT &&
		    e->kid[2]->kind == SCRIPT_E_INT &&
		    e->kid[2]->u > e->kid[1]->u &&
		    (e->kid[2]->u - e->kid[1]->u - 1) / e->kid[3]->u >=
			    AGG_LHIST_STEPS_MAX) {
			fail(c, e->kid[3]->pos,
			     "lhist() has at most %d steps: (max - min) / step",
			     AGG_LHIST_STEPS_MAX);
			return;
		}
		break;
	}
	for (k = 0; k < e->n && !c->failed; k++) {
		/* @m alone as an argument is the whole map, whatever its keys. */
		if (e->kid[k]->kind != SCRIPT_E_MAP || e->kid[k]->n)
			check_expr(c, e->kid[k]);
	}
}

static void check_expr(struct checker *c, const struct script_expr *e)
{
	size_t k;

	if (c->failed)
		return;
	switch (e->kind) {
	case SCRIPT_E_IDENT:
		check_ident(c, e);
		return;
	case SCRIPT_E_CALL:
		check_call(c, e, false, false);
		return;
	case SCRIPT_E_MAP:
		map_use(c, e, NULL, false);
		break;
	default:
		break;
	}
	for (k = 0; k < e->n; k++)
		check_expr(c, e->kid[k]);
}

static void check_block(struct checker *c, const struct script_block *b);

static void check_stmt(struct checker *c, const struct script_stmt *st)
{
	const struct script_expr *v = st->expr;
	size_t k;

	switch (st->kind) {
	case SCRIPT_S_EXPR:
		if (v->kind != SCRIPT_E_CALL) {
			fail(c, v->pos,
			     "this statement does nothing: expected a call or an assignment");
			return;
		}
		check_call(c, v, true, false);
		return;
	case SCRIPT_S_ASSIGN:
		for (k = 0; k < st->lhs->n; k++)
			check_expr(c, st->lhs->kid[k]);
		if (v->kind == SCRIPT_E_CALL && fn_find(v->s) &&
		    fn_find(v->s)->kind == FN_AGG) {
			if (st->lhs->kind != SCRIPT_E_MAP || st->op != '=') {
				fail(c, v->pos,
				     "%s() is an aggregation: it can only be assigned to a map with '='",
				     v->s);
				return;
			}
			check_call(c, v, false, true);
			if (!c->failed)
				map_use(c, st->lhs, fn_find(v->s)->name, true);
			return;
		}
		check_expr(c, v);
		if (st->lhs->kind == SCRIPT_E_MAP && !c->failed)
			map_use(c, st->lhs, NULL, true);
		return;
	case SCRIPT_S_INCDEC:
		for (k = 0; k < st->lhs->n; k++)
			check_expr(c, st->lhs->kid[k]);
		if (st->lhs->kind == SCRIPT_E_MAP && !c->failed)
			map_use(c, st->lhs, NULL, true);
		return;
	case SCRIPT_S_IF:
		check_expr(c, v);
		check_block(c, &st->then);
		check_block(c, &st->els);
		return;
	}
}

static void check_block(struct checker *c, const struct script_block *b)
{
	size_t k;

	for (k = 0; k < b->n && !c->failed; k++)
		check_stmt(c, b->stmt[k]);
}

int script_check(const struct script *s, unsigned int flags,
		 struct script_error *err)
{
	struct checker c = { .flags = flags, .err = err };
	size_t k;

	memset(err, 0, sizeof(*err));
	for (k = 0; k < s->n && !c.failed; k++) {
		c.clause = &s->clause[k];
		if (c.clause->pred)
			check_expr(&c, c.clause->pred);
		check_block(&c, &c.clause->body);
	}
	free(c.maps);
	if (!c.failed)
		return 0;
	return strcmp(err->msg, "out of memory") ? -EINVAL : -ENOMEM;
}
