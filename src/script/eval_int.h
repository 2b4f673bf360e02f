/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the evaluator's files (eval.c, eval_fmt.c, eval_out.c) share:
 * the compiled tree, the values, the runtime.  Private to src/script/.
 *
 * script_rt_new() compiles the checked tree once into nodes that hold
 * what the names resolve to (a builtin's number, a variable's slot, a
 * map's pointer), so that firing a clause never looks a name up.
 */
#ifndef SLTRACE_SCRIPT_EVAL_INT_H
#define SLTRACE_SCRIPT_EVAL_INT_H

#include "script/eval.h"

/* Live speculations at most, as DTrace's default nspec... times 16. */
#define SPEC_MAX 16
/* What one speculation keeps before it drops output. */
#define SPEC_BUF_MAX (64 * 1024)
/* printf's and system()'s values at most (check.c allows 63). */
#define FMT_ARGS_MAX 64

enum val_type { V_INT, V_STR, V_STACK };

/*
 * A value: strings point at the tree, the event, the per-fire arena or
 * a thread variable; they are not NUL-terminated (len says).
 */
struct val {
	enum val_type t;
	unsigned int n; /* STACK: pcs */
	int64_t i;
	const char *s;
	size_t len;
	const uint64_t *pc;
};

enum node_kind {
	N_INT,
	N_STR,
	N_BI, /* op: enum builtin */
	N_ARGN, /* i: the index */
	N_ARGF, /* s: args.NAME's NAME */
	N_VAR, /* i: $var's slot */
	N_SELF, /* i: self->var's slot */
	N_MAP, /* map; kid: keys */
	N_CALL, /* op: enum fn_id; kid: arguments */
	N_UNARY,
	N_BINARY,
	N_TERNARY,
	N_BAD, /* s: why it always faults */
};

enum builtin {
	B_PID, B_TID, B_PPID, B_COMM, B_UID, B_NSECS, B_WALLTIME, B_ELAPSED,
	B_CPU, B_PROBE, B_NAME, B_ARGS, B_RETVAL, B_ERRNO, B_ERRNAME,
	B_LATENCY, B_USTACK, B_CALLER,
};

/* The aggregations first, in enum agg_kind's order. */
enum fn_id {
	F_COUNT, F_SUM, F_MIN, F_MAX, F_AVG, F_STATS, F_HIST, F_LHIST,
	F_DELETE, F_CLEAR, F_ZERO, F_PRINT, F_PRINTF, F_EXIT, F_SYSTEM,
	F_SPECULATE, F_COMMIT, F_DISCARD, F_STR, F_PATH, F_SPECULATION,
	F_OVERRIDE, F_SIGNAL, F_CHILL,
};

struct rmap {
	char *name; /* "@NAME" as printed */
	struct agg_map *m; /* NULL until made */
	bool agg; /* holds an aggregation (kind), made at once */
	enum agg_kind kind;
	int64_t lmin, lmax, lstep;
};

struct node {
	enum node_kind kind;
	int op;
	int64_t i;
	const char *s;
	char *owned; /* s, when the node made it (an args path) */
	size_t len;
	struct rmap *map;
	struct script_pos pos;
	size_t n;
	struct node **kid;
};

struct cblock {
	size_t n;
	struct cstmt **s;
};

struct cstmt {
	enum script_stmt_kind kind;
	int op;
	struct script_pos pos;
	struct node *lhs, *expr;
	struct cblock then, els;
};

struct cclause {
	struct node *pred;
	struct cblock body;
	bool is_end; /* runs after exit() too */
	bool faulted; /* reported already */
};

/* A growable text buffer, kept across fires. */
struct tbuf {
	char *p;
	size_t len, cap;
	bool oom;
};

struct spec {
	bool live;
	bool warned; /* dropped output, said once */
	struct tbuf b;
};

/* A thread variable: its own copy of a string or stack. */
struct svar {
	bool set;
	struct val v;
	char s[AGG_STR_MAX];
	uint64_t *pc; /* AGG_STACK_MAX, made at the first stack */
};

struct thr {
	pid_t tid;
	struct thr *next;
	struct svar v[];
};

struct var {
	unsigned int gen; /* set in this fire when == rt->gen */
	struct val v;
};

struct script_rt {
	const struct script *s;
	struct script_host host;
	unsigned int flags;
	uint64_t t0;
	size_t ncl;
	struct cclause *cl;
	struct rmap **maps;
	size_t nmaps;
	struct agg_map **made; /* maps made so far, for script_rt_maps */
	size_t nmade;
	char **varnames, **selfnames;
	size_t nvars, nself;
	struct var *vars;
	unsigned int gen;
	struct thr **thr; /* hash of tid, tsize a power of two */
	size_t tsize, nthr;
	struct thr *last; /* the thread of the last lookup */
	char *arena; /* strings made during one fire */
	size_t arena_size, arena_used;
	size_t clause_nodes, max_nodes; /* sizing the arena */
	uint64_t stack[AGG_STACK_MAX];
	int nstack; /* -1: not taken in this fire */
	struct spec spec[SPEC_MAX + 1]; /* [0] unused: ids are 1..SPEC_MAX */
	int cur_spec; /* 0: output goes out; -1: dropped */
	struct tbuf out;
	bool wants_ustack, exiting;
	const struct script_event *ev;
	struct script_pos fpos;
	char fmsg[160];
};

int eval_fault(struct script_rt *rt, struct script_pos pos, const char *fmt,
	       ...) __attribute__((format(printf, 3, 4)));

/* eval_out.c: text buffers, output, speculations. */
void tbuf_put(struct tbuf *b, const char *s, size_t n);
void tbuf_printf(struct tbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void tbuf_free(struct tbuf *b);
/* Output of printf/print: to the host, or the clause's speculation. */
void eval_emit(struct script_rt *rt, const char *s, size_t n);
int eval_speculation(struct script_rt *rt);
int eval_speculate(struct script_rt *rt, int64_t id);
void eval_commit(struct script_rt *rt, int64_t id, bool keep);
void eval_spec_free(struct script_rt *rt);

/* eval_fmt.c: printf's formats and values as text. */
int eval_format(struct script_rt *rt, struct script_pos pos, struct tbuf *b,
		const char *fmt, size_t fmtlen, const struct val *v, size_t nv);
void eval_val_text(struct script_rt *rt, struct tbuf *b, const struct val *v);

#endif
