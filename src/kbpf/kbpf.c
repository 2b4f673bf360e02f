/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The BPF back end's user side: loads count.bpf.c (built into sltrace,
 * see count_obj.S), tells it which tasks to count, waits for them to
 * end, and reads its maps into the -c tables.
 *
 * The command is started as the ptrace back end starts it, stopped
 * before its execve (launch_held()); its pid goes into the tasks map
 * marked to wait for that execve, and only then does it run: what it
 * does from its execve on is counted, as under ptrace.  With -p the
 * threads of each process join the map as they are; nothing stops.
 */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include <linux/types.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "cli/cli.h"
#include "engine/engine.h"
#include "filter/sets.h"
#include "kbpf/internal.h"
#include "kbpf/kbpf.h"
#include "kbpf/kbpf_shared.h"
#include "log.h"
#include "output/output.h"
#include "select/path.h"
#include "select/qualify.h"
#include "stats/stats.h"
#include "syscall/net.h"
#include "sysent/sysent.h"

/* count.bpf.o, as count_obj.S includes it. */
extern const unsigned char kbpf_count_obj[], kbpf_count_obj_end[];

static struct bpf_object *obj;
static struct ring_buffer *rb;
static int fd_members = -1, fd_rows = -1, fd_hists = -1, fd_lost = -1;
static int fd_adopt = -1, fd_lcrows = -1, fd_smaps = -1, fd_shists = -1;
static struct bpf_program *prog_adopt;
/* The tracepoint programs' links (the object does not own them). */
static struct bpf_link *tp_links[16];
static unsigned int ntp_links;
static int ncpus;
static struct kbpf_config conf;
/* A script's statements (kbpf_script_set()). */
static struct kbpf_sstmt sstmts[KBPF_SSTMTS];
static unsigned int nsstmts;
/* The ptrace engine runs the trace; the program only a script's part. */
static bool beside;
/* Beside the engine only to be told of execs (kbpf_gate_execs()). */
static bool gate;

/* libbpf's own messages: only under -d (-dd for its debug ones). */
static int libbpf_say(enum libbpf_print_level level, const char *fmt,
		      va_list ap)
{
	if (!cfg.debug || (level == LIBBPF_DEBUG && cfg.debug < 2))
		return 0;
	return vfprintf(stderr, fmt, ap);
}

/* Where the program's configuration lies in its .rodata, by BTF. */
static void *config_in_rodata(size_t *size)
{
	const struct btf *btf = bpf_object__btf(obj);
	const struct btf_var_secinfo *vs;
	const struct btf_type *sec;
	struct bpf_map *m;
	char *data = NULL;
	size_t dsize = 0;
	int id;

	bpf_object__for_each_map(m, obj) {
		const char *name = bpf_map__name(m);
		size_t n = strlen(name);

		/* "NAME.rodata", not "NAME.rodata.cst32". */
		if (bpf_map__is_internal(m) && n >= 7 &&
		    !strcmp(name + n - 7, ".rodata"))
			data = (char *)bpf_map__initial_value(m, &dsize);
	}
	if (!data || !btf)
		return NULL;
	id = btf__find_by_name_kind(btf, ".rodata", BTF_KIND_DATASEC);
	if (id < 0)
		return NULL;
	sec = btf__type_by_id(btf, (__u32)id);
	vs = btf_var_secinfos(sec);
	for (unsigned int i = 0; i < btf_vlen(sec); i++, vs++) {
		const struct btf_type *var = btf__type_by_id(btf, vs->type);

		if (!strcmp(btf__name_by_offset(btf, var->name_off), "cfg") &&
		    vs->offset + vs->size <= dsize) {
			*size = vs->size;
			return data + vs->offset;
		}
	}
	return NULL;
}

static void bits_set(__u64 *bits, unsigned int row)
{
	bits[row / 64] |= 1ULL << (row % 64);
}

static void config_fill(struct kbpf_config *c)
{
	const struct scset *trace = qual_trace_set();

	memset(c, 0, sizeof(*c));
	c->follow = cfg.follow_forks;
	c->announce = !beside;
	/* A script's aggregations: no -c rows, no system time. */
	if (cfg.script)
		trace = NULL;
	c->hist = cfg.hist_set != NULL && !cfg.script;
	c->oncpu = !cfg.summary_wall && !cfg.script;
	c->compat_count = sysent_tables[PERS_COMPAT].count;
	c->socketcall_nr = (__s32)sysent_find(PERS_COMPAT, "socketcall");
	c->ipc_nr = (__s32)sysent_find(PERS_COMPAT, "ipc");
	c->overhead_ns = cfg.summary_overhead_ns;
	for (int p = 0; p < KBPF_NPERS && p < NUM_PERSONALITIES; p++) {
		unsigned int n = sysent_tables[p].count;

		c->execve_nr[p] = (__s32)sysent_find(p, "execve");
		c->execveat_nr[p] = (__s32)sysent_find(p, "execveat");
		/* Numbers without a row are not counted, as under ptrace. */
		for (unsigned int nr = 0; nr < n && nr < KBPF_ROWS; nr++) {
			if (!sysent_lookup(p, nr) || !trace)
				continue;
			if (scset_has(trace, p, nr))
				bits_set(c->trace_bits[p], nr);
			if (cfg.hist_set && scset_has(cfg.hist_set, p, nr))
				bits_set(c->hist_bits[p], nr);
		}
	}
	/* A script's statements, and the syscalls they need an exit of. */
	c->nstmts = nsstmts;
	for (unsigned int i = 0; i < nsstmts; i++) {
		c->stmts[i] = sstmts[i];
		for (unsigned int k = 0; k < sstmts[i].nkeys; k++)
			if (sstmts[i].key_src[k] == KBPF_SRC_USTACK)
				c->ustack = 1;
		for (int p = 0; sstmts[i].at_exit && p < KBPF_NPERS; p++)
			for (unsigned int w = 0; w < KBPF_ROWS / 64; w++)
				c->script_bits[p][w] |= sstmts[i].bits[p][w];
	}
	/* ustack: ptrace takes the holds of tasks that map new code. */
	c->uw_hold = beside || gate;
	c->mmap_nr = (__s32)sysent_find(PERS_NATIVE, "mmap");
	c->mprotect_nr = (__s32)sysent_find(PERS_NATIVE, "mprotect");
	c->mremap_nr = (__s32)sysent_find(PERS_NATIVE, "mremap");
	/* Sub-call rows, selected by the number of the call they carry. */
	for (unsigned int sub = 0; sub < 64; sub++) {
		unsigned int row = c->compat_count + sub;
		long nr;

		c->subcall_nr[sub] = -1;
		if (row >= KBPF_ROWS || !subcall_row_ent(sub, &nr) || nr < 0)
			continue;
		c->subcall_nr[sub] = (__s16)nr;
		c->subcall_rows |= 1ULL << sub;
		if (!trace)
			continue;
		if (scset_has(trace, PERS_COMPAT, nr))
			bits_set(c->trace_bits[PERS_COMPAT], row);
		if (cfg.hist_set && scset_has(cfg.hist_set, PERS_COMPAT, nr))
			bits_set(c->hist_bits[PERS_COMPAT], row);
	}
}

/* A row's syscall: its number's, or the sub-call's after the table. */
static const struct sysent *row_ent(int pers, unsigned int row)
{
	long nr;

	if (pers == PERS_COMPAT && row >= conf.compat_count)
		return subcall_row_ent(row - conf.compat_count, &nr);
	return sysent_lookup(pers, row);
}

static void set_autoload(const char *prog, bool on)
{
	struct bpf_program *p = bpf_object__find_program_by_name(obj, prog);

	if (p)
		bpf_program__set_autoload(p, on);
}

static void set_entries(const char *map, __u32 n)
{
	struct bpf_map *m = bpf_object__find_map_by_name(obj, map);

	if (m)
		bpf_map__set_max_entries(m, n);
}

static bool script_hists(void)
{
	for (unsigned int i = 0; i < nsstmts; i++)
		if (sstmts[i].hist)
			return true;
	return false;
}

static void detach_all(void)
{
	while (ntp_links)
		bpf_link__destroy(tp_links[--ntp_links]);
}

/* The user's words for why loading failed. */
static void say_load_error(char *why, size_t size, int err)
{
	if (err == EPERM || err == EACCES)
		snprintf(why, size,
			 "not privileged (the BPF back end needs root, or "
			 "CAP_BPF and CAP_PERFMON)");
	else
		snprintf(why, size, "cannot load its BPF program: %s",
			 strerror(err));
}

/* A task -f picked up, announced as the ptrace back end announces it. */
static int on_event(void *ctx, void *data, size_t size)
{
	__u32 tid;

	if (size == sizeof(struct kbpf_ev_obj)) {
		kbpf_uw_asked(data);
		return 0;
	}
	if (size < sizeof(tid))
		return 0;
	memcpy(&tid, data, sizeof(tid));
	if (cfg.out_format == OUT_FORMAT_TEXT && !cfg.outfile &&
	    !qual_quiet(QUIET_ATTACH))
		msg_info("Process %u attached", tid);
	return 0;
}

int kbpf_load(char *why, size_t size)
{
	LIBBPF_OPTS(bpf_object_open_opts, oo, .object_name = "sltrace");
	struct bpf_program *prog;
	size_t csize = 0;
	void *c;
	int err;

	if (access("/sys/kernel/btf/vmlinux", R_OK) < 0) {
		snprintf(why, size,
			 "the kernel has no BTF (/sys/kernel/btf/vmlinux)");
		return -1;
	}
	libbpf_set_print(libbpf_say);
	obj = bpf_object__open_mem(kbpf_count_obj,
				   (size_t)(kbpf_count_obj_end - kbpf_count_obj),
				   &oo);
	if (!obj) {
		snprintf(why, size, "cannot open its BPF program: %s",
			 strerror(errno));
		return -1;
	}
	if ((!beside || gate) && kbpf_lc_prepare(why, size) < 0)
		goto fail;
	c = config_in_rodata(&csize);
	if (!c || csize != sizeof(conf)) {
		snprintf(why, size, "its BPF program has no configuration");
		goto fail;
	}
	config_fill(&conf);
	memcpy(c, &conf, sizeof(conf));
	/* -w: no system time to measure, no look at every task switch. */
	/* Preallocated per CPU: only what is used is made big. */
	set_entries("hists", conf.hist ? 4096 : 1);
	set_entries("smaps", nsstmts ? KBPF_SMAP_KEYS : 1);
	set_entries("shists", script_hists() ? KBPF_SHIST_KEYS : 1);
	/* ustack's tables, only when a statement walks stacks. */
	if (!conf.ustack) {
		set_entries("uw_objs", 1);
		set_entries("uw_rows", 1);
		set_entries("uw_asked", 1);
		set_entries("ustacks", 1);
		set_entries("uw_held", 1);
		set_entries("uw_maps", 1);
	}
	set_autoload("uw_vmas", conf.ustack);
	set_autoload("on_switch", conf.oncpu);
	set_autoload("lc_entry", kbpf_lc_active());
	set_autoload("lc_return", kbpf_lc_active());
	err = bpf_object__load(obj);
	if (err) {
		say_load_error(why, size, -err);
		goto fail;
	}
	fd_members = bpf_object__find_map_fd_by_name(obj, "members");
	fd_adopt = bpf_object__find_map_fd_by_name(obj, "adopt_arg");
	fd_lcrows = bpf_object__find_map_fd_by_name(obj, "lcrows");
	prog_adopt = bpf_object__find_program_by_name(obj, "adopt");
	fd_rows = bpf_object__find_map_fd_by_name(obj, "rows");
	fd_hists = bpf_object__find_map_fd_by_name(obj, "hists");
	fd_lost = bpf_object__find_map_fd_by_name(obj, "lost");
	fd_smaps = bpf_object__find_map_fd_by_name(obj, "smaps");
	fd_shists = bpf_object__find_map_fd_by_name(obj, "shists");
	bpf_object__for_each_program(prog, obj) {
		/* The iterator runs when tasks are adopted; the uprobes go
		 * in for the process the count is of (lc.c). */
		if (!bpf_program__autoload(prog) || prog == prog_adopt ||
		    !strcmp(bpf_program__name(prog), "uw_vmas") ||
		    !strcmp(bpf_program__name(prog), "lc_entry") ||
		    !strcmp(bpf_program__name(prog), "lc_return"))
			continue;
		struct bpf_link *l = ntp_links < 16 ?
					     bpf_program__attach(prog) : NULL;

		if (!l) {
			snprintf(why, size, "cannot attach %s: %s",
				 bpf_program__section_name(prog),
				 strerror(errno ? errno : ENOSPC));
			goto fail;
		}
		tp_links[ntp_links++] = l;
	}
	rb = ring_buffer__new(bpf_object__find_map_fd_by_name(obj, "events"),
			      on_event, NULL, NULL);
	if (!rb) {
		snprintf(why, size, "no ring buffer: %s", strerror(errno));
		goto fail;
	}
	if (conf.ustack && kbpf_uw_init(obj) < 0) {
		snprintf(why, size, "its BPF program has no ustack maps");
		goto fail;
	}
	ncpus = libbpf_num_possible_cpus();
	if (ncpus <= 0) {
		snprintf(why, size, "cannot count the CPUs");
		goto fail;
	}
	debug("BPF back end: program loaded (%d CPUs)", ncpus);
	return 0;
fail:
	detach_all();
	kbpf_lc_finish();
	kbpf_uw_finish();
	bpf_object__close(obj);
	obj = NULL;
	return -1;
}

static void unload(void)
{
	detach_all();
	kbpf_lc_finish();
	kbpf_uw_finish();
	ring_buffer__free(rb);
	rb = NULL;
	bpf_object__close(obj);
	obj = NULL;
}

/* --- reading the maps ------------------------------------------------ */

static void collect_rows(void)
{
	struct kbpf_row *v = calloc((size_t)ncpus, sizeof(*v));

	if (!v)
		return;
	for (__u32 key = 0; key < KBPF_NPERS * KBPF_ROWS; key++) {
		int pers = (int)(key / KBPF_ROWS);
		unsigned int nr = key % KBPF_ROWS;
		const struct sysent *ent;
		struct stats_sums s = { 0 };
		bool first = true;

		if (pers >= NUM_PERSONALITIES ||
		    !(conf.trace_bits[pers][nr / 64] >> (nr % 64) & 1))
			continue;
		if (bpf_map_lookup_elem(fd_rows, &key, v) < 0)
			continue;
		for (int c = 0; c < ncpus; c++) {
			const struct kbpf_row *r = &v[c];
			uint64_t t = cfg.summary_wall ? r->wall_ns : r->sys_ns;
			uint64_t tmin = cfg.summary_wall ? r->wall_min : r->sys_min;
			uint64_t tmax = cfg.summary_wall ? r->wall_max : r->sys_max;

			if (!r->calls)
				continue;
			s.calls += r->calls;
			s.errors += r->errors;
			s.time_ns += t;
			s.wall_ns += r->wall_ns;
			if (first || tmin < s.min_ns)
				s.min_ns = tmin;
			if (first || r->wall_min < s.wall_min_ns)
				s.wall_min_ns = r->wall_min;
			if (tmax > s.max_ns)
				s.max_ns = tmax;
			if (r->wall_max > s.wall_max_ns)
				s.wall_max_ns = r->wall_max;
			first = false;
		}
		ent = row_ent(pers, nr);
		if (!s.calls || !ent)
			continue;
		s.name = ent->name;
		stats_merge(STATS_SYSCALL, pers, nr, &s);
	}
	free(v);
}

static void collect_hists(void)
{
	struct kbpf_hist *v = calloc((size_t)ncpus, sizeof(*v));
	struct kbpf_hist_key key, next;
	void *prev = NULL;

	if (!v)
		return;
	while (bpf_map_get_next_key(fd_hists, prev, &next) == 0) {
		uint64_t sum[KBPF_HIST_BUCKETS] = { 0 };

		key = next;
		prev = &key;
		if (bpf_map_lookup_elem(fd_hists, &key, v) < 0)
			continue;
		for (int c = 0; c < ncpus; c++)
			for (int b = 0; b < KBPF_HIST_BUCKETS; b++)
				sum[b] += v[c].buckets[b];
		if (key.row & KBPF_LC_HIST_FLAG)
			kbpf_lc_hist(key.row & ~KBPF_LC_HIST_FLAG, sum);
		else
			stats_merge_hist(STATS_SYSCALL,
					 (int)(key.row / KBPF_ROWS),
					 key.row % KBPF_ROWS, key.err, sum);
	}
	free(v);
}

uint64_t kbpf_percpu_sum(int fd, int cpus)
{
	__u64 *v = fd >= 0 ? calloc((size_t)cpus, sizeof(*v)) : NULL;
	__u32 zero = 0;
	uint64_t n = 0;

	if (v && bpf_map_lookup_elem(fd, &zero, v) == 0)
		for (int c = 0; c < cpus; c++)
			n += v[c];
	free(v);
	return n;
}

static uint64_t lost_calls(void)
{
	return kbpf_percpu_sum(fd_lost, ncpus);
}

int kbpf_script_set(const struct kbpf_sstmt *st, unsigned int n)
{
	if (n > KBPF_SSTMTS)
		return -1;
	memcpy(sstmts, st, n * sizeof(*st));
	nsstmts = n;
	return 0;
}

/* hist()'s buckets of key, summed over the CPUs; false if none. */
static bool script_buckets(const struct kbpf_skey *key, __u64 *buckets)
{
	struct kbpf_hist *h = calloc((size_t)ncpus, sizeof(*h));
	bool ok = h && bpf_map_lookup_elem(fd_shists, key, h) == 0;

	memset(buckets, 0, KBPF_HIST_BUCKETS * sizeof(*buckets));
	for (int c = 0; ok && c < ncpus; c++)
		for (int b = 0; b < KBPF_HIST_BUCKETS; b++)
			buckets[b] += h[c].buckets[b];
	free(h);
	return ok;
}

void kbpf_script_collect(kbpf_script_fn fn, void *ctx)
{
	struct kbpf_sval *v = calloc((size_t)ncpus, sizeof(*v));
	struct kbpf_skey key, next, *prev = NULL;
	__u64 buckets[KBPF_HIST_BUCKETS];
	struct kbpf_sval sum;

	if (!v || fd_smaps < 0) {
		free(v);
		return;
	}
	while (bpf_map_get_next_key(fd_smaps, prev, &next) == 0) {
		key = next;
		prev = &key;
		if (bpf_map_lookup_elem(fd_smaps, &key, v) < 0)
			continue;
		memset(&sum, 0, sizeof(sum));
		for (int c = 0; c < ncpus; c++) {
			const struct kbpf_sval *a = &v[c];

			if (!a->count)
				continue;
			if (!sum.count || a->min < sum.min)
				sum.min = a->min;
			if (!sum.count || a->max > sum.max)
				sum.max = a->max;
			sum.count += a->count;
			sum.sum += a->sum;
		}
		fn(ctx, &key, &sum,
		   key.stmt < nsstmts && sstmts[key.stmt].hist &&
				   script_buckets(&key, buckets) ?
			   buckets :
			   NULL);
	}
	free(v);
}

/* The tables as the maps hold them now: they count from the start. */
static void collect(void)
{
	stats_clear();
	collect_rows();
	if (kbpf_lc_active())
		kbpf_lc_collect(fd_lcrows, ncpus);
	if (conf.hist)
		collect_hists();
}

void kbpf_check_lost(void)
{
	uint64_t lost = lost_calls();

	uint64_t cut = conf.ustack ? kbpf_uw_cut(ncpus) : 0;

	if (lost)
		log_error("%llu calls not counted: a BPF map was full",
			  (unsigned long long)lost);
	if (cut)
		log_error("%llu stacks cut short: code with no unwind table "
			  "(not yet read, or none)", (unsigned long long)cut);
}

void kbpf_collect(bool last)
{
	collect();
	if (last)
		kbpf_check_lost();
}

/* --- the tasks ------------------------------------------------------- */

/*
 * The threads of tgid (only tid, if not 0) join the traced tasks in
 * state, by the adopt iterator of the program, which sees every task.
 * How many joined, or -errno.
 */
static int adopt(pid_t tgid, pid_t tid, __u32 state)
{
	struct kbpf_adopt a = { .tgid = tgid, .tid = tid, .state = state };
	struct bpf_link *link;
	__u32 zero = 0;
	char buf[64];
	int fd, err;

	if (bpf_map_update_elem(fd_adopt, &zero, &a, BPF_ANY) < 0)
		return -errno;
	link = bpf_program__attach_iter(prog_adopt, NULL);
	if (!link)
		return -errno;
	fd = bpf_iter_create(bpf_link__fd(link));
	if (fd < 0) {
		err = -errno;
		bpf_link__destroy(link);
		return err;
	}
	while (read(fd, buf, sizeof(buf)) > 0)
		;
	close(fd);
	bpf_link__destroy(link);
	if (bpf_map_lookup_elem(fd_adopt, &zero, &a) < 0)
		return -errno;
	return (int)a.joined;
}

/*
 * Whether any traced task is left.  A task whose exit the program did
 * not see (it exited as it was added) is dropped here.
 */
static bool tasks_left(void)
{
	__u32 key, next;
	void *prev = NULL;
	bool any = false;

	while (bpf_map_get_next_key(fd_members, prev, &next) == 0) {
		char path[32];

		key = next;
		prev = &key;
		snprintf(path, sizeof(path), "/proc/%u", key);
		if (access(path, F_OK) == 0)
			any = true;
		else
			bpf_map_delete_elem(fd_members, &key);
	}
	return any;
}

/* -p: every thread of pid.  Threads seen, or -errno. */
static int watch_process(pid_t pid)
{
	int n;

	/* Its code's files before its first stack is walked. */
	if (conf.ustack)
		kbpf_uw_scan(pid);
	n = adopt(pid, 0, KBPF_TASK_ACTIVE);

	return n == 0 ? -ESRCH : n;
}

void kbpf_beside_ptrace(void)
{
	beside = true;
}

/* Some statement of the script keys by ustack. */
static bool ustack_wanted(void)
{
	for (unsigned int i = 0; i < nsstmts; i++)
		for (unsigned int k = 0; k < sstmts[i].nkeys; k++)
			if (sstmts[i].key_src[k] == KBPF_SRC_USTACK)
				return true;
	return false;
}

/*
 * The launched command's stacks walk code the kernel must have unwind
 * rows for before it runs: the engine stops it at its execs and at the
 * mmap calls that map code (kbpf_gate_mmaps()), where the files are
 * read.  A -p process's files are read when it is adopted, and those it
 * maps later when the program first meets them (kbpf_uw_asked()).
 */
bool kbpf_exec_gate(void)
{
	return kbpf_lc_gated() || (ustack_wanted() && cfg.argv);
}

void kbpf_gate_execs(void)
{
	beside = true;
	gate = true;
}

void kbpf_exec(pid_t pid)
{
	if (gate && obj && kbpf_lc_active())
		kbpf_lc_exec(obj, pid);
}

int kbpf_watch(pid_t pid, bool launched)
{
	int n;

	if (!launched && conf.ustack)
		kbpf_uw_scan(pid);
	n = adopt(pid, launched ? pid : 0,
		  launched ? KBPF_TASK_WAIT_EXEC : KBPF_TASK_ACTIVE);

	/* The command's program is probed at its execve. */
	if (n > 0 && !launched)
		kbpf_exec(pid);
	return n > 0 ? 0 : n == 0 ? -ESRCH : n;
}

static const int fatal_signals[] = { SIGHUP, SIGINT, SIGQUIT, SIGTERM };

/*
 * The signals read from the signalfd: the child's end and, unless -I
 * (or "-o FILE PROG") keeps them blocked, the ones that end the trace.
 */
static int signals_setup(sigset_t *set)
{
	int intr = cfg.interruptible;
	sigset_t block;

	if (!intr)
		intr = cfg.outfile && cfg.argv && !cfg.n_attach ?
			INTR_NEVER : INTR_WAITING;
	sigemptyset(set);
	sigaddset(set, SIGCHLD);
	sigemptyset(&block);
	for (size_t i = 0; i < sizeof(fatal_signals) / sizeof(int); i++) {
		sigaddset(&block, fatal_signals[i]);
		if (intr < INTR_NEVER)
			sigaddset(set, fatal_signals[i]);
	}
	if (intr == INTR_NEVER_TSTP)
		sigaddset(&block, SIGTSTP);
	sigaddset(&block, SIGCHLD);
	signal(SIGPIPE, SIG_IGN);
	sigprocmask(SIG_BLOCK, &block, NULL);
	return signalfd(-1, set, SFD_CLOEXEC | SFD_NONBLOCK);
}

static int interval_timer(void)
{
	struct itimerspec it = { 0 };
	int fd;

	if (cfg.summary_interval <= 0)
		return -1;
	fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
	if (fd < 0)
		return -1;
	it.it_interval.tv_sec = (time_t)cfg.summary_interval;
	it.it_interval.tv_nsec =
		(long)((cfg.summary_interval - (double)it.it_interval.tv_sec) *
		       1e9);
	it.it_value = it.it_interval;
	timerfd_settime(fd, 0, &it, NULL);
	return fd;
}

static pid_t launch(void)
{
	struct engine_config ec = {
		.argv = cfg.argv,
		.username = cfg.username,
		.env_ops = cfg.env_ops,
		.n_env_ops = cfg.n_env_ops,
	};
	pid_t pid = launch_held(&ec);
	char why[256];
	int rc;

	if (pid < 0)
		return -1;
	rc = adopt(pid, pid, KBPF_TASK_WAIT_EXEC);
	if (rc <= 0) {
		rc = rc < 0 ? rc : -ESRCH;
		/* Never exec'd: nothing of the user's ran. */
		launch_go(false);
		waitpid(pid, NULL, 0);
		log_error("cannot count the command's calls: %s",
			  strerror(-rc));
		return -1;
	}
	if (kbpf_lc_attach(obj, pid, why, sizeof(why)) < 0) {
		launch_go(false);
		waitpid(pid, NULL, 0);
		log_error("cannot count library calls: %s", why);
		return -1;
	}
	out_release_std_in_out();
	launch_go(true);
	return pid;
}

static unsigned int attach_all(void)
{
	unsigned int n = 0;

	for (size_t i = 0; i < cfg.n_attach; i++) {
		pid_t pid = cfg.attach_pids[i];
		int threads = watch_process(pid);

		if (threads < 0) {
			log_error("attach: cannot count %d: %s", pid,
				  strerror(-threads));
			continue;
		}
		n++;
		debug("BPF back end: pid %d: %d threads watched", pid, threads);
		if (cfg.out_format != OUT_FORMAT_TEXT ||
		    qual_quiet(QUIET_ATTACH))
			continue;
		if (threads > 1)
			msg_info("Process %d attached with %d threads", pid,
				 threads);
		else
			msg_info("Process %d attached", pid);
	}
	return n;
}

int kbpf_run(int *killed_by)
{
	pid_t child = 0;
	int status = 0, sfd, tfd, sig = 0;
	bool child_done = false;
	sigset_t set;

	*killed_by = 0;
	/* Whatever happens, kbpf_finish() unloads the program. */
	if (cfg.argv) {
		child = launch();
		if (child < 0)
			return 1;
	}
	if (cfg.n_attach && !attach_all() && !child)
		return 1;
	if (!child && kbpf_lc_active()) {
		char why[256];

		if (kbpf_lc_attach(obj, cfg.attach_pids[0], why,
				   sizeof(why)) < 0) {
			log_error("cannot count library calls: %s", why);
			return 1;
		}
	}
	sfd = signals_setup(&set);
	tfd = interval_timer();
	for (;;) {
		struct pollfd pfd[3] = {
			{ .fd = sfd, .events = POLLIN },
			{ .fd = ring_buffer__epoll_fd(rb), .events = POLLIN },
			{ .fd = tfd, .events = POLLIN },
		};
		struct signalfd_siginfo si;
		int timeout;

		/* Its end may have come before the signalfd: look first. */
		if (child && !child_done &&
		    waitpid(child, &status, WNOHANG) == child)
			child_done = true;
		if (sig || ((!child || child_done) && !tasks_left()))
			break;
		/* Tasks not our children end unseen: look every 50 ms. */
		timeout = !child || child_done ? 50 : -1;
		if (poll(pfd, tfd >= 0 ? 3 : 2, timeout) < 0 && errno != EINTR)
			break;
		ring_buffer__consume(rb);
		while (read(sfd, &si, sizeof(si)) == sizeof(si))
			if (si.ssi_signo != SIGCHLD)
				sig = (int)si.ssi_signo;
		if (tfd >= 0 && (pfd[2].revents & POLLIN)) {
			uint64_t n;

			if (read(tfd, &n, sizeof(n)) > 0) {
				collect();
				stats_print_tables();
			}
		}
	}
	ring_buffer__consume(rb);
	if (sig) {
		debug("signal %d: the count ends", sig);
		/* strace passes the signal on to the command it started. */
		if (child && !child_done)
			kill(child, sig);
		else if (cfg.out_format == OUT_FORMAT_TEXT &&
			 !qual_quiet(QUIET_ATTACH))
			for (size_t i = 0; i < cfg.n_attach; i++)
				msg_info("Process %d detached",
					 cfg.attach_pids[i]);
		*killed_by = sig;
	}
	collect();
	kbpf_check_lost();
	/* Unloaded by kbpf_finish(), after the tables are out: taking the
	 * uprobes out waits for the kernel (a tenth of a second each). */
	if (tfd >= 0)
		close(tfd);
	if (sfd >= 0)
		close(sfd);
	if (sig)
		return 128 + sig;
	if (child && WIFSIGNALED(status)) {
		*killed_by = WTERMSIG(status);
		return 128 + WTERMSIG(status);
	}
	return child ? WEXITSTATUS(status) : 0;
}

void kbpf_finish(void)
{
	unload();
}

const char *kbpf_beside_unsupported(void)
{
	/* The engine would let go while the kernel goes on counting. */
	if (cfg.detach_on_execve)
		return "-b execve";
	if (cfg.syscall_limit)
		return "--syscall-limit";
	if (cfg.daemonize)
		return "-D";
	return NULL;
}

const char *kbpf_unsupported(void)
{
	const char *lc = kbpf_lc_unsupported(), *alone;

	if (cfg.script) {
		/* What the script's clauses need: src/script/kernel.c. */
		if (cfg.summary != SUMMARY_NONE)
			return "-c beside a script";
		if (cfg.script_with_lines)
			return "-e trace= or signal= beside a script";
		if (cfg.lc_mode)
			return "-l beside a script";
	} else if (cfg.summary == SUMMARY_NONE) {
		return "a trace";
	} else if (cfg.summary == SUMMARY_TOO && cfg.lc_mode) {
		/* ptrace's breakpoints and uprobes on the same entries */
		return "-C with -l";
	}
	if (lc)
		return lc;
	if (cfg.n_probes)
		return "--probe";
	if (cfg.stack_trace)
		return "-k";
	if (qualify_get()->n_inject)
		return "-e inject=";
	/* What ptrace does alone does not let the kernel count alone. */
	if ((alone = kbpf_beside_unsupported()))
		return alone;
	if (pathfilter_active())
		return "-P";
	return NULL;
}
