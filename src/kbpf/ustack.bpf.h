/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ustack in the kernel (included by count.bpf.c): the user stack of a
 * task in a syscall, walked by the unwind rows the loader made from each
 * file's .eh_frame (kbpf/uwtab.c), so that programs built without frame
 * pointers (Debian's) give their whole stack, as ptrace's libunwind
 * does.  Which file code belongs to is the kernel's own answer
 * (bpf_find_vma), so nothing is kept per process.
 */
#ifndef SLTRACE_KBPF_USTACK_BPF_H
#define SLTRACE_KBPF_USTACK_BPF_H

struct super_block {
	__u32 s_dev;
} __attribute__((preserve_access_index));

struct inode {
	unsigned long i_ino;
	struct super_block *i_sb;
} __attribute__((preserve_access_index));

struct file {
	struct inode *f_inode;
} __attribute__((preserve_access_index));

struct vm_area_struct {
	unsigned long vm_start, vm_end;
	unsigned long vm_flags;
	unsigned long vm_pgoff;
	struct file *vm_file;
} __attribute__((preserve_access_index));

struct bpf_iter__task_vma {
	struct bpf_iter_meta *meta;
	struct task_struct *task;
	struct vm_area_struct *vma;
} __attribute__((preserve_access_index));

#define UW_VM_EXEC 0x4

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, KBPF_UW_OBJS);
	__type(key, struct kbpf_uwobj_key);
	__type(value, struct kbpf_uwobj);
} uw_objs SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, KBPF_UW_ROWS);
	__type(key, __u32);
	__type(value, struct kbpf_uwrow);
} uw_rows SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, KBPF_UW_PROCS);
	__type(key, __u32);
	__type(value, struct kbpf_uwmaps);
} uw_maps SEC(".maps");

/* The files the loader was asked about once already. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, KBPF_UW_OBJS);
	__type(key, struct kbpf_uwobj_key);
	__type(value, __u32);
} uw_asked SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, KBPF_USTACKS);
	__type(key, __u64);
	__type(value, struct kbpf_ustack);
} ustacks SEC(".maps");

/* The stack being walked: too big for the BPF stack. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct kbpf_ustack);
} uw_scratch SEC(".maps");

/* Stacks cut short (code of a file with no rows yet, a rule not
 * followed, memory not readable): the loader says how many. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} uw_cut SEC(".maps");

/* Set by the loader once ptrace lets tasks go: no more holds (a
 * SIGSTOP nobody takes would stop the program). */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} uw_let_go SEC(".maps");

/* The tasks held for the loader to read a file (cfg.uw_hold). */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, KBPF_MAX_TASKS);
	__type(key, __u32);
	__type(value, __u32);
} uw_held SEC(".maps");

struct uw_walk {
	__u64 ip, sp, bp;
	/* What bpf_find_vma found for ip. */
	__u64 vstart, pgoff;
	struct kbpf_uwobj_key key;
	__u32 file;
	__u32 n;
	__u32 cut;
	__u32 caller;		/* ip is a return address */
};

static long uw_vma(struct task_struct *task, struct vm_area_struct *vma,
		   void *ctx)
{
	struct uw_walk *w = ctx;
	struct file *f = vma->vm_file;

	w->vstart = vma->vm_start;
	w->pgoff = vma->vm_pgoff;
	w->file = 0;
	if (!f)
		return 0;
	w->key.ino = BPF_CORE_READ(f, f_inode, i_ino);
	w->key.dev = BPF_CORE_READ(f, f_inode, i_sb, s_dev);
	w->file = 1;
	return 0;
}

/*
 * The loader's view of a process's code, the kernel's own: the file of
 * each executable mapping by the (device, inode) the walk finds it by,
 * which /proc/PID/maps does not always show (an overlayfs file's is the
 * overlay's, the mapping's the file beneath).
 */
SEC("iter/task_vma")
int uw_vmas(struct bpf_iter__task_vma *ctx)
{
	struct vm_area_struct *vma = ctx->vma;
	struct kbpf_uwvma r = {};
	struct file *f;

	if (!vma || !(vma->vm_flags & UW_VM_EXEC))
		return 0;
	f = vma->vm_file;
	if (!f)
		return 0;
	r.start = vma->vm_start;
	r.end = vma->vm_end;
	r.pgoff = vma->vm_pgoff;
	r.key.ino = BPF_CORE_READ(f, f_inode, i_ino);
	r.key.dev = BPF_CORE_READ(f, f_inode, i_sb, s_dev);
	bpf_seq_write(ctx->meta->seq, &r, sizeof(r));
	return 0;
}

/* The file of pc at, from the process's mappings the loader read. */
static __always_inline int uw_cached(struct uw_walk *w, __u64 at)
{
	__u32 tgid = (__u32)(bpf_get_current_pid_tgid() >> 32);
	struct kbpf_uwmaps *c = bpf_map_lookup_elem(&uw_maps, &tgid);

	if (!c)
		return 0;
	for (__u32 i = 0; i < KBPF_UW_MAPS; i++) {
		if (i >= c->n)
			break;
		if (at >= c->m[i].start && at < c->m[i].end) {
			w->vstart = c->m[i].start;
			w->pgoff = c->m[i].pgoff;
			w->key = c->m[i].key;
			w->file = 1;
			return 1;
		}
	}
	return 0;
}

/* The process's code may be mapped anew: its cached mappings go. */
static __always_inline void uw_forget(__u32 tgid)
{
	bpf_map_delete_elem(&uw_maps, &tgid);
}

/* [addr, addr + len) was mapped or made executable: what the cache
 * says of it is no longer so (the rest stays). */
static __always_inline void uw_forget_range(__u32 tgid, __u64 addr, __u64 len)
{
	struct kbpf_uwmaps *c = bpf_map_lookup_elem(&uw_maps, &tgid);

	if (!c)
		return;
	for (__u32 i = 0; i < KBPF_UW_MAPS; i++) {
		if (i >= c->n)
			break;
		if (c->m[i].start < addr + len && addr < c->m[i].end)
			c->m[i].end = c->m[i].start;
	}
}

/* Tell the loader once about a file it has no rows for. */
static __always_inline void uw_ask(const struct kbpf_uwobj_key *key)
{
	struct kbpf_ev_obj ev = { .key = *key };
	__u32 one = 1;

	if (bpf_map_update_elem(&uw_asked, key, &one, BPF_NOEXIST))
		return;
	ev.tgid = (__u32)(bpf_get_current_pid_tgid() >> 32);
	bpf_ringbuf_output(&events, &ev, sizeof(ev), 0);
}

/*
 * A traced task's mmap returned addr: if it mapped code of a file with
 * no rows, and ptrace follows the task, hold it before its next
 * instruction: the SIGSTOP is taken by the tracer (kbpf/uwtab.c), which
 * reads the file first.  Without ptrace the file is asked for, and
 * stacks through it are cut short until it is read.
 */
static __always_inline void uw_mapped(__u64 addr)
{
	struct task_struct *task = bpf_get_current_task_btf();
	struct uw_walk w = {};
	__u32 tid, one = 1, zero, *lets_go;

	if (bpf_find_vma(task, addr, uw_vma, &w, 0) || !w.file ||
	    bpf_map_lookup_elem(&uw_objs, &w.key))
		return;
	zero = 0;
	lets_go = bpf_map_lookup_elem(&uw_let_go, &zero);
	if (!cfg.uw_hold || !lets_go || *lets_go) {
		uw_ask(&w.key);
		return;
	}
	tid = (__u32)bpf_get_current_pid_tgid();
	if (!bpf_map_update_elem(&uw_held, &tid, &one, BPF_ANY))
		bpf_send_signal_thread(19 /* SIGSTOP */);
}

/* The row for file offset off of obj: the last one at or before it. */
static __always_inline struct kbpf_uwrow *uw_row(const struct kbpf_uwobj *o,
						 __u64 off)
{
	__u32 lo = o->first, hi = o->first + o->n, mid;

	if (!o->n || off >> 32)
		return 0;
	for (int i = 0; i < 21 && lo < hi; i++) {
		struct kbpf_uwrow *r;

		mid = lo + (hi - lo) / 2;
		r = bpf_map_lookup_elem(&uw_rows, &mid);
		if (!r)
			return 0;
		if (r->off <= (__u32)off)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == o->first)
		return 0;
	mid = lo - 1;
	return bpf_map_lookup_elem(&uw_rows, &mid);
}

/* One frame: record it, and step to its caller (1: stop). */
static long uw_step(__u64 i, void *ctx)
{
	struct uw_walk *w = ctx;
	struct task_struct *task = bpf_get_current_task_btf();
	struct kbpf_uwobj *o;
	struct kbpf_uwrow *r;
	struct kbpf_ustack *s;
	__u64 at, off, cfa, ra, bp, mark;
	__u32 zero = 0;

	s = bpf_map_lookup_elem(&uw_scratch, &zero);
	if (!s || w->n >= KBPF_USTACK_MAX)
		return 1;
	/* A caller's pc is its return address: its call is the byte
	 * before (the call may end its function). */
	at = w->caller ? w->ip - 1 : w->ip;
	mark = w->caller ? KBPF_FRAME_CALLER : 0;
	if (!uw_cached(w, at) &&
	    (bpf_find_vma(task, at, uw_vma, w, 0) || !w->file)) {
		if (w->n < KBPF_USTACK_MAX) {
			s->f[w->n] = (w->ip & (KBPF_FRAME_CALLER - 1)) | mark;
			w->n++;
		}
		w->cut = 1;
		return 1;
	}
	off = w->ip - w->vstart + (w->pgoff << 12);
	o = bpf_map_lookup_elem(&uw_objs, &w->key);
	if (w->n < KBPF_USTACK_MAX) {
		s->f[w->n] = (o ? ((__u64)o->id << KBPF_FRAME_SHIFT) |
				  (off & (KBPF_FRAME_CALLER - 1)) :
				  w->ip & (KBPF_FRAME_CALLER - 1)) | mark;
		w->n++;
	}
	if (!o) {
		uw_ask(&w->key);
		w->cut = 1;
		return 1;
	}
	r = uw_row(o, at - w->vstart + (w->pgoff << 12));
	if (!r) {
		w->cut = 1;
		return 1;
	}
	if (r->cfa_reg == KBPF_CFA_END)
		return 1;
	/* Back into the code a signal interrupted: its pc is exact. */
	if (r->cfa_reg == KBPF_CFA_SIGNAL) {
		__u64 regs[2];

		if (bpf_probe_read_user(regs, sizeof(regs),
					(void *)(w->sp + r->cfa_off)) ||
		    bpf_probe_read_user(&bp, sizeof(bp),
					(void *)(w->sp + r->rbp_off))) {
			w->cut = 1;
			return 1;
		}
		w->sp = regs[0];
		w->ip = regs[1];
		w->bp = bp;
		w->caller = 0;
		return regs[1] == 0;
	}
	cfa = (r->cfa_reg == KBPF_CFA_RBP ? w->bp : w->sp) + r->cfa_off;
	/* A PLT: 8 more once its push has run (rbp_off: at which byte). */
	if (r->cfa_reg == KBPF_CFA_PLT && (w->ip & 15) >= (__u64)r->rbp_off)
		cfa += 8;
	if (bpf_probe_read_user(&ra, sizeof(ra), (void *)(cfa - 8))) {
		w->cut = 1;
		return 1;
	}
	if (r->rbp_saved && r->cfa_reg != KBPF_CFA_PLT) {
		if (bpf_probe_read_user(&bp, sizeof(bp),
					(void *)(cfa + r->rbp_off))) {
			w->cut = 1;
			return 1;
		}
		w->bp = bp;
	}
	w->sp = cfa;
	w->ip = ra;
	w->caller = 1;
	return ra == 0;
}

/*
 * The id of the task's user stack at x, its frames in ustacks (a 32-bit
 * task's: none, not walked here); 0 when ustacks has no room for it.
 */
static __always_inline __s64 ustack_id(const struct sctx *x)
{
	struct uw_walk w = {};
	struct kbpf_ustack *s;
	__u32 zero = 0;
	__u64 h = 0xcbf29ce484222325ull;

	s = bpf_map_lookup_elem(&uw_scratch, &zero);
	if (!s)
		return 0;
	w.ip = x->ip;
	w.sp = x->sp;
	w.bp = x->bp;
	if (!x->pers)
		bpf_loop(KBPF_USTACK_MAX, uw_step, &w, 0);
	if (w.cut || x->pers) {
		__u64 *c = bpf_map_lookup_elem(&uw_cut, &zero);

		if (c)
			*c += 1;
	}
	s->n = w.n;
	for (__u32 i = 0; i < KBPF_USTACK_MAX; i++) {
		if (i >= w.n)
			break;
		h = (h ^ s->f[i]) * 0x100000001b3ull;
	}
	/* Ids are positive: ustack_id()'s caller keeps -1 for none yet. */
	h = (h ^ w.n) & 0x7fffffffffffffffull;
	if (!h)
		h = 1;
	if (bpf_map_update_elem(&ustacks, &h, s, BPF_NOEXIST) &&
	    !bpf_map_lookup_elem(&ustacks, &h)) {
		count_lost();
		return 0;
	}
	return (__s64)h;
}

#endif
