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
#include "engine/engine.h"
#include "output/events.h"
#include "output/output.h"
#include "syscall/print.h"

/* A personality note goes after the line of the execve that made it. */
static void on_syscall_exit(struct tcb *tcp)
{
	syscall_print_exit(tcp);
	event_personality_flush(tcp);
}

static const struct engine_consumer text_consumer = {
	.attached = event_attached,
	.new_task = event_new_task,
	.followed = event_followed,
	.syscall_entry = syscall_print_entry,
	.syscall_exit = on_syscall_exit,
	.signal = event_signal,
	.group_stop = event_group_stop,
	.exec = event_exec,
	.superseded = event_superseded,
	.personality = event_personality,
	.exited = event_exited,
	.detached = event_detached,
	.tick = event_tick,
};

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

int main(int argc, char **argv)
{
	int status, killed_by;

	cli_parse(argc, argv);
	if (out_init() < 0)
		return 1;
	if (engine_init(&text_consumer) < 0) {
		out_finish();
		return 1;
	}
	status = engine_run(&killed_by);
	out_finish();
	if (killed_by)
		die_of(killed_by);
	return status;
}
