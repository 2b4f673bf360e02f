/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The tree of a script (issue 13, doc/scripts.md): what src/script/parse.c
 * builds and src/script/check.c checks.  Pure data: no tracee, no files.
 *
 * Every node carries the line and column (both from 1, the column in
 * bytes) where its text starts, so that any later pass can point the
 * user at it.  Every string is owned by its node; script_free() frees
 * the whole tree.
 */
#ifndef SLTRACE_SCRIPT_AST_H
#define SLTRACE_SCRIPT_AST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "probe/spec.h"

struct script_pos {
	unsigned int line, col;
};

enum script_probe_kind {
	SCRIPT_PROBE_SYSCALL, /* syscall:NAME[:entry|:exit] */
	SCRIPT_PROBE_CALL, /* call:FUNC[@LIB][:entry|:return] */
	SCRIPT_PROBE_SPEC, /* probe:SPEC, and sdt:PROV:NAME[@OBJ] */
	SCRIPT_PROBE_SIGNAL, /* signal:NAME */
	SCRIPT_PROBE_PROCESS, /* process:fork|exec|exit */
	SCRIPT_PROBE_BEGIN,
	SCRIPT_PROBE_END,
	SCRIPT_PROBE_INTERVAL, /* interval:Ns|Nms, interval:s:N, interval:ms:N */
};

/* Where a syscall or call probe fires; DEFAULT: no suffix was written. */
enum script_at {
	SCRIPT_AT_DEFAULT,
	SCRIPT_AT_ENTRY,
	SCRIPT_AT_EXIT, /* :exit of a syscall, :return of a call */
};

enum script_process_event {
	SCRIPT_PROCESS_FORK,
	SCRIPT_PROCESS_EXEC,
	SCRIPT_PROCESS_EXIT,
};

struct script_probe {
	enum script_probe_kind kind;
	struct script_pos pos;
	char *text; /* as written */
	/*
	 * SYSCALL: the name, glob ("open*", "*") or strace set ("%file");
	 * CALL: FUNC (a glob); SIGNAL: the signal's name as written.
	 */
	char *name;
	char *lib; /* CALL: @LIB, or NULL */
	enum script_at at; /* SYSCALL, CALL */
	enum script_process_event event; /* PROCESS */
	uint64_t interval_ns; /* INTERVAL, > 0 */
	struct probe_spec spec; /* SPEC: as probe_spec_parse() gave it */
};

enum script_expr_kind {
	SCRIPT_E_INT, /* u */
	SCRIPT_E_STR, /* s, len bytes (may hold a NUL) */
	SCRIPT_E_IDENT, /* s: a builtin (pid, args, arg0...) */
	SCRIPT_E_VAR, /* s: $NAME, without the '$' */
	SCRIPT_E_SELF, /* s: self->NAME, the NAME */
	SCRIPT_E_MAP, /* s: @NAME without '@' ("" for @); kid: keys */
	SCRIPT_E_CALL, /* s: the function; kid: its arguments */
	SCRIPT_E_UNARY, /* op: '!' '~' '-' '*'; kid[0] */
	SCRIPT_E_BINARY, /* op: a SCRIPT_OP_*; kid[0], kid[1] */
	SCRIPT_E_TERNARY, /* kid[0] ? kid[1] : kid[2] */
	SCRIPT_E_FIELD, /* kid[0].s, or kid[0]->s when op is '>' */
	SCRIPT_E_INDEX, /* kid[0][kid[1]] */
};

/* Binary operators of more than one character; others are their char. */
enum script_op {
	SCRIPT_OP_OR = 256, /* || */
	SCRIPT_OP_AND, /* && */
	SCRIPT_OP_EQ, /* == */
	SCRIPT_OP_NE, /* != */
	SCRIPT_OP_LE, /* <= */
	SCRIPT_OP_GE, /* >= */
	SCRIPT_OP_SHL, /* << */
	SCRIPT_OP_SHR, /* >> */
};

struct script_expr {
	enum script_expr_kind kind;
	struct script_pos pos;
	int op;
	uint64_t u;
	char *s;
	size_t len; /* of s */
	size_t n;
	struct script_expr **kid;
	unsigned int depth; /* 1 + the deepest kid's: bounds recursion */
};

enum script_stmt_kind {
	SCRIPT_S_EXPR, /* expr */
	SCRIPT_S_ASSIGN, /* lhs op rhs; op '=' or the operator of
				 * a compound assignment ('+' for +=,
				 * SCRIPT_OP_SHL for <<=) */
	SCRIPT_S_INCDEC, /* lhs; op '+' (++) or '-' (--) */
	SCRIPT_S_IF, /* expr, then, els (els.n 0: no else) */
};

struct script_block {
	size_t n;
	struct script_stmt **stmt;
};

struct script_stmt {
	enum script_stmt_kind kind;
	struct script_pos pos;
	int op;
	struct script_expr *lhs; /* ASSIGN, INCDEC */
	struct script_expr *expr; /* EXPR, the value of ASSIGN, IF */
	struct script_block then, els;
	bool has_else;
};

struct script_clause {
	struct script_pos pos;
	size_t nprobes;
	struct script_probe *probes;
	struct script_expr *pred; /* NULL: none */
	struct script_block body;
};

struct script {
	size_t n;
	struct script_clause *clause;
};

/* The deepest expression or statement nesting a script may have. */
#define SCRIPT_MAX_DEPTH 128

/* Frees s and everything it owns; NULL is fine. */
void script_free(struct script *s);
/* Frees e and its kids; NULL is fine. */
void script_expr_free(struct script_expr *e);

/*
 * Does e, or any expression under it, of one of the kinds (a bit per
 * enum script_expr_kind: 1u << SCRIPT_E_IDENT...), have the text name
 * (a builtin, a function, a map without its '@')?  The block and the
 * clause (predicate and body, branches included) likewise.
 */
bool script_expr_names(const struct script_expr *e, unsigned int kinds,
		       const char *name);
bool script_block_names(const struct script_block *b, unsigned int kinds,
			const char *name);
bool script_clause_names(const struct script_clause *cl, unsigned int kinds,
			 const char *name);

/*
 * The text of a value path under args, as a probe names its values:
 * args.len -> "len", args.hdr->len -> "hdr->len", args.v.items[2] ->
 * "v.items[2]".  A malloc'ed string, or NULL when e is not such a path
 * (another base, an index that is not a number) or without memory.
 */
char *script_args_path(const struct script_expr *e);

/*
 * The tree as an S-expression, one clause a line, for tests and
 * debugging: (clause (probes (syscall "read" exit)) (pred ...) (body ...)).
 * A malloc'ed string the caller frees, or NULL without memory.
 */
char *script_dump(const struct script *s);

#endif
