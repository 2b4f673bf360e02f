/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The memory sltrace shares with its guardian; src/guard/ only. */
#ifndef SLTRACE_GUARD_INTERNAL_H
#define SLTRACE_GUARD_INTERNAL_H

#include <stdint.h>
#include <sys/types.h>
#include <sys/user.h>

/*
 * A record.  kind is written last when one is made and first when it is
 * forgotten, so that a record sltrace was killed in the middle of
 * writing is either whole or not there.
 */
struct guard_undo {
	volatile uint8_t kind;		/* enum guard_kind, 0: free */
	uint8_t len;
	uint16_t pad;
	pid_t tgid;
	pid_t tid;
	uint32_t next_free;		/* index + 1 of the next free one */
	uint64_t addr;
	uint8_t orig[16];
	uint8_t now[16];
};

/* The shared area: this header, then the records. */
struct guard_arena {
	uint32_t magic;
	pid_t tracer;			/* sltrace */
	volatile uint32_t nchanges;	/* live GUARD_CODE and GUARD_WORD */
	volatile uint32_t release;	/* guard_stop: let sltrace go */
	volatile uint32_t serve;	/* guard_serve_filter */
	uint32_t free_head;		/* index + 1, 0: none */
	uint32_t used;			/* records ever handed out */
	uint32_t cap;
	/* A syscall run inside a tracee thread (guard_regs_saved). */
	volatile pid_t regs_tid;	/* 0: none */
	pid_t regs_tgid;
	struct user_regs_struct regs;
	/* A collected SIGTRAP stop being handled (guard_trap_held). */
	volatile pid_t trap_tid;	/* 0: none */
	struct guard_undo rec[];
};

#define GUARD_MAGIC 0x47524431u		/* "GRD1" */
#define GUARD_ARENA_SIZE (64UL << 20)	/* virtual; pages used on demand */

extern struct guard_arena *guard_arena;

/* The guardian process; never returns.  sync: its pipes to sltrace. */
void __attribute__((noreturn))
guardian_main(pid_t tracer, int to_tracer, int from_tracer);

#endif /* SLTRACE_GUARD_INTERNAL_H */
