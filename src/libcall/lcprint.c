/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Library-call lines, in the syscall stream: "name(args" at the entry
 * stop, ") = value" at the return, and when anything else is printed in
 * between, ltrace's "<unfinished ...>" and "<... name resumed> ".
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bp/bp.h"
#include "cli/cli.h"
#include "engine/tcb.h"
#include "libcall/lcint.h"
#include "libcall/printval.h"
#include "libcall/proto.h"
#include "output/emit.h"
#include "output/output.h"
#include "stats/stats.h"
#include "unwind/unwind.h"

/*
 * -c counts calls by name; a table row keeps its name for good, while
 * sites go with their process.  Names get ids of their own here.
 */
static char **names;
static unsigned long nnames, capnames;

static unsigned long name_id(const char *name)
{
	char **v;

	for (unsigned long i = nnames; i-- > 0;)
		if (!strcmp(names[i], name))
			return i;
	if (nnames == capnames) {
		capnames = capnames ? 2 * capnames : 64;
		v = realloc(names, capnames * sizeof(*v));
		if (!v)
			return ULONG_MAX;
		names = v;
	}
	names[nnames] = strdup(name);
	return names[nnames] ? nnames++ : ULONG_MAX;
}

static void count(const struct lc_frame *f, const struct timespec *now)
{
	struct stats_sample smp = { 0 };
	unsigned long id = name_id(f->site->name);
	int64_t ns = (int64_t)(now->tv_sec - f->t0.tv_sec) * 1000000000LL +
		     (now->tv_nsec - f->t0.tv_nsec);

	if (id == ULONG_MAX)
		return;
	smp.name = names[id];
	smp.wall_ns = ns > 0 ? (uint64_t)ns : 0;
	/* No CPU time of its own: a library call is counted by the clock. */
	smp.sys_ns = smp.wall_ns;
	smp.hist = cfg.hist_set != NULL;
	stats_add(STATS_LIBCALL, 0, id, &smp);
}

static bool quiet(void)
{
	return cfg.summary == SUMMARY_ONLY;
}

/*
 * The program as ltrace names it: the command's name as given, not the
 * file a symlink leads to ("python3", not "python3.11"), when the
 * program is still the command sltrace started.
 */
static const char *main_name(const struct lc_dso *c)
{
	static char *given, *real;
	const char *base = strrchr(c->path, '/') ? strrchr(c->path, '/') + 1 :
						   c->path;
	char buf[PATH_MAX];

	if (!cfg.argv || !cfg.argv[0])
		return base;
	if (!given) {
		const char *path = getenv("PATH"), *a = cfg.argv[0];

		given = strrchr(a, '/') ? strrchr(a, '/') + 1 : (char *)a;
		if (strchr(a, '/')) {
			real = realpath(a, NULL);
		} else {
			for (const char *d = path ? path : ""; *d && !real;) {
				size_t n = strcspn(d, ":");

				snprintf(buf, sizeof(buf), "%.*s/%s", (int)n, d,
					 a);
				if (access(buf, X_OK) == 0)
					real = realpath(buf, NULL);
				d += n + (d[n] == ':');
			}
		}
	}
	return real && !strcmp(real, c->path) ? given : base;
}

/*
 * The name as the line shows it: "name"; "lib->name" for a call from
 * another object than the program (in ltrace's style, from any object
 * once rules choose callers); "name@lib" for ltrace's -x.
 */
static void call_name(const struct lc_frame *f, char *buf, size_t size)
{
	const struct lc_site *site = f->site;
	const struct lc_dso *c = f->caller;
	const char *from = NULL;

	/*
	 * ltrace names the object whose PLT the call goes through, which is
	 * not where it returns to when a function tail-calls through it or
	 * the PLT entry is a callback (strcmp given to bsearch).
	 */
	if (cfg.lc_style == LC_STYLE_LTRACE && site->from)
		c = site->from;

	if (site->is_x && cfg.lc_style == LC_STYLE_LTRACE)
		from = NULL;	/* ltrace: "name@lib", whoever called it */
	else if (c && !c->is_main)
		from = c->name;
	else if (c && cfg.lc_style == LC_STYLE_LTRACE && !cfg.lc_plt_default &&
		 !site->is_x)
		from = main_name(c);
	if (cfg.lc_style == LC_STYLE_LTRACE && site->is_x)
		snprintf(buf, size, "%s%s%s@%s", from ? from : "",
			 from ? "->" : "", site->name,
			 site->owner->is_main ? "MAIN" : site->owner->name);
	else
		snprintf(buf, size, "%s%s%s", from ? from : "",
			 from ? "->" : "", site->name);
}

void lc_print_entry(struct tcb *tcp, struct lc_task *lt, struct lc_frame *f,
		    uint64_t pc)
{
	char name[1024];

	if (quiet())
		return;
	call_name(f, name, sizeof(name));
	line_begin_call(tcp, &f->t0, f->ret, lt->depth - 1);
	line_call_origin(tcp, f->site->name,
			 f->site->owner ? f->site->owner->path : NULL,
			 f->caller ? f->caller->path : NULL);
	emit_call_begin(tcp, name);
	if (f->site->proto)
		emit_arg_names(tcp, f->site->proto->argnames);
	f->args_left = lc_print_args_entry(tcp, f->site->proto, &f->regs);
	line_leave_open(tcp);
	lt->open_depth = (int)lt->depth - 1;
	out_event_done(tcp->out);
}

void lc_print_return(struct tcb *tcp, struct lc_task *lt, struct lc_frame *f,
		     const struct lc_regs *r)
{
	int idx = (int)(f - lt->stack);
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	if (stats_enabled())
		count(f, &now);
	if (quiet())
		return;
	/* ltrace names the bare function here: "<... strlen resumed> ". */
	if (!line_is_open(tcp) || lt->open_depth != idx)
		line_resume_call(tcp, f->site->name, &now, f->ret,
				 (unsigned int)idx);
	if (f->site->proto)
		emit_arg_names(tcp, f->site->proto->argnames);
	if (f->args_left)
		lc_print_args_exit(tcp, f->site->proto, &f->regs, r);
	emit_call_end(tcp);
	line_pad_to_retval(tcp);
	lc_print_retval(tcp, f->site->proto, &f->regs, r);
	line_time_between(tcp, &f->t0, &now);
	line_end(tcp);
	/* -k, ltrace's -w N: who made the call, from the call site out. */
	if (cfg.stack_trace)
		unwind_print(tcp);
	else if (cfg.lc_stack)
		unwind_print_limit(tcp, cfg.lc_stack);
	lt->open_depth = -1;
	out_event_done(tcp->out);
}

/* The call will not come back (its return could not be hooked, or the
 * task ends inside it): ltrace's "<no return ...>". */
void lc_print_noreturn(struct tcb *tcp, struct lc_task *lt, struct lc_frame *f)
{
	if (lt->open_depth == (int)(f - lt->stack))
		line_close_with(tcp, " <no return ...>\n");
	lt->open_depth = -1;
	out_event_done(tcp->out);
}

/* A call that unwinds rather than returns (__cxa_throw): ltrace hooks its
 * return all the same, so its line ends "<unfinished ...>". */
void lc_print_unfinished(struct tcb *tcp, struct lc_task *lt,
			 struct lc_frame *f)
{
	if (lt->open_depth == (int)(f - lt->stack))
		line_close_with(tcp, " <unfinished ...>\n");
	lt->open_depth = -1;
	out_event_done(tcp->out);
}

/* A call whose return is not caught: its line ends now, "= ?". */
void lc_print_unknown_return(struct tcb *tcp, struct lc_task *lt,
			     struct lc_frame *f)
{
	if (lt->open_depth != (int)(f - lt->stack) || !line_is_open(tcp))
		return;
	emit_call_end(tcp);
	line_pad_to_retval(tcp);
	emit_noval(tcp);
	line_end(tcp);
	lt->open_depth = -1;
	out_event_done(tcp->out);
}

void lc_print_gone(struct tcb *tcp, struct lc_task *lt)
{
	if (lt->open_depth >= 0 && lt->open_depth < (int)lt->depth)
		lc_print_noreturn(tcp, lt, &lt->stack[lt->open_depth]);
}
