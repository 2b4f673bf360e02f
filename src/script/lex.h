/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The script's tokens (src/script/lex.c), for src/script/parse.c only.
 * The lexer skips spaces and comments, knows lines and columns, and reads
 * a probe's text raw, since a probe spec's ':' '%' '*' are not tokens.
 */
#ifndef SLTRACE_SCRIPT_LEX_H
#define SLTRACE_SCRIPT_LEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "script/parse.h"

enum tok_kind {
	TOK_EOF,
	TOK_ERROR, /* the lexer filled err */
	TOK_IDENT, /* text start..end */
	TOK_INT, /* u */
	TOK_STR, /* s, len: the bytes after escapes, malloc'ed */
	TOK_MAP, /* @NAME: text after the '@' */
	TOK_VAR, /* $NAME: text after the '$' */
	TOK_PUNCT, /* op: a char, or a TOK_OP_* */
};

/* Punctuators of more than one character (single ones are their char). */
enum tok_op {
	TOK_OP_OR = 256,
	TOK_OP_AND,
	TOK_OP_EQ,
	TOK_OP_NE,
	TOK_OP_LE,
	TOK_OP_GE,
	TOK_OP_SHL,
	TOK_OP_SHR,
	TOK_OP_ARROW,
	TOK_OP_INC,
	TOK_OP_DEC,
	TOK_OP_ADD_EQ,
	TOK_OP_SUB_EQ,
	TOK_OP_MUL_EQ,
	TOK_OP_DIV_EQ,
	TOK_OP_MOD_EQ,
	TOK_OP_AND_EQ,
	TOK_OP_OR_EQ,
	TOK_OP_XOR_EQ,
	TOK_OP_SHL_EQ,
	TOK_OP_SHR_EQ,
};

struct token {
	enum tok_kind kind;
	struct script_pos pos;
	size_t start, end; /* of its text (for MAP and VAR, the name's) */
	int op;
	uint64_t u;
	char *s;
	size_t len;
};

struct lexer {
	const char *text;
	size_t len, pos;
	unsigned int line;
	size_t line_start; /* offset of the current line */
	struct script_error *err;
	bool failed;
};

void lex_init(struct lexer *lx, const char *text, size_t len,
	      struct script_error *err);
/* Records an error at pos unless one is already there. */
void lex_fail(struct lexer *lx, struct script_pos pos, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
struct script_pos lex_pos_at(const struct lexer *lx, size_t off);
/* The next token; TOK_STR's s then belongs to the caller. */
void lex_next(struct lexer *lx, struct token *t);
/*
 * A probe's text: from the next non-space byte up to an unparenthesised
 * ',', '/', '{' or space (or the end); empty when none.
 */
void lex_probe(struct lexer *lx, struct token *t);
/* What t is, for "expected X, not Y" messages. */
void tok_describe(const struct lexer *lx, const struct token *t, char *buf,
		  size_t len);

#endif
