/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The program's own ptrace requests that -f makes fail (nested_ptrace.h). */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <unistd.h>

#include "engine/engine.h"
#include "output/output.h"
#include "syscall/nested_ptrace.h"
#include "sysent/sysent.h"

static long ptrace_nr[NUM_PERSONALITIES];
static bool said;

/* A field of /proc/PID/status ("TracerPid", "PPid"), or -1. */
static pid_t status_pid(pid_t pid, const char *field)
{
	char path[64], line[128];
	size_t n = strlen(field);
	pid_t val = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", pid);
	f = fopen(path, "re");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, field, n) && line[n] == ':') {
			val = (pid_t)strtol(line + n + 1, NULL, 10);
			break;
		}
	fclose(f);
	return val;
}

static void check_exit(struct tcb *tcp)
{
	const struct syscall_state *sc = &tcp->sc;
	const char *req;
	pid_t tracee, tracer;

	if (said || sc->nr != ptrace_nr[sc->pers] || !sc->has_rval ||
	    !sc->is_error || sc->rval != -EPERM)
		return;
	/* The request is an int; a 32-bit tracee's upper half is junk. */
	switch ((int)sc->args[0]) {
	case PTRACE_TRACEME:
		req = "PTRACE_TRACEME";
		tracee = tcp->pid;
		tracer = status_pid(tcp->pid, "PPid");
		break;
	case PTRACE_ATTACH:
		req = "PTRACE_ATTACH";
		tracee = (pid_t)sc->args[1];
		tracer = tcp->pid;
		break;
	case PTRACE_SEIZE:
		req = "PTRACE_SEIZE";
		tracee = (pid_t)sc->args[1];
		tracer = tcp->pid;
		break;
	default:
		return;
	}
	/* EPERM for another reason (credentials, Yama...): not ours to say. */
	if (tracee <= 0 || status_pid(tracee, "TracerPid") != getpid())
		return;
	said = true;
	msg_error("pid %d cannot be traced by pid %d (ptrace %s: %s): "
		  "sltrace -f traces it; run without -f to let the program "
		  "trace its children",
		  tracee, tracer, req, strerror(EPERM));
}

static const struct engine_consumer nested_consumer = {
	.syscall_exit = check_exit,
};

void nested_ptrace_init(void)
{
	engine_add_consumer(&nested_consumer);
	for (int pers = 0; pers < NUM_PERSONALITIES; pers++) {
		ptrace_nr[pers] = sysent_find(pers, "ptrace");
		if (ptrace_nr[pers] >= 0)
			engine_stop_also_if_free(pers, ptrace_nr[pers]);
	}
}
