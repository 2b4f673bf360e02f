/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Stack traces (-k, -kk): the user stack of a stopped task, printed
 * under its trace line in strace's format, innermost frame first:
 *
 *    > /usr/lib/x86_64-linux-gnu/libc.so.6(__write+0x10) [0xf8350]
 *    > /tmp/prog(c+0x1d) [0x1156]
 *    > /tmp/stripped() [0x1162]
 *    > unexpected_backtracing_error [0x7f2a6b5c0010]
 *
 * "(function+offset)" is empty when no symbol covers the address,
 * "[0x...]" is the offset of the address in the mapped file, and a frame
 * outside every mapped file ends the stack with the last form.  With
 * -kk a frame whose object has line information ends with " FILE:LINE"
 * (of the call, for a return address).
 *
 * 64-bit tracees are unwound with libunwind-ptrace, 32-bit ones with
 * libdw; symbols and lines come from libdw, with separate debug files
 * (by build-id under /usr/lib/debug) and C++ names demangled.  What is
 * costly — reading /proc/PID/maps, the ELF files, their symbol tables
 * and CFI, and each frame's text — is done once per process and kept
 * until a syscall changes its executable mappings (mmap, munmap,
 * mremap, mprotect, shmat, shmdt) or it calls execve.
 *
 * Why an unwind stopped early is said only with -d.
 */
#ifndef SLTRACE_UNWIND_H
#define SLTRACE_UNWIND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct tcb;

/*
 * Before engine_init(), when anything will print stacks (-k, ltrace's
 * -w), and before the consumer that prints: add the consumer that
 * follows processes, execve and mapping changes, and ask the engine to
 * stop at the syscalls that change mappings even when -e trace= leaves
 * them out (they are still not printed).  0 or -errno.
 */
int unwind_init(void);

/*
 * Print the stack of tcp, which must be in a ptrace stop, to tcp->out,
 * after its line was ended: a syscall's at its exit (or at entry for a
 * syscall that never returns), a signal's, and — for the library-call
 * tracer — a call's.  The frames are those of the task's registers now.
 * Prints nothing when unwinding is impossible (the task is gone).
 */
void unwind_print(struct tcb *tcp);

/*
 * The same with at most max_frames frames rather than -k's
 * --stack-trace-frame-limit (for ltrace's -w N).  Any caller must have
 * had unwind_init() called first: without its hooks the caches would
 * outlive the code they describe.
 */
void unwind_print_limit(struct tcb *tcp, unsigned int max_frames);

/*
 * The pcs of tcp's stack now, innermost first, at most max (after the
 * first, each a return address): their number, or -errno.  For keys of
 * a script's maps; unwind_init() must have been called.
 */
int unwind_pcs(struct tcb *tcp, uint64_t *pc, unsigned int max);

/*
 * The text of pc in tcp's process as bpftrace's ustack shows a frame,
 * "symbol+offset" (caller: pc is a return address, looked up at pc - 1),
 * into buf; 0, or -1 when no symbol covers it.
 */
int unwind_pc_text(struct tcb *tcp, uint64_t pc, bool caller, char *buf,
		   size_t size);

/*
 * The same for a frame known only as a file and an offset in it (a
 * stack the kernel walked): 0, or -1 when no symbol covers it.  Needs
 * no unwind_init(); unwind_file_text_free() lets the files go.
 */
int unwind_file_text(const char *path, uint64_t off, bool caller, char *buf,
		     size_t size);
void unwind_file_text_free(void);

/*
 * A tracer that replaces return addresses on the stack (the library-call
 * core, src/libcall/, hooks a call's return with the address of its trap
 * page, where no unwind information is) gives the unwinders the real
 * ones: every word an unwinder reads from tcp's memory goes through fn
 * with its address, and what fn returns is what the unwinder sees — the
 * word itself, or the real return address when addr is a slot fn hooked.
 * The task's pc goes through fn too, with addr the word below its stack
 * pointer: a pc that a return just took from there may be hooked as well.
 * fn runs inside the unwinder, once per word: it must not touch the
 * task.  One such tracer; NULL: none.
 */
typedef uint64_t (*unwind_word_fn)(struct tcb *tcp, uint64_t addr,
				   uint64_t word);
void unwind_set_word_filter(unwind_word_fn fn);

/*
 * The same tracer may stop a task inside code of its own (the stop
 * routine a stub breakpoint enters): fn gives, from the registers read,
 * those the program has there (the breakpoint's address, the stack
 * pointer before the stub) for the 64-bit unwinder to start from.
 */
struct user_regs_struct;
typedef void (*unwind_regs_fn)(struct tcb *tcp, struct user_regs_struct *u);
void unwind_set_regs_filter(unwind_regs_fn fn);

/* Free every cache (at exit; optional). */
void unwind_finish(void);

#endif
