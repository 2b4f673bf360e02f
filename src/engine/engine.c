/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The stop loop.  One waitpid(__WALL) per stop, one request to learn
 * what the stop is, one request to resume: every extra ptrace request
 * or wait per stop costs ~1 µs on a ~7 µs round-trip, so the loop does
 * nothing else (no WNOHANG polling, no register dumps).
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <time.h>
#include <sys/wait.h>
#include <linux/audit.h>

#include "engine/inject.h"
#include "engine/internal.h"
#include "filter/bpf.h"
#include "log.h"
#include "sysent/sysent.h"

const struct engine_consumer *consumer;
unsigned long long engine_nstops;

static volatile sig_atomic_t interrupted;
bool aborted;
bool seccomp_mode;
static bool detach_requested;
static bool no_syscall_info;
/* Nothing wants a syscall stop: every task runs with PTRACE_CONT. */
static bool no_syscall_stops;
static int launched_status = -1;
/* -b execve let the command we launched go: its status is not known. */
static bool launched_let_go;
static long execve_nr[NUM_PERSONALITIES], execveat_nr[NUM_PERSONALITIES];

unsigned long engine_ptrace_options(void)
{
	unsigned long opts = PTRACE_O_TRACESYSGOOD | PTRACE_O_TRACEEXEC |
			     PTRACE_O_TRACEEXIT;

	/*
	 * With library calls, a child that is not followed must still be
	 * caught before it runs: it has a copy of our int3 bytes.  (The
	 * filter is only ever installed with -f: see engine_init.)
	 */
	if (ecfg.follow_forks || taps_present())
		opts |= PTRACE_O_TRACEFORK | PTRACE_O_TRACEVFORK |
			PTRACE_O_TRACECLONE;
	if (seccomp_mode)
		opts |= PTRACE_O_TRACESECCOMP;
	/* --kill-on-exit: if sltrace dies, its tracees die with it. */
	if (ecfg.kill_on_exit)
		opts |= PTRACE_O_EXITKILL;
	return opts;
}

/*
 * The flag alone would race: a signal landing between the loop's check
 * and its blocking waitpid would leave us waiting for a tracee that may
 * never stop again.  A repeating timer turns that into an EINTR a few
 * milliseconds later, whenever the signal came.
 */
static void on_fatal_signal(int sig)
{
	struct itimerval it = { { 0, 20000 }, { 0, 20000 } };

	interrupted = sig;
	setitimer(ITIMER_REAL, &it, NULL);
}

static void on_alarm(int sig)
{
}

static const int fatal_signals[] = { SIGHUP, SIGINT, SIGQUIT, SIGTERM };

static void setup_signals(void)
{
	struct sigaction sa, old;
	sigset_t set;
	int intr;

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	/* The trace output may be a pipe; its reader going away is an
	 * error we report, not a reason to die. */
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, NULL);

	/*
	 * With "-o FILE PROG" strace blocks these signals altogether so
	 * that ^C reaches only the traced program, and the trace runs to
	 * its end; otherwise they detach (-I chooses).  No SA_RESTART: the
	 * blocking waitpid must return so the flag is seen.
	 */
	intr = ecfg.interruptible;
	if (!intr)
		intr = ecfg.output_to_file && ecfg.argv && !ecfg.n_attach ?
			INTR_NEVER : INTR_WAITING;
	if (intr >= INTR_NEVER) {
		sigemptyset(&set);
		for (size_t i = 0; i < sizeof(fatal_signals) / sizeof(int); i++)
			sigaddset(&set, fatal_signals[i]);
		if (intr == INTR_NEVER_TSTP)
			sigaddset(&set, SIGTSTP);
		sigprocmask(SIG_BLOCK, &set, NULL);
		return;
	}
	sa.sa_handler = on_fatal_signal;
	for (size_t i = 0; i < sizeof(fatal_signals) / sizeof(int); i++)
		sigaction(fatal_signals[i], &sa, NULL);

	/* SIGALRM must interrupt, never kill: keep the output's handler. */
	if (sigaction(SIGALRM, NULL, &old) == 0 && old.sa_handler == SIG_DFL) {
		sa.sa_handler = on_alarm;
		sigaction(SIGALRM, &sa, NULL);
	}
}

/*
 * Syscalls a consumer must see stop even when -e trace= leaves them out
 * (the unwinder's mapping changes): the filter's set is -e trace='s
 * with these added.
 */
static struct scset also_stop, also_wish;
static bool also_stop_any, also_wish_any;

void engine_stop_also_at(int pers, long nr)
{
	scset_add(&also_stop, pers, nr);
	also_stop_any = true;
}

void engine_stop_also_if_free(int pers, long nr)
{
	scset_add(&also_wish, pers, nr);
	also_wish_any = true;
}

/* -e trace='s set, the extras added; the wishes too when @wishes. */
static const struct scset *stop_set(bool wishes)
{
	static struct scset set;

	if (!also_stop_any && !(wishes && also_wish_any))
		return ecfg.trace_set;
	set = *ecfg.trace_set;
	for (int p = 0; p < NUM_PERSONALITIES; p++)
		for (unsigned int w = 0; w < SCSET_WORDS; w++)
			set.bits[p][w] |= also_stop.bits[p][w] |
				(wishes ? also_wish.bits[p][w] : 0);
	return &set;
}

/* What the seccomp filter stops at: a stop there costs nothing more. */
static const struct scset *filter_set(void)
{
	return stop_set(true);
}

/*
 * Does any syscall need to stop (-e trace=, the consumers' extras)?
 * Numbers no table names are in every trace set, as strace shows them
 * even with -e trace=none; with library calls they are left out (a
 * library-call trace with no syscall stops at all is worth more than a
 * syscall_0x3e8 line).
 */
static bool any_syscall_stops(void)
{
	const struct scset *s = stop_set(false);
	bool unknown = !taps_present();

	/* A consumer's tampering acts only at the stops it has anyway. */
	if (inject_specs())
		return true;
	for (int p = 0; p < NUM_PERSONALITIES; p++) {
		if (unknown && s->beyond[p])
			return true;
		for (unsigned int nr = 0; nr < SCSET_NR_MAX; nr++)
			if (scset_has(s, p, nr) &&
			    (unknown || (nr < sysent_tables[p].count &&
					 sysent_lookup(p, nr))))
				return true;
	}
	return false;
}

struct engine_config ecfg;

/* -d: the options every tracee gets, as strace's debug output has them. */
static void say_ptrace_options(void)
{
	static bool said;

	if (!cfg.debug || said)
		return;
	said = true;
	fprintf(stderr, "%s: ptrace_setoptions = %#lx\n", log_progname,
		engine_ptrace_options());
}

/*
 * -d: whether PTRACE_GET_SYSCALL_INFO answers, asked at the first stop
 * (strace says so at its start, and scripts look for the line).
 */
static void say_syscall_info(pid_t pid)
{
	struct __ptrace_syscall_info info;
	static bool said;

	if (!cfg.debug || said)
		return;
	said = true;
	if (ptrace(PTRACE_GET_SYSCALL_INFO, pid, (void *)sizeof(info),
		   &info) >= 0)
		fprintf(stderr, "%s: PTRACE_GET_SYSCALL_INFO works\n",
			log_progname);
}

int engine_init(const struct engine_config *conf,
		const struct engine_consumer *c)
{
	ecfg = *conf;
	if (c)
		engine_add_consumer(c);
	consumer = consumers_fan();
	/*
	 * -e trace=none (library calls alone, ltrace's mode): no syscall
	 * stop at all, with or without a filter, launched or attached.
	 */
	no_syscall_stops = !any_syscall_stops();
	debug("syscall stops: %s", no_syscall_stops ? "none" : "yes");
	for (int p = 0; p < NUM_PERSONALITIES; p++) {
		execve_nr[p] = sysent_find(p, "execve");
		execveat_nr[p] = sysent_find(p, "execveat");
	}
	if (ecfg.argv) {
		static struct sock_filter prog[BPF_PROG_MAX];
		int n = 0;
		pid_t pid;
		struct tcb *tcp;

		/*
		 * Only for a launched command (a filter cannot be put into
		 * a running process), and only when it spares stops.
		 */
		/*
		 * Not when tasks may be detached mid-run (-b, a limit):
		 * their traced syscalls would fail with ENOSYS after.  And
		 * only with -f: children and threads inherit the filter,
		 * and with no tracer a traced syscall fails with ENOSYS —
		 * so without -f they would have to be ptrace-attached
		 * silently, and a child that is, can't be traced by its
		 * own debugger, crash handler or sandbox (EPERM).  No
		 * filter mechanism tells a task from its children: the
		 * filter sees only the syscall's number, arguments, arch
		 * and instruction pointer.
		 */
		if (ecfg.follow_forks && !ecfg.no_seccomp && !ecfg.n_attach &&
		    !ecfg.detach_on_execve &&
		    !ecfg.may_detach && !inject_wants_entry_signal() &&
		    ecfg.trace_partial) {
			n = bpf_trace_filter(filter_set(), prog, BPF_PROG_MAX);
			seccomp_mode = n > 0;
			debug("seccomp filter: %d instructions", n);
		}
		say_ptrace_options();
		pid = launch_command(ecfg.argv, seccomp_mode ? prog : NULL,
				     (unsigned short)(n > 0 ? n : 0));
		if (pid < 0)
			return -1;
		tcp = tcb_new(pid);
		tcp->tgid = pid;
		tcp->flags |= TCB_ATTACHED | TCB_STARTUP | TCB_HIDE_LOG;
	}
	say_ptrace_options();
	if (ecfg.n_attach && !attach_all() && !ecfg.argv)
		return -1;
	setup_signals();
	return 0;
}

pid_t engine_launched(void)
{
	return launched_pid;
}

bool engine_filtered(void)
{
	return seccomp_mode;
}

void engine_abort(void)
{
	aborted = true;
}

void engine_detach_all(void)
{
	detach_requested = true;
}

static void on_timer(int sig)
{
	(void)sig;
}

int engine_timer_start(uint64_t period_ns, timer_t *t)
{
	struct sigevent sev;
	struct itimerspec its;
	struct sigaction old;

	if (sigaction(SIGALRM, NULL, &old) == 0 && old.sa_handler == SIG_DFL) {
		struct sigaction sa;

		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_timer;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGALRM, &sa, NULL);
	}
	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGALRM;
	if (timer_create(CLOCK_MONOTONIC, &sev, t) < 0)
		return -errno;
	memset(&its, 0, sizeof(its));
	its.it_value.tv_sec = (time_t)(period_ns / 1000000000ULL);
	its.it_value.tv_nsec = (long)(period_ns % 1000000000ULL);
	its.it_interval = its.it_value;
	if (timer_settime(*t, 0, &its, NULL) < 0) {
		int err = errno;

		timer_delete(*t);
		return -err;
	}
	return 0;
}

/*
 * Tasks under our seccomp filter cannot be let go: with no tracer, its
 * traced syscalls fail with ENOSYS.  They stay ours, silent: a seccomp
 * stop is answered at once, nothing is decoded or shown, and their new
 * children are followed the same way, until the last one ends.
 */
static bool muted;

void engine_end_trace(void)
{
	struct tcb *tcp;

	if (!seccomp_mode) {
		engine_detach_all();
		return;
	}
	muted = true;
	for (tcp = tcb_list; tcp; tcp = tcp->list_next) {
		if (!(tcp->flags & TCB_SILENT))
			tcb_silent_count++;
		tcp->flags |= TCB_SILENT | TCB_HIDE_LOG;
	}
}

/*
 * Wait statuses collected but not handled yet, in the order they came.
 * The kernel's wait looks at the tracer's own children first, then at
 * its tracees newest first: a thread older than busy siblings would wait
 * for ever in a stop while they are served again and again (a forking
 * thread next to 8 threads in syscall loops: minutes instead of a tenth
 * of a second).  So now and then, once one status is in, every other
 * one already there is taken too (WNOHANG), and the lot is handled
 * before the next wait.  Statuses that
 * someone else's waitpid came upon (a syscall run in the tracee by
 * src/bp/) join the queue too.
 */
struct wstatus {
	pid_t pid;
	int status;
	bool has_ru;		/* ru is this wait's (a pushed one has none) */
	struct rusage ru;	/* with ecfg.need_stime */
};

static struct wstatus *queue;
static unsigned int qhead, qlen, qcap, nwaits;

/* The rusage of the status being handled, with ecfg.need_stime. */
static struct rusage last_rusage;

static void queue_add(pid_t pid, int status, const struct rusage *ru)
{
	if (qhead == qlen)
		qhead = qlen = 0;
	if (qlen == qcap) {
		unsigned int cap = qcap ? 2 * qcap : 64;
		struct wstatus *q = realloc(queue, cap * sizeof(*q));

		if (!q)
			abort();
		queue = q;
		qcap = cap;
	}
	queue[qlen].pid = pid;
	queue[qlen].status = status;
	queue[qlen].has_ru = ru != NULL;
	if (ru)
		queue[qlen].ru = *ru;
	qlen++;
}

void engine_push_status(pid_t pid, int status)
{
	queue_add(pid, status, NULL);
}

bool engine_take_queued(pid_t pid, int *status)
{
	for (unsigned int i = qhead; i < qlen; i++) {
		if (queue[i].pid != pid)
			continue;
		*status = queue[i].status;
		if (queue[i].has_ru)
			last_rusage = queue[i].ru;
		memmove(&queue[i], &queue[i + 1],
			(qlen - i - 1) * sizeof(*queue));
		qlen--;
		return true;
	}
	return false;
}

static bool status_queued(pid_t pid)
{
	for (unsigned int i = qhead; i < qlen; i++)
		if (queue[i].pid == pid)
			return true;
	return false;
}

unsigned int engine_stop_others(struct tcb *tcp)
{
	pid_t tgid = tcp->tgid ? tcp->tgid : tcp->pid;
	unsigned int n = 0;

	for (struct tcb *t = tcb_list; t; t = t->list_next) {
		int status;
		pid_t w;

		/* A task whose process is not known yet: stopped too. */
		if (t == tcp || (t->tgid && t->tgid != tgid))
			continue;
		/*
		 * Stopped already, its stop collected: a wait would never
		 * return.  Past its exit event it runs no code of its own.
		 * (A group-stopped task under PTRACE_LISTEN does not
		 * run either: a SIGCONT makes it report first.)
		 */
		if ((t->flags & (TCB_LC_HELD | TCB_GROUP_STOPPED |
				 TCB_DETACHING | TCB_DETACH_READY |
				 TCB_REQUEUED | TCB_EXITING)) ||
		    status_queued(t->pid) ||
		    (inject_active() && inject_holds(t)))
			continue;
		/* ESRCH: gone; its death is the loop's to see. */
		if (ptrace(PTRACE_INTERRUPT, t->pid, NULL, NULL) < 0)
			continue;
		while ((w = waitpid(t->pid, &status, __WALL)) < 0 &&
		       errno == EINTR)
			;
		if (w != t->pid)
			continue;
		queue_add(t->pid, status, NULL);
		n++;
	}
	return n;
}

void engine_hold(struct tcb *tcp, int status)
{
	queue_add(tcp->pid, status, NULL);
	tcp->flags |= TCB_REQUEUED;
}

pid_t engine_next_status(int *status, bool block)
{
	bool stime = ecfg.need_stime;
	struct rusage ru;
	pid_t pid;

	if (qhead < qlen) {
		*status = queue[qhead].status;
		if (queue[qhead].has_ru)
			last_rusage = queue[qhead].ru;
		return queue[qhead++].pid;
	}
	if (!block)
		return 0;
	/*
	 * wait4's rusage is how the tracee's system time is known at each
	 * stop (-c); plain waitpid spares the kernel that.
	 */
	pid = stime ? wait4(-1, status, __WALL, &last_rusage)
		    : waitpid(-1, status, __WALL);
	/*
	 * One task: nobody to starve.  Else every 8th wait takes all there
	 * is: a task waits 8 of its siblings' stops at most, and the empty
	 * WNOHANG wait (4% of a stop) is paid once in 8.
	 */
	if (pid <= 0 || tcb_count < 2 || ++nwaits % 8)
		return pid;
	for (;;) {
		int st;
		pid_t p = stime ? wait4(-1, &st, __WALL | WNOHANG, &ru)
				: waitpid(-1, &st, __WALL | WNOHANG);

		if (p <= 0)
			break;
		queue_add(p, st, stime ? &ru : NULL);
	}
	return pid;
}

static void resume(struct tcb *tcp, int sig)
{
	/*
	 * A filtered task stops by itself at the traced syscalls (seccomp
	 * stops): it runs with PTRACE_CONT, except inside a traced syscall,
	 * whose exit stop we want.  A silent task never needs that stop.
	 * ESRCH: killed meanwhile; its death is the next thing we see.
	 */
	enum __ptrace_request req = PTRACE_SYSCALL;

	/* engine_hold: its next stop is queued, it is not to run. */
	if (__builtin_expect(tcp->flags & TCB_REQUEUED, 0)) {
		tcp->flags &= ~TCB_REQUEUED;
		return;
	}
	if (((tcp->flags & TCB_SECCOMP) &&
	     !(tcp->flags & (TCB_IN_SYSCALL | TCB_STARTUP))) ||
	    (tcp->flags & TCB_SILENT) ||
	    (no_syscall_stops &&
	     !(tcp->flags & (TCB_IN_SYSCALL | TCB_STARTUP))))
		req = PTRACE_CONT;
	ptrace(req, tcp->pid, NULL, (void *)(long)sig);
}

/* Did the launched child install our filter before its execve? */
static bool has_seccomp_filter(pid_t pid)
{
	char path[64], line[128];
	bool yes = false;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", pid);
	f = fopen(path, "re");
	if (!f)
		return false;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "Seccomp:", 8)) {
			/* 2 is SECCOMP_MODE_FILTER */
			yes = strtol(line + 8, NULL, 10) == 2;
			break;
		}
	fclose(f);
	return yes;
}

static void set_personality(struct tcb *tcp, uint32_t audit_arch)
{
	int pers = arch_personality_of(audit_arch);

	if (pers < 0 || pers == tcp->pers)
		return;
	tcp->pers = pers;
	if (consumer->personality && !(tcp->flags & TCB_HIDE_LOG))
		consumer->personality(tcp, pers);
}

static uint64_t last_stime_ns(void)
{
	return (uint64_t)last_rusage.ru_stime.tv_sec * 1000000000ULL +
	       (uint64_t)last_rusage.ru_stime.tv_usec * 1000ULL;
}

/* The task whose syscall entry the consumers are told of: tamperable. */
static struct tcb *tamper_tcp;

static void syscall_entered(struct tcb *tcp, int pers, long nr,
			    const uint64_t *args)
{
	struct syscall_state *sc = &tcp->sc;

	/* The vDSO makes this ~20 ns: cheap enough to do always. */
	clock_gettime(CLOCK_MONOTONIC, &sc->t_entry);
	if (ecfg.need_stime)
		sc->stime_entry = last_stime_ns();
	tcp->flags |= TCB_IN_SYSCALL;
	sc->nr = nr;
	sc->scno = nr;
	sc->pers = pers;
	memcpy(sc->args, args, sizeof(sc->args));
	sc->ent = sysent_lookup(pers, nr);
	/* -d: a number past the table, in strace's words. */
	if (__builtin_expect(cfg.debug, 0) && !sc->ent && nr >= 0 &&
	    pers >= 0 && pers < NUM_PERSONALITIES &&
	    (unsigned long)nr >= sysent_kernel_count(pers))
		fprintf(stderr, "%s: pid %d invalid syscall %#lx\n",
			log_progname, tcp->pid, (unsigned long)nr);
	sc->exiting = false;
	sc->has_rval = false;
	sc->rval = 0;
	sc->is_error = false;
	sc->rval_flags = 0;
	sc->nargs_printed = 0;

	/* The launched child is shown from its execve on, as strace does. */
	if ((tcp->flags & TCB_STARTUP) &&
	    (nr == execve_nr[pers] || nr == execveat_nr[pers])) {
		tcp->flags &= ~(TCB_STARTUP | TCB_HIDE_LOG);
		tcp->flags |= TCB_FIRST_EXEC;
		if (seccomp_mode && has_seccomp_filter(tcp->pid))
			tcp->flags |= TCB_SECCOMP;
	}

	if (inject_active()) {
		if (ecfg.subcall && inject_specs())
			ecfg.subcall(tcp);
		inject_entry(tcp);
	}
	if (!(tcp->flags & (TCB_HIDE_LOG | TCB_HIDE_SYSCALLS)) &&
	    consumer->syscall_entry) {
		tamper_tcp = tcp;
		consumer->syscall_entry(tcp);
		tamper_tcp = NULL;
	}
}

void engine_allow_tamper(void)
{
	inject_allow_tamper();
}

int engine_tamper(struct tcb *tcp, int what, int64_t value)
{
	if (!inject_active())
		return -EPERM;
	if (!tcp || tcp != tamper_tcp)
		return -EINVAL;
	return inject_tamper(tcp, what, value);
}

static void syscall_exited(struct tcb *tcp, bool has_rval, int64_t rval,
			   bool is_error)
{
	struct syscall_state *sc = &tcp->sc;

	clock_gettime(CLOCK_MONOTONIC, &sc->t_exit);
	if (ecfg.need_stime)
		sc->stime_exit = last_stime_ns();
	tcp->flags &= ~TCB_IN_SYSCALL;
	sc->exiting = true;
	sc->has_rval = has_rval;
	sc->rval = rval;
	sc->is_error = is_error;
	/*
	 * restart_syscall shows what it resumes: strace names the task's
	 * previous syscall, whatever it returned (after an
	 * ERESTART_RESTARTBLOCK stop the interrupted one; a restart_syscall
	 * made by hand names the call before it).
	 */
	tcp->restart_nr = sc->nr;
	if (inject_active())
		inject_exit(tcp);
	if (!(tcp->flags & (TCB_HIDE_LOG | TCB_HIDE_SYSCALLS)) &&
	    consumer->syscall_exit)
		consumer->syscall_exit(tcp);
	tcb_priv_clear(tcp);
	/*
	 * The launched command could not be exec'd: what follows is our
	 * own child reporting it and exiting 1.  strace shows only the
	 * failed execve and the exit.
	 */
	if (tcp->flags & TCB_FIRST_EXEC) {
		tcp->flags &= ~TCB_FIRST_EXEC;
		if (is_error)
			tcp->flags |= TCB_HIDE_SYSCALLS;
	}
}

/* Fallback for kernels without PTRACE_GET_SYSCALL_INFO (before 5.3). */
static void syscall_stop_regs(struct tcb *tcp)
{
	uint64_t args[MAX_ARGS];
	int64_t rval;
	long nr;
	int pers;

	if (!(tcp->flags & TCB_IN_SYSCALL)) {
		if (arch_get_syscall_regs(tcp->pid, &pers, &nr, args) < 0)
			return;
		if (pers != tcp->pers) {
			tcp->pers = pers;
			if (consumer->personality &&
			    !(tcp->flags & TCB_HIDE_LOG))
				consumer->personality(tcp, pers);
		}
		syscall_entered(tcp, pers, nr, args);
	} else {
		if (arch_get_syscall_retval(tcp->pid, tcp->sc.pers, &rval) < 0)
			return;
		syscall_exited(tcp, true, rval, rval < 0 && rval >= -4095);
	}
}

/* -e inject= may hold the task (delay) or give it a signal. */
static void resume_syscall(struct tcb *tcp)
{
	int sig = 0;

	if (inject_active() && !inject_resume(tcp, &sig))
		return;
	resume(tcp, sig);
}

/*
 * A seccomp stop whose data is not ours: the SECCOMP_RET_TRACE of a
 * filter the program installed itself (after ours: the newest filter's
 * data wins a tie).  It asks for a tracer that wants seccomp stops;
 * without one (as when the program runs untraced), the kernel fails the
 * syscall with ENOSYS — so must we.  Number -1 skips the syscall, and
 * its return register still holds the -ENOSYS the kernel put there at
 * entry.  Returns true when our own filter would have let it run too:
 * nothing to show.
 */
static bool foreign_trace(struct tcb *tcp, int pers, long nr, uint32_t data)
{
	int rc;

	if (data == BPF_TRACE_DATA)
		return false;
	rc = arch_set_syscall_nr(tcp->pid, pers, -1);
	if (rc < 0)
		debug("pid %d: cannot skip syscall %ld: %s", tcp->pid, nr,
		      strerror(-rc));
	return !scset_has(filter_set(), pers, nr);
}

/*
 * Nobody wants the exit of the syscall tcp just entered: no trace set,
 * consumer or injection names it, no consumer tampered with it, it is
 * not an execve (whose exit may change the personality), and its exit
 * stop will come (the task runs on with PTRACE_SYSCALL: not under the
 * filter, not silent).
 */
static bool exit_unwanted(const struct tcb *tcp)
{
	const struct syscall_state *sc = &tcp->sc;

	if (inject_specs() || inject_pending(tcp) || !sc->ent ||
	    (tcp->flags & TCB_SECCOMP) ||
	    (tcp->flags & (TCB_SILENT | TCB_STARTUP)) || no_syscall_stops)
		return false;
	if (sc->nr == execve_nr[sc->pers] || sc->nr == execveat_nr[sc->pers])
		return false;
	return !scset_has(filter_set(), sc->pers, sc->nr);
}

static void syscall_stop(struct tcb *tcp)
{
	struct __ptrace_syscall_info info;

	/*
	 * The exit of a syscall nothing wants (-e trace= leaves it out, no
	 * filter to keep it from stopping): nothing to fetch, nothing to
	 * decode.  Half the stops of a -p trace of one syscall are these.
	 */
	if (tcp->flags & TCB_BLIND_EXIT) {
		tcp->flags &= ~TCB_BLIND_EXIT;
		syscall_exited(tcp, false, 0, false);
		resume_syscall(tcp);
		return;
	}
	if (no_syscall_info) {
		syscall_stop_regs(tcp);
		resume_syscall(tcp);
		return;
	}
	if (ptrace(PTRACE_GET_SYSCALL_INFO, tcp->pid, (void *)sizeof(info),
		   &info) < 0) {
		if (errno == ESRCH)
			return;
		debug("PTRACE_GET_SYSCALL_INFO: %m; reading registers instead");
		no_syscall_info = true;
		syscall_stop(tcp);
		return;
	}
	set_personality(tcp, info.arch);
	/*
	 * The syscalls of a breakpoint stub (src/bp/stub.c) are the
	 * breakpoint itself: never the program's, never shown.  Its exit
	 * stop, if one comes, finds the task not in a syscall.
	 */
	if (info.op != PTRACE_SYSCALL_INFO_EXIT &&
	    !(tcp->flags & TCB_IN_SYSCALL) && taps_present() &&
	    taps_syscall_stop(tcp, info.instruction_pointer)) {
		resume(tcp, 0);
		return;
	}
	switch (info.op) {
	case PTRACE_SYSCALL_INFO_ENTRY:
		tcp->sc.ip = info.instruction_pointer;
		syscall_entered(tcp, tcp->pers, (long)info.entry.nr,
				info.entry.args);
		if (exit_unwanted(tcp))
			tcp->flags |= TCB_BLIND_EXIT;
		break;
	case PTRACE_SYSCALL_INFO_SECCOMP:
		if (foreign_trace(tcp, tcp->pers, (long)info.seccomp.nr,
				  info.seccomp.ret_data)) {
			resume(tcp, 0);
			return;
		}
		/*
		 * A seccomp stop is the entry of a traced syscall — unless
		 * the task was resumed with PTRACE_SYSCALL and its entry
		 * stop came first (the launched child's execve).
		 */
		if (!(tcp->flags & TCB_IN_SYSCALL)) {
			tcp->sc.ip = info.instruction_pointer;
			syscall_entered(tcp, tcp->pers, (long)info.seccomp.nr,
					info.seccomp.args);
		}
		break;
	case PTRACE_SYSCALL_INFO_EXIT:
		/* An exit with no entry seen: the syscall began before we
		 * were there.  Nothing to show for it. */
		if (tcp->flags & TCB_IN_SYSCALL)
			syscall_exited(tcp, true, info.exit.rval,
				       info.exit.is_error);
		break;
	default:
		break;
	}
	resume_syscall(tcp);
}

static bool is_stopping_signal(int sig)
{
	return sig == SIGSTOP || sig == SIGTSTP || sig == SIGTTIN ||
	       sig == SIGTTOU;
}

/*
 * A non-leader thread exec'd: the kernel has already made it the
 * leader (it has the leader's pid now) and removed every other thread,
 * the old leader included, without a wait status for it.
 */
static struct tcb *exec_takeover(struct tcb *leader, pid_t pid,
				 pid_t former_tid)
{
	struct tcb *execer = tcb_find(former_tid);

	if (!execer || execer == leader)
		return leader;
	if (leader) {
		if (leader->flags & TCB_IN_SYSCALL)
			syscall_exited(leader, false, 0, false);
		/* Out of the table first: it no longer counts as a task
		 * when its last line is printed (no pid prefix, as strace). */
		tcb_unlink(leader);
		if (consumer->superseded)
			consumer->superseded(leader, former_tid);
		tcb_free(leader);
	}
	tcb_rehash(execer, pid);
	execer->tgid = pid;
	return execer;
}

/*
 * A new task of a process the taps changed: a thread or a vfork/CLONE_VM
 * child shares the changes; a fork child has a copy, which is cleaned
 * when nobody follows the child.  The child waits for this.
 */
static void tapped_child(struct tcb *parent, struct tcb *child,
			  unsigned int event, uint64_t clone_flags)
{
	bool thread = clone_flags & 0x00010000;		/* CLONE_THREAD */
	bool shares_vm = event == PTRACE_EVENT_VFORK ||
			 (clone_flags & 0x00000100);	/* CLONE_VM */
	bool follow = ecfg.follow_forks && !(parent->flags & TCB_SILENT);

	/* A thread the user does not see is still ours to step. */
	if (taps_new_task(parent, child, thread, shares_vm, follow) &&
	    !seccomp_mode)
		child->flags |= TCB_LC_DETACH;
	child->flags &= ~TCB_LC_HOLD;
	if (child->flags & TCB_LC_HELD) {
		child->flags &= ~TCB_LC_HELD;
		if (child->flags & TCB_LC_DETACH) {
			child->flags |= TCB_QUIET_DETACH;
			detach_task(child, 0);
		} else {
			resume(child, 0);
		}
	}
}

static void handle_status(pid_t pid, int status);

/*
 * A fork child nobody follows is ours only until its copy of our bytes
 * is cleaned at its first stop.  Its parent stays in its fork stop until
 * then: a parent that goes on to ptrace its child (a debugger, a crash
 * handler) would get EPERM from a child we still hold.  The first stop
 * of a new task comes at once, so the wait is short.
 */
static void settle_child(pid_t pid)
{
	struct tcb *child;
	int status;

	while ((child = tcb_find(pid)) && (child->flags & TCB_LC_DETACH)) {
		if (!engine_take_queued(pid, &status) &&
		    waitpid(pid, &status, __WALL) != pid)
			break;
		handle_status(pid, status);
	}
}

static void event_stop(struct tcb *tcp, unsigned int event, int sig)
{
	unsigned long msg = 0;
	pid_t pid = tcp->pid;

	switch (event) {
	case PTRACE_EVENT_FORK:
	case PTRACE_EVENT_VFORK:
	case PTRACE_EVENT_CLONE:
		/*
		 * The child's own first stop may have been seen already;
		 * else create its tcb now so its first stop is expected.
		 */
		if (ptrace(PTRACE_GETEVENTMSG, pid, NULL, &msg) == 0) {
			struct tcb *child = tcb_find((pid_t)msg);
			bool followed = false;
			uint64_t cflags = 0;

			/*
			 * The flags come from the registers: clone3's are in
			 * memory, and the syscall may not be traced at all.
			 */
			if (event == PTRACE_EVENT_CLONE &&
			    arch_get_clone_flags(pid, tcp->pers, &cflags) < 0)
				cflags = 0;
			if (consumer->spawned && ecfg.follow_forks &&
			    !(tcp->flags & (TCB_SILENT | TCB_HIDE_LOG)))
				consumer->spawned(tcp, (pid_t)msg,
						  event == PTRACE_EVENT_FORK ?
						  ENGINE_FORK :
						  event == PTRACE_EVENT_VFORK ?
						  ENGINE_VFORK : ENGINE_CLONE,
						  cflags);
			if (child) {
				child->flags &= ~TCB_UNANNOUNCED;
			} else if (tcb_was_gone_early((pid_t)msg)) {
				/* Came and went already: nothing to make. */
				debug("pid %d: announced after its end",
				      (int)msg);
				break;
			}
			if (!child && (tcp->flags & TCB_SILENT ||
				       !ecfg.follow_forks)) {
				child = tcb_new_silent((pid_t)msg);
			} else if (!child) {
				child = tcb_new((pid_t)msg);
				child->flags |= TCB_ATTACHED;
				followed = true;
			}
			/* A filter is inherited through fork and clone. */
			child->flags |= tcp->flags & TCB_SECCOMP;
			child->pers = tcp->pers;
			/* Threads share the tgid; processes lead their own. */
			if (cflags & 0x00010000 /* CLONE_THREAD */)
				child->tgid = tcp->tgid ? tcp->tgid : tcp->pid;
			else
				child->tgid = child->pid;
			/* Told once the task is whole: its process known. */
			if (followed && consumer->followed)
				consumer->followed(child);
			if (taps_present()) {
				tapped_child(tcp, child, event, cflags);
				settle_child((pid_t)msg);
			}
		}
		break;
	case PTRACE_EVENT_EXEC:
		if (ptrace(PTRACE_GETEVENTMSG, pid, NULL, &msg) == 0 &&
		    (pid_t)msg != pid)
			tcp = exec_takeover(tcp, pid, (pid_t)msg);
		if (!(tcp->flags & TCB_SILENT))
			tcp->flags &= ~(TCB_STARTUP | TCB_HIDE_LOG);
		/*
		 * -b execve: let go of every task that execs, except the
		 * command we launched at its first execve (strace's way,
		 * with its "Process N detached").
		 */
		if (ecfg.detach_on_execve && !(tcp->flags & TCB_FIRST_EXEC)) {
			if (tcp->pid == launched_pid)
				launched_let_go = true;
			detach_task(tcp, 0);
			return;
		}
		if (consumer->exec && !(tcp->flags & TCB_HIDE_LOG))
			consumer->exec(tcp, (pid_t)msg ? (pid_t)msg : pid);
		if (taps_present()) {
			/* A vfork child kept for the taps' bytes: done now. */
			if ((tcp->flags & TCB_SILENT) && !seccomp_mode) {
				tcp->flags |= TCB_QUIET_DETACH;
				detach_task(tcp, 0);
				return;
			}
			if (!(tcp->flags & TCB_SILENT))
				taps_exec(tcp);
		}
		break;
	case PTRACE_EVENT_EXIT:
		tcp->flags |= TCB_EXITING;
		taps_exiting(tcp);
		break;
	case PTRACE_EVENT_SECCOMP:
		if (!(tcp->flags & TCB_SILENT)) {
			syscall_stop(tcp);
			return;
		}
		/* The event message is the filter's SECCOMP_RET_DATA. */
		if (ptrace(PTRACE_GETEVENTMSG, pid, NULL, &msg) == 0)
			foreign_trace(tcp, tcp->pers, -1, (uint32_t)msg);
		break;
	case PTRACE_EVENT_STOP:
		if (is_stopping_signal(sig) && !(tcp->flags & TCB_STARTUP)) {
			/*
			 * Group-stop.  PTRACE_LISTEN keeps the task stopped
			 * without holding it in a ptrace-stop, so SIGCONT
			 * from anyone resumes it: job control works.
			 */
			tcp->flags |= TCB_GROUP_STOPPED;
			if (consumer->group_stop &&
			    !(tcp->flags & TCB_HIDE_LOG))
				consumer->group_stop(tcp, sig);
			ptrace(PTRACE_LISTEN, pid, NULL, NULL);
			return;
		}
		tcp->flags &= ~TCB_GROUP_STOPPED;
		/* A new task's first stop, before its parent's event. */
		if (tcp->flags & TCB_LC_HOLD) {
			tcp->flags |= TCB_LC_HELD;
			return;
		}
		if (tcp->flags & TCB_LC_DETACH) {
			tcp->flags |= TCB_QUIET_DETACH;
			detach_task(tcp, 0);
			return;
		}
		if (taps_present() && (tcp->flags & TCB_RESTART_PENDING))
			taps_attached_stop(tcp);
		if (tcp->flags & TCB_RESTART_PENDING) {
			/* What the attach interrupted, for restart_syscall. */
			tcp->flags &= ~TCB_RESTART_PENDING;
			if (arch_get_orig_scno(pid, &tcp->restart_nr) < 0)
				tcp->restart_nr = -1;
		}
		break;
	default:
		break;
	}
	resume(tcp, 0);
}

static void signal_stop(struct tcb *tcp, int sig)
{
	siginfo_t si;

	/* The taps' breakpoints and return traps: nothing the program sees. */
	if (taps_present() && (sig == SIGTRAP || sig == SIGSTOP) &&
	    taps_signal_stop(tcp, sig)) {
		resume(tcp, 0);
		return;
	}
	if (ptrace(PTRACE_GETSIGINFO, tcp->pid, NULL, &si) < 0) {
		if (errno == ESRCH)
			return;
		memset(&si, 0, sizeof(si));
		si.si_signo = sig;
	}
	if (consumer->signal && !(tcp->flags & (TCB_HIDE_LOG | TCB_HIDE_SYSCALLS)))
		consumer->signal(tcp, &si);
	resume(tcp, sig);
}

static void handle_status(pid_t pid, int status)
{
	struct tcb *tcp = tcb_find(pid);
	int sig;

	tracee_mem_forget();
	if (tcp)
		tcp->flags &= ~TCB_REQUEUED;
	if (__builtin_expect(cfg.debug, 0) && WIFSTOPPED(status))
		say_syscall_info(pid);

	if (!tcp && WIFSTOPPED(status) &&
	    (unsigned int)status >> 16 == PTRACE_EVENT_EXEC) {
		/* The old leader is gone already; the execer takes its pid. */
		unsigned long former;

		if (ptrace(PTRACE_GETEVENTMSG, pid, NULL, &former) == 0)
			tcp = exec_takeover(NULL, pid, (pid_t)former);
	}
	if (!tcp && !WIFSTOPPED(status)) {
		/*
		 * Killed before its first stop, its parent's event still to
		 * come; or a child of ours that we never traced (the
		 * guardian, when we are a pid namespace's init).
		 */
		debug("pid %d: gone before its first stop, status %#x", pid,
		      status);
		tcb_gone_early(pid);
		/*
		 * Nothing is auto-attached without -f and taps, but for a
		 * CLONE_PTRACE child (caught at its first stop, below): this
		 * was never a tracee, only a child.
		 */
		if (!ecfg.follow_forks && !taps_present() &&
		    consumer->stranger_exited)
			consumer->stranger_exited(pid, status);
		return;
	}
	if (!tcp && !ecfg.follow_forks && !taps_present() && !muted &&
	    !seccomp_mode) {
		/*
		 * A child the command made with CLONE_PTRACE: the kernel
		 * attached it to us, but without -f nobody asked to trace
		 * it.  It goes on untraced, with the signal it stopped for
		 * (its first SIGSTOP is ours, not the program's).  Under our
		 * seccomp filter it could not: it is kept, silent, below.
		 */
		int sig = WSTOPSIG(status);

		if ((unsigned int)status >> 16 || sig == SIGSTOP ||
		    sig == (SIGTRAP | 0x80))
			sig = 0;
		debug("pid %d: auto-attached, status %#x, not followed", pid,
		      status);
		if (ptrace(PTRACE_DETACH, pid, NULL, (void *)(long)sig) == 0) {
			if (consumer->stranger_detached)
				consumer->stranger_detached(pid);
		} else {
			debug("pid %d: detach: %s", pid, strerror(errno));
		}
		return;
	}
	if (!tcp) {
		/*
		 * An auto-attached child can report its first stop before
		 * its parent reports the fork event.  Without -f, only
		 * library-call tracing follows children (silently, for its
		 * int3 bytes), and a CLONE_PTRACE child under our seccomp
		 * filter is kept, silent (its traced syscalls need a tracer).
		 * A pid kept as gone early belongs to a task that has been
		 * replaced by now.
		 */
		tcb_was_gone_early(pid);
		if ((!ecfg.follow_forks && (taps_present() || seccomp_mode)) ||
		    muted) {
			tcp = tcb_new_silent(pid);
		} else {
			tcp = tcb_new(pid);
			tcp->flags |= TCB_ATTACHED;
			if (consumer->followed)
				consumer->followed(tcp);
		}
		if (seccomp_mode)
			tcp->flags |= TCB_SECCOMP;
		tcp->flags |= TCB_UNANNOUNCED;
		/* Its memory may need cleaning before it runs. */
		if (taps_present())
			tcp->flags |= TCB_LC_HOLD;
	}
	if (WIFEXITED(status) || WIFSIGNALED(status)) {
		debug("pid %d: gone, wait status %#x", pid, status);
		if (tcp->flags & TCB_UNANNOUNCED)
			tcb_gone_early(pid);
		if (pid == launched_pid)
			launched_status = status;
		/* Its syscall ends without a return value ("= ?"). */
		if (tcp->flags & TCB_IN_SYSCALL)
			syscall_exited(tcp, false, 0, false);
		if (consumer->exited && !(tcp->flags & TCB_HIDE_LOG))
			consumer->exited(tcp, status);
		tcb_drop(tcp);
		return;
	}
	if (!WIFSTOPPED(status))
		return;
	sig = WSTOPSIG(status);
	if (ecfg.debug_stops)
		debug("pid %d: stop sig %d event %u", pid, sig & 0x7f,
		      (unsigned int)status >> 16);
	if (sig == (SIGTRAP | 0x80))
		syscall_stop(tcp);
	else if ((unsigned int)status >> 16)
		event_stop(tcp, (unsigned int)status >> 16, sig);
	else
		signal_stop(tcp, sig);
}

int engine_run(int *killed_by)
{
	int status;
	pid_t pid;

	*killed_by = 0;
	/*
	 * The command we launched waited for this: what must watch it (a
	 * guardian, the output, a script's BEGIN) is in place.
	 */
	launch_go(!(interrupted || aborted));
	while (tcb_count) {
		if (interrupted || aborted)
			break;
		if (detach_requested) {
			/*
			 * --syscall-limit reached: everything runs on untraced,
			 * and the command we started still ends before we do
			 * (its exit status is ours, as with -b execve).
			 */
			detach_all();
			break;
		}
		pid = engine_next_status(&status, true);
		if (pid < 0) {
			if (errno == EINTR) {
				if (inject_active())
					inject_tick(resume);
				if (consumer->tick)
					consumer->tick();
				continue;
			}
			/* ECHILD: a task we counted will never report. */
			debug("waitpid: %m, with %u tasks in the table",
			      tcb_count);
			break;
		}
		engine_nstops++;
		handle_status(pid, status);
	}

	if (aborted) {
		/* Our own failure: the command we started must not run on
		 * untraced; what we attached to runs on as it was. */
		struct tcb *child = launched_pid ? tcb_find(launched_pid) : NULL;

		if (child) {
			child->flags |= TCB_HIDE_LOG;
			kill(launched_pid, SIGKILL);
		}
		detach_all();
		return 1;
	}
	if (interrupted) {
		struct itimerval off = { { 0, 0 }, { 0, 0 } };
		int sig = interrupted;

		debug("signal %d: detaching from %u tasks", sig, tcb_count);
		detach_all();
		setitimer(ITIMER_REAL, &off, NULL);
		/*
		 * strace passes the signal on to the command it started
		 * (it would have had it too from a terminal's ^C).
		 */
		if (launched_pid && launched_status < 0)
			kill(launched_pid, sig);
		*killed_by = sig;
		return 128 + sig;
	}
	debug("%llu ptrace stops", engine_nstops);
	/*
	 * Every task is gone from the trace but the command we launched
	 * was let go rather than seen to exit.  By -b execve: its status
	 * is not ours to know, strace exits 0 at once, and so do we.  When
	 * the trace ended early (a write error, --syscall-limit) it is
	 * still our child, so its exit status can still be ours.  With -D
	 * it is not our child: ECHILD, status 0.
	 */
	if (launched_pid && launched_status < 0 && !launched_let_go) {
		while (waitpid(launched_pid, &status, 0) < 0 && errno == EINTR)
			;
		if (errno != ECHILD && (WIFEXITED(status) || WIFSIGNALED(status)))
			launched_status = status;
	}
	if (launched_status < 0)
		return 0;
	if (WIFSIGNALED(launched_status)) {
		*killed_by = WTERMSIG(launched_status);
		return 128 + *killed_by;
	}
	return WEXITSTATUS(launched_status);
}
