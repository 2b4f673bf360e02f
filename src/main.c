/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sltrace: start-up, wiring of the consumers to the engine, teardown.
 */
#include "config.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/tips.h"
#include "engine/engine.h"
#include "kbpf/kbpf.h"
#include "select/path.h"
#include "select/qualify.h"
#include "guard/guard.h"
#include "log.h"
#include "libcall/libcall.h"
#include "libcall/ltrace_sys.h"
#include "output/events.h"
#include "output/output.h"
#include "output/replay.h"
#include "syscall/printers.h"
#include "output/siginfo.h"
#include "pidns/pidns.h"
#include "stats/stats.h"
#include "syscall/nested_ptrace.h"
#include "syscall/net.h"
#include "probe/list.h"
#include "probe/probe.h"
#include "script/run.h"
#include "syscall/print.h"
#include "unwind/unwind.h"

/* A personality note goes after the line of the execve that made it. */
static void on_syscall_exit(struct tcb *tcp)
{
	syscall_print_exit(tcp);
	event_personality_flush(tcp);
}

/*
 * A child of ours we never traced ended: the command made it with
 * CLONE_PARENT.  strace says so unless exits are quiet; the guardian, our
 * child when we are a pid namespace's init, is no stranger.
 */
static void on_stranger_exited(pid_t pid, int status)
{
	(void)status;
	if (pid == guard_pid() || qual_quiet(QUIET_EXIT) ||
	    cfg.lc_style == LC_STYLE_LTRACE)
		return;
	msg_info("Exit of unknown pid %d ignored", (int)pid);
}

/* strace tells of it unless attaches are quiet. */
static void on_stranger_detached(pid_t pid)
{
	if (qual_quiet(QUIET_ATTACH) || cfg.lc_style == LC_STYLE_LTRACE)
		return;
	msg_info("Detached unknown pid %d", (int)pid);
}

static const struct engine_consumer text_consumer = {
	.attached = event_attached,
	.new_task = event_new_task,
	.followed = event_followed,
	.spawned = event_spawned,
	.syscall_entry = syscall_print_entry,
	.syscall_exit = on_syscall_exit,
	.signal = event_signal,
	.group_stop = event_group_stop,
	.exec = event_exec,
	.superseded = event_superseded,
	.personality = event_personality,
	.exited = event_exited,
	.stranger_exited = on_stranger_exited,
	.stranger_detached = on_stranger_detached,
	.detached = event_detached,
	.tick = event_tick,
	.forget = line_forget,
};

/*
 * -C and --hist: the trace and the statistics.  The counter sees the
 * entry first (it resolves i386's socketcall sub-calls for both) and
 * the exit last, when the line is complete: a --summary-interval table
 * then never cuts it.
 */
static void on_syscall_entry_counted(struct tcb *tcp)
{
	stats_syscall_entry(tcp);
	syscall_print_entry(tcp);
}

static void on_syscall_exit_counted(struct tcb *tcp)
{
	on_syscall_exit(tcp);
	stats_syscall_exit(tcp);
}

/* -c: no trace lines; sltrace's messages and personality notes stay. */
static void on_syscall_exit_summary(struct tcb *tcp)
{
	event_personality_flush(tcp);
	stats_syscall_exit(tcp);
}

static void release_out(struct tcb *tcp)
{
	out_release(tcp->out);
	tcp->out = NULL;
}

static void on_exited_summary(struct tcb *tcp, int status)
{
	(void)status;
	release_out(tcp);
}

static void on_superseded_summary(struct tcb *tcp, pid_t by)
{
	(void)by;
	release_out(tcp);
}

static void on_tick(void)
{
	event_tick();
	stats_tick();
}

/* -C counted in the kernel: a --summary-interval table reads the maps. */
static void on_tick_kernel(void)
{
	event_tick();
	kbpf_collect(false);
	stats_tick();
}

/* -e trace= and -P: what -e inject= acts on. */
static bool user_selected(struct tcb *tcp)
{
	return qual_trace(tcp) && (!pathfilter_active() || pathfilter_match(tcp));
}

/* i386 socketcall/ipc as their sub-call, under its own row and number. */
static void resolve_subcall(struct tcb *tcp)
{
	decode_subcall(tcp);
}

/* What the engine is asked to do, from the command line. */
static struct engine_config *engine_config_of_cli(void)
{
	static struct engine_config ec;

	ec = (struct engine_config){
		.argv = cfg.argv,
		.attach_pids = cfg.attach_pids,
		.n_attach = cfg.n_attach,
		.follow_forks = cfg.follow_forks,
		.no_seccomp = cfg.no_seccomp,
		.detach_on_execve = cfg.detach_on_execve,
		.kill_on_exit = cfg.kill_on_exit,
		.may_detach = cfg.syscall_limit != 0,
		.need_stime = cfg.need_stime,
		.interruptible = cfg.interruptible,
		.output_to_file = cfg.outfile != NULL,
		.username = cfg.username,
		.daemonize = cfg.daemonize,
		.env_ops = cfg.env_ops,
		.n_env_ops = cfg.n_env_ops,
		.debug_stops = cfg.debug > 1,
		.trace_set = qual_trace_set(),
		.trace_partial = qual_trace_is_partial(),
		.selected = user_selected,
		.subcall = resolve_subcall,
		.warn = msg_error,
		.inject = qualify_get()->inject,
		.n_inject = qualify_get()->n_inject,
	};
	return &ec;
}

/*
 * kernel_counts: the tables are the BPF back end's; ptrace prints -C's
 * lines, or with -c only follows the tasks (kbpf_gate_execs()).
 */
static void wire_consumer(struct engine_consumer *c, bool kernel_counts)
{
	*c = text_consumer;
	if (kernel_counts)
		c->tick = on_tick_kernel;
	if (!stats_enabled())
		return;
	if (!kernel_counts) {
		c->syscall_entry = on_syscall_entry_counted;
		c->syscall_exit = on_syscall_exit_counted;
		c->tick = on_tick;
	}
	if (cfg.summary != SUMMARY_ONLY)
		return;
	/* Counted in the kernel: a stop the engine has anyway (the
	 * command's execve) is neither printed nor counted again. */
	c->syscall_entry = kernel_counts ? NULL : stats_syscall_entry;
	c->syscall_exit = kernel_counts ? NULL : on_syscall_exit_summary;
	c->signal = NULL;
	c->group_stop = NULL;
	/* The tables are the whole trace: no JSON attach, fork or exec
	 * records either. */
	c->spawned = NULL;
	if (cfg.out_format == OUT_FORMAT_JSON) {
		c->attached = NULL;
		c->followed = NULL;
		c->exec = NULL;
	}
	c->superseded = on_superseded_summary;
	c->exited = on_exited_summary;
}

/* The consumer's own exec callback, when kbpf_exec() comes first. */
static void (*exec_next)(struct tcb *tcp, pid_t former_tid);

static void on_exec_gate(struct tcb *tcp, pid_t former_tid)
{
	kbpf_exec(tcp->pid);
	if (exec_next)
		exec_next(tcp, former_tid);
}

/*
 * Die of the signal that killed the traced command, as strace does, so
 * that a shell sees the same status.  No core file of our own.
 */
static void __attribute__((noreturn)) die_of(int sig)
{
	struct rlimit rl = { 0, 0 };
	struct sigaction sa;
	sigset_t set;

	setrlimit(RLIMIT_CORE, &rl);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	sigaction(sig, &sa, NULL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
	/* Signals that do not kill by default (SIGCHLD...) end here. */
	exit(128 + sig);
}

/* How the BPF back end takes part (src/kbpf/). */
enum kbpf_use {
	KBPF_NOT,	/* ptrace does everything */
	KBPF_ALONE,	/* it does everything: no engine */
	KBPF_BESIDE,	/* -C's table or a script's part, beside the engine */
	KBPF_GATE,	/* it does everything; the engine holds each exec */
};

/* It cannot work, or ptrace needs to do something: forced, an error. */
static enum kbpf_use kbpf_refused(const char *what, const char *why)
{
	if (cfg.backend == BACKEND_BPF) {
		log_error("--backend=bpf%s: %s", what, why);
		exit(1);
	}
	debug("BPF back end not used: %s", why);
	return KBPF_NOT;
}

/*
 * Whether -c counts in the kernel, and which of a script's clauses run
 * there: with --backend=bpf the kernel must take part (else a one-line
 * error, exit 1), with auto it does whenever the command line and the
 * kernel allow, and says under -d why not.  A script whose other
 * clauses need ptrace runs its aggregations in the kernel beside it.
 */
static enum kbpf_use use_kbpf(void)
{
	const char *needs, *beside = NULL, *not;
	bool gate = false;
	char why[512];

	if (cfg.backend == BACKEND_PTRACE)
		return KBPF_NOT;
	needs = kbpf_unsupported();
	/* -C: the lines need ptrace, the table does not. */
	if (!needs && cfg.summary == SUMMARY_TOO && !cfg.script)
		beside = "-C";
	/* -c -l -f: the programs exec'd need ptrace's exec stops. */
	if (!needs && !cfg.script && kbpf_exec_gate())
		gate = true;
	if (cfg.script) {
		const char *swhy;
		enum script_where where = script_kernel_plan(&swhy);

		if (where == SCRIPT_ON_PTRACE) {
			snprintf(why, sizeof(why),
				 "the script needs ptrace: %s", swhy);
			return kbpf_refused("", why);
		}
		/* Its other clauses, or other options, need ptrace. */
		if (where == SCRIPT_MIXED || needs) {
			beside = where == SCRIPT_MIXED ? swhy : needs;
			needs = NULL;
		} else if (kbpf_exec_gate()) {
			gate = true;
		}
	}
	if (needs && cfg.backend == BACKEND_BPF) {
		log_error("--backend=bpf counts only: %s needs the ptrace "
			  "back end", needs);
		exit(1);
	}
	if (needs) {
		snprintf(why, sizeof(why), "%s needs ptrace", needs);
		return kbpf_refused("", why);
	}
	if (gate)
		beside = "probing each program a task execs under -f";
	if (beside) {
		if ((not = kbpf_beside_unsupported())) {
			snprintf(why, sizeof(why), "%s needs ptrace alone", not);
			return kbpf_refused("", why);
		}
		debug("BPF back end beside ptrace: %s needs ptrace", beside);
		if (gate)
			kbpf_gate_execs();
		else
			kbpf_beside_ptrace();
	}
	if (kbpf_load(why, sizeof(why)) < 0)
		return kbpf_refused("", why);
	if (cfg.script)
		script_kernel_commit();
	debug("%s: BPF back end",
	      gate ? (cfg.script ? "the script in the kernel, ptrace at execs" :
				   "counting in the kernel, ptrace at execs") :
	      beside && cfg.script ? "the script's aggregations in the kernel" :
	      beside		   ? "counting in the kernel beside ptrace" :
	      cfg.script ? "the script in the kernel, BEGIN and END here" :
			   "counting in the kernel");
	return gate ? KBPF_GATE : beside ? KBPF_BESIDE : KBPF_ALONE;
}

/*
 * Beside ptrace: the kernel watches what the engine traces, the command
 * from its execve on, the -p processes from now (those ptrace could not
 * attach are already said).  -1 when the command cannot be.
 */
static int kbpf_watch_traced(void)
{
	pid_t pid = engine_launched();
	int rc;

	if (pid && (rc = kbpf_watch(pid, true)) < 0) {
		msg_error("the BPF back end cannot watch %d: %s", pid,
			  strerror(-rc));
		kill(pid, SIGKILL);
		return -1;
	}
	for (size_t i = 0; i < cfg.n_attach; i++)
		kbpf_watch(cfg.attach_pids[i], false);
	return 0;
}

/*
 * stderr was closed and there is no -o: a trace nobody can read would
 * cost the program a stop per syscall for nothing.  The command runs as
 * if sltrace were not there, in its place (same pid, its exit status
 * the shell's); a -p process is left alone.
 */
static int run_untraced(void)
{
	msg_error("stderr is closed and there is no -o: nothing is traced%s",
		  cfg.argv ? ", the command runs untraced" : "");
	if (!cfg.argv)
		return 0;
	execvp(cfg.argv[0], cfg.argv);
	msg_perror("Can't execute '%s'", cfg.argv[0]);
	return 1;
}

int main(int argc, char **argv)
{
	/* The engine keeps a pointer to it until the end. */
	static struct engine_consumer consumer;
	int status, killed_by, rc;
	static const struct scset no_syscalls;
	struct engine_config *ec;
	enum kbpf_use kuse;
	bool beside, kcounts, gated, lc_tap;

	/*
	 * Messages start with the name we were run as, as strace's do;
	 * run with no argv[0], with the path of the program itself.
	 */
	if (argc > 0 && argv[0] && argv[0][0]) {
		log_progname = argv[0];
	} else {
		static char self[4096];
		ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

		if (n > 0) {
			self[n] = '\0';
			log_progname = self;
		}
	}
	out_hold_std_fds();
	launch_note_signals();
	cli_parse(argc, argv);
	/* Listing reads files only: nothing is traced, no output is set up. */
	if (cfg.list_probes)
		return probe_list(cfg.list_probes,
				  cfg.argv ? cfg.argv[0] : NULL,
				  cfg.argv ? 0 : cfg.attach_pids[0], stdout) ?
			       1 :
			       0;
	if (cfg.list_vars)
		return probe_list_vars(cfg.list_vars,
				       cfg.argv ? cfg.argv[0] : NULL,
				       cfg.argv ? 0 : cfg.attach_pids[0],
				       stdout) ?
			       1 :
			       0;
	pidns_set_active(cfg.decode_pids_pidns || cfg.decode_pids_comm);
	siginfo_set_fd_printer(print_fd);
	/* ltrace's mode shows syscalls (-S) ltrace's way. */
	if (cfg.lc_style == LC_STYLE_LTRACE)
		syscall_print_style(&ltrace_sys_style);
	/* A script's errors come before anything starts. */
	if (script_load() < 0)
		return 1;
	for (size_t i = 0; i < cfg.n_probes; i++) {
		const char *why = probe_add(cfg.probes[i]);

		if (why) {
			msg_error("%s", why);
			return 1;
		}
	}
	if (probe_init(cfg.argv ? cfg.argv[0] : NULL) < 0)
		return 1;
	if (libcall_active() && libcall_init() < 0)
		return 1;
	if (out_init() < 0)
		return 1;
	if (cfg.replay) {
		int rc = replay_file(cfg.replay, stats_replay_record);

		if (cfg.out_format == OUT_FORMAT_TEXT)
			stats_replay_finish();
		out_finish();
		return rc < 0 ? 1 : 0;
	}
	if (out_nowhere())
		return run_untraced();
	kuse = use_kbpf();
	if (kuse == KBPF_ALONE) {
		script_begin();
		status = kbpf_run(&killed_by);
		script_kernel_collect();
		script_finish();
		stats_finish();
		out_finish();
		kbpf_finish();
		if (killed_by)
			die_of(killed_by);
		return status;
	}
	beside = kuse == KBPF_BESIDE || kuse == KBPF_GATE;
	kcounts = beside && !cfg.script;
	/* The kernel counts the library calls: no breakpoint goes in. */
	gated = kuse == KBPF_GATE;
	lc_tap = libcall_active() && !gated;
	if (lc_tap && libcall_start() < 0)
		return 1;
	wire_consumer(&consumer, kcounts);
	if (gated) {
		exec_next = consumer.exec;
		consumer.exec = on_exec_gate;
	}
	/* The kernel measures the system time: no rusage at each stop. */
	if (kcounts)
		cfg.need_stime = false;
	if ((cfg.stack_trace || cfg.lc_stack || script_wants_ustack()) &&
	    unwind_init() < 0) {
		msg_error("-k: out of memory");
		return 1;
	}
	engine_add_consumer(&consumer);
	/* The kernel's ustack reads the files code is mapped from. */
	if (beside)
		kbpf_engine_hooks();
	script_attach();
	/* -f takes the program's children from its own ptrace: say so. */
	if (cfg.follow_forks)
		nested_ptrace_init();
	ec = engine_config_of_cli();
	/* Following the tasks to their execs only: no syscall stops. */
	if (gated)
		ec->trace_set = &no_syscalls;

	subcall_stops_init(ec->trace_set);
	if (engine_init(ec, NULL) < 0) {
		out_finish();
		if (beside)
			kbpf_finish();
		return 1;
	}
	if (beside && kbpf_watch_traced() < 0) {
		engine_run(&killed_by);
		out_finish();
		kbpf_finish();
		return 1;
	}
	if (cfg.argv)
		out_release_std_in_out();
	/*
	 * Library-call breakpoints change the programs' memory, and the
	 * seccomp filter stops them for a tracer: a guardian puts the one
	 * back and answers the other, should sltrace die.  Started after the launch (the
	 * command must not inherit what it sets up) and before any change
	 * (the first breakpoint goes in at the first stop engine_run sees).
	 * --kill-on-exit asks for the opposite.
	 */
	if ((lc_tap || engine_filtered()) && !cfg.kill_on_exit)
		guard_start();
	/* Should sltrace die, the filter goes on asking for a tracer. */
	if (engine_filtered())
		guard_serve_filter();
	script_begin();
	rc = stats_start();
	if (rc < 0)
		msg_error("--summary-interval: cannot start a timer: %s",
			  strerror(-rc));
	status = engine_run(&killed_by);
	guard_stop();
	if (cfg.stack_trace || cfg.lc_stack || script_wants_ustack())
		unwind_finish();
	if (kcounts)
		kbpf_collect(true);
	else if (beside)
		kbpf_check_lost();
	stats_finish();
	if (beside)
		script_kernel_collect();
	script_finish();
	probe_finish();
	out_finish();
	if (beside)
		kbpf_finish();
	tips_print(stderr);
	if (killed_by)
		die_of(killed_by);
	return status;
}
