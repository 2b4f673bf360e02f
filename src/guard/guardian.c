/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The guardian process (see guard.h): it traces sltrace for one event,
 * its exit, and when sltrace dies with changes left in its tracees it
 * puts them back and lets the tracees go.
 *
 * The order is what makes it safe:
 * 1. sltrace is held at PTRACE_EVENT_EXIT (the kernel stops a tracee
 *    there even when SIGKILL is what ends it), so its tracees are still
 *    its tracees: parked in their ptrace-stops, or running.
 * 2. Every tracee thread gets a SIGSTOP of its own and the guardian
 *    waits until each is parked with that SIGSTOP still pending (a
 *    running thread takes the first one and parks with it; it gets
 *    another).
 * 3. sltrace dies; the kernel lets its tracees go.  Each thread, before
 *    it runs a single user instruction, takes its pending SIGSTOP: the
 *    process enters a group-stop.  (A thread released from a
 *    signal-delivery-stop sltrace had collected with waitpid loses that
 *    signal; from one it had not collected yet — /proc's exit code is
 *    then the signal — the kernel delivers the signal.  The program's
 *    own signals are so delivered once, by the kernel; a SIGSTOP of one
 *    of our stubs only stops the process; but a SIGTRAP of one of our
 *    int3s kills it, which is why stubs are used wherever they can be
 *    and the syscall gadget ends at a syscall stop, not at its int3.)
 * 4. The guardian seizes the stopped threads, writes back every
 *    recorded byte and return address, moves the thread whose trap
 *    sltrace was handling back to the instruction (rip - 1), or from a
 *    return trap to its real return address, detaches, and sends
 *    SIGCONT — unless the process was stopped before.
 *
 * Everything here reads /proc and the shared records; nothing of
 * sltrace's own data structures, which may be half-way through a change.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "guard/guard.h"
#include "guard/internal.h"
#include "log.h"
#include "util/procstat.h"

#ifndef PTRACE_EVENT_STOP
#define PTRACE_EVENT_STOP 128
#endif

/* A tracee thread of the dead sltrace. */
struct gthread {
	pid_t tid, tgid;
	/* The ptrace-stop it was parked in at the first look (seen_parked),
	 * and the one it is parked in when sltrace is let go. */
	int first_code, exit_code;
	bool seen_parked;
	bool parked;
	bool seized;
	bool gone;
	struct user_regs_struct regs;
};

struct gstate {
	pid_t tracer;
	struct gthread *t;
	size_t n, cap;
};

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void say(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int n;

	n = snprintf(buf, sizeof(buf), "%s: ", log_progname);
	va_start(ap, fmt);
	n += vsnprintf(buf + n, sizeof(buf) - (size_t)n, fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(buf) - 2)
		n = (int)sizeof(buf) - 2;
	buf[n++] = '\n';
	/* stderr may be gone with sltrace's terminal: nothing to do then. */
	if (write(2, buf, (size_t)n) < 0)
		return;
}

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static ssize_t read_small(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	return n;
}

/* A number field of /proc/PID/task/TID/status ("TracerPid:"), or -1. */
static long status_num(pid_t tgid, pid_t tid, const char *field)
{
	char path[64], buf[4096], *p;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/status", (int)tgid,
		 (int)tid);
	if (read_small(path, buf, sizeof(buf)) < 0)
		return -1;
	p = strstr(buf, field);
	return p ? strtol(p + strlen(field), NULL, 10) : -1;
}

/* Whether a thread's own pending set holds SIGSTOP. */
static bool stop_pending(pid_t tgid, pid_t tid)
{
	char path[64], buf[4096], *p;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/status", (int)tgid,
		 (int)tid);
	if (read_small(path, buf, sizeof(buf)) < 0)
		return false;
	p = strstr(buf, "\nSigPnd:");
	return p && (strtoull(p + 8, NULL, 16) & (1ULL << (SIGSTOP - 1)));
}

/*
 * State letter and ptrace exit code of a thread (fields 3 and 52 of
 * /proc/PID/task/TID/stat: the code is the stop a traced task sits in).
 * 0 when it is gone.
 */
static char thread_state(pid_t tgid, pid_t tid, int *exit_code)
{
	char path[64], buf[1024];
	const char *state, *code;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/stat", (int)tgid,
		 (int)tid);
	if (read_small(path, buf, sizeof(buf)) < 0)
		return 0;
	state = procstat_field(buf, 3);
	if (!state)
		return 0;
	if (exit_code) {
		code = procstat_field(buf, 52);
		*exit_code = code ? atoi(code) : 0;
	}
	return *state;
}

static struct gthread *find_thread(struct gstate *g, pid_t tid)
{
	for (size_t i = 0; i < g->n; i++)
		if (g->t[i].tid == tid)
			return &g->t[i];
	return NULL;
}

static struct gthread *add_thread(struct gstate *g, pid_t tgid, pid_t tid)
{
	struct gthread *t = find_thread(g, tid);

	if (t)
		return t;
	if (g->n == g->cap) {
		size_t cap = g->cap ? 2 * g->cap : 64;
		struct gthread *v = realloc(g->t, cap * sizeof(*v));

		if (!v)
			return NULL;
		g->t = v;
		g->cap = cap;
	}
	t = &g->t[g->n++];
	memset(t, 0, sizeof(*t));
	t->tid = tid;
	t->tgid = tgid;
	return t;
}

static bool is_number(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (*s < '0' || *s > '9')
			return false;
	return true;
}

/* Every thread whose tracer is g->tracer, added to g; how many now. */
static size_t scan_tracees(struct gstate *g)
{
	size_t found = 0;
	struct dirent *d;
	DIR *proc = opendir("/proc");

	if (!proc)
		return 0;
	while ((d = readdir(proc)) != NULL) {
		char path[300];
		struct dirent *e;
		DIR *task;

		if (!is_number(d->d_name))
			continue;
		snprintf(path, sizeof(path), "/proc/%s/task", d->d_name);
		task = opendir(path);
		if (!task)
			continue;
		while ((e = readdir(task)) != NULL) {
			pid_t tgid = atoi(d->d_name), tid;

			if (!is_number(e->d_name))
				continue;
			tid = atoi(e->d_name);
			if (status_num(tgid, tid, "TracerPid:") == g->tracer) {
				add_thread(g, tgid, tid);
				found++;
			}
		}
		closedir(task);
	}
	closedir(proc);
	return found;
}

/*
 * Step 2: every tracee thread parked in a ptrace-stop with a SIGSTOP of
 * its own pending.  New threads and children (auto-attached at their
 * birth) are picked up on the way.  Bounded: a thread in an
 * uninterruptible sleep may never take its signal.
 */
static void park_all(struct gstate *g)
{
	uint64_t deadline = now_ms() + 3000;
	bool first = true;

	for (;;) {
		bool done = true;

		scan_tracees(g);
		for (size_t i = 0; i < g->n; i++) {
			struct gthread *t = &g->t[i];
			int code = 0;
			char st = thread_state(t->tgid, t->tid, &code);

			if (!st || st == 'Z' || st == 'X') {
				t->gone = true;
				continue;
			}
			if (st == 't' && first) {
				t->seen_parked = true;
				t->first_code = code;
			}
			/* Parked threads stay in their stop while sltrace is
			 * held: the last code seen is the one at release. */
			t->parked = st == 't';
			t->exit_code = st == 't' ? code : 0;
			if (st == 't' && stop_pending(t->tgid, t->tid))
				continue;
			done = false;
			if (st == 't' || !stop_pending(t->tgid, t->tid))
				syscall(SYS_tgkill, t->tgid, t->tid, SIGSTOP);
		}
		first = false;
		if (done || now_ms() > deadline)
			return;
		usleep(200);
	}
}

/* Step 3's end: every thread untraced and stopped (or gone). */
static void wait_released(struct gstate *g)
{
	uint64_t deadline = now_ms() + 5000;

	for (;;) {
		bool done = true;

		for (size_t i = 0; i < g->n; i++) {
			struct gthread *t = &g->t[i];
			char st;

			if (t->gone)
				continue;
			st = thread_state(t->tgid, t->tid, NULL);
			if (!st || st == 'Z' || st == 'X') {
				t->gone = true;
				continue;
			}
			if (st != 'T' ||
			    status_num(t->tgid, t->tid, "TracerPid:") != 0)
				done = false;
		}
		if (done || now_ms() > deadline)
			return;
		usleep(500);
	}
}

/*
 * Serving a filter (guard_serve_filter): its seccomp stops, and every
 * child and thread (they inherit it), from their first instruction.
 */
#define SERVE_OPTIONS (PTRACE_O_TRACESECCOMP | PTRACE_O_TRACEFORK |      \
		       PTRACE_O_TRACEVFORK | PTRACE_O_TRACECLONE |       \
		       PTRACE_O_TRACEEXEC)

static void seize_all(struct gstate *g)
{
	long opts = guard_arena->serve ? SERVE_OPTIONS : 0;

	for (size_t i = 0; i < g->n; i++) {
		struct gthread *t = &g->t[i];
		int status;

		if (t->gone)
			continue;
		if (ptrace(PTRACE_SEIZE, t->tid, NULL, (void *)opts) < 0 ||
		    ptrace(PTRACE_INTERRUPT, t->tid, NULL, NULL) < 0) {
			t->gone = errno == ESRCH;
			continue;
		}
		while (waitpid(t->tid, &status, __WALL) < 0 && errno == EINTR)
			;
		if (!WIFSTOPPED(status)) {
			t->gone = true;
			continue;
		}
		t->seized = true;
		if (ptrace(PTRACE_GETREGS, t->tid, NULL, &t->regs) < 0)
			t->seized = false;
	}
}

/* A file descriptor on the memory of process tgid, through a live thread. */
static int open_mem(struct gstate *g, pid_t tgid)
{
	char path[64];

	for (size_t i = 0; i < g->n; i++) {
		int fd;

		if (g->t[i].tgid != tgid || !g->t[i].seized)
			continue;
		snprintf(path, sizeof(path), "/proc/%d/task/%d/mem", (int)tgid,
			 (int)g->t[i].tid);
		fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd >= 0)
			return fd;
	}
	return -1;
}

/* The process whose records stand for tgid's memory: its own, else its
 * parent's (a fork child sltrace never saw has a copy of them). */
static pid_t record_owner(pid_t tgid)
{
	struct guard_arena *a = guard_arena;
	long ppid;

	for (uint32_t i = 0; i < a->used; i++)
		if (a->rec[i].kind && a->rec[i].tgid == tgid)
			return tgid;
	ppid = status_num(tgid, tgid, "PPid:");
	return ppid > 0 ? (pid_t)ppid : tgid;
}

static const struct guard_undo *find_rec(pid_t owner, enum guard_kind kind,
					 uint64_t addr)
{
	struct guard_arena *a = guard_arena;

	for (uint32_t i = 0; i < a->used; i++) {
		const struct guard_undo *u = &a->rec[i];

		if (u->kind == kind && u->tgid == owner && u->addr == addr)
			return u;
	}
	return NULL;
}

/*
 * Whether a recorded return address is still in a live frame: at or
 * above the stack pointer of its thread (below it, the frame was popped
 * and the word is dead).  In a fork child's copy, the thread is the
 * child's, whose stack is a copy of the one that forked.
 */
static bool word_live(struct gstate *g, pid_t tgid, pid_t owner,
		      const struct guard_undo *u)
{
	for (size_t i = 0; i < g->n; i++) {
		const struct gthread *t = &g->t[i];

		if (t->tgid != tgid || !t->seized)
			continue;
		if (t->tid == u->tid)
			return u->addr >= t->regs.rsp;
		if (tgid != owner && u->addr >= t->regs.rsp &&
		    u->addr - t->regs.rsp < (64u << 20))
			return true;
	}
	return false;
}

/* Step 4: the records of owner, undone in tgid's memory. */
static void undo_memory(struct gstate *g, pid_t tgid, pid_t owner,
			unsigned int *ncode, unsigned int *nword)
{
	struct guard_arena *a = guard_arena;
	int fd = open_mem(g, tgid);

	if (fd < 0)
		return;
	for (uint32_t i = 0; i < a->used; i++) {
		const struct guard_undo *u = &a->rec[i];
		uint8_t cur[16];

		if ((u->kind != GUARD_CODE && u->kind != GUARD_WORD) ||
		    u->tgid != owner)
			continue;
		/*
		 * Only what still holds our bytes is ours to undo — or, for
		 * code, our int3 guarding bytes being changed (src/bp/).
		 */
		if (pread(fd, cur, u->len, (off_t)u->addr) != u->len ||
		    (memcmp(cur, u->now, u->len) &&
		     !(u->kind == GUARD_CODE && cur[0] == 0xcc)))
			continue;
		if (u->kind == GUARD_WORD && !word_live(g, tgid, owner, u))
			continue;
		if (pwrite(fd, u->orig, u->len, (off_t)u->addr) != u->len)
			continue;
		if (u->kind == GUARD_CODE)
			(*ncode)++;
		else
			(*nword)++;
	}
	close(fd);
}

/*
 * The thread whose SIGTRAP stop sltrace was handling (guard_trap_held)
 * may stand just past one of our int3s: back onto the (restored)
 * instruction, or, on a return trap, to the return address its ret
 * popped.  (Once sltrace has moved it on, its pc is elsewhere.)
 */
static void fix_thread(struct gthread *t, pid_t owner)
{
	struct guard_arena *a = guard_arena;
	struct user_regs_struct *r = &t->regs;
	const struct guard_undo *u;
	bool set = false;

	if (a->regs_tid && a->regs_tid == t->tid) {
		/* sltrace was running a syscall in it: its own registers. */
		*r = a->regs;
		set = true;
	} else if (a->trap_tid && a->trap_tid == t->tid) {
		if (find_rec(owner, GUARD_CODE, r->rip - 1)) {
			r->rip -= 1;
			set = true;
		} else if (find_rec(owner, GUARD_TRAP, r->rip - 1) &&
			   (u = find_rec(owner, GUARD_WORD,
					 r->rsp - (r->cs == 0x23 ? 4 : 8)))) {
			/* cs 0x23: a 32-bit program's, whose ret popped 4
			 * bytes (arch/x86/include/asm/segment.h). */
			uint64_t ret = 0;

			memcpy(&ret, u->orig, u->len < 8 ? u->len : 8);
			r->rip = ret;
			set = true;
		}
	}
	if (set && ptrace(PTRACE_SETREGS, t->tid, NULL, r) < 0)
		say("guardian: cannot set the registers of pid %d: %s",
		    (int)t->tid, strerror(errno));
}

/* Did the process have a group-stop of its own before sltrace died? */
static bool was_group_stopped(struct gstate *g, pid_t tgid, pid_t owner)
{
	for (size_t i = 0; i < g->n; i++) {
		const struct gthread *t = &g->t[i];
		int code = t->first_code, sig = code & 0x7f;

		if (t->tgid != tgid || !t->seen_parked)
			continue;
		/* Our own breakpoint's SIGSTOP. */
		if (code == SIGSTOP && t->seized &&
		    find_rec(owner, GUARD_STOP, t->regs.rip))
			continue;
		if ((code >> 8) == PTRACE_EVENT_STOP &&
		    (sig == SIGSTOP || sig == SIGTSTP || sig == SIGTTIN ||
		     sig == SIGTTOU))
			return true;
		/* A stopping signal on its way when sltrace died. */
		if (code == SIGSTOP || code == SIGTSTP || code == SIGTTIN ||
		    code == SIGTTOU)
			return true;
	}
	return false;
}

/* What was done, if anything: a line, or two. */
static void say_rescued(pid_t tracer, int exit_status, unsigned int ncode,
			unsigned int nword, unsigned int nproc)
{
	const char *sig = WIFSIGNALED(exit_status) ?
				  sigabbrev_np(WTERMSIG(exit_status)) :
				  NULL;
	char how[64];

	if (!nproc)
		return;
	if (sig)
		snprintf(how, sizeof(how), "was killed by SIG%s", sig);
	else
		snprintf(how, sizeof(how), "ended");
	if (ncode || nword)
		say("sltrace (pid %d) %s: its guardian undid %u code changes and %u return addresses in %u process%s, which run%s on",
		    (int)tracer, how, ncode, nword, nproc,
		    nproc == 1 ? "" : "es", nproc == 1 ? "s" : "");
	if (guard_arena->serve)
		say("sltrace (pid %d) %s: its guardian answers the seccomp filter of %u process%s until %s",
		    (int)tracer, how, nproc, nproc == 1 ? "" : "es",
		    nproc == 1 ? "it ends" : "they end");
}

static void rescue(pid_t tracer, int exit_status)
{
	struct gstate g = { .tracer = tracer };
	unsigned int ncode = 0, nword = 0, nproc = 0;
	int status;

	park_all(&g);
	for (size_t i = 0; cfg.debug && i < g.n; i++) {
		int code = 0;
		char st = thread_state(g.t[i].tgid, g.t[i].tid, &code);

		debug("guardian: parked: %d state %c code %#x stop pending %d",
		      (int)g.t[i].tid, st ? st : '?', (unsigned int)code,
		      stop_pending(g.t[i].tgid, g.t[i].tid));
	}
	/*
	 * A SIGTRAP stop sltrace had not collected: the kernel is about to
	 * give the program that signal (see the top), and the program
	 * dies of it unless it handles SIGTRAP.  Said, since nothing else
	 * would explain it.
	 */
	for (size_t i = 0; i < g.n; i++)
		if (g.t[i].parked && g.t[i].exit_code == SIGTRAP)
			say("guardian: thread %d of process %d was in a SIGTRAP stop sltrace had not collected: the kernel delivers that SIGTRAP to it",
			    (int)g.t[i].tid, (int)g.t[i].tgid);
	/* Step 3: let sltrace die; its tracees stop on their SIGSTOP. */
	ptrace(PTRACE_CONT, tracer, NULL, NULL);
	for (;;) {
		if (waitpid(tracer, &status, __WALL) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (WIFEXITED(status) || WIFSIGNALED(status))
			break;
		ptrace(PTRACE_CONT, tracer, NULL, NULL);
	}
	wait_released(&g);
	seize_all(&g);
	if (cfg.debug) {
		debug("guardian: %u records, %u changes", guard_arena->used,
		      guard_arena->nchanges);
		for (size_t i = 0; i < g.n; i++)
			debug("guardian: thread %d of %d: code %#x%s%s%s",
			      (int)g.t[i].tid, (int)g.t[i].tgid,
			      (unsigned int)g.t[i].exit_code,
			      g.t[i].parked ? " parked" : "",
			      g.t[i].seized ? " seized" : "",
			      g.t[i].gone ? " gone" : "");
	}

	for (size_t i = 0; i < g.n; i++) {
		pid_t tgid = g.t[i].tgid, owner;
		bool first = true;
		unsigned int c = 0, w = 0;

		for (size_t j = 0; j < i; j++)
			if (g.t[j].tgid == tgid)
				first = false;
		if (!first)
			continue;
		owner = record_owner(tgid);
		undo_memory(&g, tgid, owner, &c, &w);
		for (size_t j = i; j < g.n; j++)
			if (g.t[j].tgid == tgid && g.t[j].seized)
				fix_thread(&g.t[j], owner);
		/*
		 * Under the filter the guardian stays: SIGCONT first, to end
		 * the group-stop while every thread is held, then on.
		 */
		if (!was_group_stopped(&g, tgid, owner) && guard_arena->serve)
			kill(tgid, SIGCONT);
		for (size_t j = i; j < g.n; j++)
			if (g.t[j].tgid == tgid && g.t[j].seized)
				ptrace(guard_arena->serve ? PTRACE_CONT :
							    PTRACE_DETACH,
				       g.t[j].tid, NULL, NULL);
		if (!was_group_stopped(&g, tgid, owner) && !guard_arena->serve)
			kill(tgid, SIGCONT);
		ncode += c;
		nword += w;
		nproc++;
	}
	say_rescued(tracer, exit_status, ncode, nword, nproc);
	free(g.t);
}

/*
 * The tracees keep sltrace's seccomp filter: each syscall it selects
 * stops them, and runs once let go.  Until none is left.
 */
static void serve(void)
{
	for (;;) {
		unsigned int event;
		int status, sig;
		pid_t pid = waitpid(-1, &status, __WALL);

		if (pid < 0) {
			if (errno == EINTR)
				continue;
			return;
		}
		if (!WIFSTOPPED(status))
			continue;
		sig = WSTOPSIG(status);
		event = (unsigned int)status >> 16;
		if (event == PTRACE_EVENT_STOP &&
		    (sig == SIGSTOP || sig == SIGTSTP || sig == SIGTTIN ||
		     sig == SIGTTOU))
			ptrace(PTRACE_LISTEN, pid, NULL, NULL);
		else
			ptrace(PTRACE_CONT, pid, NULL,
			       (void *)(long)(event ? 0 : sig));
	}
}

static void quiet_signals(void)
{
	static const int sigs[] = { SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE,
				    SIGTSTP, SIGTTIN, SIGTTOU, SIGUSR1,
				    SIGUSR2, SIGALRM };
	struct sigaction sa;
	sigset_t none;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_IGN;
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaction(sigs[i], &sa, NULL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
}

/* Everything sltrace had open but stderr and our two pipes. */
static void close_others(int keep1, int keep2)
{
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);

	if (null >= 0) {
		dup2(null, 0);
		dup2(null, 1);
		close(null);
	}
	for (int fd = 3; fd < 1024; fd++)
		if (fd != keep1 && fd != keep2)
			close(fd);
}

void guardian_main(pid_t tracer, int up, int down)
{
	int status, err = 0;
	pid_t me = getpid();
	char go;

	/* Out of the terminal's reach: a ^C or a hang-up is for sltrace. */
	setsid();
	prctl(PR_SET_NAME, (unsigned long)"slt-guardian", 0, 0, 0);
	quiet_signals();
	close_others(up, down);
	if (write(up, &me, sizeof(me)) != sizeof(me) ||
	    read(down, &go, 1) != 1)
		_exit(1);
	if (ptrace(PTRACE_SEIZE, tracer, NULL,
		   (void *)(long)PTRACE_O_TRACEEXIT) < 0)
		err = errno;
	if (write(up, &err, sizeof(err)) != sizeof(err) || err)
		_exit(1);
	close(up);
	close(down);

	for (;;) {
		unsigned int event;
		int sig;

		if (waitpid(tracer, &status, __WALL) < 0) {
			if (errno == EINTR)
				continue;
			_exit(0);
		}
		if (WIFEXITED(status) || WIFSIGNALED(status))
			_exit(0);
		if (!WIFSTOPPED(status))
			continue;
		sig = WSTOPSIG(status);
		event = (unsigned int)status >> 16;
		if (event == PTRACE_EVENT_EXIT) {
			unsigned long code = 0;

			ptrace(PTRACE_GETEVENTMSG, tracer, NULL, &code);
			if (guard_arena->nchanges || guard_arena->regs_tid ||
			    guard_arena->serve)
				rescue(tracer, (int)code);
			ptrace(PTRACE_DETACH, tracer, NULL, NULL);
			if (guard_arena->serve)
				serve();
			_exit(0);
		}
		if (event == PTRACE_EVENT_STOP) {
			/* sltrace's own job control (^Z): keep it working. */
			if (sig == SIGSTOP || sig == SIGTSTP || sig == SIGTTIN ||
			    sig == SIGTTOU)
				ptrace(PTRACE_LISTEN, tracer, NULL, NULL);
			else
				ptrace(PTRACE_CONT, tracer, NULL, NULL);
			continue;
		}
		if (event) {
			ptrace(PTRACE_CONT, tracer, NULL, NULL);
			continue;
		}
		if (sig == SIGURG && guard_arena->release) {
			ptrace(PTRACE_DETACH, tracer, NULL, NULL);
			_exit(0);
		}
		/* Every other signal is sltrace's, delivered as it came. */
		ptrace(PTRACE_CONT, tracer, NULL, (void *)(long)sig);
	}
}
