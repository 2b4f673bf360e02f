/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Taps (engine.h): what changes the tracees and claims the stops its
 * changes cause — the library-call tracer today, probes next.  The
 * engine calls them here, never by name.
 */
#include "config.h"

#include "engine/internal.h"
#include "log.h"

static const struct engine_tap *taps[ENGINE_TAPS_MAX];
static unsigned int ntaps;

int engine_add_tap(const struct engine_tap *tap)
{
	if (ntaps == ENGINE_TAPS_MAX) {
		debug("engine: more than %d taps: one ignored",
		      ENGINE_TAPS_MAX);
		return -1;
	}
	taps[ntaps] = tap;
	return (int)ntaps++;
}

bool taps_present(void)
{
	return ntaps > 0;
}

bool taps_signal_stop(struct tcb *tcp, int sig)
{
	for (unsigned int i = 0; i < ntaps; i++)
		if (taps[i]->signal_stop && taps[i]->signal_stop(tcp, sig))
			return true;
	return false;
}

bool taps_syscall_stop(struct tcb *tcp, uint64_t ip)
{
	for (unsigned int i = 0; i < ntaps; i++)
		if (taps[i]->syscall_stop && taps[i]->syscall_stop(tcp, ip))
			return true;
	return false;
}

bool taps_new_task(struct tcb *parent, struct tcb *child, bool thread,
		   bool shares_vm, bool follow)
{
	bool let_go = false;

	for (unsigned int i = 0; i < ntaps; i++)
		if (taps[i]->new_task &&
		    taps[i]->new_task(parent, child, thread, shares_vm, follow))
			let_go = true;
	return let_go;
}

/* The per-task callbacks that report and expect nothing back. */
#define TAPS_EACH(cb)							\
	void taps_##cb(struct tcb *tcp)					\
	{								\
		for (unsigned int i = 0; i < ntaps; i++)		\
			if (taps[i]->cb)				\
				taps[i]->cb(tcp);			\
	}

TAPS_EACH(exec)
TAPS_EACH(exiting)
TAPS_EACH(attached_stop)
TAPS_EACH(detach)
TAPS_EACH(task_free)
