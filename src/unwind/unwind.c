/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Stack traces: which process a task belongs to, when its caches must
 * go, and the frame lines themselves.  The unwinders are in
 * frames_unw.c (64-bit) and frames_dw.c (32-bit), symbols in symbols.c,
 * mappings in maps.c.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/shm.h>
#include <unistd.h>

#include "cli/cli.h"
#include "engine/engine.h"
#include "unwind/demangle.h"
#include "log.h"
#include "output/output.h"
#include "sysent/sysent.h"
#include "unwind/internal.h"
#include "unwind/unwind.h"

#define NBUCKETS	256
/* Past this many cached frame lines a process starts afresh. */
#define TEXTS_MAX	(1u << 16)

/* Which process each task we have unwound belongs to. */
struct uw_task {
	pid_t tid;
	struct uw_proc *proc;
	struct uw_task *next;
};

static struct uw_task *tasks[NBUCKETS];
static struct uw_proc *procs[NBUCKETS];
static struct uw_pc *pcs;
static unsigned int pcs_max;

/* The callbacks unwind_init() wrapped. */

static unsigned int bucket(pid_t pid)
{
	return (unsigned int)pid % NBUCKETS;
}

/* --- frame lines -------------------------------------------------------- */

static void frame_free(struct out_frame *f)
{
	free((char *)f->module);
	free((char *)f->symbol);
	free((char *)f->file);
	*f = (struct out_frame){ 0 };
}

static void texts_clear(struct uw_proc *p)
{
	for (size_t i = 0; i < p->texts_cap; i++)
		frame_free(&p->texts[i].frame);
	free(p->texts);
	p->texts = NULL;
	p->ntexts = p->texts_cap = 0;
}

static size_t text_slot(const struct uw_text *tab, size_t cap, uint64_t pc,
			bool caller)
{
	/* Fibonacci hashing: pcs of one object differ in the low bits. */
	size_t i = (size_t)((pc * 0x9e3779b97f4a7c15ull) >> 40) & (cap - 1);

	while (tab[i].pc && (tab[i].pc != pc || tab[i].caller != caller))
		i = (i + 1) & (cap - 1);
	return i;
}

static struct uw_text *text_find(struct uw_proc *p, uint64_t pc, bool caller)
{
	struct uw_text *t;

	if (!p->texts_cap)
		return NULL;
	t = &p->texts[text_slot(p->texts, p->texts_cap, pc, caller)];
	return t->pc ? t : NULL;
}

/* Room for one more entry: the table stays at most half full. */
static int texts_reserve(struct uw_proc *p)
{
	struct uw_text *nt;
	size_t cap;

	if (p->ntexts >= TEXTS_MAX)
		texts_clear(p);
	if ((p->ntexts + 1) * 2 <= p->texts_cap)
		return 0;
	cap = p->texts_cap ? p->texts_cap * 2 : 256;
	nt = calloc(cap, sizeof(*nt));
	if (!nt)
		return -ENOMEM;
	for (size_t i = 0; i < p->texts_cap; i++)
		if (p->texts[i].pc)
			nt[text_slot(nt, cap, p->texts[i].pc,
				     p->texts[i].caller)] = p->texts[i];
	free(p->texts);
	p->texts = nt;
	p->texts_cap = cap;
	return 0;
}

/*
 * What a frame shows: its module, symbol and offset, its offset in the
 * module's file, with -kk its source line.  0, or -ENOMEM.
 */
static int describe_frame(struct uw_proc *p, const struct uw_pc *f,
			  struct out_frame *out, bool *stop)
{
	uint64_t at = f->caller ? f->pc - 1 : f->pc;
	const struct uw_map *m = uw_maps_find(p, at);
	struct uw_sym sym;

	*out = (struct out_frame){ .pc = f->pc };
	*stop = false;
	if (!m || !*m->path) {
		/* Not code of a mapped file: JIT, or a stack gone wrong. */
		*stop = true;
		debug("unwind: pid %d: pc %#" PRIx64 " is in no mapped file",
		      p->tgid, f->pc);
		return 0;
	}
	uw_sym_lookup(p, at, cfg.stack_trace > 1, &sym);
	out->module = strdup(m->path);
	out->file_offset = f->pc - m->start + m->pgoff;
	if (sym.file) {
		out->file = strdup(sym.file);
		out->line = sym.line;
	}
	if (sym.name) {
		char *name = strndup(sym.name, sym.name_len);
		char *demangled = name ? lc_demangle(name) : NULL;

		if (demangled) {
			free(name);
			name = demangled;
		}
		out->symbol = name;
		out->offset = sym.offset + (f->caller ? 1 : 0);
		if (!name)
			goto nomem;
	}
	if (!out->module || (sym.file && !out->file))
		goto nomem;
	return 0;
nomem:
	frame_free(out);
	return -ENOMEM;
}

static const struct uw_text *frame_text(struct uw_proc *p,
					const struct uw_pc *f)
{
	static struct uw_text scratch;
	struct uw_text *t = text_find(p, f->pc, f->caller);
	struct out_frame frame;
	bool stop;

	if (t)
		return t;
	if (describe_frame(p, f, &frame, &stop) < 0)
		return NULL;
	if (texts_reserve(p) < 0) {
		/* No room to keep it: use it once. */
		frame_free(&scratch.frame);
		scratch = (struct uw_text){ f->pc, f->caller, stop, frame };
		return &scratch;
	}
	t = &p->texts[text_slot(p->texts, p->texts_cap, f->pc, f->caller)];
	*t = (struct uw_text){ f->pc, f->caller, stop, frame };
	p->ntexts++;
	return t;
}

/* --- processes and tasks ------------------------------------------------ */

/*
 * The thread-group id from /proc: the engine may not know it (a thread
 * made by clone3 looks like a process to it).
 */
static pid_t read_tgid(struct tcb *tcp)
{
	char path[40], buf[1024];
	ssize_t n;
	char *s;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/status", tcp->pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (n > 0) {
			buf[n] = '\0';
			s = strstr(buf, "\nTgid:");
			if (s)
				return (pid_t)atoi(s + 6);
		}
	}
	return tcp->tgid ? tcp->tgid : tcp->pid;
}

/* Whether the process runs a 32-bit program: its ELF class. */
static bool is_compat(struct tcb *tcp, pid_t tgid)
{
	unsigned char ident[5];
	char path[32];
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/exe", tgid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		ssize_t n = read(fd, ident, sizeof(ident));

		close(fd);
		if (n == sizeof(ident) && !memcmp(ident, "\177ELF", 4))
			return ident[4] == 1;	/* ELFCLASS32 */
	}
	return tcp->pers == PERS_COMPAT;
}

static struct uw_proc *proc_find(pid_t tgid)
{
	for (struct uw_proc *p = procs[bucket(tgid)]; p; p = p->next)
		if (p->tgid == tgid)
			return p;
	return NULL;
}

static void proc_free(struct uw_proc *p)
{
	texts_clear(p);
	uw_unw_release(p);
	uw_dwfl_release(p);
	uw_maps_release(p);
	free(p);
}

/* Out of the table; freed when no task points to it any more. */
static void proc_unlink(struct uw_proc *p)
{
	struct uw_proc **pp = &procs[bucket(p->tgid)];

	while (*pp && *pp != p)
		pp = &(*pp)->next;
	if (*pp)
		*pp = p->next;
	p->next = NULL;
	p->tgid = -p->tgid - 1;		/* never found again */
	if (!p->refs)
		proc_free(p);
}

static void proc_put(struct uw_proc *p)
{
	if (--p->refs == 0 && p->tgid < 0)
		proc_free(p);
}

static struct uw_task **task_slot(pid_t tid)
{
	struct uw_task **tp = &tasks[bucket(tid)];

	while (*tp && (*tp)->tid != tid)
		tp = &(*tp)->next;
	return tp;
}

static void task_forget(pid_t tid)
{
	struct uw_task **tp = task_slot(tid), *t = *tp;

	if (!t)
		return;
	*tp = t->next;
	uw_unw_task_gone(t->proc, tid);
	proc_put(t->proc);
	free(t);
}

static struct uw_proc *task_proc(struct tcb *tcp, bool create)
{
	struct uw_task **tp = task_slot(tcp->pid), *t = *tp;
	struct uw_proc *p;
	pid_t tgid;

	if (t && t->proc->tgid >= 0)
		return t->proc;
	if (t && !create)
		return NULL;
	if (!create)
		return NULL;
	if (t) {
		/* Its process exec'd away: find the new one. */
		proc_put(t->proc);
	} else {
		t = calloc(1, sizeof(*t));
		if (!t)
			return NULL;
		t->tid = tcp->pid;
		*tp = t;
	}
	tgid = read_tgid(tcp);
	p = proc_find(tgid);
	if (!p) {
		p = calloc(1, sizeof(*p));
		if (!p) {
			*tp = t->next;
			free(t);
			return NULL;
		}
		p->tgid = tgid;
		p->compat = is_compat(tcp, tgid);
		p->maps_stale = p->dwfl_stale = true;
		p->next = procs[bucket(tgid)];
		procs[bucket(tgid)] = p;
	}
	p->refs++;
	t->proc = p;
	return p;
}

/* The process's code may have moved: everything derived goes. */
static void proc_flush(struct uw_proc *p, const char *why)
{
	debug("unwind: pid %d: %s: caches flushed", p->tgid, why);
	p->maps_stale = true;
	p->dwfl_stale = true;
	texts_clear(p);
	uw_unw_flush(p);
}

/* --- printing ----------------------------------------------------------- */

static int pcs_reserve(unsigned int n)
{
	struct uw_pc *np;

	if (n <= pcs_max)
		return 0;
	np = realloc(pcs, n * sizeof(*pcs));
	if (!np)
		return -ENOMEM;
	pcs = np;
	pcs_max = n;
	return 0;
}

static void print_stack(struct tcb *tcp, unsigned int max_frames)
{
	struct uw_proc *p;
	const char *why = NULL;
	int n;

	if (!max_frames || pcs_reserve(max_frames) < 0)
		return;
	p = task_proc(tcp, true);
	if (!p)
		return;
	if (p->maps_stale && uw_maps_load(p) < 0) {
		debug("unwind: pid %d: cannot read /proc/%d/maps: %s",
		      tcp->pid, p->tgid, strerror(errno));
		return;
	}
	if (p->compat)
		n = uw_dw_frames(p, tcp, pcs, max_frames, &why);
	else
		n = uw_unw_frames(p, tcp, pcs, max_frames, &why);
	for (int i = 0; i < n; i++) {
		const struct uw_text *t;

		/*
		 * Without CFI libdw's i386 unwinder guesses a frame from
		 * the stack, which can give a pc no 32-bit task has.
		 */
		if (p->compat && pcs[i].pc > UINT32_MAX) {
			debug("unwind: pid %d: pc %#" PRIx64 " past 4 GiB",
			      tcp->pid, pcs[i].pc);
			break;
		}
		t = frame_text(p, &pcs[i]);

		if (!t)
			break;
		line_frame(tcp, &t->frame);
		if (t->stop)
			break;
	}
	if (why)
		debug("unwind: pid %d: stack ends after %d frames: %s",
		      tcp->pid, n > 0 ? n : 0, why);
}

/*
 * The frames' pcs alone, for a script's ustack: what print_stack()
 * walks, before any symbol is looked up.
 */
int unwind_pcs(struct tcb *tcp, uint64_t *pc, unsigned int max)
{
	struct uw_proc *p;
	const char *why = NULL;
	int n;

	if (!max || pcs_reserve(max) < 0)
		return -ENOMEM;
	p = task_proc(tcp, true);
	if (!p)
		return -ESRCH;
	if (p->maps_stale && uw_maps_load(p) < 0)
		return -errno;
	if (p->compat)
		n = uw_dw_frames(p, tcp, pcs, max, &why);
	else
		n = uw_unw_frames(p, tcp, pcs, max, &why);
	for (int i = 0; i < n; i++) {
		if (p->compat && pcs[i].pc > UINT32_MAX)
			return i;
		pc[i] = pcs[i].pc;
	}
	return n < 0 ? -EFAULT : n;
}

int unwind_pc_text(struct tcb *tcp, uint64_t pc, bool caller, char *buf,
		   size_t size)
{
	struct uw_proc *p = task_proc(tcp, true);
	struct uw_pc f = { .pc = pc, .caller = caller };
	const struct uw_text *t;

	if (!p || (p->maps_stale && uw_maps_load(p) < 0))
		return -1;
	t = frame_text(p, &f);
	if (!t || !t->frame.symbol)
		return -1;
	snprintf(buf, size, "%s+%" PRIu64, t->frame.symbol, t->frame.offset);
	return 0;
}

void unwind_print_limit(struct tcb *tcp, unsigned int max_frames)
{
	/* JSON records carry their stack: stack_hook() wrote it. */
	if (!out_stack_inline())
		print_stack(tcp, max_frames);
}

/* A record's stack, where the output puts it in the record (JSON). */
static void stack_hook(struct tcb *tcp)
{
	unsigned int limit = cfg.stack_trace_limit ? cfg.stack_trace_limit :
						      256;

	print_stack(tcp, cfg.stack_trace ? limit : cfg.lc_stack);
}

void unwind_print(struct tcb *tcp)
{
	unwind_print_limit(tcp, cfg.stack_trace_limit ? cfg.stack_trace_limit
						 : 256);
}

/* --- what changes a process's code -------------------------------------- */

/*
 * A successful syscall flagged SYSCALL_MAPS_CHANGE at its exit.  Only
 * executable mappings matter: a munmap of heap leaves the caches alone.
 */
static void maps_changed(struct tcb *tcp)
{
	const struct syscall_state *sc = &tcp->sc;
	const char *name = sc->ent->name;
	/*
	 * Created if need be: a thread we never unwound may change the
	 * code its siblings run.
	 */
	struct uw_proc *p = task_proc(tcp, true);
	uint64_t addr = sc->args[0], len = sc->args[1];
	bool flush;

	if (!p || p->maps_stale)
		return;
	if (!strcmp(name, "mmap") || !strcmp(name, "mmap2")) {
		/* i386's old mmap takes its arguments in memory. */
		if (sc->ent->nargs < 6)
			flush = true;
		else
			flush = (sc->args[2] & PROT_EXEC) ||
				uw_maps_overlap(p, (uint64_t)sc->rval,
						(uint64_t)sc->rval + len);
	} else if (!strcmp(name, "mprotect") ||
		   !strcmp(name, "pkey_mprotect")) {
		flush = (sc->args[2] & PROT_EXEC) ||
			uw_maps_overlap(p, addr, addr + len);
	} else if (!strcmp(name, "munmap") || !strcmp(name, "mremap")) {
		flush = uw_maps_overlap(p, addr, addr + len);
	} else if (!strcmp(name, "shmat")) {
		flush = sc->args[2] & SHM_EXEC;
	} else {
		/* shmdt (of a size we do not know), execve... */
		flush = true;
	}
	if (flush)
		proc_flush(p, name);
}

static void on_syscall_exit(struct tcb *tcp)
{
	const struct sysent *ent = tcp->sc.ent;

	if (ent && (ent->flags & SYSCALL_MAPS_CHANGE) && tcp->sc.has_rval &&
	    !tcp->sc.is_error)
		maps_changed(tcp);
}

/* A new program: nothing of the old one applies. */
static void on_exec(struct tcb *tcp, pid_t former_tid)
{
	struct uw_proc *p = proc_find(tcp->pid);

	if (p)
		proc_unlink(p);
	if (former_tid != tcp->pid)
		task_forget(former_tid);
	task_forget(tcp->pid);
}

/* A new pid may be an old one again: drop what was kept under it. */
static void forget_stale(pid_t pid)
{
	struct uw_proc *p = proc_find(pid);

	task_forget(pid);
	if (p)
		proc_unlink(p);
}

static void on_new_task(struct tcb *tcp)
{
	forget_stale(tcp->pid);
}

static void on_followed(struct tcb *tcp)
{
	forget_stale(tcp->pid);
}

static void on_exited(struct tcb *tcp, int status)
{
	task_forget(tcp->pid);
}

static void on_superseded(struct tcb *tcp, pid_t by)
{
	task_forget(tcp->pid);
}

static void on_detached(struct tcb *tcp)
{
	task_forget(tcp->pid);
}

/* --- set-up ------------------------------------------------------------- */

/*
 * What the caches must follow.  Added before the printing consumer: a
 * mapping change is seen before the line whose stack it affects.
 */
static const struct engine_consumer unwind_consumer = {
	.syscall_exit = on_syscall_exit,
	.exec = on_exec,
	.new_task = on_new_task,
	.followed = on_followed,
	.exited = on_exited,
	.superseded = on_superseded,
	.detached = on_detached,
};

int unwind_init(void)
{
	if (pcs_reserve(cfg.stack_trace_limit ? cfg.stack_trace_limit : 256))
		return -ENOMEM;
	out_set_stack_hook(stack_hook);
	engine_add_consumer(&unwind_consumer);

	/*
	 * Under the seccomp filter a syscall left out of -e trace= never
	 * stops, and a mapping change would go unseen.  i386's ipc()
	 * carries shmat and shmdt.
	 */
	for (int pers = 0; pers < NUM_PERSONALITIES; pers++) {
		const struct sysent_table *t = &sysent_tables[pers];
		long ipc = sysent_find(pers, "ipc");

		for (unsigned int nr = 0; nr < t->count; nr++)
			if (t->ents[nr].name &&
			    (t->ents[nr].flags & SYSCALL_MAPS_CHANGE))
				engine_stop_also_at(pers, nr);
		if (ipc >= 0)
			engine_stop_also_at(pers, ipc);
	}
	return 0;
}

void unwind_finish(void)
{
	for (unsigned int b = 0; b < NBUCKETS; b++) {
		while (tasks[b])
			task_forget(tasks[b]->tid);
		while (procs[b])
			proc_unlink(procs[b]);
	}
	free(pcs);
	pcs = NULL;
}
