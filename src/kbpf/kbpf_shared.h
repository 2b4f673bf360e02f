/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the BPF counting program (count.bpf.c) and its loader (kbpf.c)
 * agree on: the layout of its configuration (its .rodata) and of the
 * values of its maps.  Compiled both for the kernel's BPF target and
 * for the host, so only fixed-size types.
 */
#ifndef SLTRACE_KBPF_SHARED_H
#define SLTRACE_KBPF_SHARED_H

/* Rows per personality in the counting map: syscall numbers and the
 * sub-call rows after them (i386 socketcall and ipc). */
#define KBPF_ROWS		2048
#define KBPF_NPERS		2
#define KBPF_HIST_BUCKETS	65
#define KBPF_MAX_TASKS		65536

/* A task's state in the tasks map. */
#define KBPF_TASK_WAIT_EXEC	1	/* launched: counting starts at execve */
#define KBPF_TASK_ACTIVE	2
#define KBPF_TASK_FIRST_EXEC	3	/* in that execve */
#define KBPF_TASK_EXEC_FAILED	4	/* it failed: sltrace's own child */

/* Sub-call rows, as src/stats/stats.c numbers them. */
#define KBPF_SUBCALL_SOCKET_BASE	0
#define KBPF_SUBCALL_IPC_BASE		32

/*
 * A script's aggregation statements the kernel runs (src/script/kernel.c
 * makes them): `@m[KEYS] = F(VALUE)` under a predicate of comparisons
 * joined by &&, at the entry or exit of the syscalls in bits.
 */
#define KBPF_SSTMTS	16
#define KBPF_SKEYS	4
#define KBPF_SPREDS	4

/* Where a key, a value or a side of a comparison comes from. */
enum kbpf_src {
	KBPF_SRC_CONST,		/* the statement's constant */
	KBPF_SRC_PID,
	KBPF_SRC_TID,
	KBPF_SRC_NR,		/* pers * KBPF_ROWS + syscall number */
	KBPF_SRC_RETVAL,
	KBPF_SRC_ERRNO,
	KBPF_SRC_LATENCY,	/* ns, entry to exit */
	KBPF_SRC_COMM,		/* a key only: the 16 bytes of comm */
	KBPF_SRC_CPU,		/* the CPU the event happens on */
	KBPF_SRC_USTACK,	/* a key only: the user stack's id (ustacks) */
};

enum kbpf_op { KBPF_OP_EQ, KBPF_OP_NE, KBPF_OP_LT, KBPF_OP_GT, KBPF_OP_LE,
	       KBPF_OP_GE };

struct kbpf_sstmt {
	__u32 at_exit;		/* else at the entry */
	__u32 hist;		/* hist(): buckets kept */
	__u32 nkeys, npreds;
	__u32 key_src[KBPF_SKEYS];
	__s64 key_const[KBPF_SKEYS];
	__u32 val_src;
	__u32 call;		/* a library call's: the callmask map says */
	__s64 val_const;
	__s64 val_mul, val_div;	/* value * mul / div, div > 0 */
	__u32 pred_src[KBPF_SPREDS], pred_op[KBPF_SPREDS];
	__s64 pred_const[KBPF_SPREDS];
	__u64 bits[KBPF_NPERS][KBPF_ROWS / 64];
};

/* One key of the script's map: the statement and its key values. */
struct kbpf_skey {
	__u32 stmt, pad;
	__s64 k[KBPF_SKEYS];
	char comm[16];
};

/* One CPU's aggregate: min and max valid when count > 0; hist()'s
 * buckets are apart (shists), as only hist() needs them. */
struct kbpf_sval {
	__u64 count;
	__s64 sum, min, max;
};

/* Keys of the script maps (preallocated: a tracing program cannot count
 * on allocating). */
#define KBPF_SMAP_KEYS		16384
#define KBPF_SHIST_KEYS		2048

/*
 * ustack in the kernel: the loader gives each executable file the
 * traced tasks map (by device and inode, as the kernel sees the file of
 * a mapping) its rows of unwind rules, made from its .eh_frame, and the
 * program walks the stack by them.  A stack is kept once in ustacks, by
 * its id; each frame is its object's number above KBPF_FRAME_SHIFT and
 * its offset in the file below (object 0: an address no file maps).
 */
#define KBPF_USTACK_MAX		127	/* frames: src/script's AGG_STACK_MAX */
#define KBPF_USTACKS		8192	/* stacks kept */
#define KBPF_UW_ROWS		(1u << 19)
#define KBPF_UW_OBJS		4096
#define KBPF_FRAME_SHIFT	48
/* A frame's pc is a return address (its call is the byte before): not
 * the first frame, nor one a signal interrupted. */
#define KBPF_FRAME_CALLER	(1ull << 47)

/* How a row finds the caller's frame (its CFA: a register plus cfa_off;
 * the return address is at CFA - 8 as on every x86-64 frame). */
#define KBPF_CFA_END	0	/* no caller: outermost, or rules we can't follow */
#define KBPF_CFA_RSP	1
#define KBPF_CFA_RBP	2
/* A PLT's: rsp + cfa_off, and 8 more when (pc & 15) >= rbp_off. */
#define KBPF_CFA_PLT	3
/* A signal frame's (the sigreturn trampoline): the interrupted rsp,
 * rbp and rip are at rsp + cfa_off, + rbp_off, + cfa_off + 8. */
#define KBPF_CFA_SIGNAL	4

/* The rule from file offset off up to the next row's. */
struct kbpf_uwrow {
	__u32 off;
	__u8 cfa_reg;		/* KBPF_CFA_* */
	__u8 rbp_saved;		/* the caller's rbp is at CFA + rbp_off */
	__s16 rbp_off;
	__s32 cfa_off;
};

struct kbpf_uwobj_key {
	__u64 dev;		/* the kernel's s_dev: major << 20 | minor */
	__u64 ino;
};

/* What the uw_vmas iterator writes: an executable mapping of a file. */
struct kbpf_uwvma {
	__u64 start, end, pgoff;
	struct kbpf_uwobj_key key;
};

/*
 * A process's executable mappings of files, as the loader last read
 * them (uw_maps, by tgid): the walk finds a pc's file there, and asks
 * bpf_find_vma only when it is not — which fails while another thread
 * holds the process's mmap lock (a thread mapping memory), as threads
 * of a busy program often do.  What an mmap or mprotect with PROT_EXEC
 * covers is dropped from it, the whole of it at an mremap or an exec.
 */
#define KBPF_UW_MAPS		64
#define KBPF_UW_PROCS		1024

struct kbpf_uwmaps {
	__u32 n, pad;
	struct kbpf_uwvma m[KBPF_UW_MAPS];
};

/* An object's rows: uw_rows[first .. first + n), sorted by off. */
struct kbpf_uwobj {
	__u32 id;		/* 1..65535, the frames' object number */
	__u32 first, n, pad;
};

struct kbpf_ustack {
	__u32 n, pad;
	__u64 f[KBPF_USTACK_MAX];
};

/* What the ring buffer carries: a task -f picked up (__u32 tid), or
 * this, a process that runs code of a file the loader has no rows for. */
struct kbpf_ev_obj {
	__u32 tgid, pad;
	struct kbpf_uwobj_key key;
};

struct kbpf_config {
	__u32 follow;		/* -f: forks and threads of traced tasks */
	__u32 announce;		/* -f's new tasks told to the loader */
	__u32 hist;		/* --hist: latency histograms */
	__u32 oncpu;		/* system time measured (sched_switch attached) */
	__u32 compat_count;	/* i386 table size: where sub-call rows start */
	__s32 socketcall_nr;	/* i386 numbers, -1 if none */
	__s32 ipc_nr;
	__s32 execve_nr[KBPF_NPERS];
	__s32 execveat_nr[KBPF_NPERS];
	__u64 overhead_ns;	/* -O: taken off each call's times */
	/* Sub-call rows that exist: bit SUB (socketcall), 32 + CALL (ipc). */
	__u64 subcall_rows;
	/* Each sub-call's own syscall number, -1 if it has none. */
	__s16 subcall_nr[64];
	/* -e trace= and --hist=SET, a bit per row and personality. */
	__u64 trace_bits[KBPF_NPERS][KBPF_ROWS / 64];
	__u64 hist_bits[KBPF_NPERS][KBPF_ROWS / 64];
	__u32 nstmts;
	__u32 ustack;		/* some statement's key is ustack */
	/* ptrace follows the traced tasks: a task that maps code of a
	 * file with no rows is held (SIGSTOP, taken away by the tracer)
	 * until the loader has read it. */
	__u32 uw_hold;
	__s32 mmap_nr, mprotect_nr, mremap_nr;
	/* The syscalls some statement fires at the exit of. */
	__u64 script_bits[KBPF_NPERS][KBPF_ROWS / 64];
	struct kbpf_sstmt stmts[KBPF_SSTMTS];
};

/* Library calls counted (functions of -l), and how deep they nest. */
#define KBPF_LC_ROWS		1024
#define KBPF_LC_DEPTH		16
/* A library call's row in the hists map: apart from syscall rows. */
#define KBPF_LC_HIST_FLAG	0x80000000u

/* One task being traced. */
struct kbpf_task {
	__u32 state;		/* KBPF_TASK_* */
	__u32 row;		/* inside a call: pers * KBPF_ROWS + row */
	__u64 t_enter;		/* inside a call: its entry, ns; else 0 */
	__u64 t_out;		/* switched out inside it: when */
	__u64 off_ns;		/* off the CPU inside it so far */
	/* The library calls it is inside, innermost last: their entries. */
	__u32 lc_depth;
	__u32 nr;		/* inside a call: pers * KBPF_ROWS + number */
	__u64 lc_t[KBPF_LC_DEPTH];
};

/* One row of a table, on one CPU. */
struct kbpf_row {
	__u64 calls, errors;
	__u64 sys_ns, sys_min, sys_max;
	__u64 wall_ns, wall_min, wall_max;
};

/* The adopt iterator's argument: the threads of tgid (only tid if not
 * 0) join in state; it counts them in joined. */
struct kbpf_adopt {
	__s32 tgid, tid;
	__u32 state;
	__u32 joined;
};

struct kbpf_hist_key {
	__u32 row;		/* pers * KBPF_ROWS + row */
	__s32 err;		/* 0: successful calls, else the errno */
};

struct kbpf_hist {
	__u64 buckets[KBPF_HIST_BUCKETS];
};

#endif
