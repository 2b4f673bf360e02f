/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A script on the tracer (run.h): which clause an event fires, and the
 * event as the evaluator reads it (eval.h).
 *
 * Each clause's probes are compiled once into matchers: a syscall set
 * per personality (names, globs, strace's %sets), a signal, a process
 * event.  The script's syscalls are added to the engine's stops, so the
 * seccomp filter of -f stops only where the script looks; a syscall
 * nothing names runs at full speed.  An event builds its struct
 * script_event on the stack; the task's command name is read once per
 * task (and again after exec or prctl(PR_SET_NAME)), nothing else is
 * read unless the clause asks for it (str(), ustack, path()).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "engine/engine.h"
#include "engine/tcb.h"
#include "filter/expr.h"
#include "filter/rules.h"
#include "filter/sets.h"
#include "libcall/libcall.h"
#include "log.h"
#include "output/output.h"
#include "probe/probe.h"
#include "script/eval.h"
#include "script/kernel.h"
#include "script/parse.h"
#include "script/run.h"
#include "script/stacks.h"
#include "sysent/sysent.h"
#include "syscall/printers.h"
#include "util/procstat.h"
#include "xlat/xlat.h"

/* One probe of a clause, ready to be matched. */
struct matcher {
	size_t clause;
	const struct script_probe *probe;
	struct scset *set; /* SYSCALL */
	int signo; /* SIGNAL: 0 for any */
	unsigned long probe_id; /* SPEC: probe_add_quiet()'s */
	/* The clause reads what only an exit knows (retval...). */
	bool needs_exit;
	/* The clause tampers: without :entry or :exit, it fires at the
	 * entry, where a syscall can still be changed. */
	bool tampers;
};

/* A task's command name, parent and user, read once. */
struct thr {
	pid_t tid;
	bool comm_ok, ids_ok;
	char comm[16];
	pid_t ppid;
	uid_t uid;
	struct thr *next;
};

#define THR_BUCKETS 256

static struct script *script;
static struct script_rt *rt;
static struct matcher *m;
static size_t nm;
/* Syscall matchers fired at entry and at exit, per personality. */
static struct scset at_entry, at_exit;
static bool want_signal, want_fork, want_exec, want_exit;
/* call: sources, as -l (PLT calls) and -L (FUNC@LIB: entries) rules */
static struct lc_ruleset plt_rules, entry_rules;
static bool want_calls, want_probes;
static struct thr *thr[THR_BUCKETS];
static bool ended;
/* The script reads ppid or uid: /proc/PID/status once per task. */
static bool want_ids;
/* process:exit reads comm: it is read while the task is there. */
static bool keep_comm;
/* The script reads walltime: the clock is read per event. */
static bool want_wall;
/* The script reads cpu: /proc's "processor" per event. */
static bool want_cpu;
/*
 * Syscalls that change what a task's cache holds: prctl (PR_SET_NAME)
 * when the script reads comm, the set*uid calls when it reads uid.
 * They are stops too, so the cache is right under the seccomp filter.
 */
static struct scset renames;

/* The clauses the BPF back end can run, and those it does. */
static bool *planned, *in_kernel;

/* interval: clauses */
static timer_t tick_timer;
static bool tick_on;
static struct interval {
	size_t clause;
	const struct script_probe *probe;
	uint64_t period, next;
} *iv;
static size_t niv;

bool script_active(void)
{
	return script != NULL;
}

static uint64_t mono_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000ULL + (uint64_t)t.tv_nsec;
}

static uint64_t wall_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_REALTIME, &t);
	return (uint64_t)t.tv_sec * 1000000000ULL + (uint64_t)t.tv_nsec;
}

static uint64_t ts_ns(const struct timespec *t)
{
	return (uint64_t)t->tv_sec * 1000000000ULL + (uint64_t)t->tv_nsec;
}

/* ---- the host: what the evaluator asks of the tracer ---- */

static struct thr *thr_get(pid_t tid, bool make)
{
	struct thr **head = &thr[(unsigned int)tid % THR_BUCKETS], *t;

	for (t = *head; t; t = t->next)
		if (t->tid == tid)
			return t;
	if (!make)
		return NULL;
	t = calloc(1, sizeof(*t));
	if (!t)
		return NULL;
	t->tid = tid;
	t->next = *head;
	*head = t;
	return t;
}

static void thr_drop(pid_t tid)
{
	struct thr **p = &thr[(unsigned int)tid % THR_BUCKETS], *t;

	for (; (t = *p); p = &t->next) {
		if (t->tid == tid) {
			*p = t->next;
			free(t);
			return;
		}
	}
}

static void host_comm(void *ctx, char *buf, size_t size)
{
	struct tcb *tcp = ctx;
	struct thr *t = tcp ? thr_get(tcp->pid, true) : NULL;

	if (!size)
		return;
	buf[0] = '\0';
	if (!t)
		return;
	if (!t->comm_ok) {
		char path[64];
		FILE *f;

		snprintf(path, sizeof(path), "/proc/%d/comm", (int)tcp->pid);
		f = fopen(path, "re");
		if (f) {
			if (fgets(t->comm, sizeof(t->comm), f))
				t->comm[strcspn(t->comm, "\n")] = '\0';
			fclose(f);
			t->comm_ok = true;
		}
	}
	snprintf(buf, size, "%s", t->comm);
}

static long host_read_str(void *ctx, uint64_t addr, char *buf, size_t size)
{
	ssize_t n;

	if (!ctx || size < 1)
		return -EINVAL;
	n = tracee_read_str(ctx, addr, buf, size - 1);
	if (n < 0)
		return n;
	if ((size_t)n > size - 1)
		n = (ssize_t)size - 1;
	buf[n] = '\0';
	return n;
}

static int host_fd_path(void *ctx, int fd, char *buf, size_t size)
{
	struct tcb *tcp = ctx;
	ssize_t n;

	if (!tcp)
		return -EINVAL;
	n = fd_path(tcp->pid, fd, buf, size);
	if (n < 0)
		return -EBADF;
	return (int)n;
}

/* The event being run, for the records of what it prints. */
static const struct script_event *cur_ev;

/*
 * Text as it is; in JSON, each piece of output is a "print" record of
 * the task whose event made it (doc/json.md).
 */
static void host_write(void *hctx, const char *text, size_t len)
{
	struct outstream *os = out_shared();
	char *s;

	(void)hctx;
	if (!out_is_json()) {
		out_write(os, text, len);
		return;
	}
	s = strndup(text, len);
	if (!s)
		return;
	out_jrec_begin(os, "print");
	if (cur_ev && cur_ev->tid) {
		out_jkey(os, "pid");
		out_jint(os, cur_ev->pid);
		out_jkey(os, "tid");
		out_jint(os, cur_ev->tid);
	}
	out_jkey(os, "text");
	out_jstr(os, s);
	out_jrec_end(os);
	free(s);
}

static void host_warn(void *hctx, const char *msg)
{
	(void)hctx;
	msg_error("%s", msg);
}

static void host_exit(void *hctx, int code)
{
	(void)hctx;
	(void)code;
	if (ended)
		return;
	ended = true;
	engine_end_trace();
}

static void host_system(void *hctx, const char *cmd)
{
	int rc;

	(void)hctx;
	out_flush(out_shared());
	rc = system(cmd);
	if (rc == -1)
		msg_perror("system");
}

/*
 * -w: override(), signal(), chill() tamper with the syscall at whose
 * entry the clause fires, as -e inject= does; elsewhere the engine says
 * -EINVAL and the evaluator faults.
 */
static int host_override(void *ctx, int64_t v)
{
	return engine_tamper(ctx, ENGINE_TAMPER_RETURN, v);
}

static int host_signal(void *ctx, int sig)
{
	return engine_tamper(ctx, ENGINE_TAMPER_SIGNAL, sig);
}

static int host_chill(void *ctx, uint64_t ns)
{
	if (ns > INT64_MAX)
		return -EINVAL;
	return engine_tamper(ctx, ENGINE_TAMPER_DELAY, (int64_t)ns);
}

static const struct script_host host = {
	.read_str = host_read_str,
	.comm = host_comm,
	.ustack = stacks_ustack,
	.frame = stacks_frame,
	.fd_path = host_fd_path,
	.write = host_write,
	.warn = host_warn,
	.exit = host_exit,
	.system = host_system,
	.override = host_override,
	.signal = host_signal,
	.chill = host_chill,
};

/* ---- the events ---- */

/* PPid: and the real Uid: of /proc/TID/status. */
static void read_ids(struct thr *t)
{
	char path[64], line[256];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)t->tid);
	f = fopen(path, "re");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "PPid:", 5))
			t->ppid = (pid_t)atol(line + 5);
		else if (!strncmp(line, "Uid:", 4))
			t->uid = (uid_t)strtoul(line + 4, NULL, 10);
	}
	fclose(f);
	t->ids_ok = true;
}

/*
 * The CPU a stopped task last ran on: where the event that stopped it
 * happened, as bpftrace's cpu is where its probe fired.  Field 39 of
 * /proc/TID/stat ("processor"); -1 when the task is gone.
 */
static int task_cpu(pid_t tid)
{
	char path[64], buf[1024];
	const char *cpu;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)tid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	cpu = procstat_field(buf, 39);
	return cpu ? atoi(cpu) : -1;
}

static void ev_task(struct script_event *ev, struct tcb *tcp)
{
	ev->pid = tcp->tgid ? tcp->tgid : tcp->pid;
	ev->tid = tcp->pid;
	ev->ctx = tcp;
	ev->cpu = want_cpu ? task_cpu(tcp->pid) : -1;
	if (want_wall)
		ev->walltime = wall_ns();
	if (want_ids) {
		struct thr *t = thr_get(tcp->pid, true);

		if (t && !t->ids_ok)
			read_ids(t);
		if (t) {
			ev->ppid = t->ppid;
			ev->uid = t->uid;
		}
	}
}

/*
 * Argument names, "fd,buf,count" (a syscall row's, a prototype's), split
 * once for as long as the same text comes again.
 */
static const char *const *argnames_of(const char *list, unsigned int *n)
{
	static const char *last;
	static char buf[256];
	static const char *names[MAX_ARGS];
	static unsigned int count;
	char *p;

	*n = 0;
	if (!list)
		return NULL;
	if (list != last) {
		last = list;
		count = 0;
		snprintf(buf, sizeof(buf), "%s", list);
		for (p = buf; *p && count < MAX_ARGS;) {
			names[count++] = p;
			p += strcspn(p, ",");
			if (*p)
				*p++ = '\0';
		}
	}
	*n = count;
	return names;
}

static void fire(size_t k, const struct script_event *ev)
{
	if (ended)
		return;
	cur_ev = ev;
	script_rt_fire(rt, k, ev);
	cur_ev = NULL;
}

static void run_intervals(uint64_t now);
static bool clause_in_kernel(size_t k);

/* exit and exit_group have no exit stop: a whole-syscall clause fires at
 * their entry. */
static bool noreturn(const struct sysent *ent)
{
	return ent && (!strcmp(ent->name, "exit") ||
		       !strcmp(ent->name, "exit_group"));
}

static void on_syscall(struct tcb *tcp, bool exiting)
{
	const struct syscall_state *sc = &tcp->sc;
	struct script_event ev = { 0 };
	const struct scset *want = exiting ? &at_exit : &at_entry;

	if (sc->nr < 0 || !scset_has(want, sc->pers, sc->nr))
		return;
	ev_task(&ev, tcp);
	ev.name = sc->ent ? sc->ent->name : NULL;
	ev.at_exit = exiting;
	ev.args = sc->args;
	ev.nargs = sc->ent ? sc->ent->nargs : MAX_ARGS;
	ev.argnames = argnames_of(sc->ent ? sc->ent->argnames : NULL,
				  &ev.nargnames);
	ev.nsecs = ts_ns(exiting ? &sc->t_exit : &sc->t_entry);
	if (exiting && sc->has_rval) {
		ev.has_retval = true;
		ev.retval = sc->rval;
		ev.err = sc->is_error ? (int)-sc->rval : 0;
		ev.has_latency = true;
		ev.latency_ns = ts_ns(&sc->t_exit) - ts_ns(&sc->t_entry);
	}
	for (size_t i = 0; i < nm && !ended; i++) {
		const struct matcher *x = &m[i];
		enum script_at at;

		if (x->probe->kind != SCRIPT_PROBE_SYSCALL ||
		    !scset_has(x->set, sc->pers, sc->nr) ||
		    clause_in_kernel(x->clause))
			continue;
		at = x->probe->at;
		/* No at written: the whole syscall, at its exit; exit
		 * and exit_group at their entry, unless the clause reads
		 * a result they never have. */
		if (at == SCRIPT_AT_DEFAULT && noreturn(sc->ent)) {
			if (x->needs_exit)
				continue;
			at = SCRIPT_AT_ENTRY;
		}
		else if (at == SCRIPT_AT_DEFAULT)
			at = x->tampers && !x->needs_exit ? SCRIPT_AT_ENTRY :
							    SCRIPT_AT_EXIT;
		if ((at == SCRIPT_AT_EXIT) != exiting)
			continue;
		ev.probe = x->probe;
		fire(x->clause, &ev);
	}
	if (niv)
		run_intervals(ev.nsecs);
}

static void on_syscall_entry(struct tcb *tcp)
{
	on_syscall(tcp, false);
}

static void on_syscall_exit(struct tcb *tcp)
{
	const struct syscall_state *sc = &tcp->sc;

	/* A new name, a new user: read them again at the next event. */
	if (sc->nr >= 0 && scset_has(&renames, sc->pers, sc->nr)) {
		struct thr *t = thr_get(tcp->pid, false);

		if (t)
			t->comm_ok = t->ids_ok = false;
	}
	on_syscall(tcp, true);
}

/* Fire every matcher of kind (and event, for process:) at tcp. */
static void fire_kind(struct tcb *tcp, enum script_probe_kind kind, int event,
		      struct script_event *ev)
{
	for (size_t i = 0; i < nm && !ended; i++) {
		const struct matcher *x = &m[i];

		if (x->probe->kind != kind)
			continue;
		if (kind == SCRIPT_PROBE_PROCESS &&
		    (int)x->probe->event != event)
			continue;
		if (kind == SCRIPT_PROBE_SIGNAL && x->signo &&
		    x->signo != ev->signo)
			continue;
		ev->probe = x->probe;
		fire(x->clause, ev);
	}
}

static void on_signal(struct tcb *tcp, const siginfo_t *si)
{
	struct script_event ev = { 0 };

	if (!want_signal)
		return;
	ev_task(&ev, tcp);
	ev.signo = si->si_signo;
	ev.name = signal_name(si->si_signo);
	ev.nsecs = mono_ns();
	fire_kind(tcp, SCRIPT_PROBE_SIGNAL, 0, &ev);
}

static void on_spawned(struct tcb *parent, pid_t child, int how,
		       uint64_t clone_flags)
{
	struct script_event ev = { 0 };
	uint64_t arg[2] = { (uint64_t)child, clone_flags };

	/* A thread is in its process's space already. */
	if (script_rt_wants_ustack(rt) &&
	    !(how == ENGINE_CLONE && (clone_flags & CLONE_THREAD)))
		stacks_spawned(parent->tgid ? parent->tgid : parent->pid, child);
	if (!want_fork)
		return;
	ev_task(&ev, parent);
	ev.name = "fork";
	ev.args = arg;
	ev.nargs = 2;
	ev.nsecs = mono_ns();
	fire_kind(parent, SCRIPT_PROBE_PROCESS, SCRIPT_PROCESS_FORK, &ev);
}

/* Read the task's name now: at its exit /proc has it no more. */
static void remember_comm(struct tcb *tcp)
{
	char buf[16];

	host_comm(tcp, buf, sizeof(buf));
}

static void on_new_task(struct tcb *tcp)
{
	if (keep_comm)
		remember_comm(tcp);
}

static void on_exec(struct tcb *tcp, pid_t former_tid)
{
	struct script_event ev = { 0 };
	struct thr *t = thr_get(tcp->pid, false);

	if (former_tid != tcp->pid) {
		thr_drop(former_tid);
		script_rt_thread_gone(rt, former_tid);
	}
	if (t)
		t->comm_ok = t->ids_ok = false;
	stacks_exec(tcp->pid);
	if (keep_comm)
		remember_comm(tcp);
	if (!want_exec)
		return;
	ev_task(&ev, tcp);
	ev.name = "exec";
	ev.nsecs = mono_ns();
	fire_kind(tcp, SCRIPT_PROBE_PROCESS, SCRIPT_PROCESS_EXEC, &ev);
}

static void on_exited(struct tcb *tcp, int status)
{
	struct script_event ev = { 0 };
	uint64_t arg[2];

	if (want_exit) {
		ev_task(&ev, tcp);
		ev.name = "exit";
		ev.nsecs = mono_ns();
		ev.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) :
						   128 + WTERMSIG(status);
		if (WIFSIGNALED(status))
			ev.signo = WTERMSIG(status);
		/* arg0: the exit status, arg1: the signal that killed it */
		arg[0] = WIFEXITED(status) ? (uint64_t)WEXITSTATUS(status) : 0;
		arg[1] = (uint64_t)ev.signo;
		ev.args = arg;
		ev.nargs = 2;
		fire_kind(tcp, SCRIPT_PROBE_PROCESS, SCRIPT_PROCESS_EXIT, &ev);
	}
	thr_drop(tcp->pid);
	if (!tcp->tgid || tcp->tgid == tcp->pid)
		stacks_exited(tcp->pid);
	script_rt_thread_gone(rt, tcp->pid);
}

static void on_superseded(struct tcb *tcp, pid_t by)
{
	(void)by;
	thr_drop(tcp->pid);
	script_rt_thread_gone(rt, tcp->pid);
}

static void on_tick(void)
{
	if (niv)
		run_intervals(mono_ns());
}

/* Does a call: probe name this call?  LIB matches the object's file
 * name, whole or up to a '.' ("libc" and "libc.so.6" both). */
static bool call_matches(const struct script_probe *p,
			 const struct lc_call_info *ci)
{
	const char *base;
	size_t n;

	if (fnmatch(p->name, ci->name, 0))
		return false;
	if (!p->lib)
		return true;
	if (!ci->lib)
		return false;
	base = strrchr(ci->lib, '/') ? strrchr(ci->lib, '/') + 1 : ci->lib;
	if (!fnmatch(p->lib, base, 0))
		return true;
	n = strlen(p->lib);
	return !strncmp(base, p->lib, n) && base[n] == '.';
}

static void on_call(struct tcb *tcp, const struct lc_call_info *ci,
		    void *data)
{
	struct script_event ev = { 0 };

	(void)data;
	ev_task(&ev, tcp);
	ev.name = ci->name;
	ev.at_exit = ci->at_return;
	ev.args = ci->args;
	ev.nargs = ci->nargs;
	ev.argnames = argnames_of(ci->argnames, &ev.nargnames);
	ev.caller = ci->caller;
	ev.nsecs = ci->at_return ? ts_ns(ci->t0) + ci->latency_ns :
				   ts_ns(ci->t0);
	if (ci->at_return) {
		ev.has_retval = true;
		ev.retval = ci->retval;
		ev.has_latency = true;
		ev.latency_ns = ci->latency_ns;
	}
	for (size_t i = 0; i < nm && !ended; i++) {
		const struct matcher *x = &m[i];
		enum script_at at;

		if (x->probe->kind != SCRIPT_PROBE_CALL ||
		    !call_matches(x->probe, ci))
			continue;
		at = x->probe->at;
		/* No at written: the whole call, at its return — or at
		 * its entry when no return will be seen. */
		if (at == SCRIPT_AT_DEFAULT && !ci->at_return &&
		    !ci->returns) {
			if (x->needs_exit)
				continue;
			at = SCRIPT_AT_ENTRY;
		} else if (at == SCRIPT_AT_DEFAULT) {
			at = SCRIPT_AT_EXIT;
		}
		if ((at == SCRIPT_AT_EXIT) != ci->at_return)
			continue;
		ev.probe = x->probe;
		fire(x->clause, &ev);
	}
}

/*
 * A probe's values: $retval is retval, a USDT point's argK arg(K-1) as
 * in bpftrace, the others args.NAME by their names.
 */
static void on_probe(struct tcb *tcp, const struct probe_hit_info *hi,
		     void *data)
{
	struct script_named named[32];
	uint64_t args[12] = { 0 };
	struct script_event ev = { 0 };
	size_t nn = 0;

	(void)data;
	ev_task(&ev, tcp);
	ev.name = hi->spec;
	ev.at_exit = hi->at_return;
	ev.nsecs = mono_ns();
	ev.caller = hi->pc;
	for (size_t i = 0; i < hi->nvals; i++) {
		const struct probe_value *v = &hi->vals[i];
		int64_t iv = v->kind == PROBE_V_FLOAT ? (int64_t)v->d : v->i;
		char *end;
		unsigned long a;

		if (v->kind == PROBE_V_NONE)
			continue;
		if (!strcmp(v->name, "$retval") && v->kind != PROBE_V_STR) {
			ev.has_retval = true;
			ev.retval = iv;
			continue;
		}
		/* A USDT point's argK (from 1) is bpftrace's arg(K-1). */
		if (!strncmp(v->name, "arg", 3) && v->kind != PROBE_V_STR) {
			a = strtoul(v->name + 3, &end, 10);
			if (end != v->name + 3 && !*end && a >= 1 && a <= 12) {
				args[a - 1] = (uint64_t)iv;
				if (a > ev.nargs)
					ev.nargs = (unsigned int)a;
				continue;
			}
		}
		if (nn == sizeof(named) / sizeof(named[0]))
			continue;
		named[nn] = (struct script_named){ .name = v->name };
		if (v->kind == PROBE_V_STR) {
			named[nn].is_str = true;
			named[nn].s = v->s;
			named[nn].len = v->len;
		} else {
			named[nn].i = iv;
		}
		nn++;
	}
	ev.args = args;
	ev.named = named;
	ev.nnamed = nn;
	for (size_t i = 0; i < nm && !ended; i++) {
		const struct matcher *x = &m[i];

		if (x->probe->kind != SCRIPT_PROBE_SPEC ||
		    x->probe_id != hi->id)
			continue;
		ev.probe = x->probe;
		fire(x->clause, &ev);
	}
}

static const struct lc_observer call_observer = {
	.plt = &plt_rules,
	.entry = &entry_rules,
	.call = on_call,
};

static const struct engine_consumer consumer = {
	.new_task = on_new_task,
	.followed = on_new_task,
	.syscall_entry = on_syscall_entry,
	.syscall_exit = on_syscall_exit,
	.signal = on_signal,
	.spawned = on_spawned,
	.exec = on_exec,
	.exited = on_exited,
	.superseded = on_superseded,
	.tick = on_tick,
};

/* ---- interval: ---- */

static void run_intervals(uint64_t now)
{
	for (size_t i = 0; i < niv && !ended; i++) {
		struct script_event ev = { 0 };

		if (now < iv[i].next)
			continue;
		/* A long stall fires once, not once per missed period. */
		while (iv[i].next <= now)
			iv[i].next += iv[i].period;
		ev.probe = iv[i].probe;
		ev.nsecs = now;
		ev.cpu = -1;
		fire(iv[i].clause, &ev);
	}
}

/*
 * The engine's timer (engine_timer_start): its alarm breaks the wait and
 * the engine ticks; busy tasks also bring the clock to run_intervals()
 * at every syscall the script sees.
 */
static void start_timer(void)
{
	uint64_t period = UINT64_MAX, now = mono_ns();
	int rc;

	for (size_t i = 0; i < niv; i++) {
		iv[i].next = now + iv[i].period;
		if (iv[i].period < period)
			period = iv[i].period;
	}
	rc = engine_timer_start(period, &tick_timer);
	if (rc < 0) {
		msg_error("interval: cannot start a timer: %s", strerror(-rc));
		return;
	}
	tick_on = true;
}

/* ---- compiling the probes ---- */

static int syscall_set(const struct script_probe *p, struct scset *set)
{
	struct qual_error err;
	bool any = false;

	scset_clear(set);
	if (!strpbrk(p->name, "*?[")) {
		if (qual_parse_syscalls(set, p->name, &err) < 0) {
			msg_error("%s:%u:%u: %s", cfg.script_name, p->pos.line,
				  p->pos.col, err.msg);
			return -1;
		}
		return 0;
	}
	for (int pers = 0; pers < NUM_PERSONALITIES; pers++) {
		const struct sysent_table *t = &sysent_tables[pers];

		for (unsigned int nr = 0; nr < t->count; nr++) {
			if (!t->ents[nr].name ||
			    fnmatch(p->name, t->ents[nr].name, 0))
				continue;
			scset_add(set, pers, nr);
			any = true;
		}
	}
	if (!any) {
		msg_error("%s:%u:%u: no syscall matches '%s' (a name, a glob such as 'open*', or a set such as '%%file')",
			  cfg.script_name, p->pos.line, p->pos.col, p->name);
		return -1;
	}
	return 0;
}

static void scset_or(struct scset *to, const struct scset *from)
{
	for (int p = 0; p < NUM_PERSONALITIES; p++)
		for (unsigned int w = 0; w < SCSET_WORDS; w++)
			to->bits[p][w] |= from->bits[p][w];
}

static void add_noreturn(struct scset *to, const struct scset *from)
{
	for (int p = 0; p < NUM_PERSONALITIES; p++)
		for (unsigned int nr = 0; nr < sysent_tables[p].count; nr++)
			if (scset_has(from, p, nr) &&
			    noreturn(&sysent_tables[p].ents[nr]))
				scset_add(to, p, nr);
}

/* Does the clause name the builtin or function? */
static bool clause_uses(const struct script_clause *cl, const char *name)
{
	return script_clause_names(cl, 1u << SCRIPT_E_IDENT |
					       1u << SCRIPT_E_CALL, name);
}

static bool script_uses(const char *name)
{
	for (size_t k = 0; k < script->n; k++)
		if (clause_uses(&script->clause[k], name))
			return true;
	return false;
}

/*
 * The value paths a clause reads under args (args.len, args.hdr->len):
 * a probe: source asks its probe for each by that text, appended to
 * text (" len hdr->len"), once each.
 */
static int add_path(char **text, const char *path)
{
	size_t n = strlen(*text), k = strlen(path);
	char *t;

	for (const char *p = *text; (p = strstr(p, path)); p += k)
		if (p[-1] == ' ' && (p[k] == ' ' || !p[k]))
			return 0;
	t = realloc(*text, n + k + 2);
	if (!t)
		return -ENOMEM;
	t[n] = ' ';
	memcpy(t + n + 1, path, k + 1);
	*text = t;
	return 0;
}

static int expr_paths(const struct script_expr *e, char **text)
{
	char *path;
	int rc = 0;

	if (!e)
		return 0;
	if (e->kind == SCRIPT_E_FIELD || e->kind == SCRIPT_E_INDEX) {
		path = script_args_path(e);
		if (path) {
			rc = add_path(text, path);
			free(path);
			return rc;
		}
	}
	for (size_t i = 0; i < e->n && !rc; i++)
		rc = expr_paths(e->kid[i], text);
	return rc;
}

static int block_paths(const struct script_block *b, char **text)
{
	int rc = 0;

	for (size_t i = 0; i < b->n && !rc; i++) {
		const struct script_stmt *st = b->stmt[i];

		rc = expr_paths(st->lhs, text);
		if (!rc)
			rc = expr_paths(st->expr, text);
		if (!rc)
			rc = block_paths(&st->then, text);
		if (!rc)
			rc = block_paths(&st->els, text);
	}
	return rc;
}

/*
 * --probe's text for a probe: source: "probe:SPEC" is SPEC, "sdt:..."
 * itself; then the clause's args paths, and $retval at a %return (a
 * probe given values shows only those).  No path: the probe's defaults.
 */
static char *probe_text(const struct script_probe *p,
			const struct script_clause *cl)
{
	const char *spec = strncmp(p->text, "probe:", 6) ? p->text :
							   p->text + 6;
	char *text = strdup(spec);
	size_t n;

	if (!text)
		return NULL;
	n = strlen(text);
	if (expr_paths(cl->pred, &text) || block_paths(&cl->body, &text)) {
		free(text);
		return NULL;
	}
	if (strlen(text) != n && strstr(spec, "%return") &&
	    add_path(&text, "$retval")) {
		free(text);
		return NULL;
	}
	return text;
}

static int compile_probe(size_t k, const struct script_probe *p)
{
	struct matcher *x;

	switch (p->kind) {
	case SCRIPT_PROBE_BEGIN:
	case SCRIPT_PROBE_END:
		return 0;
	case SCRIPT_PROBE_INTERVAL: {
		struct interval *v = realloc(iv, (niv + 1) * sizeof(*v));

		if (!v)
			return -ENOMEM;
		iv = v;
		iv[niv++] = (struct interval){ k, p, p->interval_ns, 0 };
		return 0;
	}
	default:
		break;
	}
	x = realloc(m, (nm + 1) * sizeof(*x));
	if (!x)
		return -ENOMEM;
	m = x;
	x = &m[nm++];
	*x = (struct matcher){ .clause = k, .probe = p };
	x->needs_exit = clause_uses(&script->clause[k], "retval") ||
			clause_uses(&script->clause[k], "errno") ||
			clause_uses(&script->clause[k], "errname") ||
			clause_uses(&script->clause[k], "latency");
	x->tampers = clause_uses(&script->clause[k], "override") ||
		     clause_uses(&script->clause[k], "signal") ||
		     clause_uses(&script->clause[k], "chill");
	switch (p->kind) {
	case SCRIPT_PROBE_SYSCALL:
		x->set = calloc(1, sizeof(*x->set));
		if (!x->set)
			return -ENOMEM;
		if (syscall_set(p, x->set) < 0)
			return -1;
		if (p->at == SCRIPT_AT_ENTRY) {
			scset_or(&at_entry, x->set);
		} else {
			scset_or(&at_exit, x->set);
			if (p->at == SCRIPT_AT_DEFAULT && x->tampers)
				scset_or(&at_entry, x->set);
			else if (p->at == SCRIPT_AT_DEFAULT)
				add_noreturn(&at_entry, x->set);
		}
		return 0;
	case SCRIPT_PROBE_SIGNAL:
		want_signal = true;
		if (!strcmp(p->name, "*"))
			return 0;
		x->signo = signal_from_name(p->name);
		if (x->signo <= 0) {
			msg_error("%s:%u:%u: unknown signal '%s'",
				  cfg.script_name, p->pos.line, p->pos.col,
				  p->name);
			return -1;
		}
		return 0;
	case SCRIPT_PROBE_CALL: {
		char rule[512], msg[256];

		/* FUNC: its calls through the PLT, as -l; FUNC@LIB: the
		 * function's entry in LIB, as -L. */
		if (p->lib)
			snprintf(rule, sizeof(rule), "%s@%s", p->name, p->lib);
		else
			snprintf(rule, sizeof(rule), "%s", p->name);
		if (lc_rules_add(p->lib ? &entry_rules : &plt_rules, rule, 0, msg,
				 sizeof(msg)) < 0) {
			msg_error("%s:%u:%u: %s", cfg.script_name, p->pos.line,
				  p->pos.col, msg);
			return -1;
		}
		want_calls = true;
		return 0;
	}
	case SCRIPT_PROBE_SPEC: {
		char *spec = probe_text(p, &script->clause[k]);
		const char *why;

		if (!spec)
			return -ENOMEM;
		why = probe_add_quiet(spec, &x->probe_id);
		free(spec);

		if (why) {
			msg_error("%s:%u:%u: %s", cfg.script_name, p->pos.line,
				  p->pos.col, why);
			return -1;
		}
		want_probes = true;
		return 0;
	}
	case SCRIPT_PROBE_PROCESS:
		if (p->event == SCRIPT_PROCESS_FORK)
			want_fork = true;
		else if (p->event == SCRIPT_PROCESS_EXEC)
			want_exec = true;
		else
			want_exit = true;
		return 0;
	default:
		return 0;
	}
}

static int load_text(void)
{
	struct script_error err;
	unsigned int flags = 0;
	char msg[4096];
	int rc;

	if (!cfg.script)
		return 0;
	if (cfg.script_unsafe)
		flags |= SCRIPT_CHECK_UNSAFE;
	if (cfg.script_destructive)
		flags |= SCRIPT_CHECK_DESTRUCTIVE;
	rc = script_parse(cfg.script, cfg.script_len, &script, &err);
	if (!rc) {
		rc = script_check(script, flags, &err);
		if (rc) {
			script_free(script);
			script = NULL;
		}
	}
	if (rc) {
		/* The message is the compiler's: "sltrace: NAME:L:C: ...". */
		script_error_format(msg, sizeof(msg), log_progname,
				    cfg.script_name,
				    cfg.script, cfg.script_len, &err);
		fputs(msg, stderr);
		if (msg[0] && msg[strlen(msg) - 1] != '\n')
			fputc('\n', stderr);
		return -1;
	}
	return 0;
}

int script_load(void)
{
	unsigned int flags = 0;

	if (!cfg.script)
		return 0;
	if (load_text() < 0)
		return -1;
	scset_clear(&at_entry);
	scset_clear(&at_exit);
	for (size_t k = 0; k < script->n; k++) {
		const struct script_clause *cl = &script->clause[k];

		for (size_t j = 0; j < cl->nprobes; j++) {
			int rc = compile_probe(k, &cl->probes[j]);

			if (rc == -ENOMEM)
				msg_error("out of memory");
			if (rc < 0)
				return -1;
		}
	}
	want_ids = script_uses("ppid") || script_uses("uid");
	keep_comm = want_exit && script_uses("comm");
	want_wall = script_uses("walltime");
	want_cpu = script_uses("cpu");
	scset_clear(&renames);
	for (int pers = 0; pers < NUM_PERSONALITIES; pers++) {
		static const char *const ids[] = {
			"setuid",   "setreuid",	  "setresuid",	"setfsuid",
			"setuid32", "setreuid32", "setresuid32", "setfsuid32",
		};
		long nr = sysent_find(pers, "prctl");

		if (nr >= 0 && script_uses("comm"))
			scset_add(&renames, pers, nr);
		for (size_t i = 0; want_ids && i < sizeof(ids) / sizeof(*ids);
		     i++)
			if ((nr = sysent_find(pers, ids[i])) >= 0)
				scset_add(&renames, pers, nr);
	}
	if (want_calls) {
		/* The program's own calls, as sltrace's -l takes them. */
		plt_rules.main_only = true;
		if (lc_observer_register(&call_observer) < 0) {
			msg_error("script: too many library-call observers");
			return -1;
		}
	}
	if (want_probes && probe_observer_register(on_probe, NULL) < 0) {
		msg_error("script: too many probe observers");
		return -1;
	}
	if (cfg.script_unsafe)
		flags |= SCRIPT_CHECK_UNSAFE;
	if (cfg.script_destructive) {
		flags |= SCRIPT_CHECK_DESTRUCTIVE;
		engine_allow_tamper();
	}
	rt = script_rt_new(script, &host, flags);
	if (!rt) {
		msg_error("script: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* Does the BPF back end run clause k (script_kernel_commit())? */
static bool clause_in_kernel(size_t k)
{
	return in_kernel && in_kernel[k];
}

/* Some clause that sees the program's events runs on ptrace. */
static bool events_on_ptrace(void)
{
	for (size_t k = 0; k < script->n; k++) {
		const struct script_clause *cl = &script->clause[k];

		if (clause_in_kernel(k))
			continue;
		for (size_t j = 0; j < cl->nprobes; j++)
			if (cl->probes[j].kind != SCRIPT_PROBE_BEGIN &&
			    cl->probes[j].kind != SCRIPT_PROBE_END)
				return true;
	}
	return false;
}

void script_attach(void)
{
	struct scset all;

	if (!script)
		return;
	engine_add_consumer(&consumer);
	/* The syscalls of the clauses on ptrace are stops (and the
	 * filter's) too. */
	scset_clear(&all);
	for (size_t i = 0; i < nm; i++)
		if (m[i].set && !clause_in_kernel(m[i].clause))
			scset_or(&all, m[i].set);
	/* comm and uid as a ptrace clause reads them (the kernel's are
	 * its own). */
	if (events_on_ptrace())
		scset_or(&all, &renames);
	for (int p = 0; p < NUM_PERSONALITIES; p++)
		for (unsigned int nr = 0; nr < SCSET_NR_MAX; nr++)
			if (scset_has(&all, p, nr))
				engine_stop_also_at(p, nr);
}

static void fire_all(enum script_probe_kind kind)
{
	struct script_event ev = { 0 };

	if (!script)
		return;
	ev.nsecs = mono_ns();
	ev.walltime = wall_ns();
	ev.cpu = -1;
	ev.pid = ev.tid = getpid();
	for (size_t k = 0; k < script->n; k++) {
		const struct script_clause *cl = &script->clause[k];

		for (size_t j = 0; j < cl->nprobes; j++) {
			if (cl->probes[j].kind != kind)
				continue;
			ev.probe = &cl->probes[j];
			script_rt_fire(rt, k, &ev);
			break;
		}
	}
}

void script_begin(void)
{
	if (!script)
		return;
	fire_all(SCRIPT_PROBE_BEGIN);
	if (niv)
		start_timer();
}

/*
 * bpftrace's text, JSON records, or with --output-format=folded the
 * maps keyed by a stack as folded stacks (flamegraph.pl's input).
 */
static void print_maps(FILE *f)
{
	struct agg_map *const *maps;
	size_t n;

	if (cfg.out_format != OUT_FORMAT_FOLDED) {
		script_rt_print_maps(rt, f, out_is_json(), mono_ns(),
				     wall_ns());
		return;
	}
	maps = script_rt_maps(rt, &n);
	for (size_t i = 0; i < n; i++)
		agg_map_print_folded(maps[i], f);
}

void script_finish(void)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	if (!script)
		return;
	if (tick_on) {
		timer_delete(tick_timer);
		tick_on = false;
	}
	ended = false;
	fire_all(SCRIPT_PROBE_END);
	/* Through the output, after every line still held there. */
	f = open_memstream(&text, &len);
	if (f) {
		print_maps(f);
		if (fclose(f) == 0)
			out_write(out_shared(), text, len);
		free(text);
	}
	out_flush(out_shared());
	script_rt_free(rt);
	rt = NULL;
	for (size_t i = 0; i < nm; i++)
		free(m[i].set);
	free(m);
	free(planned);
	planned = in_kernel = NULL;
	free(iv);
	for (unsigned int b = 0; b < THR_BUCKETS; b++)
		while (thr[b])
			thr_drop(thr[b]->tid);
	stacks_free();
	script_free(script);
	script = NULL;
}

const struct lc_ruleset *script_call_rules(void)
{
	return &plt_rules;
}

const struct scset *script_probe_set(const struct script_probe *p)
{
	for (size_t i = 0; i < nm; i++)
		if (m[i].probe == p)
			return m[i].set;
	return NULL;
}

enum script_where script_kernel_plan(const char **why)
{
	static char text[256];
	unsigned int n;

	*why = text;
	snprintf(text, sizeof(text), "no clause only aggregates");
	if (!script || !(planned = calloc(script->n + 1, sizeof(*planned))))
		return SCRIPT_ON_PTRACE;
	n = kscript_plan(script, cfg.script_name, planned, text, sizeof(text));
	if (!n && !text[0])	/* BEGIN and END alone */
		snprintf(text, sizeof(text), "BEGIN and END alone");
	if (!n)
		return SCRIPT_ON_PTRACE;
	if (!text[0])
		return SCRIPT_IN_KERNEL;
	/* exit() lets the program go: the kernel would count on. */
	if (script_uses("exit")) {
		snprintf(text, sizeof(text), "exit() beside clauses on ptrace");
		return SCRIPT_ON_PTRACE;
	}
	return SCRIPT_MIXED;
}

void script_kernel_commit(void)
{
	in_kernel = planned;
}

void script_kernel_collect(void)
{
	struct agg_map *const *maps;
	unsigned long failed;
	size_t n;

	if (!rt)
		return;
	maps = script_rt_maps(rt, &n);
	failed = kscript_collect(maps, n);
	if (failed)
		msg_error("script: %lu aggregates of the kernel could not be kept",
			  failed);
}

bool script_wants_ustack(void)
{
	if (!rt || !script_rt_wants_ustack(rt))
		return false;
	/* The kernel walks its own clauses' stacks. */
	for (size_t k = 0; k < script->n; k++)
		if (!clause_in_kernel(k) &&
		    script_clause_names(&script->clause[k],
					1u << SCRIPT_E_IDENT, "ustack"))
			return true;
	return false;
}
