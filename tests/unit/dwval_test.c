/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit test of the DWARF value reader (src/probe/dwval.c, dwloc.c).
 *
 * Runs tests/progs/probe_vars (-O0), probe_vars_O2 (-O2) and
 * probe_vars32 (i386, -O2) under
 * PTRACE_TRACEME, stops each at an address this test finds itself with
 * libdw (a line marked P:name in the program's source, or a function's
 * first byte) through an int3 of its own, and checks the values of
 * value paths there against what the program set.  dv_print is checked
 * through stand-ins of the emit primitives (fake_emit.c) that spell
 * values as the text writer does (lc_sprint_* have simple stand-ins:
 * the printer of library calls is tested in proto_test).  Also parses
 * good and bad value paths.  Prints one line per failed check, exits 1
 * if any failed, 77 when the programs cannot be traced here.
 */
#include "config.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"
#include "engine/engine.h"
#include "libcall/printval.h"
#include "libcall/proto.h"
#include "output/emit.h"
#include "probe/dwval.h"
#include "probe/dwval_int.h"

#include "check.h"
#include "fake_emit.h"

/* --- stand-ins ------------------------------------------------------- */

struct config cfg = { .string_limit = 32 };

static int mem_fd = -1; /* /proc/PID/mem of the stopped child */
int tracee_read(struct tcb *tcp, uint64_t addr, void *buf, size_t len)
{
	return pread(mem_fd, buf, len, (off_t)addr) == (ssize_t)len ? 0 :
								      -EFAULT;
}

static void cstr(struct tcb *tcp, uint64_t addr, size_t max)
{
	char buf[256];
	size_t n;

	if (!addr) {
		emit_ptr(tcp, 0);
		return;
	}
	if (max > cfg.string_limit)
		max = cfg.string_limit;
	for (n = 0; n <= max; n++)
		if (tracee_read(tcp, addr + n, buf + n, 1) || !buf[n])
			break;
	if (!n && tracee_read(tcp, addr, buf, 1)) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_quoted(tcp, buf, n > max ? max : n, n > max ? QUOTE_ELLIPSIS : 0);
}

void emit_cstr(struct tcb *tcp, uint64_t addr)
{
	cstr(tcp, addr, cfg.string_limit);
}

void emit_cstr_max(struct tcb *tcp, uint64_t addr, size_t max)
{
	cstr(tcp, addr, max);
}

void lc_sprint_char(char *buf, size_t size, unsigned char c, bool ltrace)
{
	snprintf(buf, size, c >= ' ' && c < 0x7f ? "'%c'" : "'\\%03o'", c);
}

bool lc_sprint_scalar(char *buf, size_t size, const struct ptype *t, uint64_t v,
		      bool compat, bool ltrace)
{
	if (t->kind == PT_BOOL)
		snprintf(buf, size, "%s", v ? "true" : "false");
	else if (t->kind == PT_FLOAT)
		snprintf(buf, size, "%g", (double)lc_float_of(v));
	else if (t->kind == PT_DOUBLE)
		snprintf(buf, size, "%g", lc_double_of(v));
	else
		return false;
	return true;
}

/* --- running the programs --------------------------------------------- */

static const char *progs;

struct hit {
	pid_t pid;
	struct user_regs_struct regs;
	struct dv_frame f;
	uint64_t bias;
};

static int mem_read(void *ctx, uint64_t addr, void *buf, size_t len)
{
	return tracee_read(NULL, addr, buf, len);
}

/* The lowest address of the line marked "P:mark" in probe_vars.c. */
static unsigned int mark_line(const char *mark)
{
	char path[4096], line[512], want[64];
	unsigned int n = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/tests/progs/probe_vars.c",
		 getenv("SRCDIR") ? getenv("SRCDIR") : ".");
	snprintf(want, sizeof(want), "/* P:%s */", mark);
	f = fopen(path, "r");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		n++;
		if (strstr(line, want)) {
			fclose(f);
			return n;
		}
	}
	fclose(f);
	return 0;
}

/* Every address of line of probe_vars.c, is_stmt rows only; lowest first. */
static unsigned int line_addrs(Dwarf *dbg, unsigned int line, uint64_t *addrs,
			       unsigned int max)
{
	/* n 0 and lines NULL: libdw allocates the result. */
	Dwarf_Line **lines = NULL;
	size_t n = 0;
	unsigned int k = 0;

	if (dwarf_getsrc_file(dbg, "probe_vars.c", (int)line, 0, &lines, &n))
		return 0;
	for (size_t i = 0; i < n && k < max; i++) {
		Dwarf_Addr a;
		bool stmt;

		if (dwarf_lineaddr(lines[i], &a) ||
		    dwarf_linebeginstatement(lines[i], &stmt) || !stmt)
			continue;
		addrs[k++] = a;
	}
	free(lines);
	for (unsigned int i = 1; i < k; i++)
		for (unsigned int j = i; j > 0 && addrs[j] < addrs[j - 1];
		     j--) {
			uint64_t t = addrs[j];

			addrs[j] = addrs[j - 1];
			addrs[j - 1] = t;
		}
	return k;
}

/* A function's first byte (DW_AT_low_pc of its definition). */
static uint64_t func_entry(Dwarf *dbg, const char *name)
{
	Dwarf_Off off = 0, next;
	size_t hs;

	while (dwarf_nextcu(dbg, off, &next, &hs, NULL, NULL, NULL) == 0) {
		Dwarf_Die cu, c;

		if (dwarf_offdie(dbg, off + hs, &cu) && !dwarf_child(&cu, &c)) {
			do {
				Dwarf_Addr lo;
				const char *n = dwarf_diename(&c);

				if (dwarf_tag(&c) == DW_TAG_subprogram && n &&
				    !strcmp(n, name) && !dwarf_lowpc(&c, &lo))
					return lo;
			} while (!dwarf_siblingof(&c, &c));
		}
		off = next;
	}
	return 0;
}

/* The load bias of prog in pid: its mapping at file offset 0. */
static uint64_t load_bias(pid_t pid, const char *prog)
{
	char path[64], line[4096], real[4096];
	uint64_t lo = 0;
	FILE *f;

	if (!realpath(prog, real))
		return 0;
	snprintf(path, sizeof(path), "/proc/%d/maps", pid);
	f = fopen(path, "r");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long a, o;
		char *p = strchr(line, '/');

		if (p)
			p[strcspn(p, "\n")] = '\0';
		if (p && !strcmp(p, real) &&
		    sscanf(line, "%llx-%*x %*s %llx", &a, &o) == 2 && !o) {
			lo = a;
			break;
		}
	}
	fclose(f);
	return lo;
}

/* Runs prog to file-relative addr.  0 with h filled, or -1. */
static int run_to(const char *prog, uint64_t addr, struct hit *h)
{
	char path[64];
	int st;
	long word;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (!pid) {
		ptrace(PTRACE_TRACEME, 0, NULL, NULL);
		execl(prog, prog, (char *)NULL);
		_exit(127);
	}
	memset(h, 0, sizeof(*h));
	h->pid = pid;
	if (waitpid(pid, &st, 0) != pid || !WIFSTOPPED(st))
		return -1;
	h->bias = load_bias(pid, prog);
	errno = 0;
	word = ptrace(PTRACE_PEEKTEXT, pid, (void *)(h->bias + addr), NULL);
	if (errno)
		goto fail;
	word = (word & ~0xffL) | 0xcc;
	if (ptrace(PTRACE_POKETEXT, pid, (void *)(h->bias + addr),
		   (void *)word) ||
	    ptrace(PTRACE_CONT, pid, NULL, NULL) ||
	    waitpid(pid, &st, 0) != pid || !WIFSTOPPED(st) ||
	    WSTOPSIG(st) != SIGTRAP ||
	    ptrace(PTRACE_GETREGS, pid, NULL, &h->regs))
		goto fail;
	/* Back over the int3, as the tracer passes the hit. */
	h->regs.rip--;
	if (h->regs.rip != h->bias + addr)
		goto fail;
	snprintf(path, sizeof(path), "/proc/%d/mem", pid);
	mem_fd = open(path, O_RDONLY);
	if (mem_fd < 0)
		goto fail;
	h->f = (struct dv_frame){
		/* A 32-bit tracee's registers in their 64-bit slots. */
		.regs = &h->regs,
		.is64 = !strstr(prog, "32"),
		.bias = h->bias,
		.read = mem_read,
	};
	return 0;
fail:
	kill(pid, SIGKILL);
	waitpid(pid, &st, 0);
	return -1;
}

static void end_run(struct hit *h)
{
	int st;

	if (mem_fd >= 0)
		close(mem_fd);
	mem_fd = -1;
	kill(h->pid, SIGKILL);
	waitpid(h->pid, &st, 0);
}

/* --- checks ------------------------------------------------------------ */

struct want {
	const char *path;
	int kind; /* DVS_*, or -1: optimized out */
	long long i; /* INT, UINT */
	const char *s; /* STRING */
	double d; /* FLOAT */
};

static void check_scalar(struct dv_obj *o, const char *where, uint64_t pc,
			 const struct hit *h, const struct want *w)
{
	char err[256];
	struct dv_expr *e = dv_compile(o, pc, w->path, err, sizeof(err));
	struct dv_scalar s;
	int r;

	CHECK(e, "%s: %s: %s", where, w->path, err);
	if (!e)
		return;
	r = dv_eval_scalar(e, &h->f, &s);
	if (w->kind < 0) {
		CHECK(r == -ENODATA && s.kind == DVS_NONE,
		      "%s: %s: want optimized out, got %d kind %d", where,
		      w->path, r, s.kind);
	} else if (r || (int)s.kind != w->kind) {
		CHECK(0, "%s: %s: r %d kind %d, want kind %d", where, w->path,
		      r, s.kind, w->kind);
	} else if (w->kind == DVS_STRING) {
		CHECK(!strcmp(s.str, w->s), "%s: %s: \"%s\", want \"%s\"",
		      where, w->path, s.str, w->s);
	} else if (w->kind == DVS_FLOAT) {
		CHECK(s.d == w->d, "%s: %s: %g, want %g", where, w->path, s.d,
		      w->d);
	} else if (w->kind == DVS_INT) {
		CHECK(s.i == w->i, "%s: %s: %lld, want %lld", where, w->path,
		      (long long)s.i, w->i);
	} else {
		CHECK(s.u == (uint64_t)w->i, "%s: %s: %llu, want %llu", where,
		      w->path, (unsigned long long)s.u,
		      (unsigned long long)w->i);
	}
	dv_expr_free(e);
}

static void check_print(struct dv_obj *o, const char *where, uint64_t pc,
			const struct hit *h, const char *path, const char *want)
{
	char err[256];
	struct dv_expr *e = dv_compile(o, pc, path, err, sizeof(err));

	CHECK(e, "%s: %s: %s", where, path, err);
	if (!e)
		return;
	reset_out();
	dv_print(NULL, e, &h->f);
	/* A want ending in "=" is a prefix: an address follows. */
	CHECK(want[strlen(want) - 1] == '=' ?
		      !strncmp(out, want, strlen(want)) :
		      !strcmp(out, want),
	      "%s: print %s: [%s], want [%s]", where, path, out, want);
	dv_expr_free(e);
}

/* The values main() set, at P:after_init. */
static const struct want at_init[] = {
	{ "s.len", DVS_INT, 5 },
	{ "len", DVS_INT, 5 },
	{ "hdr->len", DVS_INT, 5 },
	{ "name", DVS_STRING, 0, "hello" },
	{ "name:string", DVS_STRING, 0, "hello" },
	{ "hdr->name", DVS_STRING, 0, "hello" },
	{ "s.inner.x", DVS_INT, 11 },
	{ "hdr->inner.y", DVS_INT, -3 },
	{ "s.arr[2]", DVS_INT, 3 },
	{ "hdr->arr[0]", DVS_INT, 1 },
	{ "s.u.i", DVS_INT, 0x3f800000 },
	{ "s.u.f", DVS_FLOAT, 0, NULL, 1.0 },
	{ "s.color", DVS_INT, 5 },
	{ "s.flag", DVS_UINT, 1 },
	{ "s.mode", DVS_UINT, 5 },
	{ "s.delta", DVS_INT, -6 },
	{ "s.ratio", DVS_FLOAT, 0, NULL, 1.5 },
	{ "s.weight", DVS_FLOAT, 0, NULL, 2.25 },
	{ "s.tag", DVS_STRING, 0, "tagged" },
	{ "s.next->len", DVS_INT, 99 },
	{ "s.next->name", DVS_STRING, 0, "global" },
	{ "counter", DVS_INT, 42 },
	{ "precise", DVS_FLOAT, 0, NULL, 3.25 },
	{ "hidden", DVS_INT, -7 },
	{ "global_item.len", DVS_INT, 99 },
	{ "*hdr->name", DVS_INT, 'h' },
	/* The field's own 5 bits: -6 is 11010. */
	{ "s.delta:x8", DVS_UINT, 0x1a },
	{ "s.inner.y:u16", DVS_UINT, 0xfffd },
	{ "s.inner.y:s8", DVS_INT, -3 },
	{ "s.inner.x:x64", DVS_UINT, 11 },
	{ "argc", DVS_INT, 1 },
};

static void test_after_init(const char *prog, bool opt)
{
	char where[128];
	unsigned int line = mark_line("after_init");
	struct dv_obj *o = dv_open(prog);
	uint64_t addrs[8];
	struct hit h;

	CHECK(o, "dv_open %s", prog);
	CHECK(line, "no P:after_init in probe_vars.c");
	if (!o || !line)
		return;
	if (!line_addrs(o->dbg, line, addrs, 8)) {
		CHECK(0, "%s: no address for line %u", prog, line);
		return;
	}
	addrs[0] = dv_dw2file(o, addrs[0]);
	snprintf(where, sizeof(where), "%s:%u", prog, line);
	if (run_to(prog, addrs[0], &h)) {
		CHECK(0, "%s: cannot run to %#llx", where,
		      (unsigned long long)addrs[0]);
		return;
	}
	for (size_t i = 0; i < sizeof(at_init) / sizeof(at_init[0]); i++) {
		/* At -O2 the struct is written around the call: main's
		 * locals are looked at in process() below. */
		if (opt && strcmp(at_init[i].path, "counter") &&
		    strcmp(at_init[i].path, "global_item.len"))
			continue;
		check_scalar(o, where, addrs[0], &h, &at_init[i]);
	}
	if (opt) {
		/* Never written: gcc -O2 keeps no trace of it. */
		static const struct want gone = { "hidden", -1 };

		check_scalar(o, where, addrs[0], &h, &gone);
		check_print(o, where, addrs[0], &h, "hidden",
			    "<optimized out>");
	}
	if (!opt) {
		check_print(o, where, addrs[0], &h, "s.inner", "{x=11, y=-3}");
		check_print(o, where, addrs[0], &h, "s.arr", "[1, 2, 3, 4]");
		check_print(o, where, addrs[0], &h, "s.color", "GREEN");
		check_print(o, where, addrs[0], &h, "s.tag", "\"tagged\"");
		check_print(o, where, addrs[0], &h, "name", "\"hello\"");
		check_print(o, where, addrs[0], &h, "s.ratio", "1.5");
		check_print(o, where, addrs[0], &h, "precise", "3.25");
		check_print(o, where, addrs[0], &h, "*name", "'h'");
		check_print(o, where, addrs[0], &h, "s.delta:x8", "0x1a");
		check_print(o, where, addrs[0], &h, "s.next->next", "NULL");
		check_print(o, where, addrs[0], &h, "hdr->inner.y:u16",
			    "65533");
		check_print(o, where, addrs[0], &h, "*hdr",
			    "{len=5, name=\"hello\", inner={x=11, y=-3}, "
			    "arr=[1, 2, 3, 4], u={i=1065353216, f=1}, "
			    "color=GREEN, flag=1, mode=5, delta=-6, "
			    "ratio=1.5, weight=2.25, tag=\"tagged\", next=");
	}
	end_run(&h);
}

/* Runs prog to the first address of line mark; -1 when it cannot. */
static int run_mark(const char *prog, struct dv_obj *o, const char *mark,
		    uint64_t *pc, struct hit *h, char *where, size_t wsize)
{
	unsigned int line = mark_line(mark);
	uint64_t addrs[8];

	snprintf(where, wsize, "%s:P:%s", prog, mark);
	if (!line || !line_addrs(o->dbg, line, addrs, 8)) {
		CHECK(0, "%s: no line or no address", where);
		return -1;
	}
	*pc = dv_dw2file(o, addrs[0]);
	if (run_to(prog, *pc, h)) {
		CHECK(0, "%s: cannot run to %#llx", where,
		      (unsigned long long)*pc);
		return -1;
	}
	return 0;
}

/* process(hdr, 7), with hdr->len 5: at its first byte, and further in. */
static void test_process(const char *prog, bool opt)
{
	static const struct want at_entry[] = {
		{ "k", DVS_INT, 7 },
		{ "hdr->len", DVS_INT, 5 },
		{ "hdr->name:string", DVS_STRING, 0, "hello" },
		{ "hdr->inner.x", DVS_INT, 11 },
		{ "hdr->arr[3]", DVS_INT, 4 },
		{ "hdr->color", DVS_INT, 5 },
		{ "hdr->mode", DVS_UINT, 5 },
		{ "hdr->delta", DVS_INT, -6 },
		{ "hdr->weight", DVS_FLOAT, 0, NULL, 2.25 },
		{ "hdr->next->name", DVS_STRING, 0, "global" },
		{ "counter", DVS_INT, 42 },
	};
	static const struct want in_block[] = {
		{ "inblock", DVS_INT, 36 },
		{ "hdr->len", DVS_INT, 5 },
	};
	char where[128], err[256];
	struct dv_obj *o = dv_open(prog);
	struct dv_expr **args;
	struct hit h;
	uint64_t pc;
	unsigned int n;

	if (!o)
		return;
	/*
	 * -O2: at the first byte, where the parameters are in their
	 * registers; -O0 writes them to the stack first, so after that.
	 */
	if (opt) {
		pc = dv_dw2file(o, func_entry(o->dbg, "process"));
		snprintf(where, sizeof(where), "%s:process", prog);
		CHECK(pc, "%s: no entry", where);
		if (pc && run_to(prog, pc, &h))
			pc = 0;
	} else if (run_mark(prog, o, "process_total", &pc, &h, where,
			    sizeof(where))) {
		pc = 0;
	}
	if (pc) {
		for (size_t i = 0; i < sizeof(at_entry) / sizeof(at_entry[0]);
		     i++)
			check_scalar(o, where, pc, &h, &at_entry[i]);
		n = dv_compile_args(o, pc, &args);
		CHECK(n == 2, "%s: %u args, want 2", where, n);
		if (n == 2) {
			struct dv_scalar s;

			CHECK(!strcmp(dv_expr_name(args[0]), "hdr") &&
				      !strcmp(dv_expr_name(args[1]), "k"),
			      "%s: args %s, %s", where, dv_expr_name(args[0]),
			      dv_expr_name(args[1]));
			CHECK(!dv_eval_scalar(args[1], &h.f, &s) &&
				      s.kind == DVS_INT && s.i == 7,
			      "%s: $args k", where);
			reset_out();
			dv_print(NULL, args[1], &h.f);
			CHECK(!strcmp(out, "7"), "%s: print k: %s", where, out);
		}
		for (unsigned int i = 0; i < n; i++)
			dv_expr_free(args[i]);
		free(args);
		end_run(&h);
	}

	/* -O2 moves the line out of the block's code: -O0 only. */
	if (!opt &&
	    !run_mark(prog, o, "block", &pc, &h, where, sizeof(where))) {
		for (size_t i = 0; i < sizeof(in_block) / sizeof(in_block[0]);
		     i++)
			check_scalar(o, where, pc, &h, &in_block[i]);
		end_run(&h);
	}
	/* A variable of the function, out of its block: not there. */
	CHECK(!dv_compile(o, dv_dw2file(o, func_entry(o->dbg, "sink")),
			  "inblock", err, sizeof(err)) &&
		      strstr(err, "no variable 'inblock' at probe_vars.c:"),
	      "%s: inblock in sink: %s", prog, err);

	/*
	 * -O2: after the call, k is dead and described by its entry value,
	 * which only the first byte of process can tell.
	 */
	if (opt &&
	    !run_mark(prog, o, "after_call", &pc, &h, where, sizeof(where))) {
		static const struct want dead = { "k", -1 };
		/* i386 passes k on the stack, where it stays. */
		static const struct want kept = { "k", DVS_INT, 7 };

		check_scalar(o, where, pc, &h, o->is64 ? &dead : &kept);
		check_print(o, where, pc, &h, "k",
			    o->is64 ? "<optimized out>" : "7");
		end_run(&h);
	}
}

/* The entry pcs of the inlined copies of function name, below die. */
static unsigned int inlined_entries(Dwarf_Die *die, const char *name,
				    uint64_t *pcs, unsigned int n,
				    unsigned int max)
{
	Dwarf_Die c;

	if (dwarf_child(die, &c))
		return n;
	do {
		Dwarf_Attribute a;
		Dwarf_Die origin;
		Dwarf_Addr pc;
		const char *on;

		if (dwarf_tag(&c) == DW_TAG_inlined_subroutine &&
		    dwarf_attr(&c, DW_AT_abstract_origin, &a) &&
		    dwarf_formref_die(&a, &origin) &&
		    (on = dwarf_diename(&origin)) && !strcmp(on, name) &&
		    !dwarf_entrypc(&c, &pc) && n < max)
			pcs[n++] = pc;
		n = inlined_entries(&c, name, pcs, n, max);
	} while (!dwarf_siblingof(&c, &c));
	return n;
}

/*
 * twice(): at -O0 its one out-of-line copy at the marked line; at -O2
 * the entry of each copy inlined in process() (v = 41) and main() (v =
 * len = 5): each sees its own v.
 */
static void test_inline(const char *prog, bool opt)
{
	char where[128];
	struct dv_obj *o = dv_open(prog);
	unsigned int n = 0, good = 0, seen_v = 0;
	uint64_t addrs[8];

	if (!o)
		return;
	if (opt) {
		Dwarf_Off off = 0, next;
		size_t hs;

		while (!dwarf_nextcu(o->dbg, off, &next, &hs, NULL, NULL,
				     NULL)) {
			Dwarf_Die cu;

			if (dwarf_offdie(o->dbg, off + hs, &cu))
				n = inlined_entries(&cu, "twice", addrs, n, 8);
			off = next;
		}
		CHECK(n == 2, "%s: %u inlined copies of twice, want 2", prog,
		      n);
	} else {
		n = line_addrs(o->dbg, mark_line("inline"), addrs, 8);
		CHECK(n >= 1, "%s: no address for the inline line", prog);
	}
	for (unsigned int i = 0; i < n; i++) {
		struct hit h;
		struct dv_expr *v, *t;
		struct dv_scalar sv, st;
		uint64_t pc = dv_dw2file(o, addrs[i]);
		char err[256];

		snprintf(where, sizeof(where), "%s:twice#%u", prog, i);
		if (run_to(prog, pc, &h)) {
			CHECK(0, "%s: cannot run there", where);
			continue;
		}
		v = dv_compile(o, pc, "v", err, sizeof(err));
		CHECK(v, "%s: %s", where, err);
		t = dv_compile(o, pc, "t", err, sizeof(err));
		CHECK(t, "%s: %s", where, err);
		if (v && !dv_eval_scalar(v, &h.f, &sv)) {
			CHECK(sv.kind == DVS_INT && (sv.i == 5 || sv.i == 41),
			      "%s: v %lld", where, (long long)sv.i);
			seen_v |= sv.i == 5 ? 1 : sv.i == 41 ? 2 : 0;
			good++;
			/* At -O0 the line is after t = v * 2. */
			if (!opt)
				CHECK(t && !dv_eval_scalar(t, &h.f, &st) &&
					      st.i == 2 * sv.i,
				      "%s: t %lld", where, (long long)st.i);
		}
		if (opt) {
			/* $args in an inlined copy: the copy's own. */
			struct dv_expr **args;
			unsigned int na = dv_compile_args(o, pc, &args);

			CHECK(na == 1 && !strcmp(dv_expr_name(args[0]), "v"),
			      "%s: %u args at the inlined copy", where, na);
			for (unsigned int k = 0; k < na; k++)
				dv_expr_free(args[k]);
			free(args);
		}
		dv_expr_free(v);
		dv_expr_free(t);
		end_run(&h);
	}
	CHECK(good >= 1, "%s: no copy of twice read", prog);
	/* Both copies, each with its own value. */
	CHECK(!opt || seen_v == 3, "%s: v seen %#x", prog, seen_v);
}

/* Value paths, good and bad, compiled at main's P:after_init. */
static void test_parse(const char *prog)
{
	static const char *const good[] = {
		"s",
		"s.len",
		" s.len ",
		"s . len",
		"hdr->len",
		"hdr -> len",
		"*hdr",
		"s.arr[0]",
		"s.arr[ 3 ]",
		"s.arr[0x1]",
		"hdr[0].len",
		"hdr[-1]",
		"*s.name",
		"s.inner.x",
		"s.tag[1]",
		"s.next->next->len",
		"name:string",
		"len:x8",
		"len:x16",
		"len:x32",
		"len:x64",
		"len:s8",
		"len:s16",
		"len:s32",
		"len:s64",
		"len:u8",
		"len:u16",
		"len:u32",
		"len:u64",
		"s.u.f",
		"s.flag",
		"counter",
		"hidden",
		"global_item.name",
		"s.arr:string",
		"*name:x8",
	};
	static const struct {
		const char *text, *err;
	} bad[] = {
		{ "", "a variable name expected" },
		{ "   ", "a variable name expected" },
		{ "1x", "a variable name expected" },
		{ "->len", "a variable name expected" },
		{ "(hdr)->len", "a variable name expected" },
		{ "nosuch", "no variable 'nosuch' at probe_vars.c:" },
		{ "s.nosuch", "no field 'nosuch' in 's'" },
		{ "s->len", "'s' is not a pointer" },
		{ "len->x", "'len' is not a pointer" },
		{ "hdr.len",
		  "'hdr' is not a struct or union (a pointer: use ->)" },
		{ "len.x", "'len' is not a struct or union" },
		{ "len[0]", "'len' is not an array or a pointer" },
		{ "*len", "'*len' is not a pointer" },
		{ "s.", "a field name expected after '.'" },
		{ "hdr->", "a field name expected after '->'" },
		{ "s.arr[", "[N] with a number N expected" },
		{ "s.arr[x]", "[N] with a number N expected" },
		{ "s.arr[1", "[N] with a number N expected" },
		{ "s..len", "a field name expected after '.'" },
		{ "s len", "bad value path 's len' at 'len'" },
		{ "s.len:", "bad cast" },
		{ "s.len:x7", "bad cast" },
		{ "s.len:x", "bad cast" },
		{ "s.len:x8x", "bad cast" },
		{ "s.len:str", "bad cast" },
		{ "s.len:u128", "bad cast" },
		{ "s.flag.x", "'s.flag' is a bitfield" },
		{ "s.inner:string", "cannot be read as a string" },
	};
	struct dv_obj *o = dv_open(prog);
	unsigned int line = mark_line("after_init");
	uint64_t addrs[8], pc;
	char err[256];

	if (!o || !line || !line_addrs(o->dbg, line, addrs, 8))
		return;
	pc = dv_dw2file(o, addrs[0]);
	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		struct dv_expr *e;

		err[0] = '\0';
		e = dv_compile(o, pc, good[i], err, sizeof(err));
		CHECK(e, "good path [%s]: %s", good[i], err);
		dv_expr_free(e);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct dv_expr *e;

		err[0] = '\0';
		e = dv_compile(o, pc, bad[i].text, err, sizeof(err));
		CHECK(!e && strstr(err, bad[i].err) && !strchr(err, '\n'),
		      "bad path [%s]: [%s], want [%s]", bad[i].text, err,
		      bad[i].err);
		dv_expr_free(e);
	}
	/* The same handle again. */
	CHECK(dv_open(prog) == o, "dv_open %s is not cached", prog);
	CHECK(!dv_open("/nonexistent/prog"), "dv_open of nothing");
	CHECK(!dv_compile(NULL, pc, "len", err, sizeof(err)) &&
		      strstr(err, "no DWARF"),
	      "dv_compile without DWARF: %s", err);
}

/*
 * Whether this kernel runs i386 programs: without IA32 emulation their
 * execve fails (ENOEXEC).  fmtcalls32 without arguments exits 2.
 */
static bool runs_32bit(const char *progs)
{
	char path[4096];
	int st;
	pid_t pid;

	snprintf(path, sizeof(path), "%s/fmtcalls32", progs);
	pid = fork();
	if (pid == 0) {
		int fd = open("/dev/null", O_WRONLY);

		dup2(fd, 1);
		dup2(fd, 2);
		execl(path, path, (char *)NULL);
		_exit(126);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid)
		return false;
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 2) {
		printf("note: %s does not run: no i386 programs here\n", path);
		return false;
	}
	return true;
}

int main(void)
{
	char p0[4096], p2[4096], p32[4096];

	progs = getenv("PROGS");
	if (!progs)
		progs = "tests/progs";
	snprintf(p0, sizeof(p0), "%s/probe_vars", progs);
	snprintf(p2, sizeof(p2), "%s/probe_vars_O2", progs);
	snprintf(p32, sizeof(p32), "%s/probe_vars32", progs);
	if (access(p0, X_OK) || access(p2, X_OK)) {
		printf("SKIP: %s or %s not built\n", p0, p2);
		return 77;
	}
	test_parse(p0);
	test_after_init(p0, false);
	test_after_init(p2, true);
	test_process(p0, false);
	test_process(p2, true);
	test_inline(p0, false);
	test_inline(p2, true);
	if (!access(p32, X_OK) && runs_32bit(progs)) {
		test_after_init(p32, true);
		test_process(p32, true);
		test_inline(p32, true);
	}
	printf("%d/%d checks failed\n", failed, total);
	return failed ? 1 : 0;
}
