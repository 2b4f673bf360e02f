/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit test of src/libcall/maps.c and linkmap.c, and of elf.c's layout,
 * lookup and IFUNC queries.  Oracles: the kernel's auxiliary vector (a
 * bias computed from /proc/PID/maps must equal the one AT_PHDR, AT_BASE
 * and AT_SYSINFO_EHDR give), dl_iterate_phdr() (the link map walked from
 * r_debug must list the same objects at the same biases), dlsym() (an
 * IFUNC's implementation read from a GOT slot), and readelf.
 *
 * Children are built with cc at test time (PIE, non-PIE, -m32) and run
 * under ptrace with an int3 on ld.so's _dl_debug_state, as the core
 * will: the r_state sequence of start-up, dlopen and dlclose is checked,
 * with the library in the list after dlopen and gone after dlclose.
 * Fake memory checks that a corrupted chain ends.  A variant the
 * toolchain cannot build is skipped; exit 77 without cc.
 */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <limits.h>
#include <link.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

#include "libcall/elf.h"
#include "libcall/linkmap.h"
#include "libcall/maps.h"

#include "check.h"
static char dir[] = "/tmp/sltrace-maps-XXXXXX";


static const char lib_src[] = "int h4_twice(int x) { return 2 * x; }\n";

static const char child_src[] =
	"#include <dlfcn.h>\n"
	"int main(int argc, char **argv)\n"
	"{\n"
	"	int (*f)(int);\n"
	"	void *h;\n"
	"	if (argc < 2)\n"
	"		return 0;\n"
	"	h = dlopen(argv[1], RTLD_NOW);\n"
	"	if (!h)\n"
	"		return 2;\n"
	"	f = (int (*)(int))dlsym(h, \"h4_twice\");\n"
	"	if (!f || f(21) != 42)\n"
	"		return 3;\n"
	"	return dlclose(h) ? 4 : 0;\n"
	"}\n";

static int run(const char *cmd)
{
	char full[4096];

	snprintf(full, sizeof(full), "cd %s && %s >build.log 2>&1", dir, cmd);
	return system(full);
}

static int vm_read(void *ctx, uint64_t addr, void *buf, size_t len)
{
	pid_t pid = (pid_t)(intptr_t)ctx;
	struct iovec l = { buf, len };
	struct iovec r = { (void *)(uintptr_t)addr, len };
	ssize_t n = process_vm_readv(pid, &l, 1, &r, 1, 0);

	if (n < 0)
		return -errno;
	return (size_t)n == len ? 0 : -EFAULT;
}

static bool same_path(const char *a, const char *b)
{
	char ra[PATH_MAX], rb[PATH_MAX];

	if (!realpath(a, ra) || !realpath(b, rb))
		return !strcmp(a, b);
	return !strcmp(ra, rb);
}

static bool is_vdso_name(const char *s)
{
	return !strncmp(s, "linux-vdso", 10) || !strncmp(s, "linux-gate", 10);
}

/* --- /proc/PID/maps text ----------------------------------------------- */

static void check_parse(void)
{
	static const char text[] =
		"555555554000-555555556000 r--p 00000000 fe:00 42    /bin/x y\n"
		"555555556000-555555558000 r-xp 00002000 fe:00 42    /bin/x y\n"
		"555555558000-555555559000 ---p 00004000 fe:00 42    /bin/x y\n"
		"555555559000-55555555a000 rw-p 00004000 fe:00 42    /bin/x y\n"
		"55555555a000-55555555c000 rw-p 00000000 00:00 0 \n"
		"not a mapping line\n"
		"7f0000000000-7f0000001000 r--p 00000000 08:11 7 /d (deleted)\n"
		"7f0000001000-7f0000002000 r--p 00000000 08:11 7 /d (deleted)\n"
		"7f0000003000-7f0000004000 rw-s 00001000 00:05 9 /dev/zero\n"
		"7ffff7fc1000-7ffff7fc3000 r-xp 00000000 00:00 0   [vdso]\n"
		"ffffffffff600000-ffffffffff601000 --xp 00000000 00:00 0 "
		"[vsyscall]";
	static const struct elfobj_load loads[] = {
		{ .vaddr = 0, .memsz = 0x1720, .offset = 0, .filesz = 0x1720 },
		{ .vaddr = 0x2000, .memsz = 0x2000, .offset = 0x2000,
		  .flags = PF_R | PF_X },
		{ .vaddr = 0x5c30, .memsz = 0x2000, .offset = 0x4c30,
		  .flags = PF_R | PF_W },
	};
	struct maps_object o;
	struct maps m;
	uint64_t bias = 1;
	size_t pos = 0, nobj = 0;
	int err;

	err = maps_parse(text, sizeof(text) - 1, &m);
	CHECK(!err && m.n == 10, "parse: err %d, %zu entries", err, m.n);
	if (err || m.n != 10)
		goto out;
	CHECK(m.v[0].start == 0x555555554000 && m.v[0].end == 0x555555556000 &&
	      m.v[0].prot == PROT_READ && !m.v[0].shared &&
	      m.v[0].dev_major == 0xfe && m.v[0].dev_minor == 0 &&
	      m.v[0].inode == 42 && !strcmp(m.v[0].path, "/bin/x y"),
	      "parse: first line");
	CHECK(m.v[1].prot == (PROT_READ | PROT_EXEC) && m.v[1].offset == 0x2000,
	      "parse: r-x line");
	CHECK(m.v[4].inode == 0 && !m.v[4].path[0], "parse: anonymous");
	CHECK(m.v[5].deleted && !strcmp(m.v[5].path, "/d") &&
	      m.v[5].dev_major == 8 && m.v[5].dev_minor == 0x11,
	      "parse: deleted: '%s' %d", m.v[5].path, m.v[5].deleted);
	CHECK(m.v[7].shared && m.v[7].prot == (PROT_READ | PROT_WRITE),
	      "parse: shared");
	CHECK(!strcmp(m.v[9].path, "[vsyscall]") &&
	      m.v[9].end == 0xffffffffff601000, "parse: last line, no newline");
	CHECK(maps_find(&m, 0x555555556fff) == &m.v[1] &&
	      !maps_find(&m, 0x7f0000002000) && !maps_find(&m, 0),
	      "find: lookups");

	/* The four mappings of /bin/x plus its .bss are one object. */
	err = maps_object_at(&m, 0x55555555b000, &o);
	CHECK(!err && o.first == 0 && o.last == 3 &&
	      o.start == 0x555555554000 && o.end == 0x55555555c000,
	      "object: .bss tail: err %d first %zu last %zu end %#llx", err,
	      o.first, o.last, (unsigned long long)o.end);
	err = maps_object_bias(&m, &o, loads, 3, 4096, &bias);
	CHECK(!err && bias == 0x555555554000, "bias: %d %#llx", err,
	      (unsigned long long)bias);
	/* The same without its first page: found by the second PT_LOAD. */
	o.first = 1;
	err = maps_object_bias(&m, &o, loads, 3, 4096, &bias);
	CHECK(!err && bias == 0x555555554000, "bias without page 0: %d %#llx",
	      err, (unsigned long long)bias);
	/* Nor the text: not by the "---p" gap piece, by the data. */
	o.first = 2;
	err = maps_object_bias(&m, &o, loads, 3, 4096, &bias);
	CHECK(!err && bias == 0x555555554000, "bias from the data: %d %#llx",
	      err, (unsigned long long)bias);
	/* Two copies of /tmp/d, each starting at offset 0. */
	err = maps_object_at(&m, 0x7f0000001800, &o);
	CHECK(!err && o.first == 6 && o.last == 6, "object: second copy");
	CHECK(maps_object_at(&m, 0x7ffff7fc1000, &o) == 0 &&
	      !strcmp(o.path, "[vdso]"), "object: vdso");
	CHECK(maps_object_at(&m, 0xffffffffff600000, &o) == -ENOENT,
	      "object: vsyscall is none");
	while (!maps_next_object(&m, &pos, &o))
		nobj++;
	CHECK(nobj == 5, "objects: %zu, want 5", nobj);
out:
	maps_free(&m);

	err = maps_parse("", 0, &m);
	CHECK(!err && m.n == 0, "parse: empty");
	maps_free(&m);
	err = maps_parse("1-0 r--p 0 0:0 0\nz\n\n-", 20, &m);
	CHECK(!err && m.n == 0, "parse: end before start refused");
	maps_free(&m);
}

static void check_auxv_parse(void)
{
	uint64_t v64[] = { AT_SYSINFO_EHDR, 0x7fff0000, AT_PHDR, 0x555555554040,
			   AT_BASE, 0x7ffff7fc3000, AT_ENTRY, 0x555555555100,
			   AT_EXECFN, 0x7fffffffe000, AT_NULL, 0 };
	uint32_t v32[] = { AT_SYSINFO, 0xf7fc1550, AT_SYSINFO_EHDR, 0xf7fc1000,
			   AT_PHDR, 0x56555034, AT_BASE, 0xf7fc3000,
			   AT_ENTRY, 0x56556090, AT_NULL, 0 };
	struct auxv a;
	int err;

	err = auxv_parse(v64, sizeof(v64), 0, &a);
	CHECK(!err && a.wordsize == 8 && a.phdr == 0x555555554040 &&
	      a.base == 0x7ffff7fc3000 && a.entry == 0x555555555100 &&
	      a.sysinfo_ehdr == 0x7fff0000 && a.execfn == 0x7fffffffe000 &&
	      (a.present & (1ULL << AT_PHDR)) && a.val[AT_BASE] == a.base,
	      "auxv 64: err %d ws %d", err, a.wordsize);
	err = auxv_parse(v32, sizeof(v32), 0, &a);
	CHECK(!err && a.wordsize == 4 && a.phdr == 0x56555034 &&
	      a.base == 0xf7fc3000 && a.sysinfo_ehdr == 0xf7fc1000 &&
	      a.val[AT_SYSINFO] == 0xf7fc1550,
	      "auxv 32: err %d ws %d", err, a.wordsize);
	CHECK(auxv_parse(v32, sizeof(v32), 8, &a) == -ENOEXEC,
	      "auxv 32 read as 64 refused");
	CHECK(auxv_parse(v64, 8, 0, &a) == -ENOEXEC, "auxv truncated");
	CHECK(auxv_parse(v64, sizeof(v64), 3, &a) == -ENOEXEC, "auxv ws 3");
}

/* --- fake memory: corrupted chains ---------------------------------------- */

struct fake {
	uint64_t base;
	unsigned char *mem;
	size_t len;
};

static int fake_read(void *ctx, uint64_t addr, void *buf, size_t len)
{
	struct fake *f = ctx;

	if (addr < f->base || addr - f->base > f->len ||
	    len > f->len - (addr - f->base))
		return -EFAULT;
	memcpy(buf, f->mem + (addr - f->base), len);
	return 0;
}

static void put(struct fake *f, uint64_t addr, int ws, uint64_t v)
{
	uint32_t w = v;

	if (ws == 8)
		memcpy(f->mem + (addr - f->base), &v, 8);
	else
		memcpy(f->mem + (addr - f->base), &w, 4);
}

/* A link_map at addr: l_addr, l_name, l_ld, l_next, l_prev. */
static void node(struct fake *f, uint64_t addr, int ws, uint64_t name,
		 uint64_t next, uint64_t prev)
{
	put(f, addr, ws, addr * 16);
	put(f, addr + ws, ws, name);
	put(f, addr + 2 * ws, ws, 0);
	put(f, addr + 3 * ws, ws, next);
	put(f, addr + 4 * ws, ws, prev);
}

static void check_fake(int ws)
{
	const size_t n = 5000, stride = 64;
	struct fake f = { .base = 0x10000 };
	struct linkmap_rdebug rd;
	struct linkmap lm;
	uint64_t a = f.base, b = a + stride, c = b + stride, name, x;
	size_t i;
	int err;

	f.len = (n + 2) * stride + 16384;
	f.mem = calloc(1, f.len);
	if (!f.mem)
		return;
	name = f.base + f.len - 16384;
	memcpy(f.mem + (name - f.base), "libfake.so", 11);

	/* a -> b -> c -> a: ends at a's second visit, l_prev being 0. */
	node(&f, a, ws, name, b, 0);
	node(&f, b, ws, name, c, a);
	node(&f, c, ws, 0, a, b);
	err = linkmap_walk(fake_read, &f, ws, a, &lm);
	CHECK(!err && lm.n == 3 && lm.stop == -ELOOP &&
	      !strcmp(lm.v[0].name, "libfake.so") && !lm.v[2].name[0] &&
	      lm.v[1].l_addr == b * 16,
	      "ws %d cycle: err %d n %zu stop %d", ws, err, lm.n, lm.stop);
	linkmap_free(&lm);

	/* a -> a */
	node(&f, a, ws, name, a, 0);
	err = linkmap_walk(fake_read, &f, ws, a, &lm);
	CHECK(!err && lm.n == 1 && lm.stop == -ELOOP,
	      "ws %d self loop: n %zu stop %d", ws, lm.n, lm.stop);
	linkmap_free(&lm);

	/* A well-linked chain longer than the cap. */
	for (i = 0; i < n; i++)
		node(&f, a + i * stride, ws, 0,
		     i + 1 < n ? a + (i + 1) * stride : 0,
		     i ? a + (i - 1) * stride : 0);
	err = linkmap_walk(fake_read, &f, ws, a, &lm);
	CHECK(!err && lm.n == LINKMAP_MAX_ENTRIES && lm.stop == -ELOOP,
	      "ws %d long chain: n %zu stop %d", ws, lm.n, lm.stop);
	linkmap_free(&lm);
	/* The same, short enough: complete. */
	node(&f, a + 9 * stride, ws, 0, 0, a + 8 * stride);
	err = linkmap_walk(fake_read, &f, ws, a, &lm);
	CHECK(!err && lm.n == 10 && lm.stop == 0,
	      "ws %d ten: n %zu stop %d", ws, lm.n, lm.stop);
	linkmap_free(&lm);

	/* l_next into unreadable memory. */
	node(&f, a, ws, name, 0x1000, 0);
	err = linkmap_walk(fake_read, &f, ws, a, &lm);
	CHECK(!err && lm.n == 1 && lm.stop == -EFAULT,
	      "ws %d unreadable next: n %zu stop %d", ws, lm.n, lm.stop);
	linkmap_free(&lm);

	/* A name without a NUL up to the end of memory, and a huge one. */
	memset(f.mem + (name - f.base), 'a', 16384);
	node(&f, a, ws, f.base + f.len - 100, b, 0);
	node(&f, b, ws, name, 0, a);
	err = linkmap_walk(fake_read, &f, ws, a, &lm);
	CHECK(!err && lm.n == 2 && lm.v[0].name_cut &&
	      strlen(lm.v[0].name) <= 100 && lm.v[1].name_cut &&
	      strlen(lm.v[1].name) == LINKMAP_NAME_MAX,
	      "ws %d names: n %zu cut %d/%d len %zu/%zu", ws, lm.n,
	      lm.n > 0 && lm.v[0].name_cut, lm.n > 1 && lm.v[1].name_cut,
	      lm.n > 0 ? strlen(lm.v[0].name) : 0,
	      lm.n > 1 ? strlen(lm.v[1].name) : 0);
	linkmap_free(&lm);

	/* r_debug, version 2 with r_next. */
	memset(f.mem, 0, 64);
	put(&f, a, 4, 2);
	put(&f, a + ws, ws, 0x1234);
	put(&f, a + 2 * ws, ws, 0x5678);
	put(&f, a + 3 * ws, 4, LINKMAP_DELETE);
	put(&f, a + 4 * ws, ws, 0x9abc);
	put(&f, a + 5 * ws, ws, 0xdef0);
	err = linkmap_read_rdebug(fake_read, &f, ws, a, &rd);
	CHECK(!err && rd.version == 2 && rd.map == 0x1234 && rd.brk == 0x5678 &&
	      rd.state == LINKMAP_DELETE && rd.ldbase == 0x9abc &&
	      rd.next == 0xdef0, "ws %d r_debug", ws);
	CHECK(linkmap_read_rdebug(fake_read, &f, ws, 0x100, &rd) == -EFAULT,
	      "ws %d r_debug unreadable", ws);

	/* A dynamic section: no DT_DEBUG, DT_DEBUG 0, then set. */
	memset(f.mem, 0, 256);
	put(&f, a, ws, DT_NEEDED);
	put(&f, a + 2 * ws, ws, DT_DEBUG);
	put(&f, a + 4 * ws, ws, DT_NULL);
	CHECK(linkmap_rdebug_from_dynamic(fake_read, &f, ws, a, 0, &x) ==
		      -ENOENT, "ws %d DT_DEBUG 0", ws);
	put(&f, a + 3 * ws, ws, 0x4321);
	CHECK(linkmap_rdebug_from_dynamic(fake_read, &f, ws, a, 0, &x) == 0 &&
		      x == 0x4321, "ws %d DT_DEBUG", ws);
	CHECK(linkmap_rdebug_from_dynamic(fake_read, &f, ws, a, 2 * ws, &x) ==
		      -ENOENT, "ws %d DT_DEBUG past dyn_size", ws);
	/* Unterminated: every entry a DT_NEEDED, up to the end. */
	for (i = 0; i + 2 * ws <= f.len; i += 2 * ws)
		put(&f, a + i, ws, DT_NEEDED);
	err = linkmap_rdebug_from_dynamic(fake_read, &f, ws, a, 0, &x);
	CHECK(err == -ENOENT, "ws %d unterminated dynamic: %d", ws, err);
	free(f.mem);
}

/* --- this process: dl_iterate_phdr, _DYNAMIC, IFUNC --------------------- */

struct dlobj {
	char name[PATH_MAX];
	uint64_t addr;
};

static struct dlobj dlobjs[256];
static size_t ndlobjs;

static int dl_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	if (ndlobjs < 256) {
		snprintf(dlobjs[ndlobjs].name, PATH_MAX, "%s",
			 info->dlpi_name ? info->dlpi_name : "");
		dlobjs[ndlobjs].addr = info->dlpi_addr;
		ndlobjs++;
	}
	return 0;
}

/* The walk lists exactly dl_iterate_phdr()'s objects, in its order. */
static void compare_dl(const char *what, const struct linkmap *lm)
{
	size_t i;
	bool same;

	ndlobjs = 0;
	dl_iterate_phdr(dl_cb, NULL);
	same = lm->stop == 0 && lm->n == ndlobjs;
	for (i = 0; same && i < lm->n; i++)
		same = lm->v[i].l_addr == dlobjs[i].addr &&
		       !strcmp(lm->v[i].name, dlobjs[i].name);
	CHECK(same, "%s: link map (%zu, stop %d) differs from "
		    "dl_iterate_phdr (%zu)", what, lm->n, lm->stop, ndlobjs);
	if (!same)
		for (i = 0; i < lm->n || i < ndlobjs; i++)
			printf("  %zu: %s %#llx | %s %#llx\n", i,
			       i < lm->n ? lm->v[i].name : "-",
			       i < lm->n ? (unsigned long long)lm->v[i].l_addr
					 : 0ULL,
			       i < ndlobjs ? dlobjs[i].name : "-",
			       i < ndlobjs ? (unsigned long long)dlobjs[i].addr
					   : 0ULL);
}

static bool lm_has(const struct linkmap *lm, const char *path)
{
	size_t i;

	for (i = 0; i < lm->n; i++)
		if (lm->v[i].name[0] && same_path(lm->v[i].name, path))
			return true;
	return false;
}

/* The object of maps holding addr, opened; its bias computed. */
static struct elfobj *open_object_at(const struct maps *m, uint64_t addr,
				     uint64_t pagesz, struct maps_object *o,
				     uint64_t *bias)
{
	const struct elfobj_layout *lo;
	struct elfobj *obj;

	if (maps_object_at(m, addr, o) || elfobj_open(o->path, &obj))
		return NULL;
	lo = elfobj_layout(obj);
	if (maps_object_bias(m, o, lo->loads, lo->nloads, pagesz, bias)) {
		elfobj_close(obj);
		return NULL;
	}
	return obj;
}

extern ElfW(Dyn) _DYNAMIC[];

static size_t (*volatile strlen_p)(const char *) = strlen;

static void check_ifunc(const struct maps *m, uint64_t pagesz)
{
	void *h = dlopen("libc.so.6", RTLD_NOW | RTLD_NOLOAD);
	void *ctx = (void *)(intptr_t)getpid();
	/* libc's own strlen: RTLD_DEFAULT may find a sanitizer's first. */
	void *impl_libc = h ? dlsym(h, "strlen") : NULL;
	void *impl_dflt = dlsym(RTLD_DEFAULT, "strlen");
	uint64_t slots[64], bias, impl = 0, exebias;
	const struct elfobj_sym *s;
	struct elfobj *libc, *exe;
	struct maps_object o, oe;
	size_t n, i;
	int err;

	/* A call binds the program's own lazy strlen slot, if it has one. */
	if (strlen_p("four") != 4 || !impl_libc || !impl_dflt) {
		printf("skip ifunc: no strlen in libc.so.6\n");
		return;
	}
	libc = open_object_at(m, (uintptr_t)impl_libc, pagesz, &o, &bias);
	CHECK(libc, "ifunc: no object at strlen %p", impl_libc);
	if (!libc)
		goto out_h;
	s = elfobj_lookup(libc, "strlen");
	CHECK(s && s->ifunc, "ifunc: libc's strlen is not an IFUNC");
	if (!s || !s->ifunc)
		goto out;
	n = elfobj_ifunc_slots(libc, NULL, s->value, slots, 64);
	CHECK(n >= 1 && n <= 64, "ifunc: libc has %zu IRELATIVE slots", n);
	for (i = 0; i < n && i < 64; i++)
		slots[i] += bias;
	err = linkmap_ifunc_impl(vm_read, ctx, 8, slots, n < 64 ? n : 64,
				 o.start, o.end, &impl);
	CHECK(!err && impl == (uintptr_t)impl_libc,
	      "ifunc: slot gives %#llx, dlsym %p (err %d)",
	      (unsigned long long)impl, impl_libc, err);
	/* The program's own slot naming strlen, if the compiler kept one. */
	exe = open_object_at(m, (uintptr_t)&check_ifunc, pagesz, &oe, &exebias);
	if (exe && !maps_object_at(m, (uintptr_t)impl_dflt, &o)) {
		n = elfobj_ifunc_slots(exe, "strlen", 0, slots, 64);
		for (i = 0; i < n && i < 64; i++)
			slots[i] += exebias;
		impl = 0;
		if (n) {
			err = linkmap_ifunc_impl(vm_read, ctx, 8, slots,
						 n < 64 ? n : 64, o.start,
						 o.end, &impl);
			CHECK(!err && impl == (uintptr_t)impl_dflt,
			      "ifunc: program's slot gives %#llx (err %d)",
			      (unsigned long long)impl, err);
		}
		printf("ok ifunc: strlen -> %p (program slots: %zu)\n",
		       impl_libc, n);
	}
	elfobj_close(exe);
out:
	elfobj_close(libc);
out_h:
	dlclose(h);
}

static void check_self(void)
{
	void *ctx = (void *)(intptr_t)getpid();
	uint64_t rdebug = 0, rdebug_sym = 0, brk = 0, ldbias = 0, pagesz;
	struct linkmap_rdebug rd;
	struct maps_object o;
	struct elfobj *ldso;
	struct linkmap lm;
	struct auxv a;
	struct maps m;
	char lib[512];
	void *h;
	int err;

	err = auxv_read(getpid(), 0, &a);
	CHECK(!err && a.wordsize == (int)sizeof(long) && a.base,
	      "self auxv: %d", err);
	if (err || maps_read(getpid(), &m))
		return;
	pagesz = a.pagesz ? a.pagesz : 4096;

	err = linkmap_rdebug_from_dynamic(vm_read, ctx, sizeof(long),
					  (uintptr_t)_DYNAMIC, 0, &rdebug);
	CHECK(!err, "self: no DT_DEBUG: %d", err);
	ldso = open_object_at(&m, a.base, pagesz, &o, &ldbias);
	CHECK(ldso && ldbias == a.base, "self: ld.so at AT_BASE %#llx: %#llx",
	      (unsigned long long)a.base, (unsigned long long)ldbias);
	if (ldso) {
		err = linkmap_ldso_addrs(ldso, ldbias, &brk, &rdebug_sym);
		CHECK(!err && rdebug_sym == rdebug,
		      "self: _r_debug %#llx, DT_DEBUG %#llx",
		      (unsigned long long)rdebug_sym,
		      (unsigned long long)rdebug);
		elfobj_close(ldso);
	}
	err = linkmap_read_rdebug(vm_read, ctx, sizeof(long), rdebug, &rd);
	CHECK(!err && rd.version >= 1 && rd.brk == brk && rd.ldbase == a.base &&
	      rd.state == LINKMAP_CONSISTENT,
	      "self: r_debug: version %d brk %#llx state %d", rd.version,
	      (unsigned long long)rd.brk, rd.state);
	err = linkmap_walk(vm_read, ctx, sizeof(long), rd.map, &lm);
	CHECK(!err, "self: walk: %d", err);
	compare_dl("self", &lm);
	linkmap_free(&lm);

	/* dlopen: one more entry; dlclose: gone. */
	snprintf(lib, sizeof(lib), "%s/libh4_pie64.so", dir);
	h = dlopen(lib, RTLD_NOW);
	if (h) {
		linkmap_walk(vm_read, ctx, sizeof(long), rd.map, &lm);
		compare_dl("self after dlopen", &lm);
		CHECK(lm_has(&lm, lib), "self: %s not in the list", lib);
		linkmap_free(&lm);
		dlclose(h);
		linkmap_walk(vm_read, ctx, sizeof(long), rd.map, &lm);
		compare_dl("self after dlclose", &lm);
		CHECK(!lm_has(&lm, lib), "self: %s still listed", lib);
		linkmap_free(&lm);
	} else {
		printf("skip self dlopen: %s\n", dlerror());
	}
	check_ifunc(&m, pagesz);
	maps_free(&m);
	printf("ok self: r_debug at %#llx, brk %#llx\n",
	       (unsigned long long)rdebug, (unsigned long long)brk);
}

/* --- children under ptrace ----------------------------------------------- */

struct run {
	const char *tag;
	const char *prog;
	const char *lib;
	int ws;
	bool pie;
	pid_t pid;
	void *ctx;
	uint64_t pagesz;
	uint64_t main_bias;
	uint64_t vdso;
	uint64_t brk;
	uint64_t rdebug;
	uint64_t dynamic;	/* biased PT_DYNAMIC */
	uint64_t debug_slot;	/* biased DT_DEBUG d_ptr */
	bool has_debug;
};

/*
 * Every named entry is a file object of maps at the same bias, the main
 * program is entry 0, the vDSO's bias is AT_SYSINFO_EHDR, and every ELF
 * file object of maps is listed.
 */
static void check_walk(struct run *r, const struct linkmap *lm,
		       const char *when)
{
	size_t i, pos = 0, nfiles = 0, nnamed = 0;
	struct maps_object o;
	struct maps m;

	CHECK(lm->stop == 0 && lm->n >= 3, "%s %s: walk stop %d n %zu",
	      r->tag, when, lm->stop, lm->n);
	if (lm->n < 1 || maps_read(r->pid, &m))
		return;
	CHECK(!lm->v[0].name[0] && lm->v[0].l_addr == r->main_bias,
	      "%s %s: entry 0 '%s' at %#llx", r->tag, when, lm->v[0].name,
	      (unsigned long long)lm->v[0].l_addr);
	for (i = 1; i < lm->n; i++) {
		const struct linkmap_entry *e = &lm->v[i];
		bool found = false;

		if (is_vdso_name(e->name)) {
			CHECK(e->l_addr == r->vdso, "%s %s: vdso at %#llx",
			      r->tag, when, (unsigned long long)e->l_addr);
			continue;
		}
		nnamed++;
		pos = 0;
		while (!found && !maps_next_object(&m, &pos, &o)) {
			const struct elfobj_layout *lo;
			struct elfobj *obj;
			uint64_t bias;

			if (!same_path(o.path, e->name) ||
			    elfobj_open(o.path, &obj))
				continue;
			lo = elfobj_layout(obj);
			found = !maps_object_bias(&m, &o, lo->loads,
						  lo->nloads, r->pagesz,
						  &bias) &&
				bias == e->l_addr;
			elfobj_close(obj);
		}
		CHECK(found, "%s %s: %s at %#llx not in maps", r->tag, when,
		      e->name, (unsigned long long)e->l_addr);
	}
	pos = 0;
	while (!maps_next_object(&m, &pos, &o)) {
		struct elfobj *obj;

		if (!m.v[o.first].inode || elfobj_open(o.path, &obj))
			continue;
		elfobj_close(obj);
		nfiles++;
	}
	/* The program is a file object of maps but has no name in the list. */
	CHECK(nfiles == nnamed + 1, "%s %s: %zu ELF files mapped, %zu named "
	      "link map entries", r->tag, when, nfiles, nnamed);
	maps_free(&m);
}

/* At the exec stop: biases from maps against the auxv; r_debug empty. */
static int check_exec_stop(struct run *r)
{
	const struct elfobj_layout *lo;
	struct elfobj *exe = NULL, *ldso = NULL, *vdso = NULL;
	struct linkmap_rdebug rd;
	struct maps_object o;
	uint64_t bias, ab, x;
	ssize_t len;
	struct auxv a;
	struct maps m;
	char path[64], buf[PATH_MAX];
	unsigned char *img;
	int err, ret = -1;

	err = auxv_read(r->pid, 0, &a);
	CHECK(!err && a.wordsize == r->ws, "%s: auxv: err %d wordsize %d",
	      r->tag, err, a.wordsize);
	if (err || maps_read(r->pid, &m))
		return -1;
	r->pagesz = a.pagesz;
	CHECK(a.pagesz == (uint64_t)sysconf(_SC_PAGESIZE), "%s: AT_PAGESZ",
	      r->tag);

	snprintf(path, sizeof(path), "/proc/%d/exe", (int)r->pid);
	err = elfobj_open(path, &exe);
	CHECK(!err, "%s: open exe: %d", r->tag, err);
	if (err)
		goto out;
	lo = elfobj_layout(exe);
	CHECK(lo->interp, "%s: no PT_INTERP", r->tag);
	err = auxv_main_bias(&a, lo, &ab);
	CHECK(!err && (r->pie ? ab != 0 : ab == 0), "%s: auxv bias %#llx",
	      r->tag, (unsigned long long)ab);
	err = maps_object_at(&m, a.entry, &o);
	if (!err)
		err = maps_object_bias(&m, &o, lo->loads, lo->nloads,
				       a.pagesz, &bias);
	CHECK(!err && bias == ab, "%s: main bias: maps %#llx, auxv %#llx",
	      r->tag, (unsigned long long)bias, (unsigned long long)ab);
	CHECK(!err && same_path(o.path, r->prog), "%s: main object '%s'",
	      r->tag, err ? "" : o.path);
	/* The kernel's AT_ENTRY is e_entry + bias too. */
	CHECK(a.entry - lo->entry == ab, "%s: AT_ENTRY - e_entry", r->tag);
	r->main_bias = ab;
	r->dynamic = ab + lo->dynamic_vaddr;
	r->has_debug = lo->has_debug;
	r->debug_slot = ab + lo->debug_slot;
	CHECK(lo->has_dynamic && lo->has_debug, "%s: dynamic %d debug %d",
	      r->tag, lo->has_dynamic, lo->has_debug);

	/* ld.so: its bias is AT_BASE. */
	ldso = open_object_at(&m, a.base, a.pagesz, &o, &bias);
	CHECK(ldso && bias == a.base && same_path(o.path, lo->interp),
	      "%s: ld.so bias %#llx, AT_BASE %#llx", r->tag,
	      (unsigned long long)bias, (unsigned long long)a.base);
	if (!ldso)
		goto out;
	err = linkmap_ldso_addrs(ldso, a.base, &r->brk, &r->rdebug);
	CHECK(!err, "%s: ld.so symbols: %d", r->tag, err);

	/* The vDSO, read from memory. */
	err = maps_object_at(&m, a.sysinfo_ehdr, &o);
	CHECK(!err && !strcmp(o.path, "[vdso]"), "%s: vdso object", r->tag);
	if (!err && (img = malloc(o.end - o.start))) {
		err = proc_mem_read(r->ctx, o.start, img, o.end - o.start);
		if (!err)
			err = elfobj_open_mem(img, o.end - o.start, &vdso);
		if (!err) {
			const struct elfobj_layout *vl = elfobj_layout(vdso);

			err = maps_object_bias(&m, &o, vl->loads, vl->nloads,
					       a.pagesz, &bias);
			CHECK(elfobj_class(vdso) == r->ws * 8 && vl->soname &&
			      is_vdso_name(vl->soname), "%s: vdso soname",
			      r->tag);
		}
		CHECK(!err && bias == a.sysinfo_ehdr,
		      "%s: vdso bias %#llx, AT_SYSINFO_EHDR %#llx (err %d)",
		      r->tag, (unsigned long long)bias,
		      (unsigned long long)a.sysinfo_ehdr, err);
		r->vdso = a.sysinfo_ehdr;
		elfobj_close(vdso);
		free(img);
	}

	len = proc_mem_read_str(r->pid, a.execfn, buf, sizeof(buf));
	CHECK(len > 0 && !strcmp(buf, r->prog), "%s: AT_EXECFN '%s'", r->tag,
	      len > 0 ? buf : "");

	/* Nothing has run: r_debug is empty, DT_DEBUG 0. */
	err = linkmap_read_rdebug(vm_read, r->ctx, r->ws, r->rdebug, &rd);
	CHECK(!err && rd.version == 0 && rd.map == 0, "%s: r_debug at exec: "
	      "version %d map %#llx", r->tag, rd.version,
	      (unsigned long long)rd.map);
	err = linkmap_rdebug_from_dynamic(vm_read, r->ctx, r->ws, r->dynamic,
					  lo->dynamic_size, &x);
	CHECK(err == -ENOENT, "%s: DT_DEBUG set at exec: %d", r->tag, err);
	ret = 0;
out:
	elfobj_close(exe);
	elfobj_close(ldso);
	maps_free(&m);
	return ret;
}

/* Stopped at brk + 1 (the int3 after it ran): state, walk, return. */
static void at_brk(struct run *r, struct user_regs_struct *regs, int *states,
		   size_t *nstates, int *lib_seen)
{
	struct linkmap_rdebug rd;
	struct linkmap lm;
	uint64_t x = 0, ret = 0;
	int err;

	err = linkmap_read_rdebug(vm_read, r->ctx, r->ws, r->rdebug, &rd);
	CHECK(!err && rd.version >= 1 && rd.brk == r->brk,
	      "%s: r_debug at r_brk: err %d version %d brk %#llx", r->tag, err,
	      rd.version, (unsigned long long)rd.brk);
	if (*nstates < 16)
		states[(*nstates)++] = rd.state;
	if (rd.state == LINKMAP_CONSISTENT) {
		err = linkmap_rdebug_from_dynamic(vm_read, r->ctx, r->ws,
						  r->dynamic, 0, &x);
		CHECK(!err && x == r->rdebug, "%s: DT_DEBUG %#llx", r->tag,
		      (unsigned long long)x);
		/* The same word, read where elfobj_layout() says it is. */
		x = 0;
		err = vm_read(r->ctx, r->debug_slot, &x, r->ws);
		CHECK(!err && x == r->rdebug, "%s: debug_slot holds %#llx",
		      r->tag, (unsigned long long)x);
		linkmap_walk(vm_read, r->ctx, r->ws, rd.map, &lm);
		check_walk(r, &lm, *nstates <= 2 ? "start" : "later");
		lib_seen[*nstates < 16 ? *nstates : 15] = lm_has(&lm, r->lib);
		linkmap_free(&lm);
	}
	/* _dl_debug_state is a lone ret: do it here. */
	vm_read(r->ctx, regs->rsp, &ret, r->ws);
	regs->rip = ret;
	regs->rsp += r->ws;
}

static void traced_run(struct run *r)
{
	int states[16], lib_seen[16] = { 0 }, st, sig = 0, before = failed;
	size_t nstates = 0;
	long word;

	r->pid = fork();
	if (r->pid < 0)
		return;
	if (r->pid == 0) {
		ptrace(PTRACE_TRACEME, 0, 0, 0);
		execl(r->prog, r->prog, r->lib, (char *)NULL);
		_exit(127);
	}
	r->ctx = (void *)(intptr_t)r->pid;
	if (waitpid(r->pid, &st, 0) != r->pid || !WIFSTOPPED(st) ||
	    WSTOPSIG(st) != SIGTRAP) {
		CHECK(0, "%s: no exec stop", r->tag);
		return;
	}
	if (check_exec_stop(r) || !r->brk)
		goto kill;
	errno = 0;
	word = ptrace(PTRACE_PEEKTEXT, r->pid, (void *)(uintptr_t)r->brk, 0);
	if (errno)
		goto kill;
	word = (word & ~0xffL) | 0xcc;
	if (ptrace(PTRACE_POKETEXT, r->pid, (void *)(uintptr_t)r->brk,
		   (void *)word))
		goto kill;
	for (;;) {
		struct user_regs_struct regs;

		if (ptrace(PTRACE_CONT, r->pid, 0, (void *)(intptr_t)sig) ||
		    waitpid(r->pid, &st, 0) != r->pid)
			goto kill;
		if (WIFEXITED(st) || WIFSIGNALED(st))
			break;
		sig = WSTOPSIG(st);
		if (sig != SIGTRAP ||
		    ptrace(PTRACE_GETREGS, r->pid, 0, &regs))
			continue;
		if (regs.rip != r->brk + 1) {
			CHECK(0, "%s: stray SIGTRAP at %#llx", r->tag,
			      (unsigned long long)regs.rip);
			continue;
		}
		sig = 0;
		at_brk(r, &regs, states, &nstates, lib_seen);
		ptrace(PTRACE_SETREGS, r->pid, 0, &regs);
	}
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0, "%s: child status %#x",
	      r->tag, st);
	/* Start-up, dlopen, dlclose: each an ADD or DELETE, then CONSISTENT. */
	CHECK(nstates == 6 && states[0] == LINKMAP_ADD &&
	      states[1] == LINKMAP_CONSISTENT && states[2] == LINKMAP_ADD &&
	      states[3] == LINKMAP_CONSISTENT &&
	      states[4] == LINKMAP_DELETE && states[5] == LINKMAP_CONSISTENT,
	      "%s: r_state sequence of %zu stops", r->tag, nstates);
	CHECK(!lib_seen[2] && lib_seen[4] && !lib_seen[6],
	      "%s: library listed %d/%d/%d", r->tag, lib_seen[2], lib_seen[4],
	      lib_seen[6]);
	if (failed == before)
		printf("ok %s: bias %#llx, r_brk %#llx, %zu r_brk stops\n",
		       r->tag, (unsigned long long)r->main_bias,
		       (unsigned long long)r->brk, nstates);
	return;
kill:
	CHECK(0, "%s: could not run the child under ptrace", r->tag);
	kill(r->pid, SIGKILL);
	waitpid(r->pid, &st, 0);
}

static void check_child(const char *tag, const char *cflags, int ws, bool pie)
{
	char cmd[2048], prog[512], lib[512];
	struct run r = { .tag = tag, .ws = ws, .pie = pie };

	snprintf(cmd, sizeof(cmd),
		 "cc %s -shared -fPIC -o libh4_%s.so lib.c && "
		 "cc %s -o child_%s child.c -ldl && ./child_%s ./libh4_%s.so",
		 cflags, tag, cflags, tag, tag, tag);
	if (run(cmd) != 0) {
		printf("skip %s: the toolchain cannot build '%s'\n", tag,
		       cflags);
		return;
	}
	snprintf(prog, sizeof(prog), "%s/child_%s", dir, tag);
	snprintf(lib, sizeof(lib), "%s/libh4_%s.so", dir, tag);
	r.prog = prog;
	r.lib = lib;
	traced_run(&r);
}

/* --- elf.c: layout, soname, build-id, lookup --------------------------- */

static void check_layout(void)
{
	char path[512], cmd[1024], line[512], want[128] = "";
	const struct elfobj_layout *lo;
	const struct elfobj_sym *s;
	struct elfobj *obj;
	unsigned char id[64];
	size_t idlen = 0;
	FILE *p;

	if (run("cc -shared -fPIC -Wl,-soname,libh4.so.7 -Wl,--build-id "
		"-Wl,-z,now -o libh4_lay.so lib.c")) {
		printf("skip layout: cannot build\n");
		return;
	}
	snprintf(path, sizeof(path), "%s/libh4_lay.so", dir);
	snprintf(cmd, sizeof(cmd), "readelf -n %s 2>/dev/null", path);
	p = popen(cmd, "r");
	while (p && fgets(line, sizeof(line), p))
		if (sscanf(line, " Build ID: %127s", want) == 1)
			break;
	if (p)
		pclose(p);
	for (; want[2 * idlen] && want[2 * idlen + 1] && idlen < 64; idlen++)
		sscanf(want + 2 * idlen, "%2hhx", &id[idlen]);
	if (elfobj_open(path, &obj)) {
		CHECK(0, "layout: open %s", path);
		return;
	}
	lo = elfobj_layout(obj);
	CHECK(lo->soname && !strcmp(lo->soname, "libh4.so.7"),
	      "layout: soname %s", lo->soname ? lo->soname : "(none)");
	CHECK(idlen && lo->build_id_len == idlen &&
	      !memcmp(lo->build_id, id, idlen), "layout: build-id %s", want);
	CHECK(!lo->interp && !lo->has_debug && lo->type == ET_DYN &&
	      lo->nloads >= 2 && lo->has_dynamic && elfobj_bind_now(obj),
	      "layout: library fields");
	s = elfobj_lookup(obj, "h4_twice");
	CHECK(s && !s->ifunc, "layout: lookup h4_twice");
	CHECK(!elfobj_lookup(obj, "h4_none"), "layout: lookup of none");
	elfobj_close(obj);

	/* Versioned lookups in libc: the default version wins a bare name. */
	if (!elfobj_open("/lib/x86_64-linux-gnu/libc.so.6", &obj)) {
		s = elfobj_lookup(obj, "memcpy");
		CHECK(s && !strcmp(s->vname, "memcpy@@GLIBC_2.14"),
		      "lookup memcpy: %s", s ? s->vname : "(none)");
		s = elfobj_lookup(obj, "memcpy@GLIBC_2.2.5");
		CHECK(s && !s->ifunc, "lookup memcpy@GLIBC_2.2.5");
		s = elfobj_lookup(obj, "stdout");
		CHECK(s && s->dynamic, "lookup of a data object");
		elfobj_close(obj);
	}

	/* A static binary: _dl_debug_state and _r_debug from .symtab. */
	if (!run("cc -static -o child_static child.c")) {
		uint64_t brk = 0, rd = 0;

		snprintf(path, sizeof(path), "%s/child_static", dir);
		if (!elfobj_open(path, &obj)) {
			lo = elfobj_layout(obj);
			CHECK(!lo->interp && lo->type == ET_EXEC &&
			      !linkmap_ldso_addrs(obj, 0, &brk, &rd) && brk &&
			      rd, "static: layout and link map symbols");
			s = elfobj_lookup(obj, "strlen");
			if (s && s->ifunc)
				CHECK(elfobj_ifunc_slots(obj, NULL, s->value,
							 NULL, 0) >= 1,
				      "static: strlen's IRELATIVE slot");
			elfobj_close(obj);
		}
	} else {
		printf("skip static: cannot build\n");
	}
	printf("ok layout\n");
}

int main(void)
{
	char path[512], cmd[1024];

	if (system("cc --version >/dev/null 2>&1")) {
		printf("skip: no cc\n");
		return 77;
	}
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(path, sizeof(path), "%s/lib.c", dir);
	write_file(path, lib_src, sizeof(lib_src) - 1);
	snprintf(path, sizeof(path), "%s/child.c", dir);
	write_file(path, child_src, sizeof(child_src) - 1);

	check_parse();
	check_auxv_parse();
	check_fake(8);
	check_fake(4);
	printf("ok parse, auxv and fake memory\n");
	check_layout();
	check_child("pie64", "-fPIE -pie", 8, true);
	check_child("nopie64", "-fno-pie -no-pie", 8, false);
	check_child("now64", "-fPIE -pie -Wl,-z,now", 8, true);
	check_child("pie32", "-m32 -fPIE -pie", 4, true);
	check_child("nopie32", "-m32 -fno-pie -no-pie", 4, false);
	check_self();

	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		printf("note: could not remove %s\n", dir);
	printf("%d of %d checks failed\n", failed, total);
	return failed ? 1 : 0;
}
