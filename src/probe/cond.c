/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A probe's condition (cond.h): a recursive-descent parser to a tree, then
 * a second pass that binds each reference in the order of the text, so a
 * syntax error never reaches the caller's bind.  "&&" and "||" chains are
 * one node with many children, so the tree (and the recursion of the
 * evaluator and of cond_free) is only as deep as the nesting of "(" and
 * "!", which the parser bounds.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe/cond.h"
#include "probe/dwval.h"
#include "util/cesc.h"

/*
 * Each "(" and "!" is one level.  At a hit each level may hold two
 * struct dv_scalar on the stack, so the bound keeps that under 64 KiB.
 */
#define COND_MAX_DEPTH 64

enum cnode_kind { C_OR, C_AND, C_NOT, C_CMP, C_LIT, C_REF };
enum cmp_op { OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE };

static const char *const op_names[] = {
	[OP_EQ] = "==", [OP_NE] = "!=", [OP_LT] = "<",
	[OP_LE] = "<=", [OP_GT] = ">",	[OP_GE] = ">=",
};

struct cnode {
	enum cnode_kind kind;
	enum cmp_op op;		/* C_CMP */
	size_t n;		/* children: C_OR, C_AND: n; C_NOT 1; C_CMP 2 */
	struct cnode **kid;
	/* C_LIT: kind DVS_INT, DVS_UINT, DVS_FLOAT or DVS_STRING */
	int lkind;
	int64_t i;
	uint64_t u;
	double d;
	char *s;
	/* C_REF */
	size_t col;		/* of its first character, from 1 */
	char *ref;		/* its text, as bind got it */
	void *handle;
	bool bound;
};

struct cond {
	struct cnode *root;
};

struct parser {
	const char *text;
	size_t pos;
	unsigned int depth;
	char *err;
	size_t errlen;
	bool failed;
};

/* The first error is the one reported: what follows is its consequence. */
static void __attribute__((format(printf, 3, 4)))
fail(struct parser *p, size_t pos, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (p->failed)
		return;
	p->failed = true;
	if (!p->errlen)
		return;
	n = snprintf(p->err, p->errlen, "at column %zu: ", pos + 1);
	if (n < 0 || (size_t)n >= p->errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(p->err + n, p->errlen - n, fmt, ap);
	va_end(ap);
}

static void fail_oom(struct parser *p)
{
	fail(p, p->pos, "out of memory");
}

static void node_free(struct cnode *n, void (*free_handle)(void *handle))
{
	size_t k;

	if (!n)
		return;
	for (k = 0; k < n->n; k++)
		node_free(n->kid[k], free_handle);
	free(n->kid);
	free(n->s);
	free(n->ref);
	if (n->bound && free_handle)
		free_handle(n->handle);
	free(n);
}

static struct cnode *node_new(struct parser *p, enum cnode_kind kind)
{
	struct cnode *n = calloc(1, sizeof(*n));

	if (!n)
		fail_oom(p);
	else
		n->kind = kind;
	return n;
}

static int node_add(struct parser *p, struct cnode *n, struct cnode *kid)
{
	struct cnode **k = realloc(n->kid, (n->n + 1) * sizeof(*k));

	if (!k) {
		fail_oom(p);
		return -ENOMEM;
	}
	n->kid = k;
	n->kid[n->n++] = kid;
	return 0;
}

static bool is_ident_start(int c)
{
	return isalpha((unsigned char)c) || c == '_';
}

static bool is_ident(int c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static void skip_space(struct parser *p)
{
	while (isspace((unsigned char)p->text[p->pos]))
		p->pos++;
}

static bool at(const struct parser *p, const char *tok)
{
	return !strncmp(p->text + p->pos, tok, strlen(tok));
}

/* The comparison operator at pos, its length in *len; -1 if none. */
static int peek_cmp(const struct parser *p, size_t *len)
{
	static const struct {
		const char *tok;
		enum cmp_op op;
	} ops[] = {
		{ "==", OP_EQ }, { "!=", OP_NE }, { "<=", OP_LE },
		{ ">=", OP_GE }, { "<", OP_LT },  { ">", OP_GT },
	};
	size_t k;

	for (k = 0; k < sizeof(ops) / sizeof(ops[0]); k++) {
		if (at(p, ops[k].tok)) {
			*len = strlen(ops[k].tok);
			return ops[k].op;
		}
	}
	return -1;
}

/*
 * What stands at pos, for "unexpected ..." and "expected an operand,
 * not ...": an operator whole, else one character (a byte that is not
 * printable as its value).
 */
static void describe(const struct parser *p, char *buf, size_t len)
{
	static const char *const toks[] = { "&&", "||", "==", "!=", "<=", ">=" };
	unsigned char c = p->text[p->pos];
	size_t k;

	for (k = 0; k < sizeof(toks) / sizeof(toks[0]); k++) {
		if (at(p, toks[k])) {
			snprintf(buf, len, "'%s'", toks[k]);
			return;
		}
	}
	if (!c)
		snprintf(buf, len, "the end");
	else if (isprint(c))
		snprintf(buf, len, "'%c'", c);
	else
		snprintf(buf, len, "byte 0x%02x", c);
}

static struct cnode *parse_or(struct parser *p, const char *after);

static int digit_value(int c)
{
	if (isdigit(c))
		return c - '0';
	if (isxdigit(c))
		return tolower(c) - 'a' + 10;
	return 99;
}

/*
 * One character of a string or char literal at pos, escapes read; its
 * value in *c.  quote is the literal's own quote, for the message.
 */
static int read_char(struct parser *p, char quote, unsigned char *c)
{
	const char *s = p->text + p->pos;
	int k;

	if (*s != '\\') {
		*c = *s;
		p->pos++;
		return 0;
	}
	k = cesc_read(s, strnlen(s, 4), 0, c);
	if (k > 0) {
		p->pos += k;
		return 0;
	}
	if (k == CESC_END)
		return 0;	/* the caller reports the missing quote */
	if (k == CESC_NO_HEX)
		fail(p, p->pos, "expected hex digits after '\\x'");
	else if (isprint((unsigned char)s[1]))
		fail(p, p->pos, "unknown escape '\\%c' in a %s", s[1],
		     quote == '"' ? "string" : "character");
	else
		fail(p, p->pos, "unknown escape in a %s",
		     quote == '"' ? "string" : "character");
	return -EINVAL;
}

static struct cnode *parse_string(struct parser *p)
{
	size_t start = p->pos, len = 0, cap = 16;
	struct cnode *n;
	char *s, *t;
	unsigned char c;

	p->pos++;
	s = malloc(cap);
	if (!s) {
		fail_oom(p);
		return NULL;
	}
	while (p->text[p->pos] != '"') {
		size_t here = p->pos;

		if (!p->text[p->pos] ||
		    (p->text[p->pos] == '\\' && !p->text[p->pos + 1])) {
			fail(p, start, "unterminated string");
			goto bad;
		}
		if (read_char(p, '"', &c))
			goto bad;
		/* What it is compared with is a C string, read up to its
		 * NUL: a NUL in the literal could never match. */
		if (!c) {
			fail(p, here, "a string cannot hold a NUL");
			goto bad;
		}
		if (len + 1 >= cap) {
			cap *= 2;
			t = realloc(s, cap);
			if (!t) {
				fail_oom(p);
				goto bad;
			}
			s = t;
		}
		s[len++] = c;
	}
	p->pos++;
	s[len] = '\0';
	n = node_new(p, C_LIT);
	if (!n)
		goto bad;
	n->lkind = DVS_STRING;
	n->s = s;
	return n;
bad:
	free(s);
	return NULL;
}

static struct cnode *parse_char(struct parser *p)
{
	size_t start = p->pos;
	struct cnode *n;
	unsigned char c;

	p->pos++;
	if (p->text[p->pos] == '\'') {
		fail(p, start, "empty character constant");
		return NULL;
	}
	if (!p->text[p->pos] ||
	    (p->text[p->pos] == '\\' && !p->text[p->pos + 1])) {
		fail(p, start, "unterminated character constant");
		return NULL;
	}
	if (read_char(p, '\'', &c))
		return NULL;
	if (p->text[p->pos] != '\'') {
		fail(p, start, "unterminated character constant");
		return NULL;
	}
	p->pos++;
	n = node_new(p, C_LIT);
	if (!n)
		return NULL;
	/* As unsigned char: '\xff' is 255, whatever char's sign. */
	n->lkind = DVS_INT;
	n->i = c;
	return n;
}

/*
 * A number: C's integers (decimal, 0x hex, 0 octal) and decimal floats,
 * with an optional '-' right before it.  An integer that fits int64_t is
 * DVS_INT, a bigger one DVS_UINT.
 */
static struct cnode *parse_number(struct parser *p)
{
	const char *t = p->text;
	size_t start = p->pos, q = p->pos, digits;
	bool neg = false, is_float = false;
	unsigned int base = 10;
	uint64_t v = 0;
	struct cnode *n;

	if (t[q] == '-') {
		neg = true;
		q++;
	}
	if (t[q] == '0' && (t[q + 1] == 'x' || t[q + 1] == 'X')) {
		base = 16;
		q += 2;
	} else if (t[q] == '0' && isdigit((unsigned char)t[q + 1])) {
		base = 8;
		q++;
	}
	digits = q;
	if (base == 16) {
		while (isxdigit((unsigned char)t[q]))
			q++;
	} else {
		while (isdigit((unsigned char)t[q]))
			q++;
		if (t[q] == '.') {
			is_float = true;
			q++;
			while (isdigit((unsigned char)t[q]))
				q++;
		}
		if ((t[q] == 'e' || t[q] == 'E') &&
		    (isdigit((unsigned char)t[q + 1]) ||
		     ((t[q + 1] == '+' || t[q + 1] == '-') &&
		      isdigit((unsigned char)t[q + 2])))) {
			is_float = true;
			q += 2;
			while (isdigit((unsigned char)t[q]))
				q++;
		}
	}
	if (q == digits || is_ident(t[q]) || t[q] == '.') {
		while (is_ident(t[q]) || t[q] == '.')
			q++;
		fail(p, start, "bad number '%.*s'", (int)(q - start),
		     t + start);
		return NULL;
	}
	n = node_new(p, C_LIT);
	if (!n)
		return NULL;
	if (is_float) {
		char buf[128];
		size_t len = q - start;

		/* "01.5" is a decimal float, as in C: base does not matter. */
		if (len >= sizeof(buf)) {
			fail(p, start, "number too long");
			free(n);
			return NULL;
		}
		memcpy(buf, t + start, len);
		buf[len] = '\0';
		n->lkind = DVS_FLOAT;
		n->d = strtod(buf, NULL);
		if (isinf(n->d)) {
			fail(p, start, "number out of range '%s'", buf);
			free(n);
			return NULL;
		}
		p->pos = q;
		return n;
	}
	for (size_t k = digits; k < q; k++) {
		unsigned int dv = digit_value((unsigned char)t[k]);

		if (dv >= base) {
			fail(p, start, "bad number '%.*s'", (int)(q - start),
			     t + start);
			free(n);
			return NULL;
		}
		if (v > (UINT64_MAX - dv) / base) {
			fail(p, start, "number out of range '%.*s'",
			     (int)(q - start), t + start);
			free(n);
			return NULL;
		}
		v = v * base + dv;
	}
	if (neg) {
		if (v > (uint64_t)INT64_MAX + 1) {
			fail(p, start, "number out of range '%.*s'",
			     (int)(q - start), t + start);
			free(n);
			return NULL;
		}
		n->lkind = DVS_INT;
		n->i = v == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)v;
	} else if (v > INT64_MAX) {
		n->lkind = DVS_UINT;
		n->u = v;
	} else {
		n->lkind = DVS_INT;
		n->i = v;
	}
	p->pos = q;
	return n;
}

/* An identifier at pos, or a failure saying what should have followed. */
static int expect_ident(struct parser *p, const char *after)
{
	if (!is_ident_start(p->text[p->pos])) {
		fail(p, p->pos, "expected a name after '%s'", after);
		return -EINVAL;
	}
	while (is_ident(p->text[p->pos]))
		p->pos++;
	return 0;
}

/*
 * A reference, maximal munch: '*'s, an optional '$' or '%', a name, then
 * "->name", ".name" and "[digits]" in any number, then ":type".  The
 * bare names true, false and NULL are literals.
 */
static struct cnode *parse_ref(struct parser *p)
{
	const char *t = p->text;
	size_t start = p->pos, name;
	bool plain;
	struct cnode *n;

	while (t[p->pos] == '*')
		p->pos++;
	plain = p->pos == start;
	if (t[p->pos] == '$' || t[p->pos] == '%') {
		char sigil[2] = { t[p->pos], '\0' };

		p->pos++;
		plain = false;
		if (expect_ident(p, sigil))
			return NULL;
	} else if (expect_ident(p, "*")) {
		return NULL;
	}
	name = p->pos;
	for (;;) {
		if (at(p, "->")) {
			p->pos += 2;
			if (expect_ident(p, "->"))
				return NULL;
		} else if (t[p->pos] == '.') {
			p->pos++;
			if (expect_ident(p, "."))
				return NULL;
		} else if (t[p->pos] == '[') {
			size_t open = p->pos++;

			while (isdigit((unsigned char)t[p->pos]))
				p->pos++;
			if (p->pos == open + 1 || t[p->pos] != ']') {
				fail(p, open,
				     "expected digits and ']' after '['");
				return NULL;
			}
			p->pos++;
		} else {
			break;
		}
	}
	if (t[p->pos] == ':') {
		p->pos++;
		if (!is_ident_start(t[p->pos])) {
			fail(p, p->pos, "expected a type after ':'");
			return NULL;
		}
		while (is_ident(t[p->pos]))
			p->pos++;
	}
	plain = plain && p->pos == name;
	n = node_new(p, C_LIT);
	if (!n)
		return NULL;
	n->lkind = DVS_INT;
	if (plain && p->pos - start == 4 && !strncmp(t + start, "true", 4)) {
		n->i = 1;
		return n;
	}
	if (plain &&
	    ((p->pos - start == 5 && !strncmp(t + start, "false", 5)) ||
	     (p->pos - start == 4 && !strncmp(t + start, "NULL", 4))))
		return n;
	n->kind = C_REF;
	n->col = start + 1;
	n->ref = strndup(t + start, p->pos - start);
	if (!n->ref) {
		fail_oom(p);
		free(n);
		return NULL;
	}
	return n;
}

static struct cnode *parse_operand(struct parser *p, const char *after)
{
	const char *t;
	char what[32];
	struct cnode *n;
	size_t open;

	skip_space(p);
	t = p->text + p->pos;
	if (*t == '(') {
		if (++p->depth > COND_MAX_DEPTH) {
			fail(p, p->pos, "nested too deeply");
			return NULL;
		}
		open = p->pos++;
		n = parse_or(p, "(");
		if (!n)
			return NULL;
		skip_space(p);
		if (p->text[p->pos] != ')') {
			if (!p->text[p->pos]) {
				fail(p, open, "'(' is not closed");
			} else {
				describe(p, what, sizeof(what));
				fail(p, p->pos, "expected ')', not %s", what);
			}
			node_free(n, NULL);
			return NULL;
		}
		p->pos++;
		p->depth--;
		return n;
	}
	if (*t == '"')
		return parse_string(p);
	if (*t == '\'')
		return parse_char(p);
	if (isdigit((unsigned char)*t) ||
	    (*t == '-' && isdigit((unsigned char)t[1])) ||
	    ((*t == '.' || (*t == '-' && t[1] == '.')) &&
	     isdigit((unsigned char)t[*t == '-' ? 2 : 1])))
		return parse_number(p);
	if (*t == '*' || *t == '$' || *t == '%' || is_ident_start(*t))
		return parse_ref(p);
	if (!after && !*t && !p->depth) {
		fail(p, p->pos, "the condition is empty");
		return NULL;
	}
	describe(p, what, sizeof(what));
	if (after && !*t)
		fail(p, p->pos, "expected an operand after '%s'", after);
	else if (after)
		fail(p, p->pos, "expected an operand after '%s', not %s",
		     after, what);
	else
		fail(p, p->pos, "expected an operand, not %s", what);
	return NULL;
}

static struct cnode *parse_cmp(struct parser *p, const char *after)
{
	struct cnode *l, *r, *n;
	size_t len;
	int op;

	l = parse_operand(p, after);
	if (!l)
		return NULL;
	skip_space(p);
	op = peek_cmp(p, &len);
	if (op < 0) {
		if (p->text[p->pos] == '=') {
			fail(p, p->pos, "'=' is not a comparison: use '=='");
			node_free(l, NULL);
			return NULL;
		}
		return l;
	}
	p->pos += len;
	r = parse_operand(p, op_names[op]);
	if (!r) {
		node_free(l, NULL);
		return NULL;
	}
	n = node_new(p, C_CMP);
	if (!n || node_add(p, n, l)) {
		node_free(l, NULL);
		node_free(r, NULL);
		node_free(n, NULL);
		return NULL;
	}
	n->op = op;
	if (node_add(p, n, r)) {
		node_free(r, NULL);
		node_free(n, NULL);
		return NULL;
	}
	return n;
}

static struct cnode *parse_not(struct parser *p, const char *after)
{
	struct cnode *n, *kid;

	skip_space(p);
	if (p->text[p->pos] != '!' || p->text[p->pos + 1] == '=')
		return parse_cmp(p, after);
	if (++p->depth > COND_MAX_DEPTH) {
		fail(p, p->pos, "nested too deeply");
		return NULL;
	}
	p->pos++;
	kid = parse_not(p, "!");
	if (!kid)
		return NULL;
	p->depth--;
	n = node_new(p, C_NOT);
	if (!n || node_add(p, n, kid)) {
		node_free(kid, NULL);
		node_free(n, NULL);
		return NULL;
	}
	return n;
}

/* One level of "&&" or "||": a single operand is returned as it is. */
static struct cnode *parse_chain(struct parser *p, const char *after,
				 enum cnode_kind kind)
{
	const char *tok = kind == C_OR ? "||" : "&&";
	struct cnode *n = NULL, *kid;

	kid = kind == C_OR ? parse_chain(p, after, C_AND) :
			     parse_not(p, after);
	if (!kid)
		return NULL;
	for (;;) {
		skip_space(p);
		if (!at(p, tok))
			return n ? n : kid;
		if (!n) {
			n = node_new(p, kind);
			if (!n || node_add(p, n, kid)) {
				node_free(kid, NULL);
				node_free(n, NULL);
				return NULL;
			}
		}
		p->pos += 2;
		kid = kind == C_OR ? parse_chain(p, tok, C_AND) :
				     parse_not(p, tok);
		if (!kid || node_add(p, n, kid)) {
			node_free(kid, NULL);
			node_free(n, NULL);
			return NULL;
		}
	}
}

static struct cnode *parse_or(struct parser *p, const char *after)
{
	return parse_chain(p, after, C_OR);
}

/* Binds the references in the order of the text: 0, or -EINVAL. */
static int bind_all(struct parser *p, struct cnode *n, cond_bind_fn bind,
		    void *bctx)
{
	char why[256];
	size_t k;

	for (k = 0; k < n->n; k++)
		if (bind_all(p, n->kid[k], bind, bctx))
			return -EINVAL;
	if (n->kind != C_REF)
		return 0;
	why[0] = '\0';
	n->handle = bind(bctx, n->ref, why, sizeof(why));
	if (!n->handle) {
		why[sizeof(why) - 1] = '\0';
		if (why[0])
			fail(p, n->col - 1, "%s", why);
		else
			fail(p, n->col - 1, "cannot use '%s'", n->ref);
		return -EINVAL;
	}
	n->bound = true;
	return 0;
}

struct cond *cond_compile_ex(const char *text, cond_bind_fn bind,
			     void (*free_handle)(void *handle), void *bctx,
			     char *err, size_t errlen)
{
	struct parser p = { .text = text, .err = err, .errlen = errlen };
	struct cnode *root;
	struct cond *c;
	char what[32];

	if (errlen)
		err[0] = '\0';
	root = parse_or(&p, NULL);
	if (root) {
		skip_space(&p);
		if (text[p.pos] == ')') {
			fail(&p, p.pos, "')' without its '('");
		} else if (text[p.pos]) {
			describe(&p, what, sizeof(what));
			fail(&p, p.pos, "unexpected %s", what);
		}
	}
	if (!p.failed)
		bind_all(&p, root, bind, bctx);
	if (!p.failed) {
		c = malloc(sizeof(*c));
		if (c) {
			c->root = root;
			return c;
		}
		fail_oom(&p);
	}
	node_free(root, free_handle);
	return NULL;
}

struct cond *cond_compile(const char *text, cond_bind_fn bind, void *bctx,
			  char *err, size_t errlen)
{
	return cond_compile_ex(text, bind, NULL, bctx, err, errlen);
}

/* An operand's value: the literal's, the reference's, or a logic
 * operand's truth as an int. */
struct cval {
	int kind;
	int64_t i;
	uint64_t u;
	double d;
	const char *s;
};

static bool eval_node(const struct cnode *n, cond_get_fn get, void *gctx);

/* false when it cannot be read. */
static bool operand_value(const struct cnode *n, cond_get_fn get, void *gctx,
			  struct dv_scalar *buf, struct cval *v)
{
	memset(v, 0, sizeof(*v));
	switch (n->kind) {
	case C_LIT:
		v->kind = n->lkind;
		v->i = n->i;
		v->u = n->u;
		v->d = n->d;
		v->s = n->s;
		return true;
	case C_REF:
		buf->kind = DVS_NONE;
		if (get(gctx, n->handle, buf))
			return false;
		v->kind = buf->kind;
		v->i = buf->i;
		v->u = buf->u;
		v->d = buf->d;
		buf->str[sizeof(buf->str) - 1] = '\0';
		v->s = buf->str;
		return v->kind == DVS_INT || v->kind == DVS_UINT ||
		       v->kind == DVS_FLOAT || v->kind == DVS_STRING;
	default:
		v->kind = DVS_INT;
		v->i = eval_node(n, get, gctx);
		return true;
	}
}

static long double as_long_double(const struct cval *v)
{
	switch (v->kind) {
	case DVS_INT:
		return v->i;
	case DVS_UINT:
		return v->u;
	default:
		return v->d;
	}
}

/*
 * Three-way comparison of two readable numbers or two strings in *r;
 * false when they cannot be compared (a string with a number, a NaN).
 * An integer with a float goes through long double, which holds every
 * int64_t, uint64_t and double exactly on x86.
 */
static bool compare(const struct cval *a, const struct cval *b, int *r)
{
	if (a->kind == DVS_STRING || b->kind == DVS_STRING) {
		if (a->kind != b->kind)
			return false;
		*r = strcmp(a->s, b->s);
		return true;
	}
	if (a->kind == DVS_FLOAT || b->kind == DVS_FLOAT) {
		long double x = as_long_double(a), y = as_long_double(b);

		if (isnan(x) || isnan(y))
			return false;
		*r = (x > y) - (x < y);
		return true;
	}
	if (a->kind == DVS_INT && b->kind == DVS_INT) {
		*r = (a->i > b->i) - (a->i < b->i);
	} else if (a->kind == DVS_UINT && b->kind == DVS_UINT) {
		*r = (a->u > b->u) - (a->u < b->u);
	} else if (a->kind == DVS_INT) {
		*r = a->i < 0 ?
			     -1 :
			     ((uint64_t)a->i > b->u) - ((uint64_t)a->i < b->u);
	} else {
		*r = b->i < 0 ?
			     1 :
			     (a->u > (uint64_t)b->i) - (a->u < (uint64_t)b->i);
	}
	return true;
}

static bool eval_cmp(const struct cnode *n, cond_get_fn get, void *gctx)
{
	struct dv_scalar sa, sb;
	struct cval a, b;
	int r;

	if (!operand_value(n->kid[0], get, gctx, &sa, &a) ||
	    !operand_value(n->kid[1], get, gctx, &sb, &b))
		return false;
	if (!compare(&a, &b, &r))
		/* C's NaN != x is true; a string is never a number. */
		return n->op == OP_NE && a.kind != DVS_STRING &&
		       b.kind != DVS_STRING;
	switch (n->op) {
	case OP_EQ:
		return r == 0;
	case OP_NE:
		return r != 0;
	case OP_LT:
		return r < 0;
	case OP_LE:
		return r <= 0;
	case OP_GT:
		return r > 0;
	case OP_GE:
		return r >= 0;
	}
	return false;
}

static bool eval_node(const struct cnode *n, cond_get_fn get, void *gctx)
{
	struct dv_scalar buf;
	struct cval v;
	size_t k;

	switch (n->kind) {
	case C_OR:
		for (k = 0; k < n->n; k++)
			if (eval_node(n->kid[k], get, gctx))
				return true;
		return false;
	case C_AND:
		for (k = 0; k < n->n; k++)
			if (!eval_node(n->kid[k], get, gctx))
				return false;
		return true;
	case C_NOT:
		return !eval_node(n->kid[0], get, gctx);
	case C_CMP:
		return eval_cmp(n, get, gctx);
	case C_LIT:
	case C_REF:
		if (!operand_value(n, get, gctx, &buf, &v))
			return false;
		switch (v.kind) {
		case DVS_INT:
			return v.i != 0;
		case DVS_UINT:
			return v.u != 0;
		case DVS_FLOAT:
			return v.d != 0;
		default:
			return true;	/* a string that could be read */
		}
	}
	return false;
}

bool cond_eval(const struct cond *c, cond_get_fn get, void *gctx)
{
	return c && eval_node(c->root, get, gctx);
}

void cond_free(struct cond *c, void (*free_handle)(void *handle))
{
	if (!c)
		return;
	node_free(c->root, free_handle);
	free(c);
}
