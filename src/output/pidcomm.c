/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * -Y: command names of pids, from /proc/PID/comm, escaped the way
 * strace escapes them.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "output/emit.h"
#include "output/internal.h"
#include "output/pidcomm.h"
#include "pidns/pidns.h"

/* TASK_COMM_LEN, include/linux/sched.h: 15 bytes and a NUL. */
#define COMM_MAX 16

/*
 * Names of traced tasks as last read.  A task's exit is reported after
 * waitpid() has reaped it, when /proc no longer has it; strace still
 * shows its name then, and so do we.
 */
struct comm_entry {
	pid_t pid;
	char comm[COMM_MAX];
	struct comm_entry *next;
};

#define COMM_BUCKETS 256
static struct comm_entry *buckets[COMM_BUCKETS];

static struct comm_entry **bucket(pid_t pid)
{
	return &buckets[(unsigned int)pid % COMM_BUCKETS];
}

static void remember(pid_t pid, const char *comm)
{
	struct comm_entry *e;

	for (e = *bucket(pid); e; e = e->next)
		if (e->pid == pid)
			break;
	if (!e) {
		e = calloc(1, sizeof(*e));
		if (!e)
			return;
		e->pid = pid;
		e->next = *bucket(pid);
		*bucket(pid) = e;
	}
	snprintf(e->comm, sizeof(e->comm), "%s", comm);
}

static const char *recall(pid_t pid)
{
	for (struct comm_entry *e = *bucket(pid); e; e = e->next)
		if (e->pid == pid)
			return e->comm;
	return NULL;
}

void pid_comm_forget(pid_t pid)
{
	for (struct comm_entry **p = bucket(pid); *p; p = &(*p)->next) {
		if ((*p)->pid == pid) {
			struct comm_entry *e = *p;

			*p = e->next;
			free(e);
			return;
		}
	}
}

static int read_comm(pid_t pid, char *comm)
{
	char path[32];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/comm", (int)pidns_proc_pid(pid));
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, comm, COMM_MAX);
	close(fd);
	if (n <= 0)
		return n < 0 ? -errno : -ENOENT;
	/* The kernel ends the name with a newline. */
	if (comm[n - 1] == '\n')
		n--;
	comm[n < COMM_MAX ? n : COMM_MAX - 1] = '\0';
	return 0;
}

static bool plain(unsigned char c)
{
	return c >= 0x20 && c < 0x7f;
}

/* The letter of a byte's C escape ("\\t"), 0 when it has none. */
static char escape_letter(unsigned char c)
{
	static const char from[] = "\"\\\t\n\v\f\r", to[] = "\"\\tnvfr";
	const char *p = c ? strchr(from, c) : NULL;

	return p ? to[p - from] : 0;
}

/*
 * As a quoted string without its quotes, and with '<' and '>' escaped
 * too, since they delimit the name: "a\0761" for "a>1".  -x turns the
 * whole name to \xNN only for bytes that are not text (not for '<').
 */
static size_t escape(char *dst, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	size_t n = strlen(s), o = 0;
	bool all_hex = cfg.hex_strings == HEX_STRINGS_ALL;

	if (cfg.hex_strings == HEX_STRINGS_NON_ASCII)
		for (size_t i = 0; i < n; i++)
			if (!plain((unsigned char)s[i]) &&
			    !escape_letter((unsigned char)s[i]))
				all_hex = true;

	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (all_hex) {
			dst[o++] = '\\';
			dst[o++] = 'x';
			dst[o++] = hex[c >> 4];
			dst[o++] = hex[c & 15];
			continue;
		}
		if (escape_letter(c)) {
			dst[o++] = '\\';
			dst[o++] = escape_letter(c);
		} else if (plain(c) && c != '<' && c != '>') {
			dst[o++] = (char)c;
		} else if (cfg.hex_strings == HEX_STRINGS_ESCAPES) {
			dst[o++] = '\\';
			dst[o++] = 'x';
			dst[o++] = hex[c >> 4];
			dst[o++] = hex[c & 15];
		} else {
			/* Short octal, unless an octal digit follows. */
			bool full = i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '7';

			dst[o++] = '\\';
			if (full || c >= 0100)
				dst[o++] = (char)('0' + (c >> 6));
			if (full || c >= 010)
				dst[o++] = (char)('0' + ((c >> 3) & 7));
			dst[o++] = (char)('0' + (c & 7));
		}
	}
	return o;
}

void pid_comm_note(pid_t pid)
{
	char comm[COMM_MAX];

	if (pid > 0 && read_comm(pid, comm) == 0)
		remember(pid, comm);
}

size_t pid_comm(pid_t pid, bool traced, char *buf, size_t size)
{
	char comm[COMM_MAX];
	const char *name = comm;
	size_t n;

	/* "<" + 4 bytes per character + ">" */
	if (size < 2 + 4 * (COMM_MAX - 1) || pid <= 0)
		return 0;
	if (read_comm(pid, comm) == 0) {
		if (traced)
			remember(pid, comm);
	} else {
		name = traced ? recall(pid) : NULL;
		if (!name)
			return 0;
	}
	buf[0] = '<';
	n = 1 + escape(buf + 1, name);
	buf[n++] = '>';
	return n;
}

/* -Y: "<comm>" of own, a pid of sltrace's namespace. */
static void annotate_comm(struct tcb *tcp, pid_t own)
{
	char text[2 + 4 * COMM_MAX], name[4 * COMM_MAX];
	size_t n;

	n = pid_comm(own, false, text, sizeof(text) - 1);
	if (!n)
		return;
	text[n] = '\0';
	/* JSON takes the name without its brackets. */
	snprintf(name, sizeof(name), "%.*s", (int)(n - 2), text + 1);
	emit_annot(tcp, "comm", name, text);
}

/*
 * --decode-pids=pidns: the number own of sltrace's namespace, when the
 * tracee's differs.  JSON has it as "pidns".
 */
void emit_pidns(struct tcb *tcp, int own)
{
	char text[64], num[16];

	snprintf(num, sizeof(num), "%d", own);
	snprintf(text, sizeof(text), " /* %d in strace's PID NS */", own);
	emit_annot(tcp, "pidns", num, text);
}

void print_pid_type(struct tcb *tcp, int id, enum pid_type type)
{
	pid_t own;

	emit_int(tcp, id);
	if (!pidns_active() || id <= 0)
		return;
	own = pidns_translate(tcp, type, id);
	if (own <= 0)
		return;
	/* A group or a session has no name of its own. */
	if (cfg.decode_pids_comm && (type == PT_TID || type == PT_TGID))
		annotate_comm(tcp, own);
	if (cfg.decode_pids_pidns && own != id)
		emit_pidns(tcp, own);
}

void print_pid(struct tcb *tcp, int pid)
{
	print_pid_type(tcp, pid, PT_TGID);
}

void print_tid(struct tcb *tcp, int tid)
{
	print_pid_type(tcp, tid, PT_TID);
}

void print_pgid(struct tcb *tcp, int pgid)
{
	print_pid_type(tcp, pgid, PT_PGID);
}

void print_sid(struct tcb *tcp, int sid)
{
	print_pid_type(tcp, sid, PT_SID);
}

void print_pid_or_pgid(struct tcb *tcp, int pid)
{
	pid_t own;

	if (pid >= -1) {
		print_pid(tcp, pid);
		return;
	}
	emit_int(tcp, pid);
	if (!cfg.decode_pids_pidns || pid == INT_MIN)
		return;
	own = pidns_translate(tcp, PT_PGID, -pid);
	if (own > 0 && own != -pid)
		emit_pidns(tcp, own);
}
