/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A script's aggregations counted in the kernel (issue 14).  Each clause
 * is planned on its own: one on syscalls (or, when nothing is left on
 * ptrace, on call:FUNC) whose statements only aggregate what the kernel
 * knows of the event -- `@m[KEYS] = count()`, sum, min, max, avg, stats
 * or hist, keys and values among pid, tid, name, comm, retval, errno,
 * errname, latency, cpu and numbers, under comparisons joined by && --
 * becomes statements of the BPF program (kbpf_shared.h), which runs them
 * on the syscall tracepoints (or the PLT uprobes) without a stop.
 * BEGIN and END run in sltrace; the kernel's aggregates are merged into
 * the script's own maps before END, so everything after is as under
 * ptrace.  The other clauses run on ptrace at the same time, and -d
 * says where each clause runs and why.
 */
#include "config.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <linux/types.h>

#include "filter/sets.h"
#include "kbpf/kbpf.h"
#include "kbpf/kbpf_shared.h"
#include "script/agg.h"
#include "script/eval.h"
#include "script/kernel.h"
#include "script/parse.h"
#include "script/stacks.h"
#include "log.h"
#include "sysent/sysent.h"

/* What the host needs to turn a statement's kernel keys into the map's. */
struct khost {
	const char *map;	/* the name without '@' */
	unsigned int nkeys;
	bool errname[KBPF_SKEYS];
};

static struct kbpf_sstmt st[KBPF_SSTMTS];
static struct khost kh[KBPF_SSTMTS];
static unsigned int nst;

static const struct {
	const char *name;
	__u32 src;
} sources[] = {
	{ "pid", KBPF_SRC_PID },	   { "tid", KBPF_SRC_TID },
	{ "name", KBPF_SRC_NR },	   { "retval", KBPF_SRC_RETVAL },
	{ "errno", KBPF_SRC_ERRNO },	   { "errname", KBPF_SRC_ERRNO },
	{ "latency", KBPF_SRC_LATENCY }, { "comm", KBPF_SRC_COMM },
	{ "cpu", KBPF_SRC_CPU },	   { "ustack", KBPF_SRC_USTACK },
};

static const char *const fns[] = { "count", "sum", "min", "max",
				   "avg", "stats", "hist" };

static bool source_of(const struct script_expr *e, __u32 *src)
{
	if (e->kind != SCRIPT_E_IDENT)
		return false;
	for (size_t i = 0; i < sizeof(sources) / sizeof(*sources); i++) {
		if (!strcmp(e->s, sources[i].name)) {
			*src = sources[i].src;
			return true;
		}
	}
	return false;
}

/* A number written as one: 42, -1, ENOENT. */
static bool const_of(const struct script_expr *e, int64_t *v)
{
	__u32 src;

	if (e->kind == SCRIPT_E_INT) {
		*v = (int64_t)e->u;
		return true;
	}
	if (e->kind == SCRIPT_E_UNARY && e->op == '-' &&
	    const_of(e->kid[0], v)) {
		*v = -*v;
		return true;
	}
	return e->kind == SCRIPT_E_IDENT && !source_of(e, &src) &&
	       !script_const_value(e->s, v);
}

/* A number's source: the event's, or a constant. */
static bool number_of(const struct script_expr *e, __u32 *src, __s64 *c,
		      bool *errname)
{
	int64_t v;

	*c = 0;
	*errname = false;
	if (const_of(e, &v)) {
		*c = v;
		*src = KBPF_SRC_CONST;
		return true;
	}
	if (!source_of(e, src))
		return false;
	*errname = !strcmp(e->s, "errname");
	return true;
}

static bool exit_only(__u32 src)
{
	return src == KBPF_SRC_RETVAL || src == KBPF_SRC_ERRNO ||
	       src == KBPF_SRC_LATENCY;
}

static int flip(int op)
{
	switch (op) {
	case '<':
		return '>';
	case '>':
		return '<';
	case SCRIPT_OP_LE:
		return SCRIPT_OP_GE;
	case SCRIPT_OP_GE:
		return SCRIPT_OP_LE;
	default:
		return op;
	}
}

static bool kop(int op, __u32 *out)
{
	switch (op) {
	case SCRIPT_OP_EQ:
		*out = KBPF_OP_EQ;
		return true;
	case SCRIPT_OP_NE:
		*out = KBPF_OP_NE;
		return true;
	case '<':
		*out = KBPF_OP_LT;
		return true;
	case '>':
		*out = KBPF_OP_GT;
		return true;
	case SCRIPT_OP_LE:
		*out = KBPF_OP_LE;
		return true;
	case SCRIPT_OP_GE:
		*out = KBPF_OP_GE;
		return true;
	default:
		return false;
	}
}

/* One comparison more for s; false when e is not one the kernel does. */
static bool add_pred(struct kbpf_sstmt *s, const struct script_expr *e,
		     bool *reads_exit)
{
	const struct script_expr *a, *b;
	int64_t c, unused;
	__s64 ignored;
	bool en;
	__u32 src;
	int op;

	if (e->kind == SCRIPT_E_BINARY && e->op == SCRIPT_OP_AND)
		return add_pred(s, e->kid[0], reads_exit) &&
		       add_pred(s, e->kid[1], reads_exit);
	if (s->npreds == KBPF_SPREDS)
		return false;
	if (source_of(e, &src)) {	/* /retval/: not 0 */
		a = e;
		c = 0;
		op = SCRIPT_OP_NE;
	} else if (e->kind == SCRIPT_E_BINARY) {
		a = e->kid[0];
		b = e->kid[1];
		op = e->op;
		if (const_of(a, &unused)) {
			a = e->kid[1];
			b = e->kid[0];
			op = flip(op);
		}
		if (!const_of(b, &c))
			return false;
	} else {
		return false;
	}
	if (!number_of(a, &src, &ignored, &en) || src == KBPF_SRC_CONST ||
	    src == KBPF_SRC_COMM || src == KBPF_SRC_NR ||
	    src == KBPF_SRC_USTACK || en ||
	    !kop(op, &s->pred_op[s->npreds]))
		return false;
	*reads_exit |= exit_only(src);
	s->pred_src[s->npreds] = src;
	s->pred_const[s->npreds] = c;
	s->npreds++;
	return true;
}

/* The value of sum(v)...: a number, or one times or over a constant. */
static bool value_of(struct kbpf_sstmt *s, const struct script_expr *e,
		     bool *reads_exit)
{
	int64_t c;
	bool en;

	s->val_mul = 1;
	s->val_div = 1;
	if (e->kind == SCRIPT_E_BINARY && (e->op == '/' || e->op == '*') &&
	    const_of(e->kid[1], &c)) {
		if (e->op == '/' && c <= 0)
			return false;
		if (e->op == '/')
			s->val_div = c;
		else
			s->val_mul = c;
		e = e->kid[0];
	}
	if (!number_of(e, &s->val_src, &s->val_const, &en) || en ||
	    s->val_src == KBPF_SRC_COMM || s->val_src == KBPF_SRC_NR ||
	    s->val_src == KBPF_SRC_USTACK)
		return false;
	*reads_exit |= exit_only(s->val_src);
	return true;
}

/* A statement as the kernel runs it, into *s and *h; NULL or why not. */
static const char *stmt_of(const struct script_stmt *x, struct kbpf_sstmt *s,
			   struct khost *h, bool *reads_exit)
{
	const struct script_expr *lhs = x->lhs, *call = x->expr;
	size_t f;

	if (x->kind != SCRIPT_S_ASSIGN || x->op != '=' ||
	    lhs->kind != SCRIPT_E_MAP || call->kind != SCRIPT_E_CALL)
		return "a statement other than @map[...] = an aggregation";
	for (f = 0; f < sizeof(fns) / sizeof(*fns); f++)
		if (!strcmp(call->s, fns[f]))
			break;
	if (f == sizeof(fns) / sizeof(*fns))
		return "an aggregation other than count, sum, min, max, avg, stats or hist";
	if (lhs->n > KBPF_SKEYS)
		return "more than 4 keys";
	s->hist = !strcmp(call->s, "hist");
	s->nkeys = (__u32)lhs->n;
	h->map = lhs->s;
	h->nkeys = (unsigned int)lhs->n;
	for (size_t i = 0; i < lhs->n; i++) {
		if (!number_of(lhs->kid[i], &s->key_src[i], &s->key_const[i],
			       &h->errname[i]))
			return "a key other than pid, tid, name, comm, retval, errno, errname, latency, cpu, ustack or a number";
		*reads_exit |= exit_only(s->key_src[i]);
	}
	if (f == 0) {		/* count(): the value is not read */
		s->val_src = KBPF_SRC_CONST;
		s->val_mul = s->val_div = 1;
	} else if (call->n != 1 || !value_of(s, call->kid[0], reads_exit)) {
		return "a value other than a number, an event's number, or one times or over a constant";
	}
	return NULL;
}

static void bits_from(__u64 (*bits)[KBPF_ROWS / 64], const struct scset *set)
{
	for (int p = 0; p < KBPF_NPERS && p < NUM_PERSONALITIES; p++)
		for (unsigned int nr = 0;
		     nr < sysent_tables[p].count && nr < KBPF_ROWS; nr++)
			if (scset_has(set, p, nr))
				bits[p][nr / 64] |= 1ULL << (nr % 64);
}

static bool noreturn_nr(int pers, unsigned int nr)
{
	const struct sysent *e = sysent_lookup(pers, nr);

	return e && (!strcmp(e->name, "exit") || !strcmp(e->name, "exit_group"));
}

/*
 * The syscalls clause k fires at, at their entry and at their exit, as
 * src/script/run.c fires them (exit and exit_group at their entry).
 */
static void fire_sets(const struct script_clause *cl, bool reads_exit,
		      struct scset *entry, struct scset *exit)
{
	scset_clear(entry);
	scset_clear(exit);
	for (size_t j = 0; j < cl->nprobes; j++) {
		const struct script_probe *p = &cl->probes[j];
		const struct scset *set = script_probe_set(p);

		for (int pers = 0; set && pers < NUM_PERSONALITIES; pers++) {
			for (unsigned int nr = 0; nr < SCSET_NR_MAX; nr++) {
				if (!scset_has(set, pers, nr))
					continue;
				if (p->at == SCRIPT_AT_ENTRY)
					scset_add(entry, pers, nr);
				else if (p->at == SCRIPT_AT_EXIT)
					scset_add(exit, pers, nr);
				else if (!noreturn_nr(pers, nr))
					scset_add(exit, pers, nr);
				else if (!reads_exit)
					scset_add(entry, pers, nr);
			}
		}
	}
}

static bool bits_empty(const struct kbpf_sstmt *s)
{
	for (int p = 0; p < KBPF_NPERS; p++)
		for (unsigned int w = 0; w < KBPF_ROWS / 64; w++)
			if (s->bits[p][w])
				return false;
	return true;
}

/* The clause's statements, as proto says where (at_exit, call, bits). */
static const char *add_clause(const struct script_clause *cl,
			      const struct kbpf_sstmt *proto)
{
	struct kbpf_sstmt head = *proto;
	bool reads_exit = false;

	if (!proto->call && bits_empty(proto))
		return NULL;
	if (cl->pred && !add_pred(&head, cl->pred, &reads_exit))
		return "a predicate other than comparisons of pid, tid, retval, errno or latency with numbers, joined by &&";
	for (size_t i = 0; i < cl->body.n; i++) {
		struct kbpf_sstmt *s = &st[nst];
		const char *why;

		if (nst == KBPF_SSTMTS)
			return "more than 16 aggregations in the kernel";
		*s = head;
		kh[nst] = (struct khost){ 0 };
		why = stmt_of(cl->body.stmt[i], s, &kh[nst], &reads_exit);
		if (why)
			return why;
		if (!proto->at_exit && reads_exit)
			return "a result read at an entry";
		nst++;
	}
	return NULL;
}

/* Runs in sltrace, before or after the trace: BEGIN and END only. */
static bool host_only(const struct script_clause *cl)
{
	for (size_t j = 0; j < cl->nprobes; j++)
		if (cl->probes[j].kind != SCRIPT_PROBE_BEGIN &&
		    cl->probes[j].kind != SCRIPT_PROBE_END)
			return false;
	return true;
}

static bool clause_reads(const struct script_clause *cl, const char *name)
{
	return script_clause_names(cl, 1u << SCRIPT_E_IDENT, name);
}

/* call: clauses are planned only when nothing runs on ptrace. */
static bool allow_calls;
static const char *calls_why;
/* An option that has ptrace run beside (-k, -l...), if any. */
static const char *ptrace_option;

/*
 * The call: clauses in the kernel and their statements, entry's and
 * return's: what a function fires is known by its name only when a
 * program that calls it is probed (with -f, when it is exec'd).
 */
static struct kcall {
	const struct script_clause *cl;
	unsigned int entry_lo, entry_hi, ret_lo, ret_hi;
} kcalls[KBPF_SSTMTS];
static unsigned int nkcalls;

/* The statements the function name fires: bit i for statement i. */
static uint32_t call_mask(const char *name)
{
	uint32_t m = 0;

	for (unsigned int c = 0; c < nkcalls; c++) {
		const struct kcall *k = &kcalls[c];

		for (size_t j = 0; j < k->cl->nprobes; j++) {
			const struct script_probe *p = &k->cl->probes[j];
			bool entry = p->at == SCRIPT_AT_ENTRY;
			unsigned int lo = entry ? k->entry_lo : k->ret_lo;
			unsigned int hi = entry ? k->entry_hi : k->ret_hi;

			if (fnmatch(p->name, name, 0))
				continue;
			for (unsigned int i = lo; i < hi; i++)
				m |= 1u << i;
		}
	}
	return m;
}

/*
 * The functions a call: clause fires at, by row: at their entry
 * (:entry) or return (:return, or no suffix).  NULL, or why not.
 */
static const char *call_clause(const struct script_clause *cl)
{
	struct kbpf_sstmt entry = { .call = 1 }, ret = { .call = 1, .at_exit = 1 };
	struct kcall k = { .cl = cl };
	bool at_entry = false, at_return = false;
	static char why[160];
	const char *no;

	if (ptrace_option) {
		snprintf(why, sizeof(why), "call: beside %s", ptrace_option);
		return why;
	}
	if (!allow_calls)
		return "call: beside clauses on ptrace";
	if (clause_reads(cl, "retval") || clause_reads(cl, "errno") ||
	    clause_reads(cl, "errname"))
		return "a call's retval, errno or errname (the prototype's types)";
	for (size_t j = 0; j < cl->nprobes; j++)
		if (cl->probes[j].lib)
			return "call:FUNC@LIB";
	if (!calls_why) {
		why[0] = '\0';
		if (kbpf_calls_prepare(script_call_rules(), why, sizeof(why)) < 0)
			calls_why = why;
		else
			calls_why = "";
	}
	if (calls_why[0])
		return calls_why;
	if (nkcalls == KBPF_SSTMTS)
		return "more than 16 aggregations in the kernel";
	for (size_t j = 0; j < cl->nprobes; j++) {
		if (cl->probes[j].at == SCRIPT_AT_ENTRY)
			at_entry = true;
		else
			at_return = true;
	}
	k.entry_lo = nst;
	if (at_entry && (no = add_clause(cl, &entry)))
		return no;
	k.entry_hi = k.ret_lo = nst;
	if (at_return && (no = add_clause(cl, &ret)))
		return no;
	k.ret_hi = nst;
	kcalls[nkcalls++] = k;
	return NULL;
}

static const char *plan_clause(const struct script_clause *cl)
{
	struct kbpf_sstmt t = { 0 }, entry = { 0 }, exit = { .at_exit = 1 };
	struct scset in, out;
	bool reads_exit = false;
	const char *no;
	struct khost h;

	if (cl->nprobes && cl->probes[0].kind == SCRIPT_PROBE_CALL) {
		for (size_t j = 0; j < cl->nprobes; j++)
			if (cl->probes[j].kind != SCRIPT_PROBE_CALL)
				return "call: and other probes together";
		return call_clause(cl);
	}
	for (size_t j = 0; j < cl->nprobes; j++)
		if (cl->probes[j].kind != SCRIPT_PROBE_SYSCALL)
			return "a probe other than syscall: and call:";
	/* A first pass for what the clause reads. */
	if (cl->pred)
		add_pred(&t, cl->pred, &reads_exit);
	for (size_t i = 0; i < cl->body.n; i++) {
		t = (struct kbpf_sstmt){ 0 };
		stmt_of(cl->body.stmt[i], &t, &h, &reads_exit);
	}
	fire_sets(cl, reads_exit, &in, &out);
	bits_from(entry.bits, &in);
	bits_from(exit.bits, &out);
	no = add_clause(cl, &entry);
	return no ? no : add_clause(cl, &exit);
}

/*
 * A map the kernel adds to must not be read while the trace runs by a
 * clause on ptrace: it would see only its own part.
 */
static const char *map_read_beside(const struct script *s, size_t k,
				   const bool *kernel)
{
	static char why[96];
	const struct script_block *b = &s->clause[k].body;

	for (size_t i = 0; i < b->n; i++) {
		const char *map = b->stmt[i]->lhs->s;

		for (size_t o = 0; o < s->n; o++) {
			const struct script_clause *cl = &s->clause[o];

			if (o == k || kernel[o] || host_only(cl))
				continue;
			if (!script_clause_names(cl, 1u << SCRIPT_E_MAP, map))
				continue;
			snprintf(why, sizeof(why),
				 "its map @%s is read by clause %zu, on ptrace",
				 map, o + 1);
			return why;
		}
	}
	return NULL;
}

/* Which clauses can run in the kernel, with why not in no[]. */
static void choose(const struct script *s, bool *kernel, const char **no)
{
	bool again = true;

	for (size_t k = 0; k < s->n; k++) {
		nst = 0;
		nkcalls = 0;
		no[k] = host_only(&s->clause[k]) ? NULL :
						   plan_clause(&s->clause[k]);
		kernel[k] = !host_only(&s->clause[k]) && !no[k];
	}
	while (again) {
		again = false;
		for (size_t k = 0; k < s->n; k++) {
			if (kernel[k] && (no[k] = map_read_beside(s, k, kernel))) {
				kernel[k] = false;
				again = true;
			}
		}
	}
}

/* Some clause runs on ptrace. */
static bool any_beside(const struct script *s, const bool *kernel,
		       const char *const *no)
{
	for (size_t k = 0; k < s->n; k++)
		if (!kernel[k] && no[k])
			return true;
	return false;
}

unsigned int kscript_plan(const struct script *s, const char *name,
			  bool *kernel, char *why, size_t size)
{
	const char *no[s->n ? s->n : 1];
	unsigned int n = 0;

	why[0] = '\0';
	/* call: probes in the kernel only when nothing runs on ptrace:
	 * the kernel's uprobes and ptrace's breakpoints would share the
	 * PLT entries, and beside ptrace no uprobe goes in at all. */
	allow_calls = true;
	ptrace_option = kbpf_unsupported();
	choose(s, kernel, no);
	if (any_beside(s, kernel, no)) {
		const char *first[s->n ? s->n : 1];

		memcpy(first, no, sizeof(first));
		allow_calls = false;
		choose(s, kernel, no);
		/* A call: clause that could not anyway says why. */
		for (size_t k = 0; k < s->n; k++)
			if (first[k] && no[k])
				no[k] = first[k];
	}
	/* The statements of the clauses that stay in the kernel. */
	nst = 0;
	nkcalls = 0;
	for (size_t k = 0; k < s->n; k++) {
		const struct script_clause *cl = &s->clause[k];
		unsigned int before = nst;

		if (kernel[k] && (no[k] = plan_clause(cl))) {
			kernel[k] = false;	/* no room left */
			nst = before;
		}
		if (kernel[k]) {
			n++;
			debug("script: clause %zu (%s:%u:%u) runs in the kernel",
			      k + 1, name, cl->pos.line, cl->pos.col);
		} else if (no[k]) {
			debug("script: clause %zu (%s:%u:%u) needs ptrace: %s",
			      k + 1, name, cl->pos.line, cl->pos.col, no[k]);
			if (!why[0])
				snprintf(why, size, "clause %zu (%s:%u:%u): %s",
					 k + 1, name, cl->pos.line,
					 cl->pos.col, no[k]);
		}
	}
	kbpf_calls_match(nkcalls ? call_mask : NULL);
	if (n && kbpf_script_set(st, nst) < 0) {
		snprintf(why, size, "the BPF back end has no room for it");
		return 0;
	}
	return n;
}

/*
 * The name of pers * KBPF_ROWS + nr: the table's row, as ptrace names
 * the event (i386's accept, send and recv sub-calls have rows of their
 * own that sysent_lookup() leaves out).
 */
static const char *nr_name(int64_t v)
{
	int pers = (int)(v / KBPF_ROWS);
	unsigned int nr = (unsigned int)(v % KBPF_ROWS);

	if (pers < 0 || pers >= NUM_PERSONALITIES ||
	    nr >= sysent_tables[pers].count || !sysent_tables[pers].ents[nr].name)
		return "?";
	return sysent_tables[pers].ents[nr].name;
}

struct merge_ctx {
	struct agg_map *const *maps;
	size_t nmaps;
	unsigned long failed;
};

static struct agg_map *map_named(const struct merge_ctx *c, const char *name)
{
	for (size_t i = 0; i < c->nmaps; i++)
		if (!strcmp(agg_map_name(c->maps[i]) + 1, name))
			return c->maps[i];
	return NULL;
}

static void merge_one(void *ctx, const struct kbpf_skey *k,
		      const struct kbpf_sval *v,
		      const unsigned long long *buckets)
{
	struct merge_ctx *c = ctx;
	struct agg_val key[KBPF_SKEYS];
	static uint64_t pcs[KBPF_SKEYS][KBPF_USTACK_MAX];
	const struct khost *h;
	struct agg_map *map;
	struct agg_part p;

	if (k->stmt >= nst)
		return;
	h = &kh[k->stmt];
	map = map_named(c, h->map);
	if (!map) {
		c->failed++;
		return;
	}
	for (unsigned int i = 0; i < h->nkeys; i++) {
		const char *s = NULL;

		key[i].type = AGG_KEY_INT;
		key[i].i = k->k[i];
		if (st[k->stmt].key_src[i] == KBPF_SRC_USTACK) {
			int n = kbpf_ustack(k->k[i], pcs[i], KBPF_USTACK_MAX);

			key[i].type = AGG_KEY_STACK;
			key[i].stack.pc = pcs[i];
			key[i].stack.n = n < 0 ? 0 : (unsigned int)n;
			for (int j = 0; j < n; j++) {
				unsigned int obj = (unsigned int)(pcs[i][j] >>
							KBPF_FRAME_SHIFT);

				pcs[i][j] = stacks_file_pc(obj,
					kbpf_uw_path(obj),
					pcs[i][j] & (KBPF_FRAME_CALLER - 1),
					pcs[i][j] & KBPF_FRAME_CALLER);
			}
			continue;
		}
		if (st[k->stmt].key_src[i] == KBPF_SRC_COMM) {
			s = k->comm;
			key[i].str.len = strnlen(k->comm, sizeof(k->comm));
		} else if (st[k->stmt].key_src[i] == KBPF_SRC_NR &&
			   st[k->stmt].call) {
			s = kbpf_call_name((unsigned int)k->k[i]);
			if (!s)
				s = "?";
		} else if (st[k->stmt].key_src[i] == KBPF_SRC_NR) {
			s = nr_name(k->k[i]);
		} else if (h->errname[i]) {
			s = k->k[i] ? strerrorname_np((int)k->k[i]) : "";
			if (!s)
				s = "";
		}
		if (s && st[k->stmt].key_src[i] != KBPF_SRC_COMM)
			key[i].str.len = strlen(s);
		if (s) {
			key[i].type = AGG_KEY_STR;
			key[i].str.s = s;
		}
	}
	p = (struct agg_part){ (int64_t)v->count, v->sum, v->min, v->max,
			       (const uint64_t *)buckets };
	if (agg_map_merge(map, key, h->nkeys, &p) < 0)
		c->failed++;
}

unsigned long kscript_collect(struct agg_map *const *maps, size_t nmaps)
{
	struct merge_ctx c = { maps, nmaps, 0 };

	kbpf_script_collect(merge_one, &c);
	return c.failed;
}
