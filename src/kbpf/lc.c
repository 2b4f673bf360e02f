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
 * What needs the library known (-l PATTERN@LIB), ltrace's mode, -L,
 * -f (other programs' PLTs) and calls that go through the GOT alone
 * (-fno-plt) stay on ptrace.  A script's call: clauses that only
 * aggregate are counted by the same probes (kbpf_calls_prepare()).
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

#include <linux/types.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "cli/cli.h"
#include "engine/engine.h"
#include "filter/rules.h"
#include "kbpf/internal.h"
#include "kbpf/kbpf_shared.h"
#include "libcall/elf.h"
#include "libcall/libcall.h"
#include "stats/stats.h"

struct lc_func {
	char *name;
	uint64_t vaddr;		/* its PLT entry, link-time address */
	uint64_t off;		/* the same in the file */
};

static struct lc_func *funcs;
static unsigned int nfuncs;
static char *exe;		/* the program's path */
static struct bpf_link **links;
static unsigned int nlinks;
/* The rules the functions are chosen by: -l's, or a script's call:. */
static const struct lc_ruleset *rules;
static bool prepared, script_rules;

bool kbpf_lc_active(void)
{
	return nfuncs > 0;
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
	if (cfg.follow_forks)
		return "-l with -f";
	if (cfg.n_attach + (cfg.argv != NULL) != 1)
		return "-l with several processes";
	return NULL;
}

/* The file offsets of the PLT entries, from the program's PT_LOADs. */
static int file_offsets(char *why, size_t size)
{
	int fd = open(exe, O_RDONLY | O_CLOEXEC);
	size_t nph = 0;
	Elf *elf;

	if (fd < 0) {
		snprintf(why, size, "cannot open %s: %s", exe, strerror(errno));
		return -1;
	}
	elf_version(EV_CURRENT);
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (!elf || elf_getphdrnum(elf, &nph) < 0) {
		snprintf(why, size, "%s: %s", exe, elf_errmsg(-1));
		if (elf)
			elf_end(elf);
		close(fd);
		return -1;
	}
	for (unsigned int i = 0; i < nfuncs; i++) {
		bool found = false;

		for (size_t k = 0; k < nph && !found; k++) {
			GElf_Phdr ph;

			if (!gelf_getphdr(elf, (int)k, &ph) ||
			    ph.p_type != PT_LOAD ||
			    funcs[i].vaddr < ph.p_vaddr ||
			    funcs[i].vaddr >= ph.p_vaddr + ph.p_filesz)
				continue;
			funcs[i].off = funcs[i].vaddr - ph.p_vaddr + ph.p_offset;
			found = true;
		}
		if (!found) {
			snprintf(why, size, "%s: the PLT entry of %s is in no "
				 "segment", exe, funcs[i].name);
			elf_end(elf);
			close(fd);
			return -1;
		}
	}
	elf_end(elf);
	close(fd);
	return 0;
}

static int add_func(const char *name, uint64_t vaddr)
{
	struct lc_func *v;

	for (unsigned int i = 0; i < nfuncs; i++)
		if (!strcmp(funcs[i].name, name))
			return 0;
	if (nfuncs == KBPF_LC_ROWS)
		return -1;
	v = realloc(funcs, (nfuncs + 1) * sizeof(*v));
	if (!v)
		return -1;
	funcs = v;
	funcs[nfuncs].name = strdup(name);
	funcs[nfuncs].vaddr = vaddr;
	funcs[nfuncs].off = 0;
	if (!funcs[nfuncs].name)
		return -1;
	nfuncs++;
	return 0;
}

static int prepare(char *why, size_t size)
{
	const struct elfobj_plt *plts;
	struct elfobj *obj;
	struct lc_obj caller;
	const char *base;
	size_t n;
	int rc;

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
	rc = elfobj_open(exe, &obj);
	if (rc < 0) {
		snprintf(why, size, "cannot read %s: %s", exe, strerror(-rc));
		return -1;
	}
	base = strrchr(exe, '/');
	caller = (struct lc_obj){
		.name = base ? base + 1 : exe,
		.path = exe,
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
				 caller.name, p->name);
			elfobj_close(obj);
			return -1;
		}
		if (add_func(p->name, p->plt) < 0) {
			snprintf(why, size, "too many functions");
			elfobj_close(obj);
			return -1;
		}
	}
	elfobj_close(obj);
	return nfuncs ? file_offsets(why, size) : 0;
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
	if (cfg.follow_forks) {
		snprintf(why, size, "call: with -f");
		return -1;
	}
	if (cfg.n_attach + (cfg.argv != NULL) != 1) {
		snprintf(why, size, "call: with several processes");
		return -1;
	}
	rules = rs;
	prepared = true;
	script_rules = true;
	return prepare(why, size);
}

unsigned int kbpf_calls(void)
{
	return nfuncs;
}

const char *kbpf_call_name(unsigned int row)
{
	return row < nfuncs ? funcs[row].name : NULL;
}

int kbpf_lc_attach(struct bpf_object *obj, pid_t pid, char *why,
		   size_t size)
{
	struct bpf_program *entry, *ret;

	if (!nfuncs)
		return 0;
	entry = bpf_object__find_program_by_name(obj, "lc_entry");
	ret = bpf_object__find_program_by_name(obj, "lc_return");
	links = calloc(2 * (size_t)nfuncs, sizeof(*links));
	if (!entry || !ret || !links) {
		snprintf(why, size, "no library-call programs");
		return -1;
	}
	for (unsigned int i = 0; i < nfuncs; i++) {
		LIBBPF_OPTS(bpf_uprobe_opts, o, .bpf_cookie = i);
		struct bpf_link *l;

		l = bpf_program__attach_uprobe_opts(entry, pid, exe,
						    funcs[i].off, &o);
		if (l) {
			links[nlinks++] = l;
			o.retprobe = true;
			l = bpf_program__attach_uprobe_opts(ret, pid, exe,
							    funcs[i].off, &o);
		}
		if (!l) {
			snprintf(why, size, "cannot probe %s in %s: %s",
				 funcs[i].name, exe, strerror(errno));
			return -1;
		}
		links[nlinks++] = l;
	}
	return 0;
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
	nlinks = 0;
	/* The tables keep pointers to the names until the end. */
	free(exe);
	exe = NULL;
}
