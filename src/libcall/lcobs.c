/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Library calls for the observers (libcall.h): what a site's hit is told
 * to a consumer that is not the printer.  The printer knows nothing of
 * them, nor they of it: a site says whose its calls are (lc_site.who).
 */
#include "config.h"

#include <string.h>
#include <time.h>

#include "bp/bp.h"
#include "engine/tcb.h"
#include "libcall/lcint.h"
#include "libcall/libcall.h"
#include "libcall/proto.h"

const struct lc_observer *lc_observers[4];
unsigned int lc_nobservers;

int lc_observer_register(const struct lc_observer *o)
{
	if (lc_nobservers == sizeof(lc_observers) / sizeof(lc_observers[0]))
		return -1;
	lc_observers[lc_nobservers++] = o;
	return 0;
}

/* What entry and return have in common: the call, its arguments. */
static void fill_info(struct lc_call_info *ci, struct lc_task *lt,
		      const struct lc_frame *f)
{
	const struct lc_site *site = f->site;
	const struct proto *pr = site->proto;

	memset(ci, 0, sizeof(*ci));
	ci->name = site->name;
	ci->lib = site->lib;
	ci->caller_obj = f->caller ? f->caller->path : NULL;
	ci->caller = f->ret;
	ci->t0 = &f->t0;
	ci->depth = (unsigned int)(f - lt->stack);
	ci->nargs = 6;
	/* The fallback prototype says nothing of the count. */
	if (pr && pr != proto_fallback()) {
		ci->nargs = pr->nargs < 6 ? pr->nargs : 6;
		ci->argnames = pr->argnames;
	}
	if (!f->regs.compat) {
		memcpy(ci->args, f->regs.arg, sizeof(ci->args));
		if (pr && pr != proto_fallback())
			for (unsigned int i = 0; i < ci->nargs; i++)
				ci->args[i] = (uint64_t)proto_narrow(&pr->args[i],
							     ci->args[i]);
		return;
	}
	/* i386: the words above the return address, read only here. */
	{
		uint32_t w[6] = { 0 };

		if (bp_mem_read(lt->proc->bs, f->regs.sp + 4, w, sizeof(w)) < 0)
			memset(w, 0, sizeof(w));
		for (int i = 0; i < 6; i++)
			ci->args[i] = w[i];
	}
}

static void tell(struct tcb *tcp, unsigned int who,
		 const struct lc_call_info *ci)
{
	for (unsigned int i = 0; i < lc_nobservers; i++)
		if (who & LC_WHO_OBS(i))
			lc_observers[i]->call(tcp, ci, lc_observers[i]->data);
}

void lc_observe_entry(struct tcb *tcp, struct lc_task *lt, struct lc_frame *f,
		      bool returns)
{
	struct lc_call_info ci;

	fill_info(&ci, lt, f);
	ci.returns = returns;
	tell(tcp, f->site->who, &ci);
}

void lc_observe_return(struct tcb *tcp, struct lc_task *lt,
		       struct lc_frame *f, const struct lc_regs *r)
{
	struct lc_call_info ci;
	struct timespec now;
	int64_t ns;

	clock_gettime(CLOCK_MONOTONIC, &now);
	ns = (int64_t)(now.tv_sec - f->t0.tv_sec) * 1000000000LL +
	     (now.tv_nsec - f->t0.tv_nsec);
	fill_info(&ci, lt, f);
	ci.at_return = true;
	ci.returns = true;
	ci.retval = r->compat ? (int64_t)(int32_t)r->ret : (int64_t)r->ret;
	if (f->site->proto && f->site->proto != proto_fallback())
		ci.retval = proto_narrow(&f->site->proto->ret,
					  (uint64_t)ci.retval);
	ci.latency_ns = ns > 0 ? (uint64_t)ns : 0;
	tell(tcp, f->site->who, &ci);
}
