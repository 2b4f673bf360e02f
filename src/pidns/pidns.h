/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Pid namespaces: the id a tracee passes or gets back, as sltrace's own
 * pid namespace numbers it (--decode-pids=pidns, and -Y, which needs the
 * real process to read its name).
 */
#ifndef SLTRACE_SYSCALL_PIDNS_H
#define SLTRACE_SYSCALL_PIDNS_H

#include <stdbool.h>
#include <sys/types.h>

struct tcb;

/*
 * What an id names, the four per-namespace lists of /proc/PID/status
 * (NSpid, NStgid, NSpgid, NSsid): a thread, a process, a process
 * group, a session.
 */
enum pid_type {
	PT_TID,
	PT_TGID,
	PT_PGID,
	PT_SID,
};

/*
 * True when pids need translating at all (-Y or --decode-pids=pidns):
 * false costs the callers nothing more than this test.
 */
bool pidns_active(void);
/* main.c: -Y or --decode-pids=pidns asked for (the module reads no cfg). */
void pidns_set_active(bool on);

/*
 * id of type as tcp's pid namespace numbers it, in sltrace's pid
 * namespace; 0 when tcp shares sltrace's namespace, when id <= 0, or
 * when no live task has that id.  Reads /proc: call it only when
 * pidns_active().
 */
pid_t pidns_translate(struct tcb *tcp, enum pid_type type, pid_t id);

/*
 * pid (sltrace's namespace) as the procfs mounted on /proc numbers it:
 * they differ when sltrace runs in a pid namespace whose /proc was
 * mounted from an outer one ("unshare -pf sltrace ...").  pid when it
 * cannot be found.
 */
pid_t pidns_proc_pid(pid_t pid);

/* Forget what is known of the task pid: it is gone, its pid may return. */
void pidns_forget(pid_t pid);

#endif
