/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Attaching to running processes (-p) and detaching from everything.
 *
 * Both go through PTRACE_SEIZE/PTRACE_INTERRUPT rather than
 * PTRACE_ATTACH/SIGSTOP: no signal is sent, so the tracee cannot see a
 * stray SIGSTOP, and a process that was stopped stays stopped.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/wait.h>

#include "engine/inject.h"
#include "engine/internal.h"
#include "log.h"

static int seize(pid_t tid)
{
	if (ptrace(PTRACE_SEIZE, tid, NULL, engine_ptrace_options()) < 0)
		return -errno;
	/*
	 * The first stop of a seized task is the one we ask for; it
	 * interrupts a blocking syscall, which the kernel then restarts
	 * (restart_syscall after nanosleep and the like).
	 */
	if (ptrace(PTRACE_INTERRUPT, tid, NULL, NULL) < 0)
		return -errno;
	return 0;
}

static struct tcb *adopt(pid_t tid, pid_t tgid)
{
	struct tcb *tcp = tcb_new(tid);

	tcp->tgid = tgid;
	tcp->flags |= TCB_ATTACHED | TCB_RESTART_PENDING;
	return tcp;
}

/* Attach every thread of process pid; returns the thread count, or -errno. */
static int attach_process(pid_t pid)
{
	char path[64];
	struct dirent *de;
	struct tcb *leader;
	int err, n = 1;
	DIR *dir;

	if (tcb_find(pid))
		return 0;
	err = seize(pid);
	if (err)
		return err;
	leader = adopt(pid, pid);

	snprintf(path, sizeof(path), "/proc/%d/task", pid);
	dir = opendir(path);
	if (!dir)
		return n;
	while ((de = readdir(dir))) {
		long tid = strtol(de->d_name, NULL, 10);

		if (tid <= 0 || tid == pid || tcb_find((pid_t)tid))
			continue;
		/* A thread may exit between readdir and seize: not an error. */
		if (seize((pid_t)tid) == 0) {
			adopt((pid_t)tid, pid);
			n++;
		}
	}
	closedir(dir);
	(void)leader;
	return n;
}

unsigned int attach_all(void)
{
	unsigned int attached = 0;

	for (size_t i = 0; i < ecfg.n_attach; i++) {
		pid_t pid = ecfg.attach_pids[i];
		int n = attach_process(pid);

		if (n < 0) {
			fprintf(stderr,
				"%s: attach: ptrace(PTRACE_SEIZE, %d): %s\n",
				log_progname, pid, strerror(-n));
			continue;
		}
		if (n == 0)	/* listed twice */
			continue;
		attached++;
		if (consumer->attached && !aborted)
			consumer->attached(tcb_find(pid), (unsigned int)n);
	}
	return attached;
}

void detach_task(struct tcb *tcp, int sig)
{
	taps_detach(tcp);
	/* ESRCH: it died meanwhile; its exit is simply not reported. */
	ptrace(PTRACE_DETACH, tcp->pid, NULL, (void *)(long)sig);
	if (consumer->detached && !(tcp->flags & TCB_HIDE_LOG))
		consumer->detached(tcp);
	tcb_drop(tcp);
}

/*
 * SIGTRAP (an int3) or SIGSTOP (a stub, src/bp/stub.c) is pending for
 * the thread: raised, not yet reported.
 */
static bool trap_pending(pid_t tid)
{
	char path[48], line[128];
	bool yes = false;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)tid);
	f = fopen(path, "re");
	if (!f)
		return false;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "SigPnd:", 7)) {
			yes = strtoull(line + 7, NULL, 16) &
			      ((1ULL << (SIGTRAP - 1)) | (1ULL << (SIGSTOP - 1)));
			break;
		}
	fclose(f);
	return yes;
}

/*
 * A task that hit one of our int3s just as it was interrupted reports
 * the interrupt first, its SIGTRAP still queued: left so, it would die of
 * it once detached.  Let it report the trap now (it runs no code first).
 */
static void collect_pending_trap(struct tcb *tcp)
{
	int status;

	if (tcp->detach_sig)
		return;
	/*
	 * A PTRACE_INTERRUPT of our own still pending reports first (a
	 * task interrupted twice: to step another thread alone, then to
	 * detach): go on until the trap itself is the stop.  A few times
	 * at most: each turn runs no code of the task's.
	 */
	for (int turn = 0; turn < 4 && trap_pending(tcp->pid); turn++) {
		if (ptrace(PTRACE_CONT, tcp->pid, NULL, NULL) < 0)
			return;
		while (waitpid(tcp->pid, &status, __WALL) < 0)
			if (errno != EINTR)
				return;
		if (!WIFSTOPPED(status)) {
			tcp->flags &= ~TCB_DETACH_READY;	/* gone */
			return;
		}
		if (!(status >> 16)) {
			tcp->detach_sig = WSTOPSIG(status);
			return;
		}
	}
}

/*
 * A tap ended tcp's stop with another it collected (engine_hold): the
 * task stands in that one now, and is detached from it with its signal.
 */
static void take_held(struct tcb *tcp)
{
	int status;

	tcp->flags &= ~TCB_REQUEUED;
	if (!engine_take_queued(tcp->pid, &status))
		return;
	if (!WIFSTOPPED(status))
		tcp->flags &= ~TCB_DETACH_READY;	/* gone */
	else if (!(status >> 16) && WSTOPSIG(status) != (SIGTRAP | 0x80))
		tcp->detach_sig = WSTOPSIG(status);
}

/*
 * With library-call breakpoints no task may run on until every task of
 * its process has its return addresses back and the int3 bytes are gone:
 * all are stopped first, then cleaned, then let go.
 */
static void detach_all_stopped(void)
{
	struct tcb *tcp, *next;

	for (tcp = tcb_list; tcp; tcp = tcp->list_next)
		if (tcp->flags & TCB_DETACH_READY)
			collect_pending_trap(tcp);
	for (tcp = tcb_list; tcp; tcp = tcp->list_next)
		if ((tcp->detach_sig == SIGTRAP || tcp->detach_sig == SIGSTOP) &&
		    taps_signal_stop(tcp, tcp->detach_sig)) {
			tcp->detach_sig = 0;
			if (tcp->flags & TCB_REQUEUED)
				take_held(tcp);
		}
	for (tcp = tcb_list; tcp; tcp = tcp->list_next)
		taps_detach(tcp);
	for (tcp = tcb_list; tcp; tcp = next) {
		next = tcp->list_next;
		if (tcp->flags & TCB_DETACH_READY)
			detach_task(tcp, tcp->detach_sig);
	}
}

void detach_all(void)
{
	struct tcb *tcp;
	unsigned int ready = 0;
	int status;
	pid_t pid;

	/* A task held by -e inject= delay would never stop again. */
	if (inject_active())
		inject_release_all();
	for (tcp = tcb_list; tcp; tcp = tcp->list_next) {
		if (tcp->flags & TCB_DETACHING)
			continue;
		tcp->flags |= TCB_DETACHING;
		if (ptrace(PTRACE_INTERRUPT, tcp->pid, NULL, NULL) < 0 &&
		    errno == ESRCH) {
			/* Already a zombie or gone: its wait status follows. */
			continue;
		}
	}

	/*
	 * Each task reports one more stop (or its death).  Detach at
	 * whatever stop comes first: at a signal-delivery stop the
	 * signal goes with the detach so it is not lost; a group-stopped
	 * task re-enters its group-stop after the detach by itself.
	 */
	while (tcb_count) {
		unsigned int event;
		int sig;

		pid = engine_next_status(&status, true);
		if (pid < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		tcp = tcb_find(pid);
		if (!tcp) {
			/*
			 * A child auto-attached at the last moment, before
			 * its parent's event: let go, and not waited for when
			 * that event comes.
			 */
			if (WIFSTOPPED(status))
				ptrace(PTRACE_DETACH, pid, NULL, NULL);
			tcb_gone_early(pid);
			continue;
		}
		if (WIFEXITED(status) || WIFSIGNALED(status)) {
			if (consumer->exited && !(tcp->flags & TCB_HIDE_LOG))
				consumer->exited(tcp, status);
			tcb_drop(tcp);
			continue;
		}
		if (!WIFSTOPPED(status))
			continue;
		sig = WSTOPSIG(status);
		event = (unsigned int)status >> 16;
		if (event == PTRACE_EVENT_FORK || event == PTRACE_EVENT_VFORK ||
		    event == PTRACE_EVENT_CLONE) {
			unsigned long child;

			if (ptrace(PTRACE_GETEVENTMSG, pid, NULL, &child) == 0 &&
			    !tcb_find((pid_t)child) &&
			    !tcb_was_gone_early((pid_t)child)) {
				struct tcb *c = tcb_new((pid_t)child);

				c->flags |= TCB_DETACHING;
			}
		}
		if (sig == (SIGTRAP | 0x80) || event)
			sig = 0;
		if (taps_present()) {
			tcp->detach_sig = sig;
			if (!(tcp->flags & TCB_DETACH_READY))
				ready++;
			tcp->flags |= TCB_DETACH_READY;
			if (ready >= tcb_count)
				break;
			continue;
		}
		detach_task(tcp, sig);
	}
	if (taps_present())
		detach_all_stopped();
	/* Whatever is left vanished without a word. */
	while (tcb_list)
		tcb_drop(tcb_list);
}
