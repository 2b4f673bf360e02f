/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The script parser (parse.h): recursive descent over the tokens of
 * lex.c, one token of lookahead.  A probe's text is read raw and split
 * here by its kind; probe: and sdt: specs go to probe_spec_parse().
 *
 * Recursion is bounded twice: the parser's own (each expression, unary
 * operator and block is one level) and each node's depth, since a chain
 * such as a+a+a... is built iteratively but freed, printed and checked
 * recursively.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "script/lex.h"
#include "script/parse.h"

struct parser {
	struct lexer lx;
	struct token tok;
	unsigned int depth;
	/*
	 * Inside /PREDICATE/ a '/' outside any bracket ends it: division
	 * there needs parentheses, "/(a / b) > 1/".
	 */
	bool in_pred;
	unsigned int nest; /* open ( and [ inside the predicate */
};

#define fail(p, pos, ...) lex_fail(&(p)->lx, pos, __VA_ARGS__)

static bool failed(const struct parser *p)
{
	return p->lx.failed;
}

static void oom(struct parser *p)
{
	fail(p, p->tok.pos, "out of memory");
}

static void next(struct parser *p)
{
	free(p->tok.s);
	lex_next(&p->lx, &p->tok);
}

static bool is_punct(const struct parser *p, int op)
{
	return p->tok.kind == TOK_PUNCT && p->tok.op == op;
}

static bool is_word(const struct parser *p, const char *w)
{
	size_t n = strlen(w);

	return p->tok.kind == TOK_IDENT && p->tok.end - p->tok.start == n &&
	       !memcmp(p->lx.text + p->tok.start, w, n);
}

/* "expected WHAT, not 'x'" at the current token. */
static void expected(struct parser *p, const char *what)
{
	char d[64];

	if (p->tok.kind == TOK_ERROR)
		return;
	tok_describe(&p->lx, &p->tok, d, sizeof(d));
	fail(p, p->tok.pos, "expected %s, not %s", what, d);
}

static bool enter(struct parser *p)
{
	if (++p->depth > SCRIPT_MAX_DEPTH) {
		fail(p, p->tok.pos, "nested too deeply (more than %d levels)",
		     SCRIPT_MAX_DEPTH);
		return false;
	}
	return true;
}

static void leave(struct parser *p)
{
	p->depth--;
}

static char *text_dup(const struct parser *p, size_t start, size_t end)
{
	char *s = malloc(end - start + 1);

	if (s) {
		memcpy(s, p->lx.text + start, end - start);
		s[end - start] = '\0';
	}
	return s;
}

/* --- expressions --------------------------------------------------- */

static struct script_expr *
expr_new(struct parser *p, enum script_expr_kind kind, struct script_pos pos)
{
	struct script_expr *e = calloc(1, sizeof(*e));

	if (!e) {
		oom(p);
		return NULL;
	}
	e->kind = kind;
	e->pos = pos;
	e->depth = 1;
	return e;
}

/*
 * A node of the given kind named by the current token's text, which it
 * consumes; NULL when memory runs out.
 */
static struct script_expr *named_expr(struct parser *p,
				      enum script_expr_kind kind,
				      struct script_pos pos)
{
	const struct token *t = &p->tok;
	struct script_expr *e = expr_new(p, kind, pos);

	if (e && !(e->s = text_dup(p, t->start, t->end)))
		oom(p);
	if (failed(p)) {
		script_expr_free(e);
		return NULL;
	}
	e->len = t->end - t->start;
	next(p);
	return e;
}

/* Adds kid to e (taking it, even on failure). */
static bool expr_add(struct parser *p, struct script_expr *e,
		     struct script_expr *kid)
{
	struct script_expr **k;

	k = realloc(e->kid, (e->n + 1) * sizeof(*k));
	if (!k) {
		oom(p);
		script_expr_free(kid);
		return false;
	}
	e->kid = k;
	e->kid[e->n++] = kid;
	if (kid->depth + 1 > e->depth)
		e->depth = kid->depth + 1;
	if (e->depth > SCRIPT_MAX_DEPTH) {
		fail(p, e->pos,
		     "expression nested too deeply (more than %d levels)",
		     SCRIPT_MAX_DEPTH);
		return false;
	}
	return true;
}

/* A node of kind with kids a, b, c (NULL ones left out); NULL on error. */
static struct script_expr *
expr_make(struct parser *p, enum script_expr_kind kind, int op,
	  struct script_pos pos, struct script_expr *a, struct script_expr *b,
	  struct script_expr *c)
{
	struct script_expr *e = NULL;
	struct script_expr *kids[3] = { a, b, c };
	size_t k = 0;

	if (!failed(p))
		e = expr_new(p, kind, pos);
	if (e) {
		e->op = op;
		for (; k < 3 && kids[k]; k++)
			if (!expr_add(p, e, kids[k]))
				break;
		if (k < 3 && kids[k])
			k++; /* expr_add took it */
	}
	for (; k < 3; k++)
		script_expr_free(kids[k]);
	if (failed(p)) {
		script_expr_free(e);
		return NULL;
	}
	return e;
}

static struct script_expr *parse_expr(struct parser *p);

/* Comma-separated expressions up to close, into e's kids. */
static bool parse_list(struct parser *p, struct script_expr *e, int close,
		       const char *what)
{
	char want[64];

	p->nest++;
	next(p);
	if (is_punct(p, close)) {
		p->nest--;
		next(p);
		return true;
	}
	for (;;) {
		struct script_expr *k = parse_expr(p);

		if (!k || !expr_add(p, e, k))
			return false;
		if (is_punct(p, ','))
			next(p);
		else if (is_punct(p, close))
			break;
		else {
			snprintf(want, sizeof(want), "',' or '%c' %s", close,
				 what);
			expected(p, want);
			return false;
		}
	}
	p->nest--;
	next(p);
	return true;
}

static struct script_expr *parse_primary(struct parser *p)
{
	struct token *t = &p->tok;
	struct script_expr *e = NULL;
	struct script_pos pos = t->pos;

	switch (t->kind) {
	case TOK_INT:
		e = expr_new(p, SCRIPT_E_INT, pos);
		if (e)
			e->u = t->u;
		next(p);
		return e;
	case TOK_STR:
		e = expr_new(p, SCRIPT_E_STR, pos);
		if (e) {
			e->s = t->s;
			e->len = t->len;
			t->s = NULL;
		}
		next(p);
		return e;
	case TOK_MAP:
	case TOK_VAR:
		e = named_expr(p,
			       t->kind == TOK_MAP ? SCRIPT_E_MAP : SCRIPT_E_VAR,
			       pos);
		if (!e)
			return NULL;
		if (e->kind == SCRIPT_E_MAP && is_punct(p, '[')) {
			if (!parse_list(p, e, ']', "after a map's keys"))
				goto bad;
			if (!e->n) {
				fail(p, pos, "expected a key between '[]'");
				goto bad;
			}
		}
		return e;
	case TOK_IDENT:
		if (is_word(p, "self")) {
			next(p);
			if (!is_punct(p, TOK_OP_ARROW)) {
				expected(p, "'->' and a name after 'self'");
				return NULL;
			}
			next(p);
			if (t->kind != TOK_IDENT) {
				expected(p, "a name after 'self->'");
				return NULL;
			}
			return named_expr(p, SCRIPT_E_SELF, pos);
		}
		if (is_word(p, "if") || is_word(p, "else")) {
			expected(p, "an expression");
			return NULL;
		}
		e = named_expr(p, SCRIPT_E_IDENT, pos);
		if (!e)
			return NULL;
		if (is_punct(p, '(')) {
			e->kind = SCRIPT_E_CALL;
			if (!parse_list(p, e, ')', "after a call's arguments"))
				goto bad;
		}
		return e;
	case TOK_PUNCT:
		if (t->op == '(') {
			p->nest++;
			next(p);
			e = parse_expr(p);
			if (!e)
				return NULL;
			if (!is_punct(p, ')')) {
				expected(p, "')'");
				goto bad;
			}
			p->nest--;
			next(p);
			return e;
		}
		break;
	default:
		break;
	}
	expected(p, "an expression");
	return NULL;
bad:
	script_expr_free(e);
	return NULL;
}

static struct script_expr *parse_postfix(struct parser *p)
{
	struct script_expr *e = parse_primary(p), *f;

	while (e) {
		struct script_pos pos = p->tok.pos;

		if (is_punct(p, '.') || is_punct(p, TOK_OP_ARROW)) {
			int op = is_punct(p, '.') ? '.' : '>';

			next(p);
			if (p->tok.kind != TOK_IDENT) {
				expected(p, op == '.' ?
						    "a field name after '.'" :
						    "a field name after '->'");
				break;
			}
			f = expr_make(p, SCRIPT_E_FIELD, op, pos, e, NULL,
				      NULL);
			e = NULL;
			if (!f)
				break;
			if (!(f->s = text_dup(p, p->tok.start, p->tok.end))) {
				oom(p);
				e = f;
				break;
			}
			f->len = p->tok.end - p->tok.start;
			e = f;
			next(p);
		} else if (is_punct(p, '[')) {
			struct script_expr *i;

			p->nest++;
			next(p);
			i = parse_expr(p);
			if (!i)
				break;
			if (!is_punct(p, ']')) {
				script_expr_free(i);
				expected(p, "']' after an index");
				break;
			}
			p->nest--;
			next(p);
			e = expr_make(p, SCRIPT_E_INDEX, 0, pos, e, i, NULL);
		} else {
			return e;
		}
	}
	script_expr_free(e);
	return NULL;
}

static struct script_expr *parse_unary(struct parser *p)
{
	struct script_expr *e;
	struct script_pos pos = p->tok.pos;
	int op;

	if (!(is_punct(p, '!') || is_punct(p, '~') || is_punct(p, '-') ||
	      is_punct(p, '*')))
		return parse_postfix(p);
	op = p->tok.op;
	if (!enter(p))
		return NULL;
	next(p);
	e = parse_unary(p);
	leave(p);
	if (!e)
		return NULL;
	return expr_make(p, SCRIPT_E_UNARY, op, pos, e, NULL, NULL);
}

/* The binary operator at the token and its precedence (C's); 0 if none. */
static int binop(const struct parser *p, int *prec)
{
	static const struct {
		int tok, op, prec;
	} ops[] = {
		{ TOK_OP_OR, SCRIPT_OP_OR, 1 },
		{ TOK_OP_AND, SCRIPT_OP_AND, 2 },
		{ '|', '|', 3 },
		{ '^', '^', 4 },
		{ '&', '&', 5 },
		{ TOK_OP_EQ, SCRIPT_OP_EQ, 6 },
		{ TOK_OP_NE, SCRIPT_OP_NE, 6 },
		{ '<', '<', 7 },
		{ TOK_OP_LE, SCRIPT_OP_LE, 7 },
		{ '>', '>', 7 },
		{ TOK_OP_GE, SCRIPT_OP_GE, 7 },
		{ TOK_OP_SHL, SCRIPT_OP_SHL, 8 },
		{ TOK_OP_SHR, SCRIPT_OP_SHR, 8 },
		{ '+', '+', 9 },
		{ '-', '-', 9 },
		{ '*', '*', 10 },
		{ '/', '/', 10 },
		{ '%', '%', 10 },
	};
	size_t k;

	if (p->tok.kind != TOK_PUNCT)
		return 0;
	if (p->tok.op == '/' && p->in_pred && !p->nest)
		return 0;
	for (k = 0; k < sizeof(ops) / sizeof(ops[0]); k++) {
		if (ops[k].tok == p->tok.op) {
			*prec = ops[k].prec;
			return ops[k].op;
		}
	}
	return 0;
}

/* Precedence climbing: each call handles operators of prec >= min. */
static struct script_expr *parse_binary(struct parser *p, int min)
{
	struct script_expr *l = parse_unary(p), *r;
	int op, prec;

	while (l && (op = binop(p, &prec)) && prec >= min) {
		struct script_pos pos = p->tok.pos;

		next(p);
		r = parse_binary(p, prec + 1);
		if (!r) {
			script_expr_free(l);
			return NULL;
		}
		l = expr_make(p, SCRIPT_E_BINARY, op, pos, l, r, NULL);
	}
	return l;
}

static struct script_expr *parse_expr(struct parser *p)
{
	struct script_expr *c, *a = NULL, *b = NULL;
	struct script_pos pos;

	if (!enter(p))
		return NULL;
	c = parse_binary(p, 1);
	if (c && is_punct(p, '?')) {
		pos = p->tok.pos;
		next(p);
		a = parse_expr(p);
		if (a && !is_punct(p, ':'))
			expected(p, "':' in 'a ? b : c'");
		if (a && !failed(p)) {
			next(p);
			b = parse_expr(p);
		}
		if (!b) {
			script_expr_free(c);
			script_expr_free(a);
			c = NULL;
		} else {
			c = expr_make(p, SCRIPT_E_TERNARY, '?', pos, c, a, b);
		}
	}
	leave(p);
	return c;
}

/* --- statements ---------------------------------------------------- */

static bool parse_block(struct parser *p, struct script_block *b, bool clause);

static void stmt_free(struct script_stmt *st);

static void block_release(struct script_block *b)
{
	size_t k;

	for (k = 0; k < b->n; k++)
		stmt_free(b->stmt[k]);
	free(b->stmt);
	b->stmt = NULL;
	b->n = 0;
}

static void stmt_free(struct script_stmt *st)
{
	if (!st)
		return;
	script_expr_free(st->lhs);
	script_expr_free(st->expr);
	block_release(&st->then);
	block_release(&st->els);
	free(st);
}

static bool is_lvalue(const struct script_expr *e)
{
	return e->kind == SCRIPT_E_MAP || e->kind == SCRIPT_E_VAR ||
	       e->kind == SCRIPT_E_SELF;
}

/* The operator of an assignment token, 0 if it is none. */
static int assign_op(const struct parser *p)
{
	static const int ops[][2] = {
		{ '=', '=' },
		{ TOK_OP_ADD_EQ, '+' },
		{ TOK_OP_SUB_EQ, '-' },
		{ TOK_OP_MUL_EQ, '*' },
		{ TOK_OP_DIV_EQ, '/' },
		{ TOK_OP_MOD_EQ, '%' },
		{ TOK_OP_AND_EQ, '&' },
		{ TOK_OP_OR_EQ, '|' },
		{ TOK_OP_XOR_EQ, '^' },
		{ TOK_OP_SHL_EQ, SCRIPT_OP_SHL },
		{ TOK_OP_SHR_EQ, SCRIPT_OP_SHR },
	};
	size_t k;

	if (p->tok.kind != TOK_PUNCT)
		return 0;
	for (k = 0; k < sizeof(ops) / sizeof(ops[0]); k++)
		if (ops[k][0] == p->tok.op)
			return ops[k][1];
	return 0;
}

static struct script_stmt *parse_stmt(struct parser *p);

static bool parse_if(struct parser *p, struct script_stmt *st)
{
	st->kind = SCRIPT_S_IF;
	next(p);
	if (!is_punct(p, '(')) {
		expected(p, "'(' after 'if'");
		return false;
	}
	next(p);
	if (!(st->expr = parse_expr(p)))
		return false;
	if (!is_punct(p, ')')) {
		expected(p, "')' after the condition of 'if'");
		return false;
	}
	next(p);
	if (!is_punct(p, '{')) {
		expected(p, "'{' after 'if (...)'");
		return false;
	}
	if (!parse_block(p, &st->then, false))
		return false;
	if (!is_word(p, "else"))
		return true;
	st->has_else = true;
	next(p);
	if (is_word(p, "if")) {
		/* else if: a block of one if statement. */
		struct script_stmt *in = parse_stmt(p);

		if (!in)
			return false;
		st->els.stmt = malloc(sizeof(*st->els.stmt));
		if (!st->els.stmt) {
			stmt_free(in);
			oom(p);
			return false;
		}
		st->els.stmt[0] = in;
		st->els.n = 1;
		return true;
	}
	if (!is_punct(p, '{')) {
		expected(p, "'{' or 'if' after 'else'");
		return false;
	}
	return parse_block(p, &st->els, false);
}

static struct script_stmt *parse_stmt(struct parser *p)
{
	struct script_stmt *st = calloc(1, sizeof(*st));
	struct script_expr *e;
	int op;

	if (!st) {
		oom(p);
		return NULL;
	}
	st->pos = p->tok.pos;
	if (!enter(p))
		goto bad;
	if (is_word(p, "if")) {
		if (!parse_if(p, st))
			goto bad_leave;
		leave(p);
		return st;
	}
	if (is_punct(p, TOK_OP_INC) || is_punct(p, TOK_OP_DEC)) {
		st->kind = SCRIPT_S_INCDEC;
		st->op = is_punct(p, TOK_OP_INC) ? '+' : '-';
		next(p);
		if (!(st->lhs = parse_postfix(p)))
			goto bad_leave;
		if (!is_lvalue(st->lhs)) {
			fail(p, st->lhs->pos,
			     "expected a map, a $variable or self->variable after '%s'",
			     st->op == '+' ? "++" : "--");
			goto bad_leave;
		}
		leave(p);
		return st;
	}
	if (!(e = parse_expr(p)))
		goto bad_leave;
	if ((op = assign_op(p)) || is_punct(p, TOK_OP_INC) ||
	    is_punct(p, TOK_OP_DEC)) {
		st->lhs = e;
		if (!is_lvalue(e)) {
			fail(p, p->tok.pos,
			     "only a map, a $variable or self->variable can be assigned");
			goto bad_leave;
		}
		if (!op) {
			st->kind = SCRIPT_S_INCDEC;
			st->op = is_punct(p, TOK_OP_INC) ? '+' : '-';
			next(p);
		} else {
			st->kind = SCRIPT_S_ASSIGN;
			st->op = op;
			next(p);
			if (!(st->expr = parse_expr(p)))
				goto bad_leave;
		}
	} else {
		st->kind = SCRIPT_S_EXPR;
		st->expr = e;
	}
	leave(p);
	return st;
bad_leave:
	leave(p);
bad:
	stmt_free(st);
	return NULL;
}

/*
 * '{' statements '}'.  A clause's closing '}' is the last token read: the
 * next clause's probes are read raw.
 */
static bool parse_block(struct parser *p, struct script_block *b, bool clause)
{
	struct script_pos open = p->tok.pos;

	if (!enter(p))
		return false;
	next(p);
	for (;;) {
		struct script_stmt *st, **s;

		if (is_punct(p, '}'))
			break;
		if (is_punct(p, ';')) {
			next(p);
			continue;
		}
		if (p->tok.kind == TOK_EOF) {
			fail(p, open, "this '{' has no matching '}'");
			return false;
		}
		if (!(st = parse_stmt(p)))
			return false;
		s = realloc(b->stmt, (b->n + 1) * sizeof(*s));
		if (!s) {
			stmt_free(st);
			oom(p);
			return false;
		}
		b->stmt = s;
		b->stmt[b->n++] = st;
		if (st->kind == SCRIPT_S_IF || is_punct(p, '}'))
			continue;
		if (is_punct(p, ';')) {
			next(p);
			continue;
		}
		if (p->tok.kind != TOK_ERROR)
			fail(p, p->tok.pos,
			     "expected ';' or '}' after a statement");
		return false;
	}
	leave(p);
	if (clause)
		p->tok.kind = TOK_EOF;
	else
		next(p);
	return true;
}

/* --- probes -------------------------------------------------------- */

static const char kinds_list[] =
	"syscall:, call:, probe:, sdt:, signal:, process:, interval:, BEGIN or END";

static struct script_pos pos_plus(struct script_pos pos, size_t off)
{
	pos.col += off;
	return pos;
}

static bool has_prefix(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/* A glob or name of letters, digits, '_', '*', '?', '[', ']'. */
static size_t name_span(const char *s, const char *more)
{
	size_t n = 0;

	while (s[n] &&
	       ((s[n] >= 'a' && s[n] <= 'z') || (s[n] >= 'A' && s[n] <= 'Z') ||
		(s[n] >= '0' && s[n] <= '9') || strchr("_*?[]", s[n]) ||
		(more && strchr(more, s[n]))))
		n++;
	return n;
}

static void bad_char(struct parser *p, struct script_pos pos, const char *s,
		     const char *in)
{
	unsigned char c = *s;

	if (c >= 0x20 && c < 0x7f)
		fail(p, pos, "unexpected '%c' in %s", c, in);
	else
		fail(p, pos, "unexpected byte 0x%02x in %s", c, in);
}

static bool probe_syscall(struct parser *p, struct script_probe *pr,
			  const char *rest, struct script_pos pos)
{
	size_t n = 0;

	/* A strace set: %NAME, or %%stat as strace spells it. */
	while (n < 2 && rest[n] == '%')
		n++;
	n += name_span(rest + n, NULL);
	if (!n || (rest[0] == '%' && n == (rest[1] == '%' ? 2u : 1u))) {
		fail(p, pos_plus(pos, n),
		     "expected a syscall name, glob or %%set after 'syscall:'");
		return false;
	}
	if (rest[n] && rest[n] != ':') {
		bad_char(p, pos_plus(pos, n), rest + n, "a syscall name");
		return false;
	}
	if (!(pr->name = strndup(rest, n))) {
		oom(p);
		return false;
	}
	if (!rest[n])
		return true;
	if (!strcmp(rest + n, ":entry")) {
		pr->at = SCRIPT_AT_ENTRY;
	} else if (!strcmp(rest + n, ":exit")) {
		pr->at = SCRIPT_AT_EXIT;
	} else {
		fail(p, pos_plus(pos, n),
		     "expected ':entry' or ':exit' after 'syscall:%s'",
		     pr->name);
		return false;
	}
	return true;
}

static bool probe_call(struct parser *p, struct script_probe *pr,
		       const char *rest, struct script_pos pos)
{
	size_t n = name_span(rest, NULL), l = 0;

	if (!n) {
		if (*rest && *rest != '@' && *rest != ':')
			bad_char(p, pos, rest, "a function name");
		else
			fail(p, pos, "expected a function name after 'call:'");
		return false;
	}
	if (rest[n] == '@') {
		l = name_span(rest + n + 1, ".-+");
		if (!l) {
			fail(p, pos_plus(pos, n + 1),
			     "expected a library after '@'");
			return false;
		}
		if (!(pr->lib = strndup(rest + n + 1, l))) {
			oom(p);
			return false;
		}
		l++;
	}
	if (!(pr->name = strndup(rest, n))) {
		oom(p);
		return false;
	}
	n += l;
	if (!rest[n])
		return true;
	if (rest[n] != ':') {
		bad_char(p, pos_plus(pos, n), rest + n, "a call probe");
		return false;
	}
	if (!strcmp(rest + n, ":entry")) {
		pr->at = SCRIPT_AT_ENTRY;
	} else if (!strcmp(rest + n, ":return")) {
		pr->at = SCRIPT_AT_EXIT;
	} else {
		fail(p, pos_plus(pos, n),
		     "expected ':entry' or ':return' after 'call:%.*s'", (int)n,
		     rest);
		return false;
	}
	return true;
}

static bool probe_spec(struct parser *p, struct script_probe *pr,
		       const char *spec, struct script_pos pos)
{
	const char *why = NULL;
	int rc;

	if (!*spec) {
		fail(p, pos, "expected a probe spec after 'probe:'");
		return false;
	}
	rc = probe_spec_parse(spec, 0, &pr->spec, &why);
	if (rc == -ENOMEM) {
		oom(p);
		return false;
	}
	if (rc) {
		fail(p, pos, "bad probe spec '%.64s': %s", spec,
		     why ? why : "not understood");
		return false;
	}
	return true;
}

static bool probe_interval(struct parser *p, struct script_probe *pr,
			   const char *rest, struct script_pos pos)
{
	uint64_t unit = 0, v = 0;
	const char *s = rest;
	size_t k;

	if (has_prefix(s, "s:")) {
		unit = 1000000000;
		s += 2;
	} else if (has_prefix(s, "ms:")) {
		unit = 1000000;
		s += 3;
	}
	if (*s < '0' || *s > '9')
		goto bad;
	for (k = 0; s[k] >= '0' && s[k] <= '9'; k++) {
		if (v > (UINT64_MAX - 9) / 10) {
			fail(p, pos, "interval too long");
			return false;
		}
		v = v * 10 + (s[k] - '0');
	}
	s += k;
	if (!unit) {
		if (!strcmp(s, "s"))
			unit = 1000000000;
		else if (!strcmp(s, "ms"))
			unit = 1000000;
		else
			goto bad;
	} else if (*s) {
		goto bad;
	}
	if (!v) {
		fail(p, pos, "an interval must be longer than 0");
		return false;
	}
	if (v > UINT64_MAX / unit) {
		fail(p, pos, "interval too long");
		return false;
	}
	pr->interval_ns = v * unit;
	return true;
bad:
	fail(p, pos,
	     "expected interval:Ns, interval:Nms, interval:s:N or interval:ms:N");
	return false;
}

/* Splits the probe text t into pr; false with the error set. */
static bool parse_probe(struct parser *p, const struct token *t,
			struct script_probe *pr)
{
	static const struct {
		const char *word;
		enum script_probe_kind kind;
	} kinds[] = {
		{ "syscall", SCRIPT_PROBE_SYSCALL },
		{ "call", SCRIPT_PROBE_CALL },
		{ "probe", SCRIPT_PROBE_SPEC },
		{ "sdt", SCRIPT_PROBE_SPEC },
		{ "signal", SCRIPT_PROBE_SIGNAL },
		{ "process", SCRIPT_PROBE_PROCESS },
		{ "interval", SCRIPT_PROBE_INTERVAL },
	};
	const char *text, *colon, *rest;
	struct script_pos rpos;
	size_t k, wl;

	pr->pos = t->pos;
	if (!(pr->text = text_dup(p, t->start, t->end))) {
		oom(p);
		return false;
	}
	text = pr->text;
	if (!strcmp(text, "BEGIN") || !strcmp(text, "END")) {
		pr->kind = text[0] == 'B' ? SCRIPT_PROBE_BEGIN :
					    SCRIPT_PROBE_END;
		return true;
	}
	colon = strchr(text, ':');
	wl = colon ? (size_t)(colon - text) : strlen(text);
	for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++)
		if (strlen(kinds[k].word) == wl &&
		    !strncmp(text, kinds[k].word, wl))
			break;
	if (k == sizeof(kinds) / sizeof(kinds[0])) {
		fail(p, t->pos, "unknown probe '%.*s': expected %s",
		     (int)(wl > 40 ? 40 : wl), text, kinds_list);
		return false;
	}
	pr->kind = kinds[k].kind;
	if (!colon) {
		fail(p, pos_plus(t->pos, wl), "expected ':' after '%s'",
		     kinds[k].word);
		return false;
	}
	rest = colon + 1;
	rpos = pos_plus(t->pos, wl + 1);
	switch (pr->kind) {
	case SCRIPT_PROBE_SYSCALL:
		return probe_syscall(p, pr, rest, rpos);
	case SCRIPT_PROBE_CALL:
		return probe_call(p, pr, rest, rpos);
	case SCRIPT_PROBE_SPEC:
		/* sdt:PROV:NAME is probe_spec's own spelling. */
		if (text[0] == 's')
			return probe_spec(p, pr, text, t->pos);
		return probe_spec(p, pr, rest, rpos);
	case SCRIPT_PROBE_SIGNAL:
		k = name_span(rest, "+");
		if (!k || rest[k]) {
			if (k)
				bad_char(p, pos_plus(rpos, k), rest + k,
					 "a signal name");
			else
				fail(p, rpos,
				     "expected a signal name after 'signal:'");
			return false;
		}
		if (!(pr->name = strdup(rest))) {
			oom(p);
			return false;
		}
		return true;
	case SCRIPT_PROBE_PROCESS:
		if (!strcmp(rest, "fork"))
			pr->event = SCRIPT_PROCESS_FORK;
		else if (!strcmp(rest, "exec"))
			pr->event = SCRIPT_PROCESS_EXEC;
		else if (!strcmp(rest, "exit"))
			pr->event = SCRIPT_PROCESS_EXIT;
		else {
			fail(p, rpos,
			     "expected process:fork, process:exec or process:exit");
			return false;
		}
		return true;
	case SCRIPT_PROBE_INTERVAL:
		return probe_interval(p, pr, rest, rpos);
	default:
		return false;
	}
}

static bool parse_clause(struct parser *p, struct script_clause *c)
{
	c->pos = p->tok.pos;
	for (;;) {
		struct script_probe *pr;

		if (p->tok.kind == TOK_ERROR)
			return false;
		if (p->tok.start == p->tok.end) {
			lex_next(&p->lx, &p->tok);
			if (p->tok.kind == TOK_ERROR)
				return false;
			expected(p, "a probe");
			return false;
		}
		pr = realloc(c->probes, (c->nprobes + 1) * sizeof(*pr));
		if (!pr) {
			oom(p);
			return false;
		}
		c->probes = pr;
		pr = &c->probes[c->nprobes++];
		memset(pr, 0, sizeof(*pr));
		if (!parse_probe(p, &p->tok, pr))
			return false;
		lex_next(&p->lx, &p->tok);
		if (!is_punct(p, ','))
			break;
		lex_probe(&p->lx, &p->tok);
	}
	if (is_punct(p, '/')) {
		p->in_pred = true;
		p->nest = 0;
		next(p);
		c->pred = parse_expr(p);
		if (!c->pred)
			return false;
		if (!is_punct(p, '/')) {
			expected(p, "'/' at the end of the predicate");
			return false;
		}
		p->in_pred = false;
		next(p);
		if (!is_punct(p, '{')) {
			expected(p, "'{' after the predicate");
			return false;
		}
	} else if (!is_punct(p, '{')) {
		expected(p, "',', '/' or '{' after a probe");
		return false;
	}
	return parse_block(p, &c->body, true);
}

static void clause_release(struct script_clause *c)
{
	size_t k;

	for (k = 0; k < c->nprobes; k++) {
		free(c->probes[k].text);
		free(c->probes[k].name);
		free(c->probes[k].lib);
		probe_spec_release(&c->probes[k].spec);
	}
	free(c->probes);
	script_expr_free(c->pred);
	block_release(&c->body);
}

void script_free(struct script *s)
{
	size_t k;

	if (!s)
		return;
	for (k = 0; k < s->n; k++)
		clause_release(&s->clause[k]);
	free(s->clause);
	free(s);
}

int script_parse(const char *text, size_t len, struct script **out,
		 struct script_error *err)
{
	struct parser p = { 0 };
	struct script *s = calloc(1, sizeof(*s));

	*out = NULL;
	lex_init(&p.lx, text, len, err);
	if (!s) {
		snprintf(err->msg, sizeof(err->msg), "out of memory");
		err->pos.line = err->pos.col = 1;
		return -ENOMEM;
	}
	for (;;) {
		struct script_clause *c;

		lex_probe(&p.lx, &p.tok);
		if (p.tok.kind == TOK_ERROR)
			break;
		if (p.tok.start == p.tok.end && p.tok.start == len) {
			if (!s->n)
				fail(&p, p.tok.pos,
				     "the script is empty: expected a probe and { actions }");
			break;
		}
		c = realloc(s->clause, (s->n + 1) * sizeof(*c));
		if (!c) {
			oom(&p);
			break;
		}
		s->clause = c;
		c = &s->clause[s->n++];
		memset(c, 0, sizeof(*c));
		p.in_pred = false;
		if (!parse_clause(&p, c))
			break;
	}
	free(p.tok.s);
	if (p.lx.failed) {
		script_free(s);
		return strcmp(err->msg, "out of memory") ? -EINVAL : -ENOMEM;
	}
	*out = s;
	return 0;
}

int script_error_format(char *buf, size_t size, const char *prog,
			const char *name,
			const char *text, size_t len,
			const struct script_error *err)
{
	size_t start = 0, end, k, col;
	unsigned int line = 1;
	int n, total;

	for (k = 0; k < len && line < err->pos.line; k++) {
		if (text[k] == '\n') {
			line++;
			start = k + 1;
		}
	}
	if (line < err->pos.line)
		start = len;
	for (end = start; end < len && text[end] != '\n'; end++)
		;
	n = snprintf(buf, size, "%s: %s:%u:%u: error: %s\n", prog, name,
		     err->pos.line, err->pos.col, err->msg);
	if (n < 0)
		return n;
	total = n;
	/* The line, then spaces (tabs where it has tabs) and the caret. */
	for (k = start; k <= end; k++) {
		char c = k < end ? text[k] : '\n';

		if (k < end && c != '\t' &&
		    ((unsigned char)c < 0x20 || c == 0x7f))
			c = '?';
		if ((size_t)total + 1 < size)
			buf[total] = c;
		total++;
	}
	col = err->pos.col ? err->pos.col - 1 : 0;
	for (k = 0; k < col; k++) {
		char c = start + k < end && text[start + k] == '\t' ? '\t' :
								      ' ';

		if ((size_t)total + 1 < size)
			buf[total] = c;
		total++;
	}
	for (k = 0; k < 2; k++) {
		if ((size_t)total + 1 < size)
			buf[total] = "^\n"[k];
		total++;
	}
	if (size)
		buf[(size_t)total < size ? (size_t)total : size - 1] = '\0';
	return total;
}
