// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The kernel side of the BPF back end: counts the system calls of the
 * traced tasks on the syscall tracepoints, in per-CPU maps the loader
 * (kbpf.c) sums, without ever stopping a task.
 *
 * Which tasks are traced is the tasks map: the loader puts the launched
 * command (or the -p threads) there, and with -f every task they fork
 * joins it here, at the fork itself, before its first instruction.
 * Built by clang for the BPF target, CO-RE: the few kernel structures it
 * reads (a task's pid, its thread_info) are relocated against the
 * running kernel's BTF when it is loaded; no kernel headers are needed.
 */
#include <linux/types.h>
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>

#include "kbpf_shared.h"

/* The kernel's own types, only the fields read, relocated by CO-RE. */
struct thread_info {
	__u32 status;
} __attribute__((preserve_access_index));

struct task_struct {
	struct thread_info thread_info;
	int pid;
	int tgid;
} __attribute__((preserve_access_index));

/* The context of a task iterator (kbpf.c runs it to adopt tasks). */
struct bpf_iter_meta {
	void *seq;
} __attribute__((preserve_access_index));

struct bpf_iter__task {
	struct bpf_iter_meta *meta;
	struct task_struct *task;
} __attribute__((preserve_access_index));

struct pt_regs {
	unsigned long bx;	/* i386's first argument */
	unsigned long bp, ip, sp;	/* where ustack starts */
	unsigned long di, si, dx;	/* mmap's and mprotect's arguments */
	unsigned long orig_ax;		/* the call's number */
} __attribute__((preserve_access_index));
struct linux_binprm;

/* x86's thread_info status bit: the task is in a 32-bit syscall. */
#define TS_COMPAT 0x0002

const volatile struct kbpf_config cfg = {};

/*
 * A traced task's state lives in its own task_struct (task storage): the
 * hot path, run at every syscall of every task on the machine, finds it
 * or its absence with a pointer or two, where a hash lookup cost an
 * untraced task about 40 ns a syscall.
 */
struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, struct kbpf_task);
} tasks SEC(".maps");

/* The tids of the traced tasks, for the loader to see when all are gone;
 * changed only when a task joins or leaves. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, KBPF_MAX_TASKS);
	__type(key, __u32);
	__type(value, __u32);
} members SEC(".maps");

/* What the adopt iterator takes in: the process and the state to give. */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct kbpf_adopt);
} adopt_arg SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, KBPF_NPERS * KBPF_ROWS);
	__type(key, __u32);
	__type(value, struct kbpf_row);
} rows SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, 4096);
	__type(key, struct kbpf_hist_key);
	__type(value, struct kbpf_hist);
} hists SEC(".maps");

/* Library calls (uprobes on the program's PLT entries), by function. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, KBPF_LC_ROWS);
	__type(key, __u32);
	__type(value, struct kbpf_row);
} lcrows SEC(".maps");

/*
 * By function row, the statements a library call fires (bit i:
 * statement i): the loader adds rows as programs exec'd under -f bring
 * new functions, which .rodata, frozen at the load, could not.
 */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, KBPF_LC_ROWS);
	__type(key, __u32);
	__type(value, __u32);
} callmask SEC(".maps");

/* Calls that found no room in a map: the loader says so. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} lost SEC(".maps");

/* The tasks -f picks up, for the loader to announce them. */
struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 64 * 1024);
} events SEC(".maps");

/* The aggregations of a script's statements (src/script/kernel.c). */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, KBPF_SMAP_KEYS);
	__type(key, struct kbpf_skey);
	__type(value, struct kbpf_sval);
} smaps SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, KBPF_SHIST_KEYS);
	__type(key, struct kbpf_skey);
	__type(value, struct kbpf_hist);
} shists SEC(".maps");

static const struct kbpf_hist zero_hist;
static const struct kbpf_sval zero_sval;

static __always_inline int bit_set(const volatile __u64 *bits, __u32 row)
{
	return (bits[(row / 64) % (KBPF_ROWS / 64)] >> (row % 64)) & 1;
}

/* The bucket of usecs: 0 for 0, else its bit length (1 for 1, 2 for 2-3...). */
static __always_inline __u32 bucket_of(__u64 v)
{
	__u32 n = 0;

	if (v >> 32) { v >>= 32; n += 32; }
	if (v >> 16) { v >>= 16; n += 16; }
	if (v >> 8) { v >>= 8; n += 8; }
	if (v >> 4) { v >>= 4; n += 4; }
	if (v >> 2) { v >>= 2; n += 2; }
	if (v >> 1) { v >>= 1; n += 1; }
	return n + (__u32)v;
}

/* The value at key in a hash map, made from zero if it is not there;
 * NULL when the map is full. */
static __always_inline void *get_or_add(void *map, const void *key,
					const void *zero)
{
	void *v = bpf_map_lookup_elem(map, key);

	if (!v) {
		bpf_map_update_elem(map, key, zero, BPF_NOEXIST);
		v = bpf_map_lookup_elem(map, key);
	}
	return v;
}

static __always_inline void count_lost(void)
{
	__u32 zero = 0;
	__u64 *n = bpf_map_lookup_elem(&lost, &zero);

	if (n)
		*n += 1;
}

static __always_inline void hist_add(__u32 row, int err, __u64 wall)
{
	struct kbpf_hist_key k = { .row = row, .err = err };
	struct kbpf_hist *h = get_or_add(&hists, &k, &zero_hist);
	__u32 b = bucket_of(wall / 1000);

	if (h && b < KBPF_HIST_BUCKETS)
		h->buckets[b]++;
	else
		count_lost();
}

/* What a script statement can read of a syscall event. */
struct sctx {
	__s64 pid, tid, nr, ret, err, lat;
	__u64 ip, sp, bp;	/* where ustack starts */
	__u32 pers;
};

#include "ustack.bpf.h"

static __always_inline __s64 src_of(__u32 src, __s64 c, const struct sctx *x)
{
	switch (src) {
	case KBPF_SRC_PID:
		return x->pid;
	case KBPF_SRC_TID:
		return x->tid;
	case KBPF_SRC_NR:
		return x->nr;
	case KBPF_SRC_RETVAL:
		return x->ret;
	case KBPF_SRC_ERRNO:
		return x->err;
	case KBPF_SRC_LATENCY:
		return x->lat;
	case KBPF_SRC_CPU:
		return bpf_get_smp_processor_id();
	default:
		return c;
	}
}

static __always_inline int holds(__u32 op, __s64 a, __s64 b)
{
	switch (op) {
	case KBPF_OP_EQ:
		return a == b;
	case KBPF_OP_NE:
		return a != b;
	case KBPF_OP_LT:
		return a < b;
	case KBPF_OP_GT:
		return a > b;
	case KBPF_OP_LE:
		return a <= b;
	default:
		return a >= b;
	}
}

/* The script's value: * mul / div, the division rounding toward 0 as
 * the script's does (BPF has no signed division before cpu v4). */
static __always_inline __s64 scaled(__s64 v, const volatile struct kbpf_sstmt *st)
{
	__u64 d = (__u64)st->val_div;

	v *= st->val_mul;
	if (d <= 1)
		return v;
	if (v < 0)
		return -(__s64)((__u64)-v / d);
	return (__s64)((__u64)v / d);
}

/* hist()'s bucket, as the script's maps number them (src/script/agg.c). */
static __always_inline __u32 script_bucket(__s64 v)
{
	if (v < 0)
		return 0;
	if (v == 0)
		return 1;
	return bucket_of((__u64)v) + 1;
}

/* The statements that fire at this entry (at_exit 0) or exit: of a
 * syscall, by their bits; of a library call, those in cmask. */
static __always_inline void script_run(__u32 call, __u32 at_exit,
				       const struct sctx *x, __u32 pers,
				       __u32 nr, __u32 cmask)
{
	__s64 stack = -1;

	for (__u32 i = 0; i < KBPF_SSTMTS; i++) {
		const volatile struct kbpf_sstmt *st = &cfg.stmts[i];
		struct kbpf_skey k;
		struct kbpf_sval *a;
		int ok = 1;
		__u32 b;
		__s64 v;

		if (i >= cfg.nstmts)
			break;
		if (st->call != call || st->at_exit != at_exit)
			continue;
		if (call ? !((cmask >> i) & 1) : !bit_set(st->bits[pers & 1], nr))
			continue;
		for (__u32 j = 0; j < KBPF_SPREDS; j++) {
			if (j >= st->npreds)
				break;
			if (!holds(st->pred_op[j],
				   src_of(st->pred_src[j], 0, x),
				   st->pred_const[j])) {
				ok = 0;
				break;
			}
		}
		if (!ok)
			continue;
		__builtin_memset(&k, 0, sizeof(k));
		k.stmt = i;
		for (__u32 j = 0; j < KBPF_SKEYS; j++) {
			if (j >= st->nkeys)
				break;
			if (st->key_src[j] == KBPF_SRC_COMM) {
				bpf_get_current_comm(k.comm, sizeof(k.comm));
			} else if (st->key_src[j] == KBPF_SRC_USTACK) {
				if (stack < 0)
					stack = ustack_id(x);
				/* Not kept (ustacks full): not counted. */
				if (!stack)
					ok = 0;
				k.k[j] = stack;
			} else {
				k.k[j] = src_of(st->key_src[j],
						st->key_const[j], x);
			}
		}
		if (!ok)
			continue;
		v = scaled(src_of(st->val_src, st->val_const, x), st);
		a = get_or_add(&smaps, &k, &zero_sval);
		if (!a) {
			count_lost();
			continue;
		}
		if (!a->count || v < a->min)
			a->min = v;
		if (!a->count || v > a->max)
			a->max = v;
		a->count++;
		a->sum += v;
		if (st->hist) {
			struct kbpf_hist *h = get_or_add(&shists, &k,
							  &zero_hist);

			b = script_bucket(v);
			if (h && b < KBPF_HIST_BUCKETS)
				h->buckets[b]++;
			else
				count_lost();
		}
	}
}

/* One finished call in a row, its times less -O's overhead. */
static __always_inline void row_add(struct kbpf_row *r, __u64 sys, __u64 wall,
				    int err)
{
	wall = wall > cfg.overhead_ns ? wall - cfg.overhead_ns : 0;
	sys = sys > cfg.overhead_ns ? sys - cfg.overhead_ns : 0;
	if (!r->calls || sys < r->sys_min)
		r->sys_min = sys;
	if (!r->calls || wall < r->wall_min)
		r->wall_min = wall;
	if (sys > r->sys_max)
		r->sys_max = sys;
	if (wall > r->wall_max)
		r->wall_max = wall;
	r->calls++;
	r->sys_ns += sys;
	r->wall_ns += wall;
	if (err)
		r->errors++;
}

SEC("tp_btf/sys_enter")
int BPF_PROG(on_enter, struct pt_regs *regs, long id)
{
	struct task_struct *cur = bpf_get_current_task_btf();
	struct kbpf_task *t = bpf_task_storage_get(&tasks, cur, 0, 0);
	__u32 pers = 0;
	long raw;

	if (!t)
		return 0;
	if (cur->thread_info.status & TS_COMPAT)
		pers = 1;
	if (t->state != KBPF_TASK_ACTIVE) {
		if (t->state != KBPF_TASK_WAIT_EXEC ||
		    (id != cfg.execve_nr[pers & 1] &&
		     id != cfg.execveat_nr[pers & 1]))
			return 0;
		t->state = KBPF_TASK_FIRST_EXEC;
	}
	t->t_enter = 0;
	if (id < 0 || id >= KBPF_ROWS)
		return 0;
	raw = id;
	/* i386's socketcall and ipc count as the call they carry; a
	 * script sees that call's own number, as under ptrace. */
	if (pers && (id == cfg.socketcall_nr || id == cfg.ipc_nr)) {
		__u32 sub = (__u32)regs->bx;

		if (id == cfg.ipc_nr)
			sub = KBPF_SUBCALL_IPC_BASE + (sub & 0xffff);
		if (sub < 64 && (cfg.subcall_rows >> sub & 1)) {
			id = cfg.compat_count + sub;
			if (cfg.subcall_nr[sub] >= 0)
				raw = cfg.subcall_nr[sub];
		}
		if (id >= KBPF_ROWS || raw >= KBPF_ROWS)
			return 0;
	}
	if (cfg.nstmts) {
		__u64 pt = bpf_get_current_pid_tgid();
		struct sctx x = { .pid = (__s64)(pt >> 32),
				  .tid = (__s64)(__u32)pt,
				  .nr = pers * KBPF_ROWS + raw, .pers = pers };

		if (cfg.ustack) {
			x.ip = regs->ip;
			x.sp = regs->sp;
			x.bp = regs->bp;
		}

		script_run(0, 0, &x, pers, (__u32)raw, 0);
	}
	if (!bit_set(cfg.trace_bits[pers & 1], id) &&
	    !(cfg.nstmts && bit_set(cfg.script_bits[pers & 1], raw)))
		return 0;
	t->row = pers * KBPF_ROWS + (__u32)id;
	t->nr = pers * KBPF_ROWS + (__u32)raw;
	t->off_ns = 0;
	t->t_out = 0;
	t->t_enter = bpf_ktime_get_ns();
	return 0;
}

SEC("tp_btf/sys_exit")
int BPF_PROG(on_exit, struct pt_regs *regs, long ret)
{
	struct task_struct *cur = bpf_get_current_task_btf();
	struct kbpf_task *t = bpf_task_storage_get(&tasks, cur, 0, 0);
	__u64 now, wall, sys;
	struct kbpf_row *r;
	__u32 row;
	int err;

	if (!t)
		return 0;
	/*
	 * The command's execve failed: what its process does next is
	 * sltrace's launcher saying so, not the command (ptrace shows
	 * nothing of it either).
	 */
	if (t->state == KBPF_TASK_FIRST_EXEC)
		t->state = ret < 0 ? KBPF_TASK_EXEC_FAILED : KBPF_TASK_ACTIVE;
	/* Code mapped: its file's unwind rows, before it runs. */
	if (cfg.ustack && t->state == KBPF_TASK_ACTIVE && ret >= 0 &&
	    !(cur->thread_info.status & TS_COMPAT)) {
		__u32 tgid = (__u32)(bpf_get_current_pid_tgid() >> 32);
		long nr = regs->orig_ax;
		int exec = (regs->dx & 4 /* PROT_EXEC */) != 0;

		if (exec && nr == cfg.mmap_nr) {
			uw_forget_range(tgid, (__u64)ret, regs->si);
			uw_mapped((__u64)ret);
		} else if (exec && nr == cfg.mprotect_nr) {
			uw_forget_range(tgid, regs->di, regs->si);
		} else if (nr == cfg.mremap_nr) {
			uw_forget(tgid);
		}
	}
	if (!t->t_enter)
		return 0;
	now = bpf_ktime_get_ns();
	wall = now - t->t_enter;
	sys = wall > t->off_ns ? wall - t->off_ns : 0;
	row = t->row;
	t->t_enter = 0;
	err = (unsigned long)ret >= (unsigned long)-4095L ? (int)-ret : 0;
	if (cfg.hist && bit_set(cfg.hist_bits[(row / KBPF_ROWS) & 1],
				row % KBPF_ROWS))
		hist_add(row, err, wall);
	if (cfg.nstmts) {
		__u64 pt = bpf_get_current_pid_tgid();
		struct sctx x = { .pid = (__s64)(pt >> 32),
				  .tid = (__s64)(__u32)pt, .nr = t->nr,
				  .ret = ret, .err = err, .lat = (__s64)wall,
				  .pers = t->nr / KBPF_ROWS };

		if (cfg.ustack) {
			x.ip = regs->ip;
			x.sp = regs->sp;
			x.bp = regs->bp;
		}

		script_run(0, 1, &x, t->nr / KBPF_ROWS, t->nr % KBPF_ROWS, 0);
		return 0;
	}
	r = bpf_map_lookup_elem(&rows, &row);
	if (r)
		row_add(r, sys, wall, err);
	return 0;
}

/* A uprobe's registers (its context), where ustack starts. */
static __always_inline void regs_of(void *ctx, struct sctx *x)
{
	struct pt_regs *regs = ctx;

	x->ip = regs->ip;
	x->sp = regs->sp;
	x->bp = regs->bp;
}

/*
 * A library call through the program's PLT: the uprobe sits on the PLT
 * entry (the attach cookie is the function's row), the uretprobe on the
 * return into the caller.  Calls nest (a callback calling out again):
 * each task keeps the entry times of the calls it is inside.
 */
SEC("uprobe")
int lc_entry(void *ctx)
{
	struct kbpf_task *t = bpf_task_storage_get(&tasks,
						   bpf_get_current_task_btf(),
						   0, 0);
	__u32 d;

	if (!t || t->state != KBPF_TASK_ACTIVE)
		return 0;
	if (cfg.nstmts) {
		__u32 row = (__u32)bpf_get_attach_cookie(ctx);
		__u64 pt = bpf_get_current_pid_tgid();
		struct sctx x = { .pid = (__s64)(pt >> 32),
				  .tid = (__s64)(__u32)pt, .nr = row };
		__u32 *m = bpf_map_lookup_elem(&callmask, &row);

		if (cfg.ustack)
			regs_of(ctx, &x);

		script_run(1, 0, &x, 0, row, m ? *m : 0);
	}
	d = t->lc_depth;
	if (d < KBPF_LC_DEPTH)
		t->lc_t[d] = bpf_ktime_get_ns();
	t->lc_depth = d + 1;
	return 0;
}

SEC("uretprobe")
int lc_return(void *ctx)
{
	struct kbpf_task *t = bpf_task_storage_get(&tasks,
						   bpf_get_current_task_btf(),
						   0, 0);
	__u32 row = (__u32)bpf_get_attach_cookie(ctx), d;
	struct kbpf_row *r;
	__u64 wall;

	if (!t || !t->lc_depth)
		return 0;
	d = --t->lc_depth;
	if (d >= KBPF_LC_DEPTH)
		return 0;
	wall = bpf_ktime_get_ns() - t->lc_t[d];
	if (cfg.nstmts) {
		__u64 pt = bpf_get_current_pid_tgid();
		struct sctx x = { .pid = (__s64)(pt >> 32),
				  .tid = (__s64)(__u32)pt, .nr = row,
				  .lat = (__s64)wall };
		__u32 *m = bpf_map_lookup_elem(&callmask, &row);

		if (cfg.ustack)
			regs_of(ctx, &x);

		script_run(1, 1, &x, 0, row, m ? *m : 0);
		return 0;
	}
	if (cfg.hist)
		hist_add(KBPF_LC_HIST_FLAG | row, 0, wall);
	r = bpf_map_lookup_elem(&lcrows, &row);
	/* No CPU time of its own: a library call is counted by the clock. */
	if (r)
		row_add(r, wall, wall, 0);
	return 0;
}

/*
 * System time: the time a call spent on the CPU, its wall-clock time
 * less the time it was switched out (blocked or preempted).
 */
SEC("tp_btf/sched_switch")
int BPF_PROG(on_switch, _Bool preempt, struct task_struct *prev,
	     struct task_struct *next)
{
	struct kbpf_task *t = bpf_task_storage_get(&tasks, prev, 0, 0);
	__u64 now = 0;

	if (t && t->t_enter) {
		now = bpf_ktime_get_ns();
		t->t_out = now;
	}
	t = bpf_task_storage_get(&tasks, next, 0, 0);
	if (t && t->t_out) {
		if (!now)
			now = bpf_ktime_get_ns();
		t->off_ns += now - t->t_out;
		t->t_out = 0;
	}
	return 0;
}

/* task joins the traced tasks in state; 0 or -1 (no room). */
static __always_inline int join(struct task_struct *task, __u32 state)
{
	struct kbpf_task n = { .state = state };
	struct kbpf_task *t;
	__u32 tid = (__u32)task->pid;

	if (bpf_map_update_elem(&members, &tid, &state, BPF_ANY))
		return -1;
	t = bpf_task_storage_get(&tasks, task, &n,
				 BPF_LOCAL_STORAGE_GET_F_CREATE);
	if (!t) {
		bpf_map_delete_elem(&members, &tid);
		return -1;
	}
	return 0;
}

SEC("tp_btf/sched_process_fork")
int BPF_PROG(on_fork, struct task_struct *parent, struct task_struct *child)
{
	struct kbpf_task *t;
	__u32 ctid;

	if (!cfg.follow)
		return 0;
	t = bpf_task_storage_get(&tasks, parent, 0, 0);
	if (!t || t->state != KBPF_TASK_ACTIVE)
		return 0;
	if (join(child, KBPF_TASK_ACTIVE)) {
		count_lost();
		return 0;
	}
	ctid = (__u32)child->pid;
	/* A new process maps what its parent maps. */
	if (cfg.ustack && child->pid == child->tgid) {
		__u32 ptgid = (__u32)parent->tgid;
		struct kbpf_uwmaps *c = bpf_map_lookup_elem(&uw_maps, &ptgid);

		if (c)
			bpf_map_update_elem(&uw_maps, &ctid, c, BPF_ANY);
	}
	if (cfg.announce)
		bpf_ringbuf_output(&events, &ctid, sizeof(ctid), 0);
	return 0;
}

/*
 * A thread other than the leader ran execve: it goes on under the
 * leader's tid (its task_struct, and so its state, is the same).
 */
SEC("tp_btf/sched_process_exec")
int BPF_PROG(on_exec, struct task_struct *p, int old_pid,
	     struct linux_binprm *bprm)
{
	__u32 otid = (__u32)old_pid, ntid = (__u32)p->pid;
	__u32 *state;

	if (cfg.ustack)
		uw_forget((__u32)p->tgid);
	if (otid == ntid)
		return 0;
	state = bpf_map_lookup_elem(&members, &otid);
	if (!state)
		return 0;
	bpf_map_update_elem(&members, &ntid, state, BPF_ANY);
	bpf_map_delete_elem(&members, &otid);
	return 0;
}

SEC("tp_btf/sched_process_exit")
int BPF_PROG(on_task_exit, struct task_struct *p)
{
	__u32 tid = (__u32)p->pid;

	if (!bpf_task_storage_get(&tasks, p, 0, 0))
		return 0;
	if (cfg.ustack && p->pid == p->tgid)
		uw_forget((__u32)p->tgid);
	bpf_task_storage_delete(&tasks, p);
	bpf_map_delete_elem(&members, &tid);
	return 0;
}

/*
 * Run by the loader over every task on the machine: the threads of the
 * process it names join (-p, and the command it launched).
 */
SEC("iter/task")
int adopt(struct bpf_iter__task *ctx)
{
	struct task_struct *task = ctx->task;
	struct kbpf_adopt *a;
	__u32 zero = 0;

	if (!task)
		return 0;
	a = bpf_map_lookup_elem(&adopt_arg, &zero);
	if (!a || task->tgid != a->tgid)
		return 0;
	if (a->tid && task->pid != a->tid)
		return 0;
	if (join(task, a->state))
		count_lost();
	else
		a->joined++;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
