/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Arming a process: which breakpoints go where, from the link map.
 * Run at the program's first instruction (every startup library is
 * loaded and relocated then), and at the dynamic linker's r_brk once a
 * dlopen or dlclose is consistent.
 */
#include "config.h"

#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>

#include "bp/bp.h"
#include "cli/cli.h"
#include "engine/tcb.h"
#include "unwind/demangle.h"
#include "libcall/dwarf.h"
#include "libcall/elf.h"
#include "guard/guard.h"
#include "libcall/lcint.h"
#include "libcall/libcall.h"
#include "libcall/linkmap.h"
#include "libcall/ltconf.h"
#include "libcall/proto.h"
#include "filter/rules.h"
#include "log.h"

static int read_cb(void *ctx, uint64_t addr, void *buf, size_t len)
{
	return bp_mem_read(ctx, addr, buf, len);
}

/* The rules' view of an object. */
static void rules_obj(const struct lc_dso *o, struct lc_obj *ro)
{
	ro->name = o->is_main ? strrchr(o->path, '/') ? strrchr(o->path, '/') + 1 :
				o->path : o->name;
	ro->path = o->path;
	ro->is_main = o->is_main;
}

/* Is a call of sym, defined in callee, made from caller, selected? */
static bool plt_match(const struct lc_ruleset *rs, const char *sym,
		      const struct lc_dso *callee, const struct lc_dso *caller)
{
	struct lc_obj a, b;

	if (!rs || !rs->n)
		return false;
	if (callee)
		rules_obj(callee, &a);
	rules_obj(caller, &b);
	return lc_rules_match_obj(rs, sym, callee ? &a : NULL, &b, NULL);
}

static bool entry_match(const struct lc_ruleset *rs, const char *sym,
			const struct lc_dso *o)
{
	struct lc_obj a;

	if (!rs || !rs->n)
		return false;
	rules_obj(o, &a);
	return lc_rules_match_obj(rs, sym, &a, NULL, NULL);
}

/* The object the dynamic linker would bind name to: the first in the
 * link map, other than the caller, that defines it. */
static struct lc_dso *definer(struct lc_proc *p, const char *name,
			      const struct lc_dso *caller)
{
	struct lc_dso *best = NULL;

	for (unsigned int i = 0; i < p->nobj; i++) {
		struct lc_dso *o = p->objv[i];
		const struct elfobj_sym *sym;

		/*
		 * ltrace binds an object's own symbols to itself when nothing
		 * before it in the link map defines them (libc's PLT call of
		 * realloc is libc.so.6->realloc under -l libc.so.6).
		 */
		if ((o == caller && cfg.lc_style != LC_STYLE_LTRACE) ||
		    (best && best->order < o->order))
			continue;
		sym = elfobj_lookup(o->elf, name);
		if (sym && sym->dynamic)
			best = o;
	}
	return best;
}

/* ltrace never reads the dynamic linker's PLT (observed). */
static bool lt_skips(const struct lc_dso *o)
{
	return cfg.lc_style == LC_STYLE_LTRACE && o->name &&
	       (!strncmp(o->name, "ld-linux", 8) ||
		!strncmp(o->name, "ld64.so", 7));
}

/*
 * The defining object as ltrace's -l sees it: ltrace knows a library's
 * STT_FUNC symbols only, so an IFUNC's (strlen, memcpy...) is nobody's.
 */
static const struct lc_dso *lt_visible(const struct lc_dso *lib,
				       const char *name)
{
	const struct elfobj_sym *sym, *v;
	size_t n;

	if (!lib || cfg.lc_style != LC_STYLE_LTRACE)
		return lib;
	sym = elfobj_lookup(lib->elf, name);
	if (!sym || !sym->ifunc)
		return lib;
	/* memcpy: its old version is a plain function ltrace finds. */
	n = elfobj_syms(lib->elf, &v);
	for (size_t i = 0; i < n; i++)
		if (v[i].dynamic && !v[i].ifunc && v[i].value &&
		    !strcmp(v[i].name, name))
			return lib;
	return NULL;
}

/* May the printer's rules select calls o makes through its PLT? */
static bool print_plt_of(const struct lc_dso *o)
{
	return cfg.lc_plt.n && (o->is_main || !cfg.lc_plt.main_only) &&
	       !lt_skips(o);
}

/* The observers whose PLT rules may select calls o makes. */
static unsigned int obs_plt_of(const struct lc_dso *o)
{
	unsigned int who = 0;

	for (unsigned int i = 0; i < lc_nobservers; i++) {
		const struct lc_ruleset *rs = lc_observers[i]->plt;

		if (rs && rs->n && (o->is_main || !rs->main_only))
			who |= LC_WHO_OBS(i);
	}
	return who;
}

/*
 * Who wants the calls of sym that o makes through its PLT slot e (lib:
 * the definer).  The printer in ltrace's style sees what ltrace sees;
 * an observer, every call its rules name.
 */
static unsigned int plt_who(const struct elfobj_plt *e, struct lc_dso *lib,
			    const struct lc_dso *o, bool print,
			    unsigned int obs)
{
	unsigned int who = 0;

	/*
	 * ltrace reads only the PLT's own relocations (.rela.plt): calls
	 * through a GOT slot of .rela.dyn — a .plt.got entry (malloc in a
	 * program that also takes its address, __cxa_finalize), -fno-plt
	 * calls — it never sees.
	 */
	if (print && !(cfg.lc_style == LC_STYLE_LTRACE &&
		       e->reloc == ELFOBJ_GLOB_DAT) &&
	    plt_match(&cfg.lc_plt, e->name, lt_visible(lib, e->name), o))
		who |= LC_WHO_PRINT;
	for (unsigned int i = 0; obs && i < lc_nobservers; i++)
		if ((obs & LC_WHO_OBS(i)) &&
		    plt_match(lc_observers[i]->plt, e->name, lib, o))
			who |= LC_WHO_OBS(i);
	return who;
}

/* Who wants the calls of sym at its entry in o (-L's rules). */
static unsigned int entry_who(const char *sym, const struct lc_dso *o)
{
	unsigned int who = 0;

	if (entry_match(&cfg.lc_entry, sym, o))
		who |= LC_WHO_PRINT;
	for (unsigned int i = 0; i < lc_nobservers; i++)
		if (entry_match(lc_observers[i]->entry, sym, o))
			who |= LC_WHO_OBS(i);
	return who;
}

/* Some rules select function entries. */
static bool entries_wanted(void)
{
	if (cfg.lc_entry.n)
		return true;
	for (unsigned int i = 0; i < lc_nobservers; i++)
		if (lc_observers[i]->entry && lc_observers[i]->entry->n)
			return true;
	return false;
}

static const struct proto *find_proto(const char *name, struct lc_dso *lib,
				      uint64_t value)
{
	const struct proto *pr;

	/* ltrace knows what its files say, and nothing else. */
	if (cfg.lc_style == LC_STYLE_LTRACE) {
		pr = ltconf_lookup(name);
		return pr ? pr : proto_fallback();
	}
	pr = proto_lookup(name, lib ? lib->name : NULL);
	if (!pr && lib) {
		if (!lib->dw_tried) {
			lib->dw_tried = true;
			lib->dw = dwarf_protos_open(lib->path);
		}
		if (lib->dw)
			pr = value ? dwarf_proto_lookup_at(lib->dw, name, value) :
				     dwarf_proto_lookup(lib->dw, name);
	}
	return pr ? pr : proto_fallback();
}

/*
 * Functions whose return address must stay as it is: those that return
 * twice (setjmp saves it for longjmp; a vfork child returns through it
 * before its parent), and the C++ unwinder's entry points, which read the
 * return addresses above them (one pointing at the trap page has no
 * unwind information) and mostly never return.
 */
static int ret_kind(const char *name)
{
	static const char *const twice[] = {
		"setjmp", "_setjmp", "__sigsetjmp", "sigsetjmp", "getcontext",
		"swapcontext", "vfork", "__vfork", "_Unwind_Backtrace",
	};
	static const char *const never[] = {
		"__cxa_throw", "__cxa_rethrow", "_Unwind_Resume",
		"_Unwind_RaiseException", "_Unwind_Resume_or_Rethrow",
		"_Unwind_ForcedUnwind",
	};

	for (size_t i = 0; i < sizeof(twice) / sizeof(twice[0]); i++)
		if (!strcmp(name, twice[i]))
			return RET_TWICE;
	for (size_t i = 0; i < sizeof(never) / sizeof(never[0]); i++)
		if (!strcmp(name, never[i]))
			return RET_NEVER;
	return RET_HOOK;
}

bool lc_returns_once(const char *name)
{
	return ret_kind(name) == RET_HOOK;
}

/*
 * value: the symbol's link-time address in lib when known, else 0.  who:
 * LC_WHO_*, whose calls they are.
 */
static struct lc_site *site_new(const char *name, struct lc_dso *owner,
				struct lc_dso *lib, uint64_t value,
				unsigned int who)
{
	struct lc_site *site = calloc(1, sizeof(*site));
	char *dem = NULL;

	if (!site)
		return NULL;
	site->refs = 1;
	site->owner = owner;
	if (cfg.lc_demangle)
		dem = lc_demangle(name);
	site->name = dem ? dem : strdup(name);
	if (!site->name) {
		free(site);
		return NULL;
	}
	site->who = who;
	/* The observers are told where the function is. */
	if ((who & LC_WHO_OBSERVERS) && lib)
		site->lib = strdup(lib->path);
	site->proto = find_proto(name, lib, value);
	site->ret = ret_kind(name);
	return site;
}

static void plant(struct tcb *tcp, struct lc_proc *p, uint64_t addr,
		  uint64_t got, unsigned int kind, struct lc_site *site)
{
	if (!bp_insert(p->bs, tcp, addr, got, kind, site)) {
		if (errno != EEXIST)
			debug("libcall: %s at %#llx: no breakpoint: %m",
			      site ? site->name : "?",
			      (unsigned long long)addr);
		lc_site_put(site);
	}
}

/*
 * An object's calls into other objects: its PLT slots, and for -fno-plt
 * calls the callee's entry.  print: the printer's rules apply to o; obs:
 * the observers' that do (obs_plt_of).
 */
static void arm_plt(struct tcb *tcp, struct lc_proc *p, struct lc_dso *o,
		    bool print, unsigned int obs)
{
	const struct elfobj_plt *v;
	size_t n = elfobj_plts(o->elf, &v);

	for (size_t i = 0; i < n; i++) {
		const struct elfobj_plt *e = &v[i];
		struct lc_dso *lib, *in;
		struct lc_site *site;
		unsigned int who;
		uint64_t fn = 0;

		if (!e->name || e->reloc == ELFOBJ_IRELATIVE)
			continue;
		lib = definer(p, e->name, o);
		who = plt_who(e, lib, o, print, obs);
		if (!who)
			continue;
		if (e->kind != ELFOBJ_PLT_NONE) {
			site = site_new(e->name, o, lib, 0, who);
			if (site) {
				site->from = o;
				plant(tcp, p, o->bias + e->plt, o->bias + e->got,
				      BPK_PLT, site);
			}
			continue;
		}
		/* call *GOT(%rip): break where the GOT points, in the
		 * callee, and count only the calls coming from here. */
		if (bp_mem_read(p->bs, o->bias + e->got, &fn,
				lc_word(p->bs)) < 0)
			continue;
		in = lc_dso_at(p, fn);
		if (!in || in == o || bp_find(p->bs, fn))
			continue;
		site = site_new(e->name, in, in, fn - in->bias, who);
		if (!site)
			continue;
		site->from = o;
		plant(tcp, p, fn, 0, BPK_ENTRY, site);
	}
}

/*
 * An IFUNC's value is its resolver: the function is where a relocated
 * GOT slot of the defining object points.
 */
static uint64_t ifunc_target(struct lc_proc *p, struct lc_dso *o,
			     const struct elfobj_sym *sym)
{
	uint64_t got[8], v;
	size_t n = elfobj_ifunc_slots(o->elf, sym->name, sym->value, got, 8);

	for (size_t i = 0; i < n && i < 8; i++)
		if ((v = 0, bp_mem_read(p->bs, o->bias + got[i], &v,
					lc_word(p->bs))) == 0 &&
		    v >= o->lo && v < o->hi && v != o->bias + sym->value)
			return v;
	return 0;
}

/* -x: entries of the object's symbols that the rules select. */
static void arm_entries(struct tcb *tcp, struct lc_proc *p, struct lc_dso *o)
{
	const struct elfobj_sym *v;
	size_t n = elfobj_syms(o->elf, &v);

	for (size_t i = 0; i < n; i++) {
		const struct elfobj_sym *sym = &v[i];
		uint64_t addr = o->bias + sym->value;
		struct lc_site *site;
		unsigned int who;
		struct bp *old;

		if (!sym->value)
			continue;
		who = entry_who(sym->name, o);
		if (!who)
			continue;
		/*
		 * gcc's "f.cold" is the unlikely half of f, entered by a jump,
		 * not called: [rsp] there is not a return address.
		 */
		if (strstr(sym->name, ".cold"))
			continue;
		if (sym->ifunc) {
			addr = ifunc_target(p, o, sym);
			if (!addr) {
				debug("libcall: %s: IFUNC not resolved yet",
				      sym->name);
				continue;
			}
		}
		/*
		 * The program's entry is jumped to, not called: [rsp] there
		 * is argc, not a return address to hook.
		 */
		if (addr == p->entry)
			continue;
		old = bp_find(p->bs, addr);
		if (old) {
			struct lc_site *os = old->data;

			/* Also a -fno-plt callee: now every caller counts,
			 * for everyone who wants either. */
			if (old->kind == BPK_ENTRY) {
				os->from = NULL;
				if ((who & LC_WHO_OBSERVERS) && !os->lib)
					os->lib = strdup(o->path);
				os->who |= who;
			}
			continue;
		}
		site = site_new(sym->name, o, o,
				sym->ifunc ? 0 : sym->value, who);
		if (!site)
			continue;
		site->is_x = true;
		plant(tcp, p, addr, 0, BPK_ENTRY, site);
	}
}

/*
 * The C++ unwinder reads the return addresses on the stack; one that
 * points at the trap page has no unwind information and would end the
 * search (std::terminate).  Before it starts, the thread's hooked
 * return addresses are put back.
 */
static void arm_unwind(struct tcb *tcp, struct lc_proc *p, struct lc_dso *o)
{
	static const struct {
		const char *name;
		unsigned int kind;
	} fns[] = {
		{ "_Unwind_RaiseException", BPK_UNWIND },
		{ "_Unwind_ForcedUnwind", BPK_UNWIND },
		{ "__cxa_begin_catch", BPK_CATCH },
	};

	for (size_t i = 0; i < sizeof(fns) / sizeof(fns[0]); i++) {
		const struct elfobj_sym *sym = elfobj_lookup(o->elf, fns[i].name);
		struct bp *bp;

		if (!sym || !sym->value || !sym->dynamic)
			continue;
		bp = bp_find(p->bs, o->bias + sym->value);
		/* A -L breakpoint there already: it does this too. */
		if (bp && bp->kind == BPK_ENTRY)
			((struct lc_site *)bp->data)->unwind = fns[i].kind;
		if (bp)
			continue;
		plant(tcp, p, o->bias + sym->value, 0, fns[i].kind, NULL);
	}
}

static void arm_obj(struct tcb *tcp, struct lc_proc *p, struct lc_dso *o)
{
	struct lc_arm_ctx cx = { tcp, p, o, NULL };

	o->armed = true;
	if (entries_wanted())
		arm_entries(tcp, p, o);
	if (elfobj_lookup(o->elf, "_Unwind_RaiseException") ||
	    elfobj_lookup(o->elf, "__cxa_begin_catch"))
		arm_unwind(tcp, p, o);
	for (unsigned int i = 0; i < lc_nclients; i++) {
		cx.client = lc_clients[i];
		cx.client->object(&cx, o->path, o->bias, o->is_main);
	}
}

/* --- clients -------------------------------------------------------------- */

int lc_client_plant(struct lc_arm_ctx *cx, uint64_t addr, void *data,
		    bool ret)
{
	struct bp *bp = bp_find(cx->p->bs, addr);
	struct lc_site *site;

	/* An entry and a return at one address share the breakpoint. */
	if (bp) {
		site = bp->data;
		if (bp->kind != BPK_CLIENT || site->client != cx->client ||
		    (ret ? site->cdata_ret : site->cdata))
			return -EEXIST;
		if (ret) {
			site->cdata_ret = data;
			site->ret = RET_HOOK;
		} else {
			site->cdata = data;
		}
		return 0;
	}
	site = calloc(1, sizeof(*site));
	if (!site)
		return -ENOMEM;
	site->refs = 1;
	site->owner = cx->o;
	if (ret)
		site->cdata_ret = data;
	else
		site->cdata = data;
	site->ret = ret ? RET_HOOK : RET_NEVER;
	site->client = cx->client;
	if (!bp_insert(cx->p->bs, cx->tcp, addr, 0, BPK_CLIENT, site)) {
		int err = errno;

		free(site);
		return -err;
	}
	return 0;
}

int lc_client_count(struct lc_arm_ctx *cx, uint64_t addr, int delta)
{
	struct lc_proc *p = cx->p;
	struct lc_count *v;
	uint16_t was, now;

	if (bp_mem_read(p->bs, addr, &was, 2) < 0)
		return -EFAULT;
	now = (uint16_t)(was + delta);
	v = realloc(p->counts, (p->ncounts + 1) * sizeof(*v));
	if (!v)
		return -ENOMEM;
	p->counts = v;
	v = &p->counts[p->ncounts];
	v->addr = addr;
	v->delta = delta;
	v->undo = guard_record(GUARD_CODE, p->tgid, 0, addr, &was, &now, 2);
	if (bp_mem_write(p->bs, addr, &now, 2) < 0) {
		guard_forget(v->undo);
		return -EFAULT;
	}
	p->ncounts++;
	return 0;
}

/*
 * Each counter loses what we added (the program may have moved it
 * meanwhile: another tracer's probe), in the memory s reaches.
 */
void lc_counts_undo(struct lc_proc *p, struct bp_space *s, bool forget_only)
{
	for (unsigned int i = 0; i < p->ncounts; i++) {
		struct lc_count *c = &p->counts[i];
		uint16_t v;

		if (!forget_only && s &&
		    bp_mem_read(s, c->addr, &v, 2) == 0) {
			v = (uint16_t)(v - c->delta);
			bp_mem_write(s, c->addr, &v, 2);
		}
		if (s == p->bs) {
			guard_forget(c->undo);
			c->undo = NULL;
		}
	}
	if (s == p->bs) {
		free(p->counts);
		p->counts = NULL;
		p->ncounts = 0;
	}
}

/* Where the program's DT_DEBUG says the dynamic linker's r_debug is. */
static uint64_t find_r_debug(struct lc_proc *p)
{
	for (unsigned int i = 0; i < p->nobj; i++) {
		struct lc_dso *o = p->objv[i];
		const struct elfobj_layout *lay;
		uint64_t v = 0;

		if (!o->is_main)
			continue;
		lay = elfobj_layout(o->elf);
		if (lay && lay->has_debug &&
		    bp_mem_read(p->bs, o->bias + lay->debug_slot, &v,
				lc_word(p->bs)) == 0)
			return v;
	}
	return 0;
}

static struct lc_dso *find_obj(struct lc_proc *p, const char *path,
			       uint64_t bias)
{
	for (unsigned int i = 0; i < p->nobj; i++)
		if (p->objv[i]->bias == bias && !strcmp(p->objv[i]->path, path))
			return p->objv[i];
	return NULL;
}

static void remove_in(struct bp *bp, void *arg)
{
	struct lc_dso *o = arg;
	struct lc_proc *p = o->gone_from;

	if (bp->addr >= o->lo && bp->addr < o->hi) {
		if (bpk_has_site(bp->kind))
			lc_site_put(bp->data);
		/* Unmapped already: nothing to restore. */
		bp_remove(p->bs, bp, false);
	}
}

/* Objects no longer in the link map were dlclose'd. */
static void sweep(struct lc_proc *p)
{
	unsigned int k = 0;

	for (unsigned int i = 0; i < p->nobj; i++) {
		struct lc_dso *o = p->objv[i];

		if (o->seen || o->is_main) {
			p->objv[k++] = o;
			continue;
		}
		debug("libcall: %s unloaded", o->path);
		o->gone_from = p;
		bp_for_each(p->bs, remove_in, o);
		lc_dso_put(o);
	}
	p->nobj = k;
}

void lc_rescan(struct tcb *tcp, struct lc_proc *p)
{
	struct linkmap_rdebug rd;
	struct linkmap lm;
	bool first = !p->nobj;

	/*
	 * The program first: its DT_DEBUG says where the link map is.  Its
	 * bias is where its entry point landed (0 unless it is a PIE).
	 */
	if (first && p->exe) {
		struct lc_dso *o = lc_dso_new(p, p->exe, 0, true);
		const struct elfobj_layout *lay = o ? elfobj_layout(o->elf) : NULL;

		if (lay && lay->type == ET_DYN && p->entry)
			lc_dso_set_bias(o, p->entry - lay->entry);
	}
	if (!p->r_debug)
		p->r_debug = find_r_debug(p);
	if (!p->r_debug) {
		/* Static: the program is all there is. */
		for (unsigned int i = 0; first && i < p->nobj; i++) {
			arm_plt(tcp, p, p->objv[i], print_plt_of(p->objv[i]),
				obs_plt_of(p->objv[i]));
			arm_obj(tcp, p, p->objv[i]);
		}
		return;
	}
	if (linkmap_read_rdebug(read_cb, p->bs, lc_word(p->bs), p->r_debug,
				&rd) < 0)
		return;
	if (rd.state != LINKMAP_CONSISTENT)
		return;
	if (linkmap_walk(read_cb, p->bs, lc_word(p->bs), rd.map, &lm) < 0)
		return;
	for (unsigned int i = 0; i < p->nobj; i++)
		p->objv[i]->seen = false;
	for (size_t i = 0; i < lm.n; i++) {
		const char *path = lm.v[i].name;
		uint64_t bias = lm.v[i].l_addr;
		bool is_main = i == 0;
		struct lc_dso *o;

		if (is_main)
			path = p->exe;
		if (!path || path[0] != '/')
			continue;	/* the vDSO */
		o = find_obj(p, path, bias);
		if (!o)
			o = lc_dso_new(p, path, bias, is_main);
		if (!o)
			continue;
		o->seen = true;
		o->order = (unsigned int)i;
	}
	linkmap_free(&lm);
	sweep(p);
	for (unsigned int i = 0; i < p->nobj; i++) {
		struct lc_dso *o = p->objv[i];
		bool print;
		unsigned int obs;

		if (o->armed)
			continue;
		print = print_plt_of(o);
		obs = obs_plt_of(o);
		if (print || obs)
			arm_plt(tcp, p, o, print, obs);
		arm_obj(tcp, p, o);
	}
	if (!p->rbrk_armed && rd.brk) {
		p->rbrk_armed = true;
		plant(tcp, p, rd.brk, 0, BPK_RBRK, NULL);
	}
}

void lc_arm(struct tcb *tcp, struct lc_proc *p, struct bp *start,
	    struct user_regs_struct *u)
{
	int err;

	/* The first instruction runs again, once its byte is back. */
	u->rip = start->addr;
	if (ptrace(PTRACE_SETREGS, tcp->pid, NULL, u) < 0)
		return;
	err = bp_space_map_page(p->bs, tcp);
	bp_remove(p->bs, start, true);
	if (err < 0) {
		debug("libcall: pid %d: no trap page: %s", tcp->pid,
		      strerror(-err));
		return;
	}
	lc_rescan(tcp, p);
}

static void disarm_one(struct bp *bp, void *arg)
{
	struct lc_proc *p = arg;

	if (bpk_has_site(bp->kind))
		lc_site_put(bp->data);
	bp_remove(p->bs, bp, true);
}

void lc_disarm(struct lc_proc *p)
{
	bp_for_each(p->bs, disarm_one, p);
}

static void site_ref(struct bp *bp, void *arg)
{
	if (bpk_has_site(bp->kind))
		((struct lc_site *)bp->data)->refs++;
}

struct lc_proc *lc_proc_fork(struct lc_proc *p, struct tcb *child)
{
	struct lc_proc *c = calloc(1, sizeof(*c));

	if (!c)
		return NULL;
	c->bs = bp_space_clone(p->bs, child->pid);
	c->tgid = child->pid;
	c->objv = calloc(p->capobj ? p->capobj : 1, sizeof(*c->objv));
	if (!c->bs || !c->objv) {
		bp_space_free(c->bs);
		free(c->objv);
		free(c);
		return NULL;
	}
	bp_for_each(c->bs, site_ref, NULL);
	c->refs = 1;
	c->capobj = p->capobj;
	c->nobj = p->nobj;
	for (unsigned int i = 0; i < p->nobj; i++) {
		c->objv[i] = p->objv[i];
		c->objv[i]->refs++;
	}
	c->entry = p->entry;
	c->r_debug = p->r_debug;
	c->exe = p->exe ? strdup(p->exe) : NULL;
	c->rbrk_armed = p->rbrk_armed;
	/* The child's memory has our counters too. */
	if (p->ncounts) {
		c->counts = calloc(p->ncounts, sizeof(*c->counts));
		for (unsigned int i = 0; c->counts && i < p->ncounts; i++) {
			c->counts[i] = p->counts[i];
			c->counts[i].undo = guard_copy(p->counts[i].undo,
						       c->tgid);
		}
		c->ncounts = c->counts ? p->ncounts : 0;
	}
	return c;
}
