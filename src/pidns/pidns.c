/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Pid namespace translation.  A task's /proc/PID/status lists each of
 * its ids once per pid namespace it belongs to, from the namespace of
 * the procfs read down to the task's own (proc(5): NStgid, NSpid,
 * NSpgid, NSsid).  So an id a tracee uses is found as the task whose
 * entry at the tracee's level is that id, and that task's entry at
 * sltrace's level is the answer.  Only tasks of the tracee's namespace
 * (or below it) count: a sibling namespace at the same level numbers
 * its own tasks from 1 too.
 *
 * Nothing maps an id to its task but a scan of /proc, so each answer's
 * task is kept and checked again (one status read) the next time.
 */
#include "config.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/nsfs.h>

#include "engine/tcb.h"
#include "pidns/pidns.h"

/* MAX_PID_NS_LEVEL (include/linux/pid_namespace.h) nested under init's. */
#define LEVELS_MAX 33
#define NTYPES 4

/* The ids of one task, as its status file lists them. */
struct ns_ids {
	unsigned int n[NTYPES];
	pid_t id[NTYPES][LEVELS_MAX];
	unsigned int threads;
};

/* sltrace's own pid namespace and its level in /proc's lists. */
static struct {
	bool known;
	ino_t ns;
	unsigned int level;
} self;

/* A tracee's pid namespace; tid in sltrace's namespace. */
struct task_ns {
	pid_t tid;
	ino_t ns;
	unsigned int level;
};

/* A task found for an id: checked again before it is believed. */
struct found {
	ino_t ns;
	enum pid_type type;
	pid_t id;
	pid_t task; /* in /proc's namespace */
	pid_t own;  /* the answer, in sltrace's */
};

#define CACHE_SLOTS 256
static struct task_ns tasks[CACHE_SLOTS];
static struct found founds[CACHE_SLOTS];

static bool active;

void pidns_set_active(bool on)
{
	active = on;
}

bool pidns_active(void)
{
	return active;
}

static const char *const ns_keys[NTYPES] = {
	[PT_TID] = "NSpid:",
	[PT_TGID] = "NStgid:",
	[PT_PGID] = "NSpgid:",
	[PT_SID] = "NSsid:",
};

static void parse_ids(const char *s, unsigned int *n, pid_t *ids)
{
	char *end;

	for (*n = 0; *n < LEVELS_MAX; ++*n) {
		long v = strtol(s, &end, 10);

		if (end == s)
			break;
		ids[*n] = (pid_t)v;
		s = end;
	}
}

/* The ids a status file lists; -1 when its task is gone. */
static int read_status(const char *path, struct ns_ids *ids)
{
	char line[512];
	FILE *f = fopen(path, "re");

	if (!f)
		return -1;
	memset(ids, 0, sizeof(*ids));
	while (fgets(line, sizeof(line), f)) {
		if (line[0] == 'T' && !strncmp(line, "Threads:", 8)) {
			ids->threads =
				(unsigned int)strtoul(line + 8, NULL, 10);
			continue;
		}
		if (line[0] != 'N' || line[1] != 'S')
			continue;
		for (unsigned int t = 0; t < NTYPES; t++) {
			size_t k = strlen(ns_keys[t]);

			if (!strncmp(line, ns_keys[t], k))
				parse_ids(line + k, &ids->n[t], ids->id[t]);
		}
	}
	fclose(f);
	/* Before Linux 4.1 there are no lists: one namespace to know of. */
	for (unsigned int t = 0; t < NTYPES; t++)
		if (!ids->n[t])
			return -1;
	return 0;
}

/* The ids of task, in /proc's namespace. */
static int read_ids(pid_t task, struct ns_ids *ids)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/%d/status", task);
	return read_status(path, ids);
}

/*
 * The pid namespace at level of task, which belongs to depth levels
 * (its own namespace is the last): NS_GET_PARENT climbs from its own.
 */
static ino_t ns_at(pid_t task, unsigned int depth, unsigned int level)
{
	char path[64];
	struct stat st;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/ns/pid", task);
	if (depth == level + 1)
		return stat(path, &st) ? 0 : st.st_ino;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	for (; fd >= 0 && depth > level + 1; depth--) {
		int up = ioctl(fd, NS_GET_PARENT);

		close(fd);
		fd = up;
	}
	if (fd < 0)
		return 0;
	if (fstat(fd, &st))
		st.st_ino = 0;
	close(fd);
	return st.st_ino;
}

static bool self_init(void)
{
	struct ns_ids ids;
	struct stat st;

	if (self.known)
		return self.ns != 0;
	self.known = true;
	/* /proc/self, not /proc/<getpid()>: /proc may number us otherwise. */
	if (stat("/proc/self/ns/pid", &st) ||
	    read_status("/proc/self/status", &ids))
		return false;
	self.ns = st.st_ino;
	self.level = ids.n[PT_TID] - 1;
	return true;
}

/* Does task (its ids read) have id of type at level of namespace ns? */
static bool task_matches(pid_t task, const struct ns_ids *ids, ino_t ns,
			 unsigned int level, enum pid_type type, pid_t id)
{
	return ids->n[type] > level && ids->id[type][level] == id &&
	       ids->n[PT_TID] > level &&
	       ns_at(task, ids->n[PT_TID], level) == ns;
}

/* Scan /proc (and threads for a tid) for the task; 0 if there is none. */
static pid_t scan(ino_t ns, unsigned int level, enum pid_type type, pid_t id,
		  struct ns_ids *ids)
{
	DIR *d = opendir("/proc"), *td;
	struct dirent *de, *te;
	pid_t found = 0;

	if (!d)
		return 0;
	while (!found && (de = readdir(d))) {
		pid_t p = (pid_t)strtol(de->d_name, NULL, 10);
		char path[64];

		if (p <= 0 || read_ids(p, ids) || ids->n[PT_TID] <= level)
			continue;
		if (task_matches(p, ids, ns, level, type, id)) {
			found = p;
			break;
		}
		if (type != PT_TID || ids->threads < 2)
			continue;
		snprintf(path, sizeof(path), "/proc/%d/task", p);
		td = opendir(path);
		while (td && !found && (te = readdir(td))) {
			pid_t t = (pid_t)strtol(te->d_name, NULL, 10);

			if (t > 0 && t != p && !read_ids(t, ids) &&
			    task_matches(t, ids, ns, level, type, id))
				found = t;
		}
		if (td)
			closedir(td);
	}
	closedir(d);
	return found;
}

/* The task (/proc's number) whose id of type at level of ns is id. */
static struct found *found_slot(ino_t ns, enum pid_type type, pid_t id)
{
	uint64_t key = (uint64_t)ns * 31 + (uint64_t)id * NTYPES + type;

	return &founds[key % CACHE_SLOTS];
}

static pid_t find_task(ino_t ns, unsigned int level, enum pid_type type,
		       pid_t id, struct ns_ids *ids)
{
	struct found *f = found_slot(ns, type, id);

	f->own = 0;
	if (f->ns == ns && f->type == type && f->id == id && f->task > 0 &&
	    !read_ids(f->task, ids) &&
	    task_matches(f->task, ids, ns, level, type, id))
		return f->task;
	f->task = scan(ns, level, type, id, ids);
	f->ns = ns;
	f->type = type;
	f->id = id;
	return f->task;
}

pid_t pidns_proc_pid(pid_t pid)
{
	struct ns_ids ids;
	pid_t task;

	if (!self_init() || !self.level)
		return pid;
	task = find_task(self.ns, self.level, PT_TID, pid, &ids);
	return task ? task : pid;
}

/* tcp's namespace and level; NULL when its status cannot be read. */
static const struct task_ns *task_ns(pid_t tid)
{
	struct task_ns *t = &tasks[(unsigned int)tid % CACHE_SLOTS];
	struct ns_ids ids;
	struct stat st;
	char path[64];
	pid_t task;

	if (t->tid == tid)
		return t;
	task = pidns_proc_pid(tid);
	snprintf(path, sizeof(path), "/proc/%d/ns/pid", task);
	if (read_ids(task, &ids) || ids.n[PT_TID] <= self.level ||
	    ids.id[PT_TID][self.level] != tid || stat(path, &st))
		return NULL;
	t->tid = tid;
	t->ns = st.st_ino;
	t->level = ids.n[PT_TID] - 1;
	return t;
}

pid_t pidns_translate(struct tcb *tcp, enum pid_type type, pid_t id)
{
	const struct task_ns *t;
	struct ns_ids ids;
	struct found *f;

	if (id <= 0 || !self_init())
		return 0;
	t = task_ns(tcp->pid);
	if (!t)
		return 0;
	/* A tracee's namespace is sltrace's or one below it. */
	if (t->ns == self.ns)
		return id;
	/*
	 * A thread's or a process's ids stay while it lives: an answer
	 * that is a tracee not yet gone (pidns_forget) holds without a
	 * look at /proc.  A getpid() loop costs nothing more then.
	 */
	f = found_slot(t->ns, type, id);
	if ((type == PT_TID || type == PT_TGID) && f->ns == t->ns &&
	    f->type == type && f->id == id && f->own > 0 &&
	    tasks[(unsigned int)f->own % CACHE_SLOTS].tid == f->own)
		return f->own;
	if (!find_task(t->ns, t->level, type, id, &ids))
		return 0;
	f->own = ids.id[type][self.level];
	return f->own;
}

void pidns_forget(pid_t pid)
{
	struct task_ns *t = &tasks[(unsigned int)pid % CACHE_SLOTS];

	if (t->tid == pid)
		t->tid = 0;
}
