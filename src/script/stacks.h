/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ustack for the ptrace side of scripts (stacks.c): script_host's
 * ustack and frame, and the address spaces that tell one program's
 * frames from another's at the same address.
 */
#ifndef SLTRACE_SCRIPT_STACKS_H
#define SLTRACE_SCRIPT_STACKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* script_host.ustack: ctx is the stopped task's struct tcb. */
int stacks_ustack(void *ctx, uint64_t *pc, unsigned int max);
/* script_host.frame: the text of a pc stacks_ustack() gave. */
int stacks_frame(void *hctx, uint64_t pc, char *buf, size_t size);

/* A traced process forked child (which shares or copies its memory). */
void stacks_spawned(pid_t parent_tgid, pid_t child);
/* Process tgid called execve: new code, a new space. */
void stacks_exec(pid_t tgid);
/* Process tgid ended. */
void stacks_exited(pid_t tgid);

/*
 * The pc, for a map's key, of a frame the kernel walked: offset off in
 * object obj (a file, at path; 0: off is an address no file maps);
 * caller: a return address.  Named from the file.
 */
uint64_t stacks_file_pc(unsigned int obj, const char *path, uint64_t off,
			bool caller);

void stacks_free(void);

#endif
