/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The script tree's destructor and its S-expression dump (ast.h).  Both
 * recurse as deep as the tree, which the parser bounds at
 * SCRIPT_MAX_DEPTH.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "script/ast.h"

void script_expr_free(struct script_expr *e)
{
	size_t k;

	if (!e)
		return;
	for (k = 0; k < e->n; k++)
		script_expr_free(e->kid[k]);
	free(e->kid);
	free(e->s);
	free(e);
}

static const char *op_name(int op)
{
	static char one[2];

	switch (op) {
	case SCRIPT_OP_OR:
		return "||";
	case SCRIPT_OP_AND:
		return "&&";
	case SCRIPT_OP_EQ:
		return "==";
	case SCRIPT_OP_NE:
		return "!=";
	case SCRIPT_OP_LE:
		return "<=";
	case SCRIPT_OP_GE:
		return ">=";
	case SCRIPT_OP_SHL:
		return "<<";
	case SCRIPT_OP_SHR:
		return ">>";
	}
	one[0] = op;
	one[1] = '\0';
	return one;
}

static void dump_str(FILE *f, const char *s, size_t len)
{
	size_t k;

	fputc('"', f);
	for (k = 0; k < len; k++) {
		unsigned char c = s[k];

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20 || c >= 0x7f)
			fprintf(f, "\\x%02x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

static void dump_expr(FILE *f, const struct script_expr *e)
{
	size_t k;

	switch (e->kind) {
	case SCRIPT_E_INT:
		fprintf(f, "%llu", (unsigned long long)e->u);
		return;
	case SCRIPT_E_STR:
		dump_str(f, e->s, e->len);
		return;
	case SCRIPT_E_IDENT:
		fputs(e->s, f);
		return;
	case SCRIPT_E_VAR:
		fprintf(f, "$%s", e->s);
		return;
	case SCRIPT_E_SELF:
		fprintf(f, "self->%s", e->s);
		return;
	case SCRIPT_E_MAP:
		if (!e->n) {
			fprintf(f, "@%s", e->s);
			return;
		}
		fprintf(f, "(@%s", e->s);
		break;
	case SCRIPT_E_CALL:
		fprintf(f, "(%s()", e->s);
		break;
	case SCRIPT_E_UNARY:
	case SCRIPT_E_BINARY:
		fprintf(f, "(%s", op_name(e->op));
		break;
	case SCRIPT_E_TERNARY:
		fputs("(?", f);
		break;
	case SCRIPT_E_FIELD:
		fputs(e->op == '.' ? "(." : "(->", f);
		break;
	case SCRIPT_E_INDEX:
		fputs("([]", f);
		break;
	}
	for (k = 0; k < e->n; k++) {
		fputc(' ', f);
		dump_expr(f, e->kid[k]);
	}
	if (e->kind == SCRIPT_E_FIELD)
		fprintf(f, " %s", e->s);
	fputc(')', f);
}

static void dump_block(FILE *f, const char *tag, const struct script_block *b);

static void dump_stmt(FILE *f, const struct script_stmt *st)
{
	switch (st->kind) {
	case SCRIPT_S_EXPR:
		dump_expr(f, st->expr);
		break;
	case SCRIPT_S_ASSIGN:
		fprintf(f, "(%s= ", st->op == '=' ? "" : op_name(st->op));
		dump_expr(f, st->lhs);
		fputc(' ', f);
		dump_expr(f, st->expr);
		fputc(')', f);
		break;
	case SCRIPT_S_INCDEC:
		fprintf(f, "(%s ", st->op == '+' ? "++" : "--");
		dump_expr(f, st->lhs);
		fputc(')', f);
		break;
	case SCRIPT_S_IF:
		fputs("(if ", f);
		dump_expr(f, st->expr);
		dump_block(f, "then", &st->then);
		if (st->has_else)
			dump_block(f, "else", &st->els);
		fputc(')', f);
		break;
	}
}

static void dump_block(FILE *f, const char *tag, const struct script_block *b)
{
	size_t k;

	fprintf(f, " (%s", tag);
	for (k = 0; k < b->n; k++) {
		fputc(' ', f);
		dump_stmt(f, b->stmt[k]);
	}
	fputc(')', f);
}

static void dump_probe(FILE *f, const struct script_probe *pr)
{
	static const char *const at[] = { "", " entry", " exit" };
	static const char *const ev[] = { "fork", "exec", "exit" };

	switch (pr->kind) {
	case SCRIPT_PROBE_SYSCALL:
		fprintf(f, "(syscall \"%s\"%s)", pr->name, at[pr->at]);
		break;
	case SCRIPT_PROBE_CALL:
		fprintf(f, "(call \"%s\"", pr->name);
		if (pr->lib)
			fprintf(f, " @\"%s\"", pr->lib);
		fprintf(f, "%s)",
			pr->at == SCRIPT_AT_EXIT ? " return" : at[pr->at]);
		break;
	case SCRIPT_PROBE_SPEC:
		fprintf(f, "(probe \"%s\")", pr->text);
		break;
	case SCRIPT_PROBE_SIGNAL:
		fprintf(f, "(signal \"%s\")", pr->name);
		break;
	case SCRIPT_PROBE_PROCESS:
		fprintf(f, "(process %s)", ev[pr->event]);
		break;
	case SCRIPT_PROBE_BEGIN:
		fputs("(BEGIN)", f);
		break;
	case SCRIPT_PROBE_END:
		fputs("(END)", f);
		break;
	case SCRIPT_PROBE_INTERVAL:
		fprintf(f, "(interval %lluns)",
			(unsigned long long)pr->interval_ns);
		break;
	}
}

char *script_dump(const struct script *s)
{
	char *buf = NULL;
	size_t len = 0, k, j;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	for (k = 0; k < s->n; k++) {
		const struct script_clause *c = &s->clause[k];

		fputs("(clause (probes", f);
		for (j = 0; j < c->nprobes; j++) {
			fputc(' ', f);
			dump_probe(f, &c->probes[j]);
		}
		fputc(')', f);
		if (c->pred) {
			fputs(" (pred ", f);
			dump_expr(f, c->pred);
			fputc(')', f);
		}
		dump_block(f, "body", &c->body);
		fputs(")\n", f);
	}
	if (fclose(f)) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* Appends e's path (without "args.") to *buf; false when it is none. */
static bool args_path(const struct script_expr *e, char **buf, size_t *len,
		      bool top)
{
	char piece[48];
	const char *add;
	size_t n;
	char *b;

	switch (e->kind) {
	case SCRIPT_E_IDENT:
		return !top && !strcmp(e->s, "args");
	case SCRIPT_E_FIELD:
		if (!args_path(e->kid[0], buf, len, false))
			return false;
		/* The first step after args is the variable's name. */
		if (e->kid[0]->kind == SCRIPT_E_IDENT)
			add = "";
		else
			add = e->op == '>' ? "->" : ".";
		n = strlen(add) + strlen(e->s);
		b = realloc(*buf, *len + n + 1);
		if (!b)
			return false;
		*buf = b;
		*len += (size_t)sprintf(b + *len, "%s%s", add, e->s);
		return true;
	case SCRIPT_E_INDEX:
		if (e->kid[1]->kind != SCRIPT_E_INT ||
		    e->kid[0]->kind == SCRIPT_E_IDENT ||
		    !args_path(e->kid[0], buf, len, false))
			return false;
		n = (size_t)snprintf(piece, sizeof(piece), "[%llu]",
				     (unsigned long long)e->kid[1]->u);
		b = realloc(*buf, *len + n + 1);
		if (!b)
			return false;
		*buf = b;
		memcpy(b + *len, piece, n + 1);
		*len += n;
		return true;
	default:
		return false;
	}
}

char *script_args_path(const struct script_expr *e)
{
	char *buf = calloc(1, 1);
	size_t len = 0;

	if (!buf)
		return NULL;
	if (!args_path(e, &buf, &len, true)) {
		free(buf);
		return NULL;
	}
	return buf;
}

bool script_expr_names(const struct script_expr *e, unsigned int kinds,
		       const char *name)
{
	if (!e)
		return false;
	if ((kinds >> e->kind & 1) && e->s && !strcmp(e->s, name))
		return true;
	for (size_t i = 0; i < e->n; i++)
		if (script_expr_names(e->kid[i], kinds, name))
			return true;
	return false;
}

bool script_block_names(const struct script_block *b, unsigned int kinds,
			const char *name)
{
	for (size_t i = 0; i < b->n; i++) {
		const struct script_stmt *st = b->stmt[i];

		if (script_expr_names(st->lhs, kinds, name) ||
		    script_expr_names(st->expr, kinds, name) ||
		    script_block_names(&st->then, kinds, name) ||
		    script_block_names(&st->els, kinds, name))
			return true;
	}
	return false;
}

bool script_clause_names(const struct script_clause *cl, unsigned int kinds,
			 const char *name)
{
	return script_expr_names(cl->pred, kinds, name) ||
	       script_block_names(&cl->body, kinds, name);
}
