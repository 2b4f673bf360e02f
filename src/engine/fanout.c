/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Several consumers at once (engine_add_consumer): the engine calls one
 * struct engine_consumer, built here, whose callbacks call each
 * registered consumer's in registration order.  A callback no consumer
 * has stays NULL, so the engine's "if (consumer->x)" still skips the
 * work that only serves it.
 */
#include "config.h"

#include "engine/internal.h"
#include "log.h"

#define CONSUMERS_MAX 8

static const struct engine_consumer *cs[CONSUMERS_MAX];
static unsigned int ncs;
static struct engine_consumer fan;

void engine_add_consumer(const struct engine_consumer *c)
{
	if (ncs < CONSUMERS_MAX)
		cs[ncs++] = c;
	else
		debug("engine: more than %d consumers: one ignored",
		      CONSUMERS_MAX);
}

#define FAN(cb, params, args)						\
	static void fan_##cb params					\
	{								\
		for (unsigned int i = 0; i < ncs; i++)			\
			if (cs[i]->cb)					\
				cs[i]->cb args;				\
	}

FAN(attached, (struct tcb *tcp, unsigned int n), (tcp, n))
FAN(new_task, (struct tcb *tcp), (tcp))
FAN(followed, (struct tcb *tcp), (tcp))
FAN(spawned, (struct tcb *p, pid_t c, int how, uint64_t f), (p, c, how, f))
FAN(syscall_entry, (struct tcb *tcp), (tcp))
FAN(syscall_exit, (struct tcb *tcp), (tcp))
FAN(signal, (struct tcb *tcp, const siginfo_t *si), (tcp, si))
FAN(group_stop, (struct tcb *tcp, int sig), (tcp, sig))
FAN(exec, (struct tcb *tcp, pid_t former), (tcp, former))
FAN(superseded, (struct tcb *tcp, pid_t by), (tcp, by))
FAN(personality, (struct tcb *tcp, int pers), (tcp, pers))
FAN(exited, (struct tcb *tcp, int status), (tcp, status))
FAN(detached, (struct tcb *tcp), (tcp))
FAN(stranger_exited, (pid_t pid, int status), (pid, status))
FAN(stranger_detached, (pid_t pid), (pid))
FAN(tick, (void), ())
FAN(forget, (struct tcb *tcp), (tcp))

/* The callback of fan when a registered consumer has cb. */
#define FAN_SET(cb)							\
	do {								\
		fan.cb = NULL;						\
		for (unsigned int i = 0; i < ncs; i++)			\
			if (cs[i]->cb)					\
				fan.cb = fan_##cb;			\
	} while (0)

const struct engine_consumer *consumers_fan(void)
{
	FAN_SET(attached);
	FAN_SET(new_task);
	FAN_SET(followed);
	FAN_SET(spawned);
	FAN_SET(syscall_entry);
	FAN_SET(syscall_exit);
	FAN_SET(signal);
	FAN_SET(group_stop);
	FAN_SET(exec);
	FAN_SET(superseded);
	FAN_SET(personality);
	FAN_SET(exited);
	FAN_SET(detached);
	FAN_SET(stranger_exited);
	FAN_SET(stranger_detached);
	FAN_SET(tick);
	FAN_SET(forget);
	return &fan;
}
