/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Program execution: execve, execveat. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/process.h"
#include "xlat/tables/at_flags.h"

/* Pointers read per process_vm_readv when walking argv or envp. */
#define PTR_CHUNK 64

/*
 * A NULL-terminated array of pointers in the tracee, walked a chunk of
 * pointers at a time.
 */
struct ptr_walk {
	struct tcb *tcp;
	uint64_t addr; /* of the array */
	unsigned int ws; /* pointer size */
	uint64_t base; /* index of chunk[0] */
	unsigned int have; /* pointers in chunk */
	uint64_t chunk[PTR_CHUNK];
};

/*
 * Pointer i of the array: 1 and *p set, or 0 when it cannot be read
 * (the array runs into unreadable memory).
 */
static int ptr_walk_get(struct ptr_walk *w, uint64_t i, uint64_t *p)
{
	if (i < w->base || i >= w->base + w->have) {
		unsigned char raw[PTR_CHUNK * 8];
		ssize_t got;

		w->base = i;
		w->have = 0;
		got = tracee_read_partial(w->tcp, w->addr + i * w->ws, raw,
					  PTR_CHUNK * w->ws);
		if (got <= 0)
			return 0;
		w->have = (unsigned int)((size_t)got / w->ws);
		for (unsigned int k = 0; k < w->have; k++) {
			if (w->ws == 4) {
				uint32_t v;

				memcpy(&v, raw + 4 * k, 4);
				w->chunk[k] = v;
			} else {
				memcpy(&w->chunk[k], raw + 8 * k, 8);
			}
		}
		if (!w->have)
			return 0;
	}
	*p = w->chunk[i - w->base];
	return 1;
}

static void ptr_walk_init(struct ptr_walk *w, struct tcb *tcp, uint64_t addr)
{
	w->tcp = tcp;
	w->addr = addr;
	w->ws = tcp_wordsize(tcp);
	w->base = 0;
	w->have = 0;
}

/*
 * argv (or envp with -v): ["sh", "-c", ...], cut at -s elements unless
 * -v; an array that runs into unreadable memory ends with
 * "... /\* 0xADDR *\/", the address of the first pointer not read.
 */
static void print_str_array(struct tcb *tcp, uint64_t addr)
{
	struct ptr_walk w;
	uint64_t p, i;
	char where[64];

	ptr_walk_init(&w, tcp, addr);
	if (!addr || !ptr_walk_get(&w, 0, &p)) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_array_begin(tcp);
	for (i = 0;; i++) {
		if (!ptr_walk_get(&w, i, &p)) {
			emit_more(tcp);
			snprintf(where, sizeof(where), "%#llx",
				 (unsigned long long)(addr + i * w.ws));
			emit_comment(tcp, where);
			break;
		}
		if (!p)
			break;
		if (qual_abbrev(tcp) && i >= cfg.string_limit) {
			emit_more(tcp);
			break;
		}
		emit_next(tcp);
		emit_cstr(tcp, p);
	}
	emit_array_end(tcp);
}

/* envp without -v: its address and "/\* 41 vars *\/". */
static void print_env_count(struct tcb *tcp, uint64_t addr)
{
	struct ptr_walk w;
	uint64_t p, i;
	char text[64];
	bool unterminated = false;

	ptr_walk_init(&w, tcp, addr);
	if (!addr || !ptr_walk_get(&w, 0, &p)) {
		emit_ptr(tcp, addr);
		return;
	}
	for (i = 0;; i++) {
		if (!ptr_walk_get(&w, i, &p)) {
			unterminated = true;
			break;
		}
		if (!p)
			break;
	}
	emit_ptr(tcp, addr);
	snprintf(text, sizeof(text), "%llu var%s%s", (unsigned long long)i,
		 i == 1 ? "" : "s", unterminated ? ", unterminated" : "");
	emit_comment(tcp, text);
}

static void print_exec_args(struct tcb *tcp, unsigned int first)
{
	emit_path(tcp, tcp_arg(tcp, first));
	emit_next(tcp);
	/* -e verbose=!execve: the two arrays as their addresses. */
	if (!qual_verbose(tcp)) {
		emit_ptr(tcp, tcp_arg(tcp, first + 1));
		emit_next(tcp);
		emit_ptr(tcp, tcp_arg(tcp, first + 2));
		return;
	}
	print_str_array(tcp, tcp_arg(tcp, first + 1));
	emit_next(tcp);
	if (qual_abbrev(tcp))
		print_env_count(tcp, tcp_arg(tcp, first + 2));
	else
		print_str_array(tcp, tcp_arg(tcp, first + 2));
}

SYS_FUNC(execve)
{
	print_exec_args(tcp, 0);
	return RVAL_DECODED;
}

SYS_FUNC(execveat)
{
	print_dirfd(tcp, tcp_iarg(tcp, 0));
	emit_next(tcp);
	print_exec_args(tcp, 1);
	emit_next(tcp);
	print_flags(tcp, at_flags, (uint32_t)tcp_arg(tcp, 4), "AT_???");
	return RVAL_DECODED;
}
