/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Lines for what is not a syscall: signals, stops, exits, execve
 * take-overs, attach and detach messages — strace's "---", "+++" and
 * "[ ]" lines and its informational messages.
 */
#include "config.h"

#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"
#include "engine/engine.h"
#include "select/qualify.h"
#include "output/emit.h"
#include "output/events.h"
#include "output/internal.h"
#include "output/json.h"
#include "output/output.h"
#include "output/pidcomm.h"
#include "output/siginfo.h"
#include "xlat/xlat.h"

static const char *sig_text(int sig, char *buf, size_t size)
{
	const char *name = signal_name(sig);

	if (name)
		return name;
	snprintf(buf, size, "%d", sig);
	return buf;
}

/*
 * ltrace's mode prints ltrace's event lines: "--- SIGCHLD (Child
 * exited) ---", "+++ exited (status 0) +++", "--- Called exec() ---",
 * and none of strace's messages ("Process 42 attached").
 */
static inline bool ltrace_style(void)
{
	return cfg.lc_style == LC_STYLE_LTRACE;
}

/* ltrace names the classic signals only; real-time ones are unknown. */
static const char *ltrace_sig_name(int sig)
{
	const char *name = sig > 0 && sig < 32 ? signal_name(sig) : NULL;

	return name ? name : "UNKNOWN_SIGNAL";
}

/* "--- SIGUSR1 (User defined signal 1) ---": the C library's words. */
static void ltrace_signal_line(struct tcb *tcp, int sig)
{
	line_event(tcp, "--- %s (%s) ---", ltrace_sig_name(sig),
		   strsignal(sig));
	out_event_done(tcp->out);
}

void event_new_task(struct tcb *tcp)
{
	tcp->out = out_for_task(tcp->pid);
	if (cfg.decode_pids_comm)
		pid_comm_note(tcp->pid);
	/* A -ff file that cannot be created ends the trace (strace's way). */
	if (out_fatal())
		engine_abort();
}

/*
 * A task's syscall line held for -e status is settled before anything
 * else is printed for the task: the syscall did not finish (the task
 * is gone) or we detached in it.
 */
static void settle_held(struct tcb *tcp, unsigned int status)
{
	bool keep;

	if (out_json) {
		jrec_settle(tcp);
		return;
	}
	if (!line_is_held(tcp))
		return;
	/* Kept, it is still open: the next line cuts it as unfinished. */
	keep = qual_status() & status;
	if (!keep)
		tcp->flags &= ~TCB_ENTRY_PRINTED;
	line_hold_end(tcp, keep);
}

/* JSON: a record of the trace, where text has a message on stderr. */
static void json_attach(struct tcb *tcp, const char *how, unsigned int nthreads)
{
	jrec_begin(tcp, "attach", NULL);
	jrec_str(tcp, "how", how);
	if (nthreads > 1)
		jrec_int(tcp, "threads", nthreads);
	jrec_end(tcp);
	out_event_done(tcp->out);
}

void event_attached(struct tcb *tcp, unsigned int nthreads)
{
	if (out_json) {
		json_attach(tcp, "attach", nthreads);
		return;
	}
	if (qual_quiet(QUIET_ATTACH) || ltrace_style())
		return;
	if (nthreads > 1)
		msg_info("Process %d attached with %u threads", tcp->pid,
			 nthreads);
	else
		msg_info("Process %d attached", tcp->pid);
}

void event_followed(struct tcb *tcp)
{
	/*
	 * strace announces each task -f picks up, but only when the trace
	 * goes to stderr, where the message explains the new pid prefix.
	 */
	if (out_json)
		json_attach(tcp, "follow", 1);
	else if (!qual_quiet(QUIET_ATTACH) && !cfg.outfile && !ltrace_style())
		msg_info("Process %d attached", tcp->pid);
}

void event_signal(struct tcb *tcp, const siginfo_t *si)
{
	char buf[16];

	if (!qual_signal(si->si_signo))
		return;
	settle_held(tcp, STATUS_UNFINISHED);
	if (out_json) {
		jrec_begin(tcp, "signal", NULL);
		jrec_str(tcp, "signal", sig_text(si->si_signo, buf, sizeof(buf)));
		jrec_value(tcp, "siginfo");
		print_siginfo(tcp, si);
		jrec_end(tcp);
		out_event_done(tcp->out);
		return;
	}
	if (ltrace_style()) {
		ltrace_signal_line(tcp, si->si_signo);
		return;
	}
	line_begin_kind(tcp, LINE_EVENT);
	out_printf(tcp->out, "--- %s ",
		   sig_text(si->si_signo, buf, sizeof(buf)));
	print_siginfo(tcp, si);
	out_puts(tcp->out, " ---");
	line_end(tcp);
	/* -k: where the signal found the task, as strace shows it. */
	if (cfg.stack_trace)
		line_stack(tcp);
	out_event_done(tcp->out);
}

void event_probe_begin(struct tcb *tcp, const char *name)
{
	settle_held(tcp, STATUS_UNFINISHED);
	if (out_json) {
		jrec_begin(tcp, "probe", NULL);
		jrec_str(tcp, "probe", name);
		jrec_value(tcp, "values");
		return;
	}
	line_begin_kind(tcp, LINE_EVENT);
	out_printf(tcp->out, "--- probe %s ", name);
}

void event_probe_end(struct tcb *tcp, bool had_values)
{
	if (out_json) {
		/* "values" was opened by event_probe_begin: it needs one. */
		if (!had_values) {
			emit_struct_begin(tcp);
			emit_struct_end(tcp);
		}
		jrec_end_event(tcp);	/* with -k's "stack" */
		out_event_done(tcp->out);
		return;
	}
	out_puts(tcp->out, had_values ? " ---" : "---");
	line_end(tcp);
	if (cfg.stack_trace)
		line_stack(tcp);
	out_event_done(tcp->out);
}

void event_group_stop(struct tcb *tcp, int sig)
{
	char buf[16];

	settle_held(tcp, STATUS_UNFINISHED);
	if (out_json) {
		jrec_begin(tcp, "stop", NULL);
		jrec_str(tcp, "signal", sig_text(sig, buf, sizeof(buf)));
		jrec_end(tcp);
		out_event_done(tcp->out);
		return;
	}
	/* ltrace shows a group-stop as the signal once more (not with -b). */
	if (ltrace_style()) {
		if (qual_signal(sig))
			ltrace_signal_line(tcp, sig);
		return;
	}
	line_event(tcp, "--- stopped by %s ---", sig_text(sig, buf, sizeof(buf)));
	out_event_done(tcp->out);
}

/*
 * The engine learns of a new personality at the exit stop of the execve
 * that caused it, before that execve's line is finished; strace prints
 * the note after the line, so it waits for event_personality_flush().
 */
static pid_t personality_pending;
static int personality_pers;

static void personality_line(struct tcb *tcp, int pers)
{
	if (out_json) {
		jrec_begin(tcp, "personality", NULL);
		jrec_str(tcp, "mode", arch_pers[pers].name);
		jrec_end(tcp);
		out_event_done(tcp->out);
		return;
	}
	if (qual_quiet(QUIET_PERSONALITY) || ltrace_style())
		return;
	line_event(tcp, "[ Process PID=%d runs in %s bit mode. ]", tcp->pid,
		   arch_pers[pers].name);
	out_event_done(tcp->out);
}

void event_personality(struct tcb *tcp, int pers)
{
	if (tcp->flags & TCB_IN_SYSCALL) {
		personality_pending = tcp->pid;
		personality_pers = pers;
		return;
	}
	personality_line(tcp, pers);
}

void event_personality_flush(struct tcb *tcp)
{
	if (!personality_pending || personality_pending != tcp->pid)
		return;
	personality_pending = 0;
	personality_line(tcp, personality_pers);
}

void event_superseded(struct tcb *tcp, pid_t by)
{
	settle_held(tcp, STATUS_UNFINISHED);
	line_close_pid_changed(tcp, by);
	if (out_json) {
		jrec_begin(tcp, "superseded", NULL);
		jrec_int(tcp, "by", by);
		jrec_end(tcp);
	} else if (!qual_quiet(QUIET_THREAD_EXECVE) && !ltrace_style())
		line_event_kind(tcp, LINE_GONE,
				"+++ superseded by execve in pid %d +++", by);
	pid_comm_forget(tcp->pid);
	pidns_forget(tcp->pid);
	out_event_done(tcp->out);
	out_release(tcp->out);
	tcp->out = NULL;
}

void event_spawned(struct tcb *parent, pid_t child, int how,
		   uint64_t clone_flags)
{
	static const char *const hows[] = { "fork", "vfork", "clone" };
	struct outstream *os;

	/* Text has the fork's syscall line and the child's pid prefix. */
	if (!out_json)
		return;
	os = jrec_beside(parent, "fork");
	out_jkey(os, "how");
	out_jstr(os, hows[how]);
	out_jkey(os, "child");
	out_jint(os, child);
	if (how == ENGINE_CLONE) {
		out_jkey(os, "flags");
		out_jhex(os, clone_flags);
		if (clone_flags & CLONE_THREAD) {
			out_jkey(os, "thread");
			out_puts(os, "true");
		}
	}
	jrec_beside_end(os);
}

/* JSON: the program the task runs now, as the kernel knows it. */
static void json_exec(struct tcb *tcp, pid_t former_tid)
{
	char path[64], exe[4096], comm[64];
	struct outstream *os;
	ssize_t n;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/exe", tcp->pid);
	n = readlink(path, exe, sizeof(exe) - 1);
	os = jrec_beside(tcp, "exec");
	if (n > 0) {
		exe[n] = '\0';
		out_jkey(os, "exe");
		out_jstr(os, exe);
	}
	/* Set by the exec already: the name ps and a timeline show. */
	snprintf(path, sizeof(path), "/proc/%d/comm", tcp->pid);
	f = fopen(path, "re");
	if (f) {
		if (fgets(comm, sizeof(comm), f)) {
			comm[strcspn(comm, "\n")] = '\0';
			out_jkey(os, "comm");
			out_jstr(os, comm);
		}
		fclose(f);
	}
	if (former_tid && former_tid != tcp->pid) {
		out_jkey(os, "former_tid");
		out_jint(os, former_tid);
	}
	jrec_beside_end(os);
}

void event_exec(struct tcb *tcp, pid_t former_tid)
{
	if (cfg.decode_pids_comm)
		pid_comm_note(tcp->pid);
	/*
	 * With -ff each task has its own file: the execer, now under the
	 * leader's pid, keeps writing to the file it had.
	 */
	if (out_json) {
		json_exec(tcp, former_tid);
		return;
	}
	/*
	 * ltrace marks every execve but the launched command's first; the
	 * execve's own line (-S) stays cut, " <no return ...>", and never
	 * resumes.
	 */
	if (ltrace_style() && !(tcp->flags & TCB_FIRST_EXEC)) {
		line_event(tcp, "--- Called exec() ---");
		tcp->flags &= ~TCB_ENTRY_PRINTED;
		out_event_done(tcp->out);
	}
}

void event_exited(struct tcb *tcp, int status)
{
	char buf[16];

	settle_held(tcp, STATUS_UNFINISHED);
	if (out_json) {
		if (WIFEXITED(status)) {
			jrec_begin(tcp, "exit", NULL);
			jrec_int(tcp, "status", WEXITSTATUS(status));
		} else {
			jrec_begin(tcp, "killed", NULL);
			jrec_str(tcp, "signal", sig_text(WTERMSIG(status), buf,
							 sizeof(buf)));
			if (WCOREDUMP(status))
				jrec_bool(tcp, "core");
		}
		jrec_end(tcp);
	} else if (ltrace_style()) {
		/* ltrace says nothing of a core dump. */
		if (WIFEXITED(status))
			line_event_kind(tcp, LINE_GONE, "+++ exited (status %d) +++",
					WEXITSTATUS(status));
		else
			line_event_kind(tcp, LINE_GONE, "+++ killed by %s +++",
					ltrace_sig_name(WTERMSIG(status)));
	} else if (!qual_quiet(QUIET_EXIT)) {
		if (WIFEXITED(status))
			line_event_kind(tcp, LINE_GONE, "+++ exited with %d +++",
					WEXITSTATUS(status));
		else
			line_event_kind(tcp, LINE_GONE, "+++ killed by %s %s+++",
					sig_text(WTERMSIG(status), buf,
						 sizeof(buf)),
					WCOREDUMP(status) ? "(core dumped) " : "");
	}
	pid_comm_forget(tcp->pid);
	pidns_forget(tcp->pid);
	out_event_done(tcp->out);
	out_release(tcp->out);
	tcp->out = NULL;
}

void event_detached(struct tcb *tcp)
{
	/* -b execve lets go without a word, as strace does. */
	if (tcp->flags & TCB_QUIET_DETACH) {
		settle_held(tcp, STATUS_DETACHED);
		if (tcp->flags & TCB_ENTRY_PRINTED) {
			tcp->flags &= ~TCB_ENTRY_PRINTED;
			line_close_detached(tcp);
		}
		out_event_done(tcp->out);
		out_release(tcp->out);
		tcp->out = NULL;
		return;
	}
	/* strace's order: the message, then " <detached ...>". */
	if (out_json) {
		if (tcp->flags & TCB_ENTRY_PRINTED) {
			tcp->flags &= ~TCB_ENTRY_PRINTED;
			line_close_detached(tcp);
			if (line_is_held(tcp))
				line_hold_end(tcp, qual_status() &
						   STATUS_DETACHED);
		}
		jrec_begin(tcp, "detach", NULL);
		jrec_end(tcp);
	} else if (!qual_quiet(QUIET_ATTACH) && !ltrace_style())
		msg_info("Process %d detached", tcp->pid);
	/* ltrace leaves an open line as it is. */
	if (ltrace_style())
		tcp->flags &= ~TCB_ENTRY_PRINTED;
	if (tcp->flags & TCB_ENTRY_PRINTED) {
		bool held = line_is_held(tcp);

		tcp->flags &= ~TCB_ENTRY_PRINTED;
		line_close_detached(tcp);
		/* -e status=detached keeps it, whole, with its ending. */
		if (held)
			line_hold_end(tcp, qual_status() & STATUS_DETACHED);
	}
	pid_comm_forget(tcp->pid);
	pidns_forget(tcp->pid);
	out_event_done(tcp->out);
	out_release(tcp->out);
	tcp->out = NULL;
}

void event_tick(void)
{
	out_tick();
}
