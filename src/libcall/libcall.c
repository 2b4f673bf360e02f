/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Library-call tracing: the processes' objects, their breakpoints, and
 * what a hit means.
 *
 * A process is armed once its dynamic linker has loaded the startup
 * libraries: at its first instruction (AT_ENTRY) a one-shot breakpoint
 * maps the trap page (src/bp/), reads the link map, and plants a
 * breakpoint on every PLT slot the rules select, on the library entries
 * of -fno-plt calls, on -x symbols, and on the dynamic linker's r_brk,
 * where later dlopen/dlclose are seen.
 *
 * A call costs two stops: the entry breakpoint, where the return address
 * on the stack is pointed at the trap page and remembered on the task's
 * shadow stack, and the trap, where the real return address is put back
 * in rip.  Frames left by longjmp or an exception are dropped when a
 * later event on the same task finds the stack pointer above them.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <time.h>
#include <unistd.h>
#include <elf.h>

#include "bp/bp.h"
#include "cli/cli.h"
#include "engine/engine.h"
#include "engine/tcb.h"
#include "guard/guard.h"
#include "libcall/elf.h"
#include "libcall/libcall.h"
#include "libcall/maps.h"
#include "libcall/lcint.h"
#include "libcall/ltconf.h"
#include "libcall/proto.h"
#include "output/output.h"
#include "filter/rules.h"
#include "unwind/unwind.h"
#include "log.h"

/* Every address space, for -p's threads to find their process's. */
static struct lc_proc *procs;

const struct lc_client *lc_clients[4];
unsigned int lc_nclients;

bool libcall_active(void)
{
	return cfg.lc_mode != LC_OFF || lc_nclients || lc_nobservers;
}

int lc_client_register(const struct lc_client *c)
{
	if (lc_nclients == sizeof(lc_clients) / sizeof(lc_clients[0]))
		return -1;
	lc_clients[lc_nclients++] = c;
	return 0;
}

static int register_tap(void);

int libcall_init(void)
{
	char err[512];

	/* ltrace's own files, in its language; nothing else in its mode. */
	if (cfg.lc_mode == LC_OFF && !lc_nobservers)
		;	/* only clients: no library call is printed */
	else if (cfg.lc_style == LC_STYLE_LTRACE)
		ltconf_load_config(cfg.lc_proto_files, cfg.n_lc_proto_files);
	else if (proto_load_config(cfg.lc_proto_files, cfg.n_lc_proto_files,
				   false, err, sizeof(err)) < 0) {
		msg_error("%s", err);
		return -1;
	}
	return 0;
}

int libcall_start(void)
{
	if (register_tap() < 0) {
		msg_error("library calls: no room for another breakpoint user");
		return -1;
	}
	return 0;
}

/* --- objects ------------------------------------------------------------ */

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

struct lc_dso *lc_dso_new(struct lc_proc *p, const char *path, uint64_t bias,
			  bool is_main)
{
	struct lc_dso *o;
	const struct elfobj_layout *lay;

	if (p->nobj == p->capobj) {
		unsigned int cap = p->capobj ? 2 * p->capobj : 16;
		struct lc_dso **v = realloc(p->objv, cap * sizeof(*v));

		if (!v)
			return NULL;
		p->objv = v;
		p->capobj = cap;
	}
	o = calloc(1, sizeof(*o));
	if (!o)
		return NULL;
	o->path = strdup(path);
	if (!o->path || elfobj_open(path, &o->elf) < 0) {
		debug("libcall: cannot read %s", path);
		free(o->path);
		free(o);
		return NULL;
	}
	o->refs = 1;
	o->is_main = is_main;
	lay = elfobj_layout(o->elf);
	o->name = lay && lay->soname ? lay->soname : base_name(o->path);
	if (is_main)
		o->name = "MAIN";
	lc_dso_set_bias(o, bias);
	p->objv[p->nobj++] = o;
	return o;
}

void lc_dso_set_bias(struct lc_dso *o, uint64_t bias)
{
	const struct elfobj_layout *lay = elfobj_layout(o->elf);

	o->bias = bias;
	o->lo = UINT64_MAX;
	o->hi = 0;
	for (size_t i = 0; lay && i < lay->nloads; i++) {
		uint64_t a = bias + lay->loads[i].vaddr;

		if (a < o->lo)
			o->lo = a;
		if (a + lay->loads[i].memsz > o->hi)
			o->hi = a + lay->loads[i].memsz;
	}
}

void lc_dso_put(struct lc_dso *o)
{
	if (!o || --o->refs > 0)
		return;
	elfobj_close(o->elf);
	free(o->path);
	free(o);
}

void lc_site_put(struct lc_site *site)
{
	if (site && --site->refs <= 0) {
		free(site->name);
		free(site->lib);
		free(site);
	}
}

struct lc_dso *lc_dso_at(const struct lc_proc *p, uint64_t addr)
{
	for (unsigned int i = 0; i < p->nobj; i++)
		if (addr >= p->objv[i]->lo && addr < p->objv[i]->hi)
			return p->objv[i];
	return NULL;
}

/* --- processes ------------------------------------------------------------ */

struct lc_proc *lc_proc_new(struct tcb *tcp, bool is64)
{
	struct lc_proc *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->bs = bp_space_new(tcp->pid, is64);
	if (!p->bs) {
		free(p);
		return NULL;
	}
	p->tgid = tcp->tgid ? tcp->tgid : tcp->pid;
	p->bs->tgid = p->tgid;
	p->refs = 1;
	return p;
}

static void site_free(struct bp *bp, void *arg)
{
	if (bpk_has_site(bp->kind))
		lc_site_put(bp->data);
}

void lc_proc_put(struct lc_proc *p)
{
	struct lc_proc **pp = &procs;

	if (!p || --p->refs > 0)
		return;
	while (*pp && *pp != p)
		pp = &(*pp)->next;
	if (*pp)
		*pp = p->next;
	bp_for_each(p->bs, site_free, NULL);
	lc_counts_undo(p, p->bs, true);
	bp_space_free(p->bs);
	for (unsigned int i = 0; i < p->nobj; i++)
		lc_dso_put(p->objv[i]);
	free(p->objv);
	free(p->exe);
	free(p);
}

/* Our slot in tcb->tap_state (engine_add_tap). */
static int tap_slot;

/* The task's state, or NULL when it has none yet. */
static struct lc_task *lc_of(const struct tcb *tcp)
{
	return tcp->tap_state[tap_slot];
}

static struct lc_task *task_of(struct tcb *tcp)
{
	struct lc_task *lt = lc_of(tcp);

	if (!lt) {
		lt = calloc(1, sizeof(*lt));
		if (lt)
			lt->open_depth = -1;
		tcp->tap_state[tap_slot] = lt;
	}
	return lt;
}

/*
 * Point a frame's return address at the trap, recorded first for the
 * guardian (src/guard/): if sltrace dies, it puts the real one back.
 */
/*
 * Point a frame's return address at a return slot (src/bp/), recorded
 * for the guardian (src/guard/): if sltrace dies, it puts the real one
 * back.
 */
bool lc_client_is64(struct tcb *tcp)
{
	const struct lc_task *lt = lc_of(tcp);

	if (lt && lt->proc)
		return lt->proc->bs->is64;
	return tcp->pers == PERS_NATIVE;
}

static bool frame_hook(struct lc_proc *p, pid_t tid, struct lc_frame *f)
{
	f->hooked = bp_hook_return(p->bs, tid, f->slot, f->ret, &f->rslot,
				   &f->undo) != 0;
	return f->hooked;
}

/* Put the real return address back. */
static void frame_unhook(struct bp_space *s, struct lc_frame *f)
{
	if (f->hooked && bp_mem_write(s, f->slot, &f->ret, lc_word(s)) == 0) {
		f->hooked = false;
		guard_forget(f->undo);
		f->undo = NULL;
		bp_ret_slot_free(s, f->rslot);
		f->rslot = -1;
	}
}

/*
 * The frame is gone (returned, left by longjmp, its task or memory
 * gone): its record and its return slot go too.  s: NULL when the
 * memory is gone.
 */
static void frame_drop(struct bp_space *s, struct lc_frame *f)
{
	guard_forget(f->undo);
	f->undo = NULL;
	if (s)
		bp_ret_slot_free(s, f->rslot);
	f->rslot = -1;
}

static void drop_frames(struct lc_task *lt)
{
	struct bp_space *s = lt->proc ? lt->proc->bs : NULL;

	while (lt->depth)
		frame_drop(s, &lt->stack[--lt->depth]);
	lt->open_depth = -1;
}

/* The program's entry point, from its auxiliary vector; 0 if unknown. */
static uint64_t auxv_entry(pid_t pid, bool is64)
{
	struct auxv a;

	return auxv_read(pid, is64 ? 8 : 4, &a) == 0 ? a.entry : 0;
}

/* The class of the program now in /proc/PID/exe: 64-bit or not. */
static bool exe_is64(pid_t pid)
{
	char path[40];
	unsigned char id[EI_NIDENT];
	int fd;
	bool yes = false;

	snprintf(path, sizeof(path), "/proc/%d/exe", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	if (read(fd, id, sizeof(id)) == (ssize_t)sizeof(id))
		yes = id[EI_CLASS] == ELFCLASS64;
	close(fd);
	return yes;
}

/* A new address space for tcp's process, with the program's path. */
static struct lc_proc *proc_for(struct tcb *tcp)
{
	char path[40], exe[4096];
	struct lc_proc *p;
	ssize_t n;
	/*
	 * The class of the program just exec'ed (or attached to), not
	 * tcp->pers: the engine learns a new personality at the task's
	 * next syscall stop, which may come much later (or never, under
	 * the seccomp filter with -e trace=none).
	 */
	bool is64 = exe_is64(tcp->pid);

	snprintf(path, sizeof(path), "/proc/%d/exe", (int)tcp->pid);
	n = readlink(path, exe, sizeof(exe) - 1);
	if (n <= 0)
		return NULL;
	exe[n] = '\0';
	p = lc_proc_new(tcp, is64);
	if (!p)
		return NULL;
	p->exe = strdup(exe);
	p->entry = auxv_entry(tcp->pid, is64);
	p->tgid = tcp->tgid ? tcp->tgid : tcp->pid;
	p->next = procs;
	procs = p;
	return p;
}

/*
 * execve succeeded in tcp (PTRACE_EVENT_EXEC stop): forget the old
 * address space and arm the new one's start.
 */
static void libcall_exec(struct tcb *tcp)
{
	struct lc_task *lt = task_of(tcp);
	struct lc_proc *p;

	if (!lt)
		return;
	drop_frames(lt);
	lc_proc_put(lt->proc);
	lt->proc = NULL;
	p = proc_for(tcp);
	if (!p)
		return;
	lt->proc = p;
	if (!p->entry || !bp_insert(p->bs, NULL, p->entry, BP_NO_STEP, BPK_START,
				      NULL))
		debug("libcall: pid %d: no start breakpoint: %m", tcp->pid);
}

/*
 * The process tcp belongs to, when tcp has none yet: with -p, a thread
 * can run into a breakpoint its process got from another thread's first
 * stop before its own first stop is seen.
 */
static bool join_proc(struct tcb *tcp)
{
	pid_t tgid = tcp->tgid ? tcp->tgid : tcp->pid;
	struct lc_task *lt = task_of(tcp);

	if (!lt)
		return false;
	for (struct lc_proc *p = procs; p; p = p->next)
		if (p->tgid == tgid && p->refs > 0) {
			p->refs++;
			lt->proc = p;
			return true;
		}
	return false;
}

/*
 * -p: the process runs already.  Its first task to stop arms it; the
 * others join.  The syscall that maps the trap page runs from a gadget
 * written over the program's first instruction, which no thread runs
 * again.
 */
static void libcall_attached_stop(struct tcb *tcp)
{
	struct lc_task *lt = task_of(tcp);
	struct lc_proc *p;
	int err;

	if (!lt || lt->proc || join_proc(tcp))
		return;
	p = proc_for(tcp);
	if (!p)
		return;
	lt->proc = p;
	p->bs->scratch_pc = p->entry;
	err = bp_space_map_page(p->bs, tcp);
	if (err < 0) {
		debug("libcall: pid %d: no trap page: %s", tcp->pid,
		      strerror(-err));
		return;
	}
	lc_rescan(tcp, p);
}

/* tcp is exiting (PTRACE_EVENT_EXIT): its pending calls never return. */
static void libcall_exiting(struct tcb *tcp)
{
	struct lc_task *lt = lc_of(tcp);

	if (lt && lt->proc && lt->depth && !lt->silent)
		lc_print_gone(tcp, lt);
}

/* --- hits ----------------------------------------------------------------- */

/* i386: the arguments are on the stack, read from sp (printval.c). */
static void fill_regs(struct lc_regs *r, const struct user_regs_struct *u,
		      const struct bp_space *s)
{
	r->compat = !s->is64;
	r->arg[0] = u->rdi;
	r->arg[1] = u->rsi;
	r->arg[2] = u->rdx;
	r->arg[3] = u->rcx;
	r->arg[4] = u->r8;
	r->arg[5] = u->r9;
	r->sp = u->rsp;
	r->ret = u->rax;
	r->have_fp = false;
}

static void fill_fp(pid_t pid, struct lc_regs *r)
{
	struct user_fpregs_struct fp;

	if (ptrace(PTRACE_GETFPREGS, pid, NULL, &fp) < 0)
		return;
	if (r->compat) {
		/*
		 * i386 returns floating point in st0 (its arguments are on
		 * the stack): st_space holds the x87 registers in stack
		 * order, 16 bytes each, the 80-bit value first — this
		 * host's long double.
		 */
		long double x = 0;
		double d;

		memcpy(&x, fp.st_space, 10);
		d = (double)x;
		memcpy(&r->xmm[0], &d, sizeof(d));
		r->have_fp = true;
		return;
	}
	/* xmm_space: 16 registers of 16 bytes; the low 8 are the double. */
	for (int i = 0; i < 8; i++)
		memcpy(&r->xmm[i], (const char *)fp.xmm_space + 16 * i, 8);
	r->have_fp = true;
}

/*
 * Frames whose return address slot is below sp are dead: the task left
 * them by longjmp or an exception without returning through the trap.
 */
static void drop_dead_frames(struct tcb *tcp, struct lc_task *lt, uint64_t sp)
{
	while (lt->depth && lt->stack[lt->depth - 1].slot < sp) {
		frame_drop(lt->proc->bs, &lt->stack[--lt->depth]);
		if (lt->open_depth >= (int)lt->depth)
			lt->open_depth = -1;
	}
}

static struct lc_frame *push_frame(struct lc_task *lt)
{
	if (lt->depth == lt->cap) {
		unsigned int cap = lt->cap ? 2 * lt->cap : 16;
		struct lc_frame *s = realloc(lt->stack, cap * sizeof(*s));

		if (!s)
			return NULL;
		lt->stack = s;
		lt->cap = cap;
	}
	lt->stack[lt->depth].undo = NULL;
	lt->stack[lt->depth].hooked = false;
	lt->stack[lt->depth].rslot = -1;
	return &lt->stack[lt->depth++];
}

/* A new frame for a call entered with registers u, returning to ret. */
static struct lc_frame *start_frame(struct lc_task *lt,
				    const struct user_regs_struct *u,
				    uint64_t ret, struct lc_site *site,
				    struct lc_dso *caller)
{
	struct lc_frame *f = push_frame(lt);

	if (!f)
		return NULL;
	f->ret = ret;
	f->slot = u->rsp;
	f->site = site;
	f->caller = caller;
	clock_gettime(CLOCK_MONOTONIC, &f->t0);
	fill_regs(&f->regs, u, lt->proc->bs);
	return f;
}

/*
 * A call's entry.  ret is the word at [rsp], read with the GOT slot of a
 * PLT breakpoint in one go.
 */
static void entry_hit(struct tcb *tcp, struct lc_task *lt, struct bp *bp,
		      struct user_regs_struct *u, uint64_t ret)
{
	struct lc_proc *p = lt->proc;
	struct lc_site *site = bp->data;
	uint64_t page = bp_page(p->bs);
	struct lc_dso *caller;
	struct lc_frame *f;

	if (lt->silent)
		return;
	drop_dead_frames(tcp, lt, u->rsp);
	caller = lc_dso_at(p, ret);
	/* -fno-plt calls: the breakpoint is the callee's, shared by all. */
	if (bp->kind == BPK_ENTRY && site->from && caller != site->from)
		return;
	/* A call the trap page makes is our own (never expected). */
	if (page && ret - page < BP_PAGE_SIZE)
		return;
	f = start_frame(lt, u, ret, site, caller);
	if (!f)
		return;
	if (site->proto && lc_proto_needs_fp(site->proto))
		fill_fp(tcp->pid, &f->regs);
	/*
	 * A function that returns twice keeps its return address (setjmp
	 * saves it for longjmp; a vfork child returns through it first): one
	 * pointing at the trap would come back with no frame to match.
	 */
	if (site->ret != RET_HOOK) {
		if (site->who & LC_WHO_OBSERVERS)
			lc_observe_entry(tcp, lt, f, false);
		if (site->who & LC_WHO_PRINT) {
			lc_print_entry(tcp, lt, f, bp->addr);
			if (site->ret == RET_TWICE)
				lc_print_unknown_return(tcp, lt, f);
			else if (cfg.lc_style == LC_STYLE_LTRACE)
				lc_print_unfinished(tcp, lt, f);
			else
				lc_print_noreturn(tcp, lt, f);
		}
		lt->depth--;
		return;
	}
	frame_hook(p, tcp->pid, f);
	/* Before the line opens: what the observer prints does not cut it. */
	if (site->who & LC_WHO_OBSERVERS)
		lc_observe_entry(tcp, lt, f, f->hooked);
	if (site->who & LC_WHO_PRINT)
		lc_print_entry(tcp, lt, f, bp->addr);
	if (!f->hooked) {
		if (site->who & LC_WHO_PRINT)
			lc_print_noreturn(tcp, lt, f);
		lt->depth--;
	}
}

static bool ret_hit(struct tcb *tcp, struct lc_task *lt,
		    struct user_regs_struct *u)
{
	/* rip is past the trap's int3; the ret popped the address. */
	uint64_t slot = u->rsp - lc_word(lt->proc->bs);
	struct lc_frame *f;

	drop_dead_frames(tcp, lt, slot);
	if (!lt->depth || lt->stack[lt->depth - 1].slot != slot) {
		/*
		 * No frame for it: a fork child's copy of a stack whose
		 * frames we could not give it.  Nowhere to return to.
		 */
		debug("libcall: pid %d: return trap without a frame", tcp->pid);
		return false;
	}
	f = &lt->stack[lt->depth - 1];
	u->rip = f->ret;
	/*
	 * Back in the caller before the line is printed: a -k stack is
	 * then the caller's, from the call site out.
	 */
	if (ptrace(PTRACE_SETREGS, tcp->pid, NULL, u) < 0)
		debug("libcall: pid %d: PTRACE_SETREGS: %m", tcp->pid);
	if (f->site->client) {
		const struct lc_site *site = f->site;

		uint64_t pc = f->regs.pc;

		frame_drop(lt->proc->bs, f);
		lt->depth--;
		if (!lt->silent)
			site->client->hit(tcp, site->cdata_ret, pc, u, true);
		return true;
	}
	if (!lt->silent) {
		struct lc_regs r;

		fill_regs(&r, u, lt->proc->bs);
		if (f->site->who & LC_WHO_PRINT) {
			if (f->site->proto && lc_proto_needs_fp(f->site->proto))
				fill_fp(tcp->pid, &r);
			lc_print_return(tcp, lt, f, &r);
		}
		/* After the line: the entry's report came before it. */
		if (f->site->who & LC_WHO_OBSERVERS)
			lc_observe_return(tcp, lt, f, &r);
	}
	frame_drop(lt->proc->bs, f);
	lt->depth--;
	if (lt->open_depth >= (int)lt->depth)
		lt->open_depth = -1;
	return true;
}

/*
 * A client's breakpoint: its hit is reported now, or for one that wants
 * the return, the return address is hooked as a library call's is.
 */
static void client_hit(struct tcb *tcp, struct lc_task *lt, struct bp *bp,
		       const struct user_regs_struct *u, uint64_t pc)
{
	struct lc_site *site = bp->data;
	struct user_regs_struct r = *u;
	struct lc_frame *f;
	uint64_t ret = 0;

	if (lt->silent)
		return;
	if (site->cdata) {
		r.rip = pc;
		site->client->hit(tcp, site->cdata, pc, &r, false);
	}
	if (site->ret != RET_HOOK)
		return;
	drop_dead_frames(tcp, lt, u->rsp);
	if (bp_mem_read(lt->proc->bs, u->rsp, &ret, lc_word(lt->proc->bs)) < 0)
		return;
	f = start_frame(lt, u, ret, site, NULL);
	if (!f)
		return;
	f->regs.pc = pc;
	if (!frame_hook(lt->proc, tcp->pid, f))
		lt->depth--;
}

int lc_client_read(struct tcb *tcp, uint64_t addr, void *buf, size_t len)
{
	struct lc_task *lt = lc_of(tcp);

	if (!lt || !lt->proc)
		return -ESRCH;
	return bp_mem_read(lt->proc->bs, addr, buf, len) < 0 ? -EFAULT : 0;
}

/*
 * For -k (src/unwind/): a word the unwinder reads from tcp's stack.  A
 * hooked frame's slot holds a return slot of the trap page (or its int3
 * return trap), code no unwind table describes: the stack would end
 * there.  The unwinder gets the real return address instead.  The same
 * for the task's pc (addr: the word below sp): a probe's %return of a
 * call whose return -l hooked first stops with rip at the -l's slot.
 */
static uint64_t unwind_word(struct tcb *tcp, uint64_t addr, uint64_t word)
{
	const struct lc_task *lt = lc_of(tcp);
	uint64_t page;

	if (!lt || !lt->proc)
		return word;
	page = bp_page(lt->proc->bs);
	if (!page || word - page >= BP_PAGE_SIZE)
		return word;
	for (unsigned int i = lt->depth; i--;)
		if (lt->stack[i].slot == addr && lt->stack[i].hooked)
			return lt->stack[i].ret;
	return word;
}

/*
 * A thread stopped in the stop routine of a stub breakpoint (a call's
 * entry, seen by a script's ustack) is, for its program, at the
 * breakpoint's address with the registers it had before the stub.
 */
static void unwind_regs(struct tcb *tcp, struct user_regs_struct *u)
{
	const struct lc_task *lt = lc_of(tcp);
	struct user_regs_struct o;
	struct bp_stub_stop st;
	struct bp_space *bs;

	if (!lt || !lt->proc || !bp_page(lt->proc->bs))
		return;
	bs = lt->proc->bs;
	if ((!bp_stub_stop_at(bs, u->rip, false) &&
	     !bp_stub_stop_at(bs, u->rip, true)) ||
	    bp_stub_decode(bs, u, &st) < 0 || !st.bp)
		return;
	bp_stub_regs(&st, u, &o);
	o.rip = st.bp->addr;
	*u = o;
}

/* The C++ unwinder starts (BPK_UNWIND) or has found its catch (BPK_CATCH). */
static void unwind_hook(struct tcb *tcp, struct lc_task *lt, unsigned int kind,
			uint64_t sp)
{
	if (kind == BPK_UNWIND)
		lc_unhook_all(tcp, lt);
	else if (kind == BPK_CATCH)
		lc_rehook_all(tcp, lt, sp);
}

/*
 * tcp stopped with SIGTRAP.  True when it was one of our traps (the
 * task is then ready to be resumed with no signal); false when the
 * SIGTRAP is the program's own.
 */
static bool sigtrap_hit(struct tcb *tcp)
{
	struct lc_task *lt = lc_of(tcp);
	struct user_regs_struct u;
	uint64_t plt_target;
	const char *plt_name;
	struct lc_proc *p;
	struct bp *bp;
	uint64_t pc;

	if ((!lt || !lt->proc) && (!procs || !join_proc(tcp)))
		return false;
	lt = lc_of(tcp);
	p = lt->proc;
	if (ptrace(PTRACE_GETREGS, tcp->pid, NULL, &u) < 0)
		return false;
	pc = u.rip - 1;
	/* Only the very next trap can be the PLT hit's own callee entry. */
	plt_target = lt->plt_target;
	plt_name = lt->plt_name;
	lt->plt_target = 0;
	lt->plt_name = NULL;
	if (bp_page(p->bs) && pc == bp_page(p->bs) + BP_PAGE_RET_TRAP)
		return ret_hit(tcp, lt, &u);
	{
		bp = bp_find(p->bs, pc);
		if (!bp)
			return false;
		/* Any thread's /proc/TID/mem reaches the process's memory,
		 * for as long as the process lives: no need to switch. */
		if (bp->kind == BPK_PLT || bp->kind == BPK_ENTRY) {
			const struct lc_site *site = bp->data;
			uint64_t ret = 0, got = 0;

			unwind_hook(tcp, lt, site->unwind, u.rsp);

			if (bp->step == BP_STEP_GOT) {
				if (bp_mem_read2(p->bs, u.rsp, &ret, bp->target,
						 &got) < 0)
					return false;
				entry_hit(tcp, lt, bp, &u, ret);
				/* The same call, caught again at the callee's
				 * entry (-l and -L both): said once. */
				lt->plt_target = got;
				lt->plt_name = ((struct lc_site *)bp->data)->name;
				u.rip = got;
				goto set;
			}
			/* A lazy slot's first call reaches the callee through
			 * the dynamic linker: matched by name then. */
			if ((plt_target && plt_target == pc) ||
			    (plt_name && !strcmp(plt_name, site->name)))
				;
			else if (bp_mem_read(p->bs, u.rsp, &ret,
					     lc_word(p->bs)) == 0)
				entry_hit(tcp, lt, bp, &u, ret);
			u.rip = pc;
			if (bp_step_over(p->bs, tcp, bp, &u) < 0)
				debug("libcall: pid %d: cannot step over %#llx",
				      tcp->pid, (unsigned long long)pc);
			goto set;
		}
		switch (bp->kind) {
		case BPK_CLIENT:
			client_hit(tcp, lt, bp, &u, pc);
			break;
		case BPK_START:
			lc_arm(tcp, p, bp, &u);
			return true;
		case BPK_RBRK:
			lc_rescan(tcp, p);
			break;
		default:
			unwind_hook(tcp, lt, bp->kind, u.rsp);
			break;
		}
		u.rip = pc;
		if (bp_step_over(p->bs, tcp, bp, &u) < 0)
			debug("libcall: pid %d: cannot step over %#llx",
			      tcp->pid, (unsigned long long)pc);
	}
set:
	if (ptrace(PTRACE_SETREGS, tcp->pid, NULL, &u) < 0)
		debug("libcall: pid %d: PTRACE_SETREGS: %m", tcp->pid);
	return true;
}

/*
 * A thread stopped in the stubs' stop routine (src/bp/stub.c): entering
 * a PLT slot, or returning through a return slot.  at_syscall: stopped at
 * the routine's first syscall (a PTRACE_SYSCALL thread, or a seccomp stop
 * of a syscall -e trace= shows): the syscall is then skipped and the
 * thread taken out of the routine here; at its SIGSTOP the routine is
 * left to finish by itself, but for a return, which is ended here so
 * that its slot can serve again at once.
 */
static bool stub_stop(struct tcb *tcp, struct lc_task *lt,
		      struct user_regs_struct *u, bool at_syscall)
{
	struct lc_proc *p = lt->proc;
	struct user_regs_struct o;
	struct bp_stub_stop st;

	lt->plt_target = 0;
	lt->plt_name = NULL;
	if (bp_stub_decode(p->bs, u, &st) < 0) {
		/* Unreadable: the routine finishes the stub by itself. */
		debug("libcall: pid %d: a stub stop it cannot read", tcp->pid);
		return true;
	}
	bp_stub_regs(&st, u, &o);
	/* No syscall to restart with these registers (see bp.h). */
	o.orig_rax = (uint64_t)-1;
	if (st.ret_slot >= 0) {
		if (!ret_hit(tcp, lt, &o)) {
			debug("libcall: pid %d: return slot %d without a frame",
			      tcp->pid, st.ret_slot);
			return true;
		}
		return true;
	}
	if (st.bp->kind == BPK_PLT) {
		const struct lc_site *site = st.bp->data;

		unwind_hook(tcp, lt, site->unwind, o.rsp);
		o.rip = st.bp->addr;
		entry_hit(tcp, lt, st.bp, &o, st.word);
		/* The same call, caught again at the callee's entry (-l and
		 * -L both): said once. */
		lt->plt_name = site->name;
	}
	if (at_syscall) {
		/* Out of the routine, onto the relocated instruction. */
		o.rip = st.bp->stub + 5;
		if (ptrace(PTRACE_SETREGS, tcp->pid, NULL, &o) < 0)
			debug("libcall: pid %d: PTRACE_SETREGS: %m", tcp->pid);
	}
	return true;
}

static struct lc_task *task_proc(struct tcb *tcp)
{
	struct lc_task *lt = lc_of(tcp);

	if ((!lt || !lt->proc) && (!procs || !join_proc(tcp)))
		return NULL;
	lt = lc_of(tcp);
	return lt->proc && bp_page(lt->proc->bs) ? lt : NULL;
}

/* The guardian knows of the stop while it is handled (guard.h). */
static bool libcall_sigtrap(struct tcb *tcp)
{
	bool ours;

	guard_trap_held(tcp->pid);
	ours = sigtrap_hit(tcp);
	guard_trap_done();
	return ours;
}

/*
 * tcp stopped with SIGSTOP.  True when it was stopped in one of our
 * stubs (the task is then ready to be resumed with no signal).
 */
static bool libcall_sigstop(struct tcb *tcp)
{
	struct lc_task *lt = task_proc(tcp);
	struct user_regs_struct u;

	if (!lt || ptrace(PTRACE_GETREGS, tcp->pid, NULL, &u) < 0 ||
	    !bp_stub_stop_at(lt->proc->bs, u.rip, false))
		return false;
	return stub_stop(tcp, lt, &u, false);
}

/*
 * A syscall-entry or seccomp stop at ip: true when the syscall is one of
 * our stubs' (its breakpoint is handled and the syscall skipped; it is
 * not the program's to show).
 */
static bool libcall_stub_syscall(struct tcb *tcp, uint64_t ip)
{
	struct lc_task *lt = task_proc(tcp);
	struct user_regs_struct u;

	if (!lt || (!bp_stub_stop_at(lt->proc->bs, ip, true) &&
		    !bp_stub_stop_at(lt->proc->bs, ip, false)))
		return false;
	if (ptrace(PTRACE_GETREGS, tcp->pid, NULL, &u) < 0)
		return true;
	return stub_stop(tcp, lt, &u, true);
}

/*
 * Put the real return addresses back in tcp's stack (or in a fork
 * child's copy of it, through s).
 */
static void unhook_frames(struct bp_space *s, struct lc_task *lt)
{
	for (unsigned int i = 0; i < lt->depth; i++)
		frame_unhook(s, &lt->stack[i]);
}

/*
 * An exception is being thrown (or a forced unwind run): the unwinder
 * reads the return addresses on the stack, and one that points at the
 * trap page has no unwind information — the search would end there and
 * the program call std::terminate.  The real addresses go back while it
 * unwinds; the frames stay on the shadow stack.
 */
void lc_unhook_all(struct tcb *tcp, struct lc_task *lt)
{
	unhook_frames(lt->proc->bs, lt);
}

/*
 * A catch handler begins (__cxa_begin_catch): the stack is unwound down
 * to the catching frame at sp.  The frames below it are gone without a
 * return; the others return normally again, through the trap.
 */
void lc_rehook_all(struct tcb *tcp, struct lc_task *lt, uint64_t sp)
{
	drop_dead_frames(tcp, lt, sp);
	for (unsigned int i = 0; i < lt->depth; i++) {
		struct lc_frame *f = &lt->stack[i];
		uint64_t cur = 0;

		/* Only a slot still holding the real address is ours. */
		if (f->hooked ||
		    bp_mem_read(lt->proc->bs, f->slot, &cur,
				lc_word(lt->proc->bs)) < 0 ||
		    cur != f->ret)
			continue;
		frame_hook(lt->proc, tcp->pid, f);
	}
}

/* --- tasks coming and going ------------------------------------------------ */

/*
 * A new task: a thread (shares everything), a vfork or CLONE_VM child
 * (shares the memory, not the stack's future), or a fork child (a copy
 * of the memory, int3 bytes and hooked return addresses included).
 * follow: the child is traced (-f); otherwise its memory is put back as
 * the program left it.  Returns true when the child must be detached
 * now that it is clean (a fork child nobody follows).
 */
static bool libcall_new_task(struct tcb *parent, struct tcb *child,
			     bool thread, bool shares_vm, bool follow)
{
	struct lc_task *pt = lc_of(parent), *ct;
	struct lc_proc *p;

	if (!pt || !pt->proc)
		return false;
	p = pt->proc;
	ct = task_of(child);
	if (!ct)
		return false;
	if (thread || shares_vm) {
		/*
		 * Same memory: same breakpoints.  A vfork child nobody
		 * follows is still stepped over them, silently, until it
		 * execs or exits.
		 */
		p->refs++;
		ct->proc = p;
		/* ltrace shows a thread's calls only with -f. */
		ct->silent = !follow && (!thread ||
					 cfg.lc_style == LC_STYLE_LTRACE) ?
			     true : pt->silent;
		return false;
	}
	if (!follow || pt->silent) {
		/* Its copy of our bytes goes; it runs untouched. */
		struct bp_space *cs = bp_space_new(child->pid, p->bs->is64);

		bp_restore_all_in(p->bs, child->pid);
		if (cs)
			lc_counts_undo(p, cs, false);
		/* The parent's hooked return addresses, in the child's
		 * copy of the stack (the parent keeps its own hooked). */
		for (unsigned int i = 0; cs && i < pt->depth; i++) {
			const struct lc_frame *f = &pt->stack[i];

			if (f->hooked)
				bp_mem_write(cs, f->slot, &f->ret,
					     lc_word(cs));
		}
		bp_space_free(cs);
		return true;
	}
	/* A traced copy: the same breakpoints, the same pending returns. */
	ct->proc = lc_proc_fork(p, child);
	for (unsigned int i = 0; ct->proc && i < pt->depth; i++) {
		struct lc_frame *f = push_frame(ct);
		uint64_t now;

		if (!f)
			continue;
		*f = pt->stack[i];
		/* The child's copy of the hooked word is the child's (the
		 * return slots' data is copied with the memory). */
		now = bp_ret_slot_addr(ct->proc->bs, f->rslot);
		f->undo = f->hooked ?
			guard_record(GUARD_WORD, ct->proc->tgid, child->pid,
				     f->slot, &f->ret, &now,
				     lc_word(ct->proc->bs)) :
			NULL;
	}
	return false;
}

/*
 * We are about to detach from tcp: put its return addresses back, and
 * when it is the last task of its process, every original byte.
 */
static void libcall_detach(struct tcb *tcp)
{
	struct lc_task *lt = lc_of(tcp);
	struct lc_proc *p;

	if (!lt || !lt->proc)
		return;
	p = lt->proc;
	unhook_frames(p->bs, lt);
	drop_frames(lt);
	if (p->refs == 1) {
		lc_counts_undo(p, p->bs, false);
		lc_disarm(p);
		/* A thread still in a stub (or returning through a slot
		 * nobody restored) then finishes it without stopping. */
		bp_space_quiet(p->bs);
	}
	lc_proc_put(p);
	lt->proc = NULL;
}

/* tcp is going away (exited, killed, dropped). */
static void libcall_task_free(struct tcb *tcp)
{
	struct lc_task *lt = lc_of(tcp);

	if (!lt)
		return;
	drop_frames(lt);
	lc_proc_put(lt->proc);
	free(lt->stack);
	free(lt);
	tcp->tap_state[tap_slot] = NULL;
}


/* --- the engine's tap ----------------------------------------------------- */

static bool tap_signal_stop(struct tcb *tcp, int sig)
{
	return sig == SIGTRAP ? libcall_sigtrap(tcp) : libcall_sigstop(tcp);
}

static const struct engine_tap libcall_tap = {
	.signal_stop = tap_signal_stop,
	.syscall_stop = libcall_stub_syscall,
	.new_task = libcall_new_task,
	.exec = libcall_exec,
	.exiting = libcall_exiting,
	.attached_stop = libcall_attached_stop,
	.detach = libcall_detach,
	.task_free = libcall_task_free,
};

static int register_tap(void)
{
	tap_slot = engine_add_tap(&libcall_tap);
	if (tap_slot >= 0) {
		unwind_set_word_filter(unwind_word);
		unwind_set_regs_filter(unwind_regs);
	}
	return tap_slot;
}
