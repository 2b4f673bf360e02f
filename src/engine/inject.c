/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Fault injection, as strace 6.1 does it (observed):
 *
 * - Only syscalls that are traced are touched: the -e trace= set and -P
 *   decide, and only those are counted.  Counting is per task and per
 *   syscall; a new task (fork, clone) starts from zero, execve keeps the
 *   counts.  For each syscall the last -e inject= naming it is the one.
 * - error= and retval= replace the syscall at its entry by -1 (nothing
 *   runs, the kernel returns -ENOSYS) or by syscall=, then write the
 *   chosen result at the exit.  The line ends in " (INJECTED)".
 * - signal= is given with the resume from the entry stop, so the kernel
 *   queues it there: a blocking call is interrupted, and the signal is
 *   delivered on the way back to user space ("si_code=SI_KERNEL").  A
 *   seccomp stop is a PTRACE_EVENT stop, whose resume signal the kernel
 *   ignores (strace --seccomp-bpf loses the signal there): under our
 *   filter the signal goes with the resume from the exit stop instead,
 *   so it arrives after the syscall has run.
 * - delay_enter= holds the task at the entry stop, delay_exit= at the
 *   exit stop after the line is out; the line ends in " (DELAYED)".  The
 *   engine serves the other tasks meanwhile: a POSIX timer's SIGALRM
 *   breaks its waitpid and inject_tick() resumes what is due.
 *   strace 6.1 loses signal= when it is combined with delay_enter=; the
 *   man page says both happen, and here both do.
 * - A consumer's tampering (engine_tamper: a script's override(),
 *   signal(), chill()) is a spec of the task's own for the call in
 *   progress, made at the entry stop from the -e inject= spec acting on
 *   the call (if any) and changed: the exit stop and the resumes then
 *   go as for any spec.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <time.h>

#include "arch/arch.h"
#include "engine/engine.h"
#include "engine/inject.h"
#include "engine/internal.h"
#include "engine/tcb.h"
#include "filter/inject_spec.h"
#include "sysent/sysent.h"
#include "log.h"

/* Calls of one syscall by one task. */
struct inject_count {
	long nr;
	int pers;
	uint64_t n;
};

struct inject_task {
	struct tcb *tcp;
	struct inject_count *counts;	/* the syscalls it made that a */
	unsigned int ncounts, cap;	/* spec names: usually a few */

	/* The syscall in progress. */
	const struct inject_spec *spec;	/* acting on it, or NULL */
	struct inject_spec own;		/* spec's copy a tamper changed */
	bool replaced;			/* write the result at its exit */
	int sig;			/* to resume with */
	int exit_sig;			/* to resume the exit stop with */
	uint64_t hold_ns;		/* to hold for at the next resume */

	/* While held. */
	bool held;
	struct timespec due;
	struct inject_task *held_next;
};

#define NSEC_PER_SEC 1000000000LL
/*
 * The timer fires at the first due time and then every few ms until
 * the list is empty again: a SIGALRM that lands just before the engine
 * blocks in waitpid would otherwise be lost, and the task held forever.
 */
#define REARM_NS 5000000L

static struct inject_task *held;
static timer_t timer;
static bool have_timer;
static bool tamper_allowed;

bool inject_wants_entry_signal(void)
{
	for (unsigned int i = 0; i < ecfg.n_inject; i++)
		if (ecfg.inject[i].what & INJECT_SIGNAL)
			return true;
	return false;
}

bool inject_specs(void)
{
	return ecfg.n_inject > 0;
}

bool inject_active(void)
{
	return ecfg.n_inject > 0 || tamper_allowed;
}

void inject_allow_tamper(void)
{
	tamper_allowed = true;
}

/* The last spec given for the syscall wins, as strace's does. */
static const struct inject_spec *find_spec(int pers, long nr)
{
	for (unsigned int i = ecfg.n_inject; i-- > 0;)
		if (scset_has(&ecfg.inject[i].set, pers, nr))
			return &ecfg.inject[i];
	return NULL;
}

static struct inject_task *task_of(struct tcb *tcp)
{
	if (!tcp->inject) {
		tcp->inject = calloc(1, sizeof(*tcp->inject));
		if (tcp->inject)
			tcp->inject->tcp = tcp;
	}
	return tcp->inject;
}

/* The task's counter of this syscall; NULL when out of memory. */
static uint64_t *count_of(struct inject_task *it, int pers, long nr)
{
	struct inject_count *c;

	for (unsigned int i = 0; i < it->ncounts; i++)
		if (it->counts[i].nr == nr && it->counts[i].pers == pers)
			return &it->counts[i].n;
	if (it->ncounts == it->cap) {
		unsigned int cap = it->cap ? it->cap * 2 : 4;

		c = realloc(it->counts, cap * sizeof(*c));
		if (!c)
			return NULL;
		it->counts = c;
		it->cap = cap;
	}
	c = &it->counts[it->ncounts++];
	c->nr = nr;
	c->pers = pers;
	c->n = 0;
	return &c->n;
}

/* Is tcp's entry a seccomp stop rather than a syscall-entry stop? */
static bool at_seccomp_stop(struct tcb *tcp)
{
	struct __ptrace_syscall_info info;

	if (!(tcp->flags & TCB_SECCOMP))
		return false;
	/* The first byte is all it takes: op. */
	if (ptrace(PTRACE_GET_SYSCALL_INFO, tcp->pid, (void *)1, &info) < 0)
		return true;
	return info.op == PTRACE_SYSCALL_INFO_SECCOMP;
}

/*
 * poke_enter= / poke_exit=: the bytes go where the arguments point, the
 * last @argN first, as strace 6.1 writes them.  A poke that writes
 * nothing, or names an argument the syscall does not have, is reported
 * in strace's words and leaves the line unmarked; a partial one (its
 * end unmapped) counts.
 */
static void do_pokes(struct tcb *tcp, const struct inject_spec *spec,
		     int which)
{
	unsigned int nargs = tcp->sc.ent ? tcp->sc.ent->nargs : MAX_ARGS;

	for (unsigned int i = spec->n_poke[which]; i-- > 0;) {
		const struct inject_poke *p = &spec->poke[which][i];

		if (p->arg >= nargs) {
			if (ecfg.warn)
				ecfg.warn("Failed to tamper with process %d: requested to tamper with argument #%u, but system call '%s' has only %u arguments",
					  tcp->pid, p->arg + 1, tcp->sc.ent->name,
					  nargs);
			continue;
		}
		if (tracee_write(tcp, tcp->sc.args[p->arg], p->data,
				 p->len) > 0)
			tcp->sc.injected |= SC_INJECTED_ARGS;
		else if (ecfg.warn)
			ecfg.warn("Failed to tamper with process %d: couldn't poke",
				  tcp->pid);
	}
}

void inject_entry(struct tcb *tcp)
{
	struct syscall_state *sc = &tcp->sc;
	const struct inject_spec *spec;
	struct inject_task *it;
	uint64_t *n;

	sc->injected = 0;
	if (tcp->inject) {
		tcp->inject->spec = NULL;
		tcp->inject->replaced = false;
		tcp->inject->exit_sig = 0;
	}
	/* Only a consumer may tamper: nothing to count or look up. */
	if (!ecfg.n_inject)
		return;
	if ((tcp->flags & (TCB_HIDE_LOG | TCB_HIDE_SYSCALLS)) ||
	    (ecfg.selected && !ecfg.selected(tcp)))
		return;
	spec = find_spec(sc->pers, sc->nr);
	if (!spec)
		return;
	it = task_of(tcp);
	n = it ? count_of(it, sc->pers, sc->nr) : NULL;
	if (!n || !inject_spec_when(spec, ++*n))
		return;

	it->spec = spec;
	if (spec->what & (INJECT_ERROR | INJECT_RETVAL)) {
		long nr = spec->what & INJECT_SYSCALL ? spec->scno[sc->pers]
						      : -1;
		int rc = arch_set_syscall_nr(tcp->pid, sc->pers, nr);

		if (rc < 0)
			debug("pid %d: cannot replace syscall %ld: %s",
			      tcp->pid, sc->nr, strerror(-rc));
		else {
			it->replaced = true;
			sc->injected |= SC_REPLACED;
		}
	}
	if (spec->what & INJECT_SIGNAL) {
		if (at_seccomp_stop(tcp))
			it->exit_sig = spec->signo;
		else
			it->sig = spec->signo;
	}
	if (spec->what & INJECT_POKE_ENTER)
		do_pokes(tcp, spec, 0);
	if (spec->what & INJECT_DELAY_ENTER)
		it->hold_ns = spec->delay_enter_ns;
	if (spec->what & (INJECT_DELAY_ENTER | INJECT_DELAY_EXIT))
		sc->injected |= SC_DELAYED;
}

bool inject_pending(const struct tcb *tcp)
{
	return tcp->inject && tcp->inject->spec;
}

int inject_tamper(struct tcb *tcp, int what, int64_t value)
{
	struct syscall_state *sc = &tcp->sc;
	struct inject_task *it = task_of(tcp);
	struct inject_spec *own;
	int rc;

	if (!it)
		return -ENOMEM;
	if (what == ENGINE_TAMPER_SIGNAL && (value < 1 || value > 64))
		return -EINVAL;
	if (what == ENGINE_TAMPER_DELAY && value < 0)
		return -EINVAL;
	own = &it->own;
	if (it->spec != own) {
		if (it->spec)
			*own = *it->spec;
		else
			memset(own, 0, sizeof(*own));
		it->spec = own;
	}
	switch (what) {
	case ENGINE_TAMPER_RETURN:
		/* Not run at all, even when syscall= put another one there. */
		rc = arch_set_syscall_nr(tcp->pid, sc->pers, -1);
		if (rc < 0)
			return rc;
		it->replaced = true;
		sc->injected |= SC_REPLACED;
		own->what &= ~(INJECT_ERROR | INJECT_RETVAL | INJECT_SYSCALL);
		if (value >= -4095 && value <= -1) {
			own->what |= INJECT_ERROR;
			own->error = (int)-value;
		} else {
			own->what |= INJECT_RETVAL;
			own->retval = (uint64_t)value;
		}
		return 0;
	case ENGINE_TAMPER_SIGNAL:
		/* One signal goes with a resume: the last one asked for. */
		own->what |= INJECT_SIGNAL;
		own->signo = (int)value;
		if (at_seccomp_stop(tcp))
			it->exit_sig = (int)value;
		else
			it->sig = (int)value;
		return 0;
	case ENGINE_TAMPER_DELAY:
		own->what |= INJECT_DELAY_ENTER;
		/* hold() takes at most INT64_MAX ns. */
		if (it->hold_ns > (uint64_t)(INT64_MAX - value))
			it->hold_ns = INT64_MAX;
		else
			it->hold_ns += (uint64_t)value;
		own->delay_enter_ns = it->hold_ns;
		sc->injected |= SC_DELAYED;
		return 0;
	default:
		return -EINVAL;
	}
}

void inject_exit(struct tcb *tcp)
{
	struct syscall_state *sc = &tcp->sc;
	struct inject_task *it = tcp->inject;
	const struct inject_spec *spec;
	bool replaced;

	if (!it || !it->spec)
		return;
	spec = it->spec;
	replaced = it->replaced;
	it->spec = NULL;
	it->replaced = false;
	it->sig = it->exit_sig;
	it->exit_sig = 0;
	/* Died or superseded inside the syscall: nothing to return to. */
	if (!sc->has_rval)
		return;
	if (replaced) {
		bool error = spec->what & INJECT_ERROR;
		int64_t v = error ? -(int64_t)spec->error
				  : (int64_t)spec->retval;
		int rc = arch_set_syscall_retval(tcp->pid, sc->pers, v);

		if (rc < 0) {
			debug("pid %d: cannot set the return value: %s",
			      tcp->pid, strerror(-rc));
		} else {
			/* A retval= in the errno range still shows as one. */
			sc->rval = v;
			sc->is_error = error;
			sc->injected |= error ? SC_INJECTED_ERROR
					      : SC_INJECTED_RETVAL;
		}
	}
	if (spec->what & INJECT_POKE_EXIT)
		do_pokes(tcp, spec, 1);
	if (spec->what & INJECT_DELAY_EXIT)
		it->hold_ns = spec->delay_exit_ns;
}

/* --- holding tasks ----------------------------------------------------- */

static void on_alarm(int sig)
{
	(void)sig;
}

static int timer_setup(void)
{
	struct sigaction sa, old;
	struct sigevent sev;

	if (have_timer)
		return 0;
	/*
	 * SIGALRM must break waitpid, never kill us: keep the output's
	 * handler if it has one, else put in one, without SA_RESTART.
	 */
	if (sigaction(SIGALRM, NULL, &old) == 0 &&
	    !(old.sa_flags & SA_SIGINFO) &&
	    (old.sa_handler == SIG_DFL || old.sa_handler == SIG_IGN)) {
		memset(&sa, 0, sizeof(sa));
		sigemptyset(&sa.sa_mask);
		sa.sa_handler = on_alarm;
		sigaction(SIGALRM, &sa, NULL);
	}
	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGALRM;
	if (timer_create(CLOCK_MONOTONIC, &sev, &timer) < 0)
		return -errno;
	have_timer = true;
	return 0;
}

static bool ts_before(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec < b->tv_sec ||
	       (a->tv_sec == b->tv_sec && a->tv_nsec <= b->tv_nsec);
}

/* For the earliest due time of the held tasks; off when none is. */
static void timer_arm(void)
{
	struct itimerspec its;
	int flags = 0;

	if (!have_timer)
		return;
	memset(&its, 0, sizeof(its));
	if (held) {
		its.it_value = held->due;
		for (struct inject_task *t = held->held_next; t;
		     t = t->held_next)
			if (ts_before(&t->due, &its.it_value))
				its.it_value = t->due;
		its.it_interval.tv_nsec = REARM_NS;
		flags = TIMER_ABSTIME;
	}
	timer_settime(timer, flags, &its, NULL);
}

/* 0 when held until now + ns, -errno when it cannot be (no timer). */
static int hold(struct inject_task *it, uint64_t ns)
{
	struct timespec now;
	int rc = timer_setup();

	if (rc < 0) {
		debug("timer_create: %s; delay not done", strerror(-rc));
		return rc;
	}
	clock_gettime(CLOCK_MONOTONIC, &now);
	/* ns is at most INT64_MAX: seconds cannot overflow time_t. */
	it->due.tv_sec = now.tv_sec + (time_t)(ns / NSEC_PER_SEC);
	it->due.tv_nsec = now.tv_nsec + (long)(ns % NSEC_PER_SEC);
	if (it->due.tv_nsec >= NSEC_PER_SEC) {
		it->due.tv_sec++;
		it->due.tv_nsec -= NSEC_PER_SEC;
	}
	it->held = true;
	it->held_next = held;
	held = it;
	timer_arm();
	return 0;
}

static void unhold(struct inject_task *it)
{
	for (struct inject_task **pp = &held; *pp; pp = &(*pp)->held_next) {
		if (*pp == it) {
			*pp = it->held_next;
			break;
		}
	}
	it->held = false;
	it->held_next = NULL;
}

bool inject_resume(struct tcb *tcp, int *sig)
{
	struct inject_task *it = tcp->inject;

	*sig = 0;
	if (!it)
		return true;
	if (it->hold_ns) {
		uint64_t ns = it->hold_ns;

		it->hold_ns = 0;
		if (hold(it, ns) == 0)
			return false;
	}
	*sig = it->sig;
	it->sig = 0;
	return true;
}

void inject_tick(void (*resume_fn)(struct tcb *tcp, int sig))
{
	struct inject_task **pp = &held;
	struct timespec now;

	if (!held)
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	while (*pp) {
		struct inject_task *it = *pp;
		int sig = it->sig;

		if (!ts_before(&it->due, &now)) {
			pp = &it->held_next;
			continue;
		}
		*pp = it->held_next;
		it->held = false;
		it->held_next = NULL;
		it->sig = 0;
		resume_fn(it->tcp, sig);
	}
	timer_arm();
}

void inject_release_all(void)
{
	while (held) {
		struct inject_task *it = held;

		unhold(it);
		/* ESRCH: it died meanwhile; its wait status tells. */
		ptrace(PTRACE_SYSCALL, it->tcp->pid, NULL,
		       (void *)(long)it->sig);
		it->sig = 0;
	}
	timer_arm();
}

bool inject_holds(const struct tcb *tcp)
{
	return tcp->inject && tcp->inject->held;
}

void inject_task_free(struct tcb *tcp)
{
	struct inject_task *it = tcp->inject;

	if (!it)
		return;
	if (it->held) {
		unhold(it);
		timer_arm();
	}
	free(it->counts);
	free(it);
	tcp->inject = NULL;
}
