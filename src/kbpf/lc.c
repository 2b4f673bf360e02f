/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Library calls counted in the kernel: -c -l PATTERN without a stop.
 *
 * The ptrace back end counts the calls the program makes through its
 * own PLT to the functions -l names.  Here the same calls are counted by
 * a uprobe on each such PLT entry (the call goes through it, whoever
 * defines the function) and a uretprobe on the return to the caller,
 * the function's row as the attach cookie; count.bpf.c adds each call
 * to the lcrows map.  The probes are for the traced process only.
 *
 * With -f a child may exec another program, whose PLT must have its
 * probes before its first instruction: nothing in BPF can hold a task
 * until then, so the ptrace engine follows the tasks, stopping them at
 * their forks and execs only, and kbpf_lc_exec() probes each program
 * at its exec stop (kbpf_gate_execs()).
 *
 * What needs the library known (-l PATTERN@LIB), ltrace's mode, -L and
 * calls that go through the GOT alone (-fno-plt) stay on ptrace.  A
 * script's call: clauses that only aggregate are counted by the same
 * probes (kbpf_calls_prepare()).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include <linux/types.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "cli/cli.h"
#include "engine/engine.h"
#include "filter/rules.h"
#include "kbpf/internal.h"
#include "kbpf/kbpf.h"
#include "kbpf/kbpf_shared.h"
#include "libcall/elf.h"
#include "libcall/libcall.h"
#include "log.h"
#include "stats/stats.h"

/* A row of the table: a function, whichever programs call it. */
struct lc_func {
	char *name;
};

/* A probe to put in: a PLT entry of the file being probed. */
struct lc_probe {
	unsigned int row;
	uint64_t vaddr;		/* link-time address */
	uint64_t off;		/* the same in the file */
};

/* A program whose PLT was looked at, probed or not (nothing to probe). */
struct lc_file {
	dev_t dev;
	ino_t ino;
};

static struct lc_func *funcs;
static unsigned int nfuncs;
static char *exe;		/* the program's path */
static struct bpf_link **links;
static unsigned int nlinks, caplinks;
/* The probes of the last file looked at, until they are in. */
static struct lc_probe *probes;
static unsigned int nprobes;
static struct lc_file *files;
static unsigned int nfiles;
/* The rules the functions are chosen by: -l's, or a script's call:. */
static const struct lc_ruleset *rules;
static bool prepared, script_rules;
/* A script's: which statements a row fires; the rows told so far. */
static kbpf_call_mask_fn call_mask;
static unsigned int rows_told;

bool kbpf_lc_active(void)
{
	return nfuncs > 0 || kbpf_lc_gated();
}

const char *kbpf_lc_unsupported(void)
{
	if (!cfg.lc_mode)
		return NULL;
	if (cfg.lc_style != LC_STYLE_SLTRACE)
		return "ltrace's mode";
	if (cfg.lc_entry.n)
		return "-L";
	if (!cfg.lc_plt.main_only)
		return "library calls of every object";
	for (size_t i = 0; i < cfg.lc_plt.n; i++)
		if (cfg.lc_plt.v[i].lib)
			return "-l PATTERN@LIB";
	if (cfg.n_attach + (cfg.argv != NULL) != 1)
		return "-l with several processes";
	return NULL;
}

bool kbpf_lc_gated(void)
{
	return cfg.follow_forks && (script_rules ? call_mask != NULL :
				    cfg.lc_mode != LC_OFF);
}

/* The file offsets of the probes, from path's PT_LOADs. */
static int file_offsets(const char *path, const char *name, char *why,
			size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t nph = 0;
	Elf *elf;

	if (fd < 0) {
		snprintf(why, size, "cannot open %s: %s", name,
			 strerror(errno));
		return -1;
	}
	elf_version(EV_CURRENT);
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (!elf || elf_getphdrnum(elf, &nph) < 0) {
		snprintf(why, size, "%s: %s", name, elf_errmsg(-1));
		if (elf)
			elf_end(elf);
		close(fd);
		return -1;
	}
	for (unsigned int i = 0; i < nprobes; i++) {
		struct lc_probe *p = &probes[i];
		bool found = false;

		for (size_t k = 0; k < nph && !found; k++) {
			GElf_Phdr ph;

			if (!gelf_getphdr(elf, (int)k, &ph) ||
			    ph.p_type != PT_LOAD || p->vaddr < ph.p_vaddr ||
			    p->vaddr >= ph.p_vaddr + ph.p_filesz)
				continue;
			p->off = p->vaddr - ph.p_vaddr + ph.p_offset;
			found = true;
		}
		if (!found) {
			snprintf(why, size, "%s: the PLT entry of %s is in no "
				 "segment", name, funcs[p->row].name);
			elf_end(elf);
			close(fd);
			return -1;
		}
	}
	elf_end(elf);
	close(fd);
	return 0;
}

/* The row of the function name, added if new; -1 when full. */
static int row_of(const char *name)
{
	struct lc_func *v;

	for (unsigned int i = 0; i < nfuncs; i++)
		if (!strcmp(funcs[i].name, name))
			return (int)i;
	if (nfuncs == KBPF_LC_ROWS)
		return -1;
	v = realloc(funcs, (nfuncs + 1) * sizeof(*v));
	if (!v)
		return -1;
	funcs = v;
	funcs[nfuncs].name = strdup(name);
	if (!funcs[nfuncs].name)
		return -1;
	return (int)nfuncs++;
}

static int add_probe(const char *name, uint64_t vaddr)
{
	struct lc_probe *v;
	int row = row_of(name);

	if (row < 0)
		return -1;
	v = realloc(probes, (nprobes + 1) * sizeof(*v));
	if (!v)
		return -1;
	probes = v;
	probes[nprobes++] = (struct lc_probe){ .row = (unsigned int)row,
					       .vaddr = vaddr };
	return 0;
}

/*
 * Was the program at path looked at already?  Else it is from now on:
 * a program exec'd again, by any task, has its probes.
 */
static bool file_seen(const char *path)
{
	struct lc_file *v;
	struct stat st;

	if (stat(path, &st) < 0)
		return false;
	for (unsigned int i = 0; i < nfiles; i++)
		if (files[i].dev == st.st_dev && files[i].ino == st.st_ino)
			return true;
	v = realloc(files, (nfiles + 1) * sizeof(*v));
	if (v) {
		files = v;
		files[nfiles++] = (struct lc_file){ st.st_dev, st.st_ino };
	}
	return false;
}

/*
 * The probes the program at path (called name) needs: its PLT entries
 * for the functions the rules name.  0, or -1 with why.
 */
static int scan(const char *path, const char *name, char *why, size_t size)
{
	const struct elfobj_plt *plts;
	struct elfobj *obj;
	struct lc_obj caller;
	size_t n;
	int rc;

	nprobes = 0;
	rc = elfobj_open(path, &obj);
	if (rc < 0) {
		snprintf(why, size, "cannot read %s: %s", name, strerror(-rc));
		return -1;
	}
	caller = (struct lc_obj){
		.name = name,
		.path = path,
		.is_main = true,
	};
	n = elfobj_plts(obj, &plts);
	for (size_t i = 0; i < n; i++) {
		const struct elfobj_plt *p = &plts[i];

		if (!p->name || !lc_rules_match_obj(rules, p->name, NULL,
						     &caller, NULL))
			continue;
		/*
		 * A uretprobe replaces the return address: a second return
		 * through it (setjmp's longjmp, vfork's parent) would find
		 * it spent and the kernel kill the task.  The ptrace back
		 * end counts no such call (it never sees it end); a script
		 * fires at their entry, which needs ptrace.
		 */
		if (!lc_returns_once(p->name)) {
			if (script_rules) {
				snprintf(why, size, "%s returns twice or never: "
					 "its return cannot be probed", p->name);
				elfobj_close(obj);
				return -1;
			}
			continue;
		}
		if (p->kind == ELFOBJ_PLT_NONE) {
			snprintf(why, size, "%s calls %s through its GOT "
				 "(-fno-plt): no PLT entry to probe",
				 name, p->name);
			elfobj_close(obj);
			return -1;
		}
		if (add_probe(p->name, p->plt) < 0) {
			snprintf(why, size, "too many functions");
			elfobj_close(obj);
			return -1;
		}
	}
	elfobj_close(obj);
	return nprobes ? file_offsets(path, name, why, size) : 0;
}

static int prepare(char *why, size_t size)
{
	const char *base;

	if (cfg.argv) {
		exe = launch_resolve_path(cfg.argv[0]);
		if (!exe) {
			snprintf(why, size, "no program to probe");
			return -1;
		}
	} else if (asprintf(&exe, "/proc/%d/exe", cfg.attach_pids[0]) < 0) {
		exe = NULL;
		snprintf(why, size, "out of memory");
		return -1;
	}
	base = strrchr(exe, '/');
	/* With -f, looked at now for what it needs, probed at its exec
	 * (kbpf_lc_exec()). */
	return scan(exe, base ? base + 1 : exe, why, size);
}

int kbpf_lc_prepare(char *why, size_t size)
{
	if (prepared || !cfg.lc_mode)
		return 0;
	rules = &cfg.lc_plt;
	return prepare(why, size);
}

int kbpf_calls_prepare(const struct lc_ruleset *rs, char *why, size_t size)
{
	if (prepared)
		return 0;
	if (cfg.n_attach + (cfg.argv != NULL) != 1) {
		snprintf(why, size, "call: with several processes");
		return -1;
	}
	rules = rs;
	prepared = true;
	script_rules = true;
	return prepare(why, size);
}

void kbpf_calls_match(kbpf_call_mask_fn fn)
{
	call_mask = fn;
}

const char *kbpf_call_name(unsigned int row)
{
	return row < nfuncs ? funcs[row].name : NULL;
}

/* The probes scan() found, into the program at path, for pid. */
static int attach(struct bpf_object *obj, const char *path, pid_t pid,
		  char *why, size_t size)
{
	struct bpf_program *entry, *ret;

	entry = bpf_object__find_program_by_name(obj, "lc_entry");
	ret = bpf_object__find_program_by_name(obj, "lc_return");
	if (!entry || !ret) {
		snprintf(why, size, "no library-call programs");
		return -1;
	}
	/* The script's statements each new function fires, before it can. */
	if (call_mask && rows_told < nfuncs) {
		int fd = bpf_object__find_map_fd_by_name(obj, "callmask");

		for (; rows_told < nfuncs; rows_told++) {
			__u32 m = call_mask(funcs[rows_told].name);

			if (bpf_map_update_elem(fd, &rows_told, &m, BPF_ANY)) {
				snprintf(why, size, "cannot fill the callmask map: %s",
					 strerror(errno));
				return -1;
			}
		}
	}
	if (nlinks + 2 * nprobes > caplinks) {
		unsigned int cap = nlinks + 2 * nprobes + 64;
		struct bpf_link **v = realloc(links, cap * sizeof(*v));

		if (!v) {
			snprintf(why, size, "out of memory");
			return -1;
		}
		links = v;
		caplinks = cap;
	}
	for (unsigned int i = 0; i < nprobes; i++) {
		const struct lc_probe *p = &probes[i];
		LIBBPF_OPTS(bpf_uprobe_opts, o, .bpf_cookie = p->row);
		struct bpf_link *l;

		l = bpf_program__attach_uprobe_opts(entry, pid, path, p->off,
						    &o);
		if (l) {
			links[nlinks++] = l;
			o.retprobe = true;
			l = bpf_program__attach_uprobe_opts(ret, pid, path,
							    p->off, &o);
		}
		if (!l) {
			snprintf(why, size, "cannot probe %s: %s",
				 funcs[p->row].name, strerror(errno));
			return -1;
		}
		links[nlinks++] = l;
	}
	nprobes = 0;
	return 0;
}

int kbpf_lc_attach(struct bpf_object *obj, pid_t pid, char *why,
		   size_t size)
{
	return attach(obj, exe, pid, why, size);
}

/*
 * With -f, pid exec'd a program (it is at its exec stop, the program not
 * started), or is a -p process: its PLT gets probes unless it had them.
 * They are every process's that runs the program, count.bpf.c keeping
 * to the traced tasks: a child forked has the probes its parent has,
 * and a program exec'd again has them already.  What cannot be probed
 * is said once; the count goes on without its calls.
 */
void kbpf_lc_exec(struct bpf_object *obj, pid_t pid)
{
	char path[64], name[256], why[512];
	const char *base, *slash;
	ssize_t n;

	snprintf(path, sizeof(path), "/proc/%d/exe", pid);
	if (file_seen(path))
		return;
	n = readlink(path, name, sizeof(name) - 1);
	if (n <= 0)
		n = snprintf(name, sizeof(name), "%s", path);
	name[n] = '\0';
	slash = strrchr(name, '/');
	base = slash ? slash + 1 : name;
	if (scan(path, base, why, sizeof(why)) < 0 ||
	    attach(obj, path, -1, why, sizeof(why)) < 0) {
		log_error("the library calls of %s (pid %d) are not counted: "
			  "%s", base, pid, why);
		nprobes = 0;
		return;
	}
	debug("library calls of %s (pid %d): probed", name, pid);
}

void kbpf_lc_collect(int fd_lcrows, int ncpus)
{
	struct kbpf_row *v = calloc((size_t)ncpus, sizeof(*v));

	if (!v)
		return;
	for (__u32 key = 0; key < nfuncs; key++) {
		struct stats_sums s = { .name = funcs[key].name };
		bool first = true;

		if (bpf_map_lookup_elem(fd_lcrows, &key, v) < 0)
			continue;
		for (int c = 0; c < ncpus; c++) {
			const struct kbpf_row *r = &v[c];

			if (!r->calls)
				continue;
			s.calls += r->calls;
			s.wall_ns += r->wall_ns;
			if (first || r->wall_min < s.wall_min_ns)
				s.wall_min_ns = r->wall_min;
			if (r->wall_max > s.wall_max_ns)
				s.wall_max_ns = r->wall_max;
			first = false;
		}
		/* No CPU time of its own: counted by the clock, as ptrace does. */
		s.time_ns = s.wall_ns;
		s.min_ns = s.wall_min_ns;
		s.max_ns = s.wall_max_ns;
		stats_merge(STATS_LIBCALL, 0, key, &s);
	}
	free(v);
}

void kbpf_lc_hist(unsigned int row, const uint64_t *buckets)
{
	if (row < nfuncs)
		stats_merge_hist(STATS_LIBCALL, 0, row, 0, buckets);
}

void kbpf_lc_finish(void)
{
	for (unsigned int i = 0; i < nlinks; i++)
		bpf_link__destroy(links[i]);
	free(links);
	links = NULL;
	nlinks = caplinks = 0;
	free(probes);
	probes = NULL;
	free(files);
	files = NULL;
	nfiles = 0;
	/* The tables keep pointers to the names until the end. */
	free(exe);
	exe = NULL;
}
