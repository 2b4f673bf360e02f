/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Probes: --probe arguments, their places in each object, their hits.
 * See probe.h; doc/probes.md is the user's side.
 */
#include "config.h"

#include <elf.h>
#include <errno.h>
#include <fnmatch.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/user.h>

#include "cli/cli.h"
#include "engine/tcb.h"
#include "libcall/dwarf.h"
#include "libcall/libcall.h"
#include "libcall/printval.h"
#include "libcall/proto.h"
#include "output/emit.h"
#include "output/events.h"
#include "output/output.h"
#include "probe/cond.h"
#include "probe/dwval.h"
#include "probe/objects.h"
#include "probe/probe.h"
#include "probe/resolve.h"
#include "probe/spec.h"
#include "probe/usdt.h"
#include "stats/stats.h"
#include "log.h"

/* How a value prints: its cast suffix, or its kind's default. */
struct pcast {
	enum { PC_DEFAULT, PC_STRING, PC_HEX, PC_SIGNED, PC_UNSIGNED } how;
	unsigned int bits;	/* 8, 16, 32, 64 */
};

/* One value a hit shows (or a condition reads). */
struct pval {
	char *text;		/* as written: the name it prints under */
	enum { PV_DWARF, PV_ARGN, PV_REG, PV_RETVAL, PV_SDT,
	       PV_NONE,	/* not at this site (another place has it) */
	} kind;
	unsigned int n;		/* PV_ARGN, PV_SDT: 1-based */
	size_t reg;		/* PV_REG: offset in user_regs_struct */
	struct pcast cast;
	struct dv_expr *dv;	/* PV_DWARF */
	/* PV_RETVAL without a cast: the function's prototype (DWARF, or
	 * the library-call table), which says how the value prints. */
	const struct proto *proto;
};

struct probe {
	struct probe *next;
	char *name;		/* the spec, as printed */
	struct probe_spec spec;
	char **vtext;		/* the values asked for */
	unsigned int nv;
	char *cond_text;	/* NULL: none */
	unsigned int planted;	/* breakpoints placed, all processes */
	unsigned long id;	/* its row in -c's table */
	bool said_taken;	/* a place of it was taken: said once */
	bool quiet;		/* the observers' only (probe_add_quiet) */
};

/* One place of a probe in one object file: a breakpoint's data. */
struct phit {
	struct probe *pr;
	const struct probe_site *site;
	const char *path;
	struct pval *vals;
	unsigned int nvals;
	struct cond *cond;
	struct usdt_arg sargs[12];
	int nsargs;
	bool partial;		/* some value is not at this site */
	/*
	 * Other probes' places at the same address, same kind (the core
	 * takes one breakpoint an address): they are hit with this one,
	 * in the order given.  chained: this one is in another's list.
	 */
	struct phit *same;
	bool chained;
};

/* An object file, resolved once for every probe. */
struct pobj {
	struct pobj *next;
	char *path;
	struct probe_sites *sites;	/* per probe, in list order */
	struct phit **hits;		/* per probe: one per site */
	bool *failed;			/* per probe: values did not compile */
};

static struct probe *probes, **probes_tail = &probes;
static unsigned int nprobes;
static struct pobj *pobjs;

/* The hit observers (probe_observer_register). */
static struct {
	probe_observer_fn *fn;
	void *data;
} observers[4];
static unsigned int nobservers;

int probe_observer_register(probe_observer_fn *fn, void *data)
{
	if (nobservers == sizeof(observers) / sizeof(observers[0]))
		return -1;
	observers[nobservers].fn = fn;
	observers[nobservers].data = data;
	nobservers++;
	return 0;
}

bool probe_active(void)
{
	return probes != NULL;
}

/* --- parsing ------------------------------------------------------------ */

static char *next_word(char **s)
{
	char *p = *s, *w;

	while (*p == ' ' || *p == '\t')
		p++;
	if (!*p) {
		*s = p;
		return NULL;
	}
	w = p;
	while (*p && *p != ' ' && *p != '\t')
		p++;
	if (*p)
		*p++ = '\0';
	*s = p;
	return w;
}

static int pval_check(const struct probe *pr, const char *text, char *err,
		      size_t errlen);
static void *check_bind(void *ctx, const char *ref, char *err, size_t errlen);

/*
 * What can be said wrong of a probe without its places (a cast, a
 * register, $retval off %return, the condition's syntax), said at once:
 * under -p no program is read before the attach.
 */
static int probe_check(struct probe *pr, char *err, size_t errlen)
{
	struct cond *c;

	for (unsigned int i = 0; i < pr->nv; i++)
		if (pval_check(pr, pr->vtext[i], err, errlen) < 0)
			return -1;
	if (!pr->cond_text)
		return 0;
	c = cond_compile(pr->cond_text, check_bind, pr, err, errlen);
	if (!c)
		return -1;
	cond_free(c, NULL);
	return 0;
}

/* A probe that was refused: all it holds. */
static void probe_free(struct probe *pr)
{
	for (unsigned int i = 0; i < pr->nv; i++)
		free(pr->vtext[i]);
	free(pr->vtext);
	free(pr->cond_text);
	free(pr->name);
	probe_spec_release(&pr->spec);
	free(pr);
}

static const char *add_probe(const char *arg, bool quiet, unsigned long *id)
{
	static char why[256];
	struct probe *pr = calloc(1, sizeof(*pr));
	char *copy = strdup(arg), *rest = copy, *w;
	const char *reason = NULL;
	char err[200];

	if (!pr || !copy) {
		free(pr);
		free(copy);
		return "out of memory";
	}
	w = next_word(&rest);
	if (!w) {
		snprintf(why, sizeof(why), "an empty probe");
		goto refuse;
	}
	if (probe_spec_parse(w, 0, &pr->spec, &reason) < 0) {
		snprintf(why, sizeof(why), "invalid probe '%s': %s", w,
			 reason ? reason : "out of memory");
		goto refuse;
	}
	pr->name = strdup(w);
	if (!pr->name)
		goto oom;
	while ((w = next_word(&rest))) {
		char **v;

		if (!strcmp(w, "if")) {
			while (*rest == ' ' || *rest == '\t')
				rest++;
			if (!*rest) {
				snprintf(why, sizeof(why),
					 "probe '%s': 'if' without a condition",
					 pr->name);
				goto refuse;
			}
			pr->cond_text = strdup(rest);
			if (!pr->cond_text)
				goto oom;
			break;
		}
		v = realloc(pr->vtext, (pr->nv + 1) * sizeof(*v));
		if (!v)
			goto oom;
		pr->vtext = v;
		v[pr->nv] = strdup(w);
		if (!v[pr->nv])
			goto oom;
		pr->nv++;
	}
	if (probe_check(pr, err, sizeof(err)) < 0) {
		snprintf(why, sizeof(why), "probe '%s': %s", pr->name, err);
		goto refuse;
	}
	free(copy);
	pr->id = nprobes++;
	pr->quiet = quiet;
	if (id)
		*id = pr->id;
	*probes_tail = pr;
	probes_tail = &pr->next;
	return NULL;
oom:
	snprintf(why, sizeof(why), "out of memory");
refuse:
	free(copy);
	probe_free(pr);
	return why;
}

const char *probe_add(const char *arg)
{
	return add_probe(arg, false, NULL);
}

const char *probe_add_quiet(const char *arg, unsigned long *id)
{
	return add_probe(arg, true, id);
}

/* --- values --------------------------------------------------------------- */

static const struct {
	const char *name;
	size_t off;
} regs[] = {
#define R(n, f) { n, offsetof(struct user_regs_struct, f) }
	R("rax", rax), R("rbx", rbx), R("rcx", rcx), R("rdx", rdx),
	R("rsi", rsi), R("rdi", rdi), R("rbp", rbp), R("rsp", rsp),
	R("r8", r8), R("r9", r9), R("r10", r10), R("r11", r11),
	R("r12", r12), R("r13", r13), R("r14", r14), R("r15", r15),
	R("rip", rip), R("eflags", eflags),
	/* An i386 tracee's registers are in the same slots. */
	R("eax", rax), R("ebx", rbx), R("ecx", rcx), R("edx", rdx),
	R("esi", rsi), R("edi", rdi), R("ebp", rbp), R("esp", rsp),
	R("eip", rip),
#undef R
};

/* Splits a ":cast" suffix off text (in place); false when unknown. */
static bool parse_cast(char *text, struct pcast *c)
{
	char *colon = strrchr(text, ':');
	const char *k;
	char *end;
	unsigned long bits;

	c->how = PC_DEFAULT;
	c->bits = 64;
	if (!colon)
		return true;
	k = colon + 1;
	if (!strcmp(k, "string")) {
		c->how = PC_STRING;
	} else if (k[0] == 'x' || k[0] == 's' || k[0] == 'u') {
		bits = strtoul(k + 1, &end, 10);
		if (*end || (bits != 8 && bits != 16 && bits != 32 &&
			     bits != 64))
			return false;
		c->how = k[0] == 'x' ? PC_HEX :
			 k[0] == 's' ? PC_SIGNED : PC_UNSIGNED;
		c->bits = (unsigned int)bits;
	} else {
		return false;
	}
	*colon = '\0';
	return true;
}

static bool number_after(const char *s, const char *prefix, unsigned int *n)
{
	size_t len = strlen(prefix);
	char *end;
	unsigned long v;

	if (strncmp(s, prefix, len) || s[len] < '1' || s[len] > '9')
		return false;
	v = strtoul(s + len, &end, 10);
	if (*end || v > 64)
		return false;
	*n = (unsigned int)v;
	return true;
}

/* The checks of pval_compile that need no place: 0, or -1 and err. */
static int pval_check(const struct probe *pr, const char *text, char *err,
		      size_t errlen)
{
	char *base = strdup(text);
	struct pcast c;
	unsigned int n;
	int rc = -1;

	if (!base) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (!parse_cast(base, &c)) {
		snprintf(err, errlen, "unknown cast in '%s'", text);
	} else if (base[0] == '%') {
		for (size_t i = 0; i < sizeof(regs) / sizeof(regs[0]); i++)
			if (!strcmp(base + 1, regs[i].name))
				rc = 0;
		if (rc < 0)
			snprintf(err, errlen, "no register '%s'", base);
	} else if (!strcmp(base, "$retval")) {
		if (pr->spec.ret)
			rc = 0;
		else
			snprintf(err, errlen,
				 "$retval is only known at %%return");
	} else if (base[0] == '$' && strcmp(base, "$args") &&
		   !number_after(base, "$arg", &n)) {
		snprintf(err, errlen, "unknown value '%s'", base);
	} else {
		rc = 0;
	}
	free(base);
	return rc;
}

/* A condition's reference, checked as a value: a dummy handle. */
static void *check_bind(void *ctx, const char *ref, char *err, size_t errlen)
{
	static char ok;

	return pval_check(ctx, ref, err, errlen) < 0 ? NULL : &ok;
}

/* How the function of h's %return returns, or NULL. */
static const struct proto *ret_proto(const struct phit *h)
{
	struct dwarf_protos *dp;
	const struct proto *p = NULL;

	if (!h->site->func)
		return NULL;
	p = proto_lookup(h->site->func, NULL);
	if (p)
		return p;
	/* Kept open for as long as sltrace runs: p lives in it. */
	dp = dwarf_protos_open(h->path);
	return dp ? dwarf_proto_lookup(dp, h->site->func) : NULL;
}

/*
 * Compiles one value for hit h.  dv: the object's DWARF (or NULL).
 * 0, or -1 with a reason in err.
 */
static int pval_compile(struct phit *h, struct dv_obj *dv, const char *text,
			struct pval *v, char *err, size_t errlen)
{
	char *base = strdup(text);

	memset(v, 0, sizeof(*v));
	if (!base)
		return -1;
	/* A cast is a suffix of a name, never part of %REG's name. */
	if (!parse_cast(base, &v->cast)) {
		snprintf(err, errlen, "unknown cast in '%s'", text);
		goto bad;
	}
	/* Shown under its name: the cast says how, not what. */
	v->text = strdup(base);
	if (base[0] == '%') {
		for (size_t i = 0; i < sizeof(regs) / sizeof(regs[0]); i++)
			if (!strcmp(base + 1, regs[i].name)) {
				v->kind = PV_REG;
				v->reg = regs[i].off;
				goto ok;
			}
		snprintf(err, errlen, "no register '%s'", base);
		goto bad;
	}
	if (!strcmp(base, "$retval")) {
		if (!h->pr->spec.ret) {
			snprintf(err, errlen, "$retval is only known at %%return");
			goto bad;
		}
		v->kind = PV_RETVAL;
		if (v->cast.how == PC_DEFAULT)
			v->proto = ret_proto(h);
		goto ok;
	}
	if (number_after(base, "$arg", &v->n)) {
		v->kind = PV_ARGN;
		goto ok;
	}
	if (h->pr->spec.kind == PROBE_SDT && number_after(base, "arg", &v->n)) {
		if ((int)v->n > h->nsargs) {
			snprintf(err, errlen, "%s:%s has %d argument%s, not %s",
				 h->pr->spec.provider, h->pr->spec.name,
				 h->nsargs, h->nsargs == 1 ? "" : "s", base);
			goto bad;
		}
		v->kind = PV_SDT;
		goto ok;
	}
	if (base[0] == '$') {
		snprintf(err, errlen, "unknown value '%s'", base);
		goto bad;
	}
	if (!dv) {
		snprintf(err, errlen, "no DWARF to find '%s' in %s", text,
			 h->path);
		goto bad;
	}
	v->kind = PV_DWARF;
	/* dwval takes the cast itself. */
	v->dv = dv_compile(dv, h->site->addr, text, err, errlen);
	if (!v->dv) {
		/*
		 * Not visible here, which may be right: a line's inlined
		 * copy in another function.  The caller refuses the
		 * probe only when no site has it.
		 */
		v->kind = PV_NONE;
		h->partial = true;
	}
ok:
	free(base);
	return 0;
bad:
	free(base);
	free(v->text);
	v->text = NULL;
	return -1;
}

static void pval_release(struct pval *v)
{
	free(v->text);
	if (v->dv)
		dv_expr_free(v->dv);
	memset(v, 0, sizeof(*v));
}

static int add_val(struct phit *h, const struct pval *v)
{
	struct pval *nv = realloc(h->vals, (h->nvals + 1) * sizeof(*nv));

	if (!nv)
		return -1;
	h->vals = nv;
	nv[h->nvals++] = *v;
	return 0;
}

/* The parameters of the function at site h as values of h ("$args"):
 * none without DWARF. */
static int add_args(struct phit *h, struct dv_obj *dv)
{
	struct dv_expr **args = NULL;
	unsigned int n = dv ? dv_compile_args(dv, h->site->addr, &args) : 0;
	struct pval v;

	for (unsigned int i = 0; i < n; i++) {
		memset(&v, 0, sizeof(v));
		v.kind = PV_DWARF;
		v.dv = args[i];
		v.text = strdup(dv_expr_name(args[i]));
		if (add_val(h, &v) < 0)
			return -1;
	}
	free(args);
	return 0;
}

/* Every value of the probe at site h, or the defaults when none. */
static int compile_values(struct phit *h, struct dv_obj *dv, char *err,
			  size_t errlen)
{
	const struct probe *pr = h->pr;
	struct pval v;

	if (!pr->nv) {
		/* The defaults: what a user would ask first. */
		if (pr->spec.kind == PROBE_SDT) {
			for (int i = 1; i <= h->nsargs; i++) {
				char t[16];

				snprintf(t, sizeof(t), "arg%d", i);
				if (pval_compile(h, dv, t, &v, err, errlen) < 0 ||
				    add_val(h, &v) < 0)
					return -1;
			}
		} else if (pr->spec.ret) {
			if (pval_compile(h, dv, "$retval", &v, err, errlen) < 0 ||
			    add_val(h, &v) < 0)
				return -1;
		} else if (pr->spec.kind == PROBE_FUNC && !pr->spec.has_offset) {
			if (add_args(h, dv) < 0)
				return -1;
		}
		return 0;
	}
	for (unsigned int i = 0; i < pr->nv; i++) {
		if (!strcmp(pr->vtext[i], "$args")) {
			if (add_args(h, dv) < 0)
				return -1;
			continue;
		}
		if (pval_compile(h, dv, pr->vtext[i], &v, err, errlen) < 0 ||
		    add_val(h, &v) < 0)
			return -1;
	}
	return 0;
}

/* --- conditions ------------------------------------------------------------ */

struct bind_ctx {
	struct phit *h;
	struct dv_obj *dv;
};

/* Why a reference of the condition is not at a place, the first time:
 * said when no place has them all (report_missing). */
static char cond_missing[256];

static void *cond_bind(void *ctx, const char *ref, char *err, size_t errlen)
{
	struct bind_ctx *b = ctx;
	struct pval *v = malloc(sizeof(*v));

	if (!v || pval_compile(b->h, b->dv, ref, v, err, errlen) < 0) {
		free(v);
		return NULL;
	}
	if (v->kind == PV_NONE && !cond_missing[0])
		snprintf(cond_missing, sizeof(cond_missing), "%s", err);
	return v;
}

static void cond_free_val(void *handle)
{
	pval_release(handle);
	free(handle);
}

/* --- a hit ------------------------------------------------------------------ */

struct hit_ctx {
	struct tcb *tcp;
	const struct phit *h;
	const struct user_regs_struct *u;
	uint64_t pc;		/* the breakpoint's */
	bool at_return;
	struct dv_frame f;
};

static int read_cb(void *ctx, uint64_t addr, void *buf, size_t len)
{
	return lc_client_read(ctx, addr, buf, len);
}

static uint64_t reg_at(const struct user_regs_struct *u, size_t off)
{
	uint64_t v;

	memcpy(&v, (const char *)u + off, sizeof(v));
	return v;
}

/* A raw value of a non-DWARF kind: 0, or -errno. */
static int raw_value(const struct hit_ctx *x, const struct pval *v,
		     uint64_t *out, bool *is_signed)
{
	static const size_t argregs[6] = {
		offsetof(struct user_regs_struct, rdi),
		offsetof(struct user_regs_struct, rsi),
		offsetof(struct user_regs_struct, rdx),
		offsetof(struct user_regs_struct, rcx),
		offsetof(struct user_regs_struct, r8),
		offsetof(struct user_regs_struct, r9),
	};
	const struct user_regs_struct *u = x->u;
	bool is64 = x->f.is64;

	*is_signed = false;
	switch (v->kind) {
	case PV_REG:
		*out = reg_at(u, v->reg);
		if (!is64)
			*out &= 0xffffffffu;
		return 0;
	case PV_RETVAL:
		*is_signed = true;
		*out = is64 ? u->rax : (uint64_t)(int64_t)(int32_t)u->rax;
		return 0;
	case PV_ARGN:
		*is_signed = true;
		if (is64) {
			uint64_t w;

			if (v->n <= 6) {
				*out = reg_at(u, argregs[v->n - 1]);
				return 0;
			}
			/* At the entry [rsp] is the return address. */
			if (lc_client_read(x->tcp, u->rsp + 8 * (v->n - 6), &w,
					   8) < 0)
				return -EFAULT;
			*out = w;
		} else {
			int32_t w;

			if (lc_client_read(x->tcp, u->rsp + 4 * v->n, &w, 4) < 0)
				return -EFAULT;
			*out = (uint64_t)(int64_t)w;
		}
		return 0;
	case PV_SDT: {
		const struct usdt_arg *a = &x->h->sargs[v->n - 1];
		int64_t val;
		int rc = usdt_arg_value(a, u, is64, x->f.bias, read_cb,
					x->tcp, &val);

		if (rc < 0)
			return rc;
		*out = (uint64_t)val;
		*is_signed = a->size < 0;
		return 0;
	}
	default:
		return -EINVAL;
	}
}

static uint64_t mask_bits(uint64_t v, unsigned int bits)
{
	return bits >= 64 ? v : v & ((1ULL << bits) - 1);
}

static int64_t sext_bits(uint64_t v, unsigned int bits)
{
	unsigned int sh = 64 - bits;

	return bits >= 64 ? (int64_t)v : (int64_t)(v << sh) >> sh;
}

static void print_val(struct hit_ctx *x, const struct pval *v)
{
	uint64_t raw;
	bool is_signed;

	if (v->kind == PV_NONE) {
		emit_raw(x->tcp, "<unavailable>");
		return;
	}
	if (v->kind == PV_DWARF) {
		dv_print(x->tcp, v->dv, &x->f);
		return;
	}
	if (v->proto) {
		struct lc_regs entry = { 0 }, r = { 0 };

		entry.compat = r.compat = !x->f.is64;
		r.ret = x->f.is64 ? x->u->rax : (uint32_t)x->u->rax;
		r.sp = x->u->rsp;
		/* i386 returns floating point in st0: not read here. */
		if (x->f.is64 && lc_proto_needs_fp(v->proto)) {
			struct user_fpregs_struct fp;

			if (ptrace(PTRACE_GETFPREGS, x->tcp->pid, NULL, &fp) == 0) {
				memcpy(&r.xmm[0], &fp.xmm_space[0], 8);
				r.have_fp = true;
			}
		}
		lc_print_retval(x->tcp, v->proto, &entry, &r);
		return;
	}
	if (raw_value(x, v, &raw, &is_signed) < 0) {
		emit_raw(x->tcp, "<unreadable>");
		return;
	}
	switch (v->cast.how) {
	case PC_STRING:
		emit_cstr(x->tcp, raw);
		break;
	case PC_HEX:
		emit_hex(x->tcp, mask_bits(raw, v->cast.bits));
		break;
	case PC_SIGNED:
		emit_int(x->tcp, sext_bits(raw, v->cast.bits));
		break;
	case PC_UNSIGNED:
		emit_uint(x->tcp, mask_bits(raw, v->cast.bits));
		break;
	default:
		if (v->kind == PV_REG)
			emit_hex(x->tcp, raw);
		else if (is_signed)
			emit_int(x->tcp, (int64_t)raw);
		else
			emit_uint(x->tcp, raw);
		break;
	}
}

static int cond_get(void *ctx, void *handle, struct dv_scalar *out)
{
	struct hit_ctx *x = ctx;
	const struct pval *v = handle;
	uint64_t raw;
	bool is_signed;
	int rc;

	memset(out, 0, sizeof(*out));
	if (v->kind == PV_NONE)
		return -ENODATA;
	if (v->kind == PV_DWARF)
		return dv_eval_scalar(v->dv, &x->f, out);
	rc = raw_value(x, v, &raw, &is_signed);
	if (rc < 0)
		return rc;
	switch (v->cast.how) {
	case PC_STRING: {
		size_t n = 0;

		/* Byte by byte up to a NUL: no page boundary is crossed
		 * that the string does not cross.  Not even its first
		 * byte: unreadable, not "" (a test of it is false). */
		if (lc_client_read(x->tcp, raw, &out->str[0], 1) < 0)
			return -EFAULT;
		while (n + 1 < sizeof(out->str) &&
		       lc_client_read(x->tcp, raw + n, &out->str[n], 1) == 0 &&
		       out->str[n])
			n++;
		out->str[n] = '\0';
		out->kind = DVS_STRING;
		return 0;
	}
	case PC_SIGNED:
		out->kind = DVS_INT;
		out->i = sext_bits(raw, v->cast.bits);
		return 0;
	case PC_HEX:
	case PC_UNSIGNED:
		out->kind = DVS_UINT;
		out->u = mask_bits(raw, v->cast.bits);
		return 0;
	default:
		if (is_signed) {
			out->kind = DVS_INT;
			out->i = (int64_t)raw;
		} else {
			out->kind = DVS_UINT;
			out->u = raw;
		}
		return 0;
	}
}

/*
 * The observers are told of the hit: each value evaluated as the
 * condition reads it (cond_get), in the order the line shows them.
 */
static void observe(struct hit_ctx *x)
{
	static struct dv_scalar *sc;
	static struct probe_value *pv;
	static unsigned int cap;
	const struct phit *h = x->h;
	struct probe_hit_info hi = {
		.id = h->pr->id, .spec = h->pr->name, .quiet = h->pr->quiet,
		.at_return = x->at_return, .pc = x->pc, .nvals = h->nvals,
	};

	if (h->nvals > cap) {
		struct dv_scalar *s2 = realloc(sc, h->nvals * sizeof(*s2));
		struct probe_value *p2;

		if (s2)
			sc = s2;
		p2 = realloc(pv, h->nvals * sizeof(*p2));
		if (p2)
			pv = p2;
		if (!s2 || !p2)
			return;
		cap = h->nvals;
	}
	for (unsigned int i = 0; i < h->nvals; i++) {
		struct probe_value *v = &pv[i];

		memset(v, 0, sizeof(*v));
		v->name = h->vals[i].text;
		if (cond_get(x, &h->vals[i], &sc[i]) < 0)
			continue;	/* PROBE_V_NONE */
		/* $retval as its prototype types it (an int's rax). */
		if (h->vals[i].kind == PV_RETVAL && h->vals[i].proto &&
		    h->vals[i].cast.how == PC_DEFAULT && sc[i].kind == DVS_INT)
			sc[i].i = proto_narrow(&h->vals[i].proto->ret,
					       (uint64_t)sc[i].i);
		switch (sc[i].kind) {
		case DVS_INT:
			v->kind = PROBE_V_INT;
			v->i = sc[i].i;
			break;
		case DVS_UINT:
			v->kind = PROBE_V_UINT;
			v->i = (int64_t)sc[i].u;
			break;
		case DVS_FLOAT:
			v->kind = PROBE_V_FLOAT;
			v->d = sc[i].d;
			break;
		case DVS_STRING:
			v->kind = PROBE_V_STR;
			v->s = sc[i].str;
			v->len = strlen(sc[i].str);
			break;
		default:
			break;
		}
	}
	hi.vals = pv;
	for (unsigned int i = 0; i < nobservers; i++)
		observers[i].fn(x->tcp, &hi, observers[i].data);
}

static void hit_one(struct tcb *tcp, const struct phit *h, uint64_t pc,
		    const struct user_regs_struct *u, bool at_return)
{
	struct hit_ctx x = {
		.tcp = tcp, .h = h, .u = u, .pc = pc, .at_return = at_return,
	};

	/* A thread nobody follows (no -f) has no line to print on. */
	if (!tcp->out)
		return;
	x.f.regs = u;
	/* Not tcp->pers: it changes at the first syscall stop after an
	 * exec, which -e trace=none never sees. */
	x.f.is64 = lc_client_is64(tcp);
	x.f.bias = pc - h->site->addr;
	x.f.read = read_cb;
	x.f.ctx = tcp;
	if (h->cond && !cond_eval(h->cond, cond_get, &x))
		return;
	if (nobservers)
		observe(&x);
	if (h->pr->quiet)
		return;
	if (stats_enabled()) {
		struct stats_sample smp = { .name = h->pr->name };

		stats_add(STATS_PROBE, 0, h->pr->id, &smp);
		if (cfg.summary == SUMMARY_ONLY)
			return;
	}
	event_probe_begin(tcp, h->pr->name);
	if (h->nvals) {
		emit_struct_begin(tcp);
		for (unsigned int i = 0; i < h->nvals; i++) {
			emit_field(tcp, h->vals[i].text);
			print_val(&x, &h->vals[i]);
		}
		emit_struct_end(tcp);
	}
	event_probe_end(tcp, h->nvals != 0);
}

static void probe_hit(struct tcb *tcp, void *data, uint64_t pc,
		      const struct user_regs_struct *u, bool at_return)
{
	/*
	 * -k unwinds from the task's registers, which at an entry hit
	 * still have the rip the int3 left, one byte past the probed
	 * instruction (past the function when that is its last one: no
	 * symbol, no CFI, the stack ends there).  u has rip at the
	 * instruction; the core sets the registers again after the hit.
	 * A return hit comes with the registers set already.
	 */
	if (cfg.stack_trace && !at_return && tcp->out &&
	    ptrace(PTRACE_SETREGS, tcp->pid, NULL, u) < 0)
		debug("probe: pid %d: PTRACE_SETREGS: %m", tcp->pid);
	for (const struct phit *h = data; h; h = h->same)
		hit_one(tcp, h, pc, u, at_return);
}

/* --- objects ---------------------------------------------------------------- */

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

static bool obj_matches(const struct probe *pr, const char *path)
{
	return !pr->spec.obj || !fnmatch(pr->spec.obj, base_name(path), 0);
}

/* The ELF class of the file at path: 64-bit unless it says 32. */
static bool file_is64(const char *path)
{
	unsigned char id[EI_NIDENT] = { 0 };
	FILE *f = fopen(path, "re");

	if (f) {
		if (fread(id, 1, sizeof(id), f) != sizeof(id))
			id[EI_CLASS] = ELFCLASS64;
		fclose(f);
	}
	return id[EI_CLASS] != ELFCLASS32;
}

/* Says which value of h has no variable behind it, as dwval words it. */
static void report_missing(const struct probe *pr, const struct phit *h,
			   struct dv_obj *dv, const char *path)
{
	char err[256] = "";

	for (unsigned int i = 0; i < h->nvals; i++) {
		if (h->vals[i].kind != PV_NONE)
			continue;
		if (!dv)
			snprintf(err, sizeof(err), "no DWARF to find '%s' in %s",
				 h->vals[i].text, path);
		else {
			struct dv_expr *e = dv_compile(dv, h->site->addr,
						       h->vals[i].text, err,
						       sizeof(err));

			if (e)
				dv_expr_free(e);
		}
		break;
	}
	if (!err[0])
		snprintf(err, sizeof(err), "%s", cond_missing[0] ? cond_missing :
			 "a value of its condition is not there");
	msg_error("probe '%s' in %s: %s", pr->name, path, err);
}

/*
 * Places of several probes at one address share its breakpoint: each
 * later one is chained to the first (entry with entry, %return with
 * %return; an entry and a %return at one address are the core's to
 * tell apart).
 */
static void chain_same(struct pobj *o)
{
	unsigned int k = 0;

	for (struct probe *pr = probes; pr; pr = pr->next, k++) {
		if (o->failed[k])
			continue;
		for (unsigned int i = 0; i < o->sites[k].n; i++) {
			struct phit *h = &o->hits[k][i], *first = NULL;
			unsigned int k2 = 0;

			for (struct probe *p2 = probes; p2 && !first;
			     p2 = p2->next, k2++) {
				if (o->failed[k2] || p2->spec.ret != pr->spec.ret)
					continue;
				for (unsigned int j = 0; j < o->sites[k2].n; j++) {
					struct phit *g = &o->hits[k2][j];

					if (g == h)
						break;
					if (!g->chained &&
					    g->site->addr == h->site->addr) {
						first = g;
						break;
					}
				}
				if (p2 == pr)
					break;
			}
			if (!first)
				continue;
			while (first->same)
				first = first->same;
			first->same = h;
			h->chained = true;
		}
	}
}

/*
 * The hits of probe k (index pr) in the file at path, compiled once.
 * A value that does not compile is said once, and the probe's sites in
 * that file are left out.
 */
static struct pobj *pobj_get(const char *path)
{
	struct pobj *o;
	struct dv_obj *dv = NULL;
	bool dv_tried = false;
	unsigned int k = 0;

	for (o = pobjs; o; o = o->next)
		if (!strcmp(o->path, path))
			return o;
	o = calloc(1, sizeof(*o));
	if (!o)
		return NULL;
	o->path = strdup(path);
	o->sites = calloc(nprobes, sizeof(*o->sites));
	o->hits = calloc(nprobes, sizeof(*o->hits));
	o->failed = calloc(nprobes, sizeof(*o->failed));
	if (!o->path || !o->sites || !o->hits || !o->failed) {
		free(o->path);
		free(o->sites);
		free(o->hits);
		free(o->failed);
		free(o);
		return NULL;
	}
	for (struct probe *pr = probes; pr; pr = pr->next, k++) {
		struct probe_sites *ss = &o->sites[k];

		if (!obj_matches(pr, path) ||
		    probe_resolve(&pr->spec, path, ss) < 0 || !ss->n)
			continue;
		if (!dv_tried) {
			dv = dv_open(path);
			dv_tried = true;
		}
		o->hits[k] = calloc(ss->n, sizeof(**o->hits));
		if (!o->hits[k]) {
			ss->n = 0;
			continue;
		}
		unsigned int whole = 0;

		cond_missing[0] = '\0';

		for (unsigned int i = 0; i < ss->n; i++) {
			struct phit *h = &o->hits[k][i];
			char err[256] = "";

			h->pr = pr;
			h->site = &ss->v[i];
			h->path = o->path;
			if (h->site->sdt_args) {
				h->nsargs = usdt_args_parse(h->site->sdt_args,
							    file_is64(path),
							    h->sargs, 12);
				if (h->nsargs < 0)
					h->nsargs = 0;
				else if (probe_resolve_syms(path, h->sargs,
							    h->nsargs) < 0)
					debug("probe %s: the symbols of its arguments are not in %s",
					      pr->name, path);
			}
			if (compile_values(h, dv, err, sizeof(err)) == 0 &&
			    pr->cond_text) {
				struct bind_ctx b = { h, dv };

				h->cond = cond_compile_ex(pr->cond_text,
							  cond_bind,
							  cond_free_val, &b,
							  err, sizeof(err));
			}
			if (h->partial && !err[0])
				continue;	/* "<unavailable>" here */
			if (err[0]) {
				if (!o->failed[k])
					msg_error("probe '%s' in %s: %s",
						  pr->name, path, err);
				o->failed[k] = true;
				continue;
			}
			whole++;
		}
		/* Every place lacks some value: the user's mistake. */
		if (ss->n && !whole && !o->failed[k]) {
			report_missing(pr, &o->hits[k][0], dv, path);
			o->failed[k] = true;
		}
	}
	chain_same(o);
	o->next = pobjs;
	pobjs = o;
	return o;
}

static void probe_object(struct lc_arm_ctx *cx, const char *path,
			 uint64_t bias, bool is_main)
{
	struct pobj *o = pobj_get(path);
	unsigned int k = 0;

	(void)is_main;
	if (!o)
		return;
	for (struct probe *pr = probes; pr; pr = pr->next, k++) {
		const struct probe_sites *ss = &o->sites[k];

		if (o->failed[k])
			continue;
		for (unsigned int i = 0; i < ss->n; i++) {
			const struct probe_site *s = &ss->v[i];
			int rc;

			if (o->hits[k][i].chained) {
				pr->planted++;	/* on another's breakpoint */
				continue;
			}
			rc = lc_client_plant(cx, bias + s->addr,
					     &o->hits[k][i], pr->spec.ret);
			if (rc == -EEXIST && !pr->said_taken) {
				/* A library call's breakpoint (-L, a -fno-plt
				 * callee's entry): the core has one an address. */
				msg_error("probe '%s': %s+%#llx has another breakpoint already: not placed there",
					  pr->name, base_name(path),
					  (unsigned long long)s->addr);
				pr->said_taken = true;
			}
			if (rc < 0) {
				debug("probe %s: %#llx: no breakpoint: %s",
				      pr->name,
				      (unsigned long long)(bias + s->addr),
				      strerror(-rc));
				continue;
			}
			pr->planted++;
			if (s->semaphore &&
			    lc_client_count(cx, bias + s->semaphore, 1) < 0)
				debug("probe %s: semaphore %#llx unwritable",
				      pr->name,
				      (unsigned long long)(bias + s->semaphore));
		}
	}
}

static const struct lc_client probe_client = {
	.object = probe_object,
	.hit = probe_hit,
};

/*
 * The program's own files, before it runs: a probe that matches nothing
 * there or whose values have no meaning is the user's mistake, said now.
 * A probe with @OBJ naming no startup object may still match a dlopen'ed
 * one: it is only checked when its object is there.
 */
static int check_files(const char *prog)
{
	struct probe_objects objs = { 0 };
	unsigned int k = 0;
	int rc = 0;

	if (probe_objects_find(prog, &objs) < 0)
		return 0;	/* the launch will say why */
	for (struct probe *pr = probes; pr; pr = pr->next, k++) {
		bool found = false, obj_seen = false;

		for (size_t i = 0; i < objs.n; i++) {
			struct pobj *o;

			if (!obj_matches(pr, objs.paths[i]))
				continue;
			obj_seen = true;
			o = pobj_get(objs.paths[i]);
			if (!o)
				continue;
			if (o->failed[k]) {
				rc = -1;
				found = true;
				break;
			}
			if (o->sites[k].n)
				found = true;
		}
		if (!found && (obj_seen || !pr->spec.obj)) {
			msg_error("probe '%s' matches nothing in %s or its libraries",
				  pr->name, prog);
			rc = -1;
		}
	}
	probe_objects_release(&objs);
	return rc;
}

int probe_init(const char *prog)
{
	if (!probes)
		return 0;
	if (prog && check_files(prog) < 0)
		return -1;
	if (lc_client_register(&probe_client) < 0) {
		msg_error("probes: no room for another breakpoint user");
		return -1;
	}
	return 0;
}

void probe_finish(void)
{
	for (struct probe *pr = probes; pr; pr = pr->next)
		if (!pr->planted)
			debug("probe '%s' was never placed", pr->name);
}
