/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The script's lexer (lex.h).  Every loop advances pos or stops at the
 * end, so no input hangs it; a string literal is the only thing it
 * allocates, and it hands that to the caller.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "script/lex.h"
#include "util/cesc.h"

void lex_init(struct lexer *lx, const char *text, size_t len,
	      struct script_error *err)
{
	memset(lx, 0, sizeof(*lx));
	lx->text = text;
	lx->len = len;
	lx->line = 1;
	lx->err = err;
	memset(err, 0, sizeof(*err));
}

void lex_fail(struct lexer *lx, struct script_pos pos, const char *fmt, ...)
{
	va_list ap;

	if (lx->failed)
		return;
	lx->failed = true;
	lx->err->pos = pos;
	va_start(ap, fmt);
	vsnprintf(lx->err->msg, sizeof(lx->err->msg), fmt, ap);
	va_end(ap);
}

/* off is on the current line (or at its end). */
struct script_pos lex_pos_at(const struct lexer *lx, size_t off)
{
	struct script_pos p = { lx->line, 1 };

	if (off >= lx->line_start)
		p.col = off - lx->line_start + 1;
	return p;
}

static int peek(const struct lexer *lx, size_t ahead)
{
	return lx->pos + ahead < lx->len ?
		       (unsigned char)lx->text[lx->pos + ahead] :
		       -1;
}

static void newline(struct lexer *lx)
{
	lx->line++;
	lx->line_start = lx->pos + 1;
}

/* Skips spaces and comments; an unterminated comment is an error. */
static void skip_space(struct lexer *lx)
{
	for (;;) {
		int c = peek(lx, 0);

		if (c == '\n') {
			newline(lx);
			lx->pos++;
		} else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' ||
			   c == '\v') {
			lx->pos++;
		} else if (c == '/' && peek(lx, 1) == '/') {
			while (lx->pos < lx->len && lx->text[lx->pos] != '\n')
				lx->pos++;
		} else if (c == '/' && peek(lx, 1) == '*') {
			struct script_pos at = lex_pos_at(lx, lx->pos);

			lx->pos += 2;
			for (;;) {
				if (lx->pos >= lx->len) {
					lex_fail(lx, at,
						 "unterminated comment");
					return;
				}
				if (lx->text[lx->pos] == '*' &&
				    peek(lx, 1) == '/') {
					lx->pos += 2;
					break;
				}
				if (lx->text[lx->pos] == '\n')
					newline(lx);
				lx->pos++;
			}
		} else {
			return;
		}
	}
}

static bool is_ident_start(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_ident(int c)
{
	return is_ident_start(c) || (c >= '0' && c <= '9');
}

static const struct {
	const char *text;
	int op;
} puncts[] = {
	/* The longest first: "<<=" before "<<" before "<". */
	{ "<<=", TOK_OP_SHL_EQ }, { ">>=", TOK_OP_SHR_EQ },
	{ "||", TOK_OP_OR },	  { "&&", TOK_OP_AND },
	{ "==", TOK_OP_EQ },	  { "!=", TOK_OP_NE },
	{ "<=", TOK_OP_LE },	  { ">=", TOK_OP_GE },
	{ "<<", TOK_OP_SHL },	  { ">>", TOK_OP_SHR },
	{ "->", TOK_OP_ARROW },	  { "++", TOK_OP_INC },
	{ "--", TOK_OP_DEC },	  { "+=", TOK_OP_ADD_EQ },
	{ "-=", TOK_OP_SUB_EQ },  { "*=", TOK_OP_MUL_EQ },
	{ "/=", TOK_OP_DIV_EQ },  { "%=", TOK_OP_MOD_EQ },
	{ "&=", TOK_OP_AND_EQ },  { "|=", TOK_OP_OR_EQ },
	{ "^=", TOK_OP_XOR_EQ },
};

static const char singles[] = "(){}[],;:?.=+-*/%<>!~&|^";

static void lex_int(struct lexer *lx, struct token *t)
{
	size_t p = lx->pos;
	unsigned int base = 10;
	uint64_t v = 0;
	bool any = false, big = false;

	if (lx->text[p] == '0' && p + 1 < lx->len &&
	    (lx->text[p + 1] == 'x' || lx->text[p + 1] == 'X')) {
		base = 16;
		p += 2;
	}
	for (; p < lx->len; p++) {
		int c = (unsigned char)lx->text[p];
		unsigned int d;

		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (base == 16 && isxdigit(c))
			d = tolower(c) - 'a' + 10;
		else
			break;
		if (v > (UINT64_MAX - d) / base)
			big = true;
		v = v * base + d;
		any = true;
	}
	if (!any) {
		lex_fail(lx, t->pos, "expected hex digits after '0x'");
		t->kind = TOK_ERROR;
		return;
	}
	if (p < lx->len && is_ident(lx->text[p])) {
		lex_fail(lx, lex_pos_at(lx, p), "unexpected '%c' in a number",
			 lx->text[p]);
		t->kind = TOK_ERROR;
		return;
	}
	if (big) {
		lex_fail(lx, t->pos, "number too large (more than 64 bits)");
		t->kind = TOK_ERROR;
		return;
	}
	t->kind = TOK_INT;
	t->u = v;
	lx->pos = p;
}

/* A C string literal; lx->pos is at its '"'. */
static void lex_str(struct lexer *lx, struct token *t)
{
	size_t p = lx->pos + 1, n = 0;
	char *s = malloc(lx->len - lx->pos + 1);

	if (!s) {
		lex_fail(lx, t->pos, "out of memory");
		t->kind = TOK_ERROR;
		return;
	}
	for (;;) {
		int c = p < lx->len ? (unsigned char)lx->text[p] : -1, k;
		unsigned char b;

		if (c == -1 || c == '\n') {
			lex_fail(lx, t->pos, "unterminated string");
			goto bad;
		}
		if (c == '"')
			break;
		if (c != '\\') {
			s[n++] = c;
			p++;
			continue;
		}
		k = cesc_read(lx->text + p, lx->len - p, CESC_OCTAL | CESC_MORE,
			      &b);
		if (k > 0) {
			s[n++] = b;
			p += k;
			continue;
		}
		c = p + 1 < lx->len ? (unsigned char)lx->text[p + 1] : -1;
		if (k == CESC_NO_HEX) {
			lex_fail(lx, lex_pos_at(lx, p),
				 "expected hex digits after '\\x'");
		} else if (k == CESC_RANGE) {
			lex_fail(lx, lex_pos_at(lx, p), "octal escape out of range");
		} else if (c == -1 || c == '\n') {
			lex_fail(lx, t->pos, "unterminated string");
		} else if (c >= 0x20 && c < 0x7f) {
			lex_fail(lx, lex_pos_at(lx, p), "unknown escape '\\%c'", c);
		} else {
			lex_fail(lx, lex_pos_at(lx, p),
				 "unknown escape '\\' before byte 0x%02x", c);
		}
		goto bad;
	}
	s[n] = '\0';
	t->kind = TOK_STR;
	t->s = s;
	t->len = n;
	lx->pos = p + 1;
	return;
bad:
	free(s);
	t->kind = TOK_ERROR;
}

static void bad_byte(struct lexer *lx, struct token *t, int c)
{
	if (c == 0)
		lex_fail(lx, t->pos, "unexpected NUL byte");
	else if (c >= 0x20 && c < 0x7f)
		lex_fail(lx, t->pos, "unexpected '%c'", c);
	else
		lex_fail(lx, t->pos, "unexpected byte 0x%02x", c);
	t->kind = TOK_ERROR;
}

void lex_next(struct lexer *lx, struct token *t)
{
	int c;
	size_t k;

	memset(t, 0, sizeof(*t));
	skip_space(lx);
	t->pos = lex_pos_at(lx, lx->pos);
	t->start = t->end = lx->pos;
	if (lx->failed) {
		t->kind = TOK_ERROR;
		return;
	}
	c = peek(lx, 0);
	if (c == -1) {
		t->kind = TOK_EOF;
		return;
	}
	if (is_ident_start(c)) {
		while (lx->pos < lx->len && is_ident(lx->text[lx->pos]))
			lx->pos++;
		t->kind = TOK_IDENT;
		t->end = lx->pos;
		return;
	}
	if (c >= '0' && c <= '9') {
		lex_int(lx, t);
		t->end = lx->pos;
		return;
	}
	if (c == '"') {
		lex_str(lx, t);
		t->end = lx->pos;
		return;
	}
	if (c == '@' || c == '$') {
		lx->pos++;
		t->start = lx->pos;
		if (c == '$' && !is_ident_start(peek(lx, 0))) {
			lex_fail(lx, t->pos, "expected a name after '$'");
			t->kind = TOK_ERROR;
			return;
		}
		while (lx->pos < lx->len && is_ident(lx->text[lx->pos]))
			lx->pos++;
		if (c == '@' && lx->pos > t->start &&
		    !is_ident_start(lx->text[t->start])) {
			lex_fail(lx, t->pos,
				 "a map's name starts with a letter or '_'");
			t->kind = TOK_ERROR;
			return;
		}
		t->kind = c == '@' ? TOK_MAP : TOK_VAR;
		t->end = lx->pos;
		return;
	}
	for (k = 0; k < sizeof(puncts) / sizeof(puncts[0]); k++) {
		size_t n = strlen(puncts[k].text);

		if (lx->len - lx->pos >= n &&
		    !memcmp(lx->text + lx->pos, puncts[k].text, n)) {
			t->kind = TOK_PUNCT;
			t->op = puncts[k].op;
			lx->pos += n;
			t->end = lx->pos;
			return;
		}
	}
	if (c && strchr(singles, c)) {
		t->kind = TOK_PUNCT;
		t->op = c;
		lx->pos++;
		t->end = lx->pos;
		return;
	}
	bad_byte(lx, t, c);
}

void lex_probe(struct lexer *lx, struct token *t)
{
	int depth = 0;

	memset(t, 0, sizeof(*t));
	skip_space(lx);
	t->pos = lex_pos_at(lx, lx->pos);
	t->start = t->end = lx->pos;
	if (lx->failed) {
		t->kind = TOK_ERROR;
		return;
	}
	while (lx->pos < lx->len) {
		int c = (unsigned char)lx->text[lx->pos];

		if (c == '(' || c == '[') {
			depth++;
		} else if ((c == ')' || c == ']') && depth) {
			depth--;
		} else if (!depth &&
			   (c == ',' || c == '/' || c == '{' || isspace(c))) {
			break;
		} else if (c == '\n' || !c) {
			break;
		}
		lx->pos++;
	}
	t->end = lx->pos;
	t->kind = TOK_IDENT;
}

static const char *op_text(int op)
{
	size_t k;

	for (k = 0; k < sizeof(puncts) / sizeof(puncts[0]); k++)
		if (puncts[k].op == op)
			return puncts[k].text;
	return "?";
}

void tok_describe(const struct lexer *lx, const struct token *t, char *buf,
		  size_t len)
{
	switch (t->kind) {
	case TOK_EOF:
		snprintf(buf, len, "the end of the script");
		break;
	case TOK_IDENT:
		snprintf(buf, len, "'%.*s'",
			 (int)(t->end - t->start > 40 ? 40 : t->end - t->start),
			 lx->text + t->start);
		break;
	case TOK_INT:
		snprintf(buf, len, "a number");
		break;
	case TOK_STR:
		snprintf(buf, len, "a string");
		break;
	case TOK_MAP:
		snprintf(buf, len, "a map");
		break;
	case TOK_VAR:
		snprintf(buf, len, "a variable");
		break;
	case TOK_PUNCT:
		if (t->op < 256)
			snprintf(buf, len, "'%c'", t->op);
		else
			snprintf(buf, len, "'%s'", op_text(t->op));
		break;
	default:
		snprintf(buf, len, "an error");
		break;
	}
}
