/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The table of traced tasks: a small hash by pid for the stop loop, and
 * a list for walking all of them (detach, prefix decisions).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "engine/inject.h"
#include "engine/internal.h"

#define TCB_HASH_SIZE 1024

static struct tcb *hash[TCB_HASH_SIZE];
struct tcb *tcb_list;
unsigned int tcb_count;

static unsigned int hash_of(pid_t pid)
{
	return (unsigned int)pid % TCB_HASH_SIZE;
}

struct tcb *tcb_find(pid_t pid)
{
	struct tcb *tcp;

	for (tcp = hash[hash_of(pid)]; tcp; tcp = tcp->hash_next)
		if (tcp->pid == pid)
			return tcp;
	return NULL;
}

static void hash_insert(struct tcb *tcp)
{
	unsigned int h = hash_of(tcp->pid);

	tcp->hash_next = hash[h];
	hash[h] = tcp;
}

static void hash_remove(struct tcb *tcp)
{
	struct tcb **pp;

	for (pp = &hash[hash_of(tcp->pid)]; *pp; pp = &(*pp)->hash_next) {
		if (*pp == tcp) {
			*pp = tcp->hash_next;
			return;
		}
	}
}

unsigned int tcb_silent_count;

static struct tcb *tcb_alloc(pid_t pid)
{
	struct tcb *tcp = calloc(1, sizeof(*tcp));

	if (!tcp)
		abort();
	tcp->pid = pid;
	tcp->restart_nr = -1;
	tcp->sc.nr = -1;
	tcp->sc.scno = -1;
	hash_insert(tcp);
	tcp->list_next = tcb_list;
	tcb_list = tcp;
	tcb_count++;
	return tcp;
}

struct tcb *tcb_new(pid_t pid)
{
	struct tcb *tcp = tcb_alloc(pid);

	if (consumer->new_task)
		consumer->new_task(tcp);
	return tcp;
}

struct tcb *tcb_new_silent(pid_t pid)
{
	struct tcb *tcp = tcb_alloc(pid);

	/* Hidden from every consumer, and not counted as traced. */
	tcp->flags |= TCB_SILENT | TCB_HIDE_LOG | TCB_SECCOMP | TCB_ATTACHED;
	tcb_silent_count++;
	return tcp;
}

void tcb_priv_clear(struct tcb *tcp)
{
	if (tcp->priv && tcp->priv_free)
		tcp->priv_free(tcp->priv);
	tcp->priv = NULL;
	tcp->priv_free = NULL;
}

void tcb_unlink(struct tcb *tcp)
{
	struct tcb **pp;

	hash_remove(tcp);
	for (pp = &tcb_list; *pp; pp = &(*pp)->list_next) {
		if (*pp == tcp) {
			*pp = tcp->list_next;
			break;
		}
	}
	tcb_count--;
	if (tcp->flags & TCB_SILENT)
		tcb_silent_count--;
}

void tcb_free(struct tcb *tcp)
{
	if (consumer->forget)
		consumer->forget(tcp);
	tcb_priv_clear(tcp);
	inject_task_free(tcp);
	taps_task_free(tcp);
	free(tcp);
}

void tcb_drop(struct tcb *tcp)
{
	tcb_unlink(tcp);
	tcb_free(tcp);
}

void tcb_rehash(struct tcb *tcp, pid_t new_pid)
{
	hash_remove(tcp);
	tcp->pid = new_pid;
	hash_insert(tcp);
}

/* Few at a time, and only until the parent's event: a short array. */
static pid_t *gone_early;
static unsigned int ngone_early, gone_early_cap;

void tcb_gone_early(pid_t pid)
{
	if (ngone_early == gone_early_cap) {
		unsigned int cap = gone_early_cap ? 2 * gone_early_cap : 16;
		pid_t *p = realloc(gone_early, cap * sizeof(*p));

		if (!p)
			abort();
		gone_early = p;
		gone_early_cap = cap;
	}
	gone_early[ngone_early++] = pid;
}

bool tcb_was_gone_early(pid_t pid)
{
	for (unsigned int i = 0; i < ngone_early; i++) {
		if (gone_early[i] == pid) {
			gone_early[i] = gone_early[--ngone_early];
			return true;
		}
	}
	return false;
}

unsigned int engine_ntasks(void)
{
	return tcb_count - tcb_silent_count;
}
