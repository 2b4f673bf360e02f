/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libFuzzer target for the ELF reader (src/libcall/elf.c) and the other
 * parsers of untrusted bytes of the library-call tracer (maps.c,
 * linkmap.c).  `make fuzz` builds it with clang -fsanitize=fuzzer,address,
 * undefined and runs it on seed objects it builds from
 * tests/fuzz/elf_seed.c (tests/fuzz/README.md).
 *
 * An input is an ELF image.  elfobj_open_mem() must refuse it or parse
 * it; then every query runs over everything it returns, and these
 * properties are checked (a violation aborts, which libFuzzer reports as
 * a crash):
 *
 * - every string returned is terminated, every name non-empty;
 * - elfobj_lookup() finds every symbol elfobj_syms() lists, by its bare
 *   and by its versioned name (a symbol of that name or versioned name:
 *   .symtab names may hold an '@' themselves);
 * - elfobj_ifunc_slots() counts the same whatever room it is given, and
 *   finds a named GOT slot under its name;
 * - the object mapped by a simulated loader at a known bias (one mapping
 *   per PT_LOAD, as the kernel does) gives that bias back through
 *   maps_object_bias().
 *
 * The same bytes then feed maps_parse() and auxv_parse() (both layouts),
 * and serve as tracee memory for the link map walker, so a corrupted
 * r_debug or chain is fuzzed too.
 */
#include "config.h"

#include <elf.h>
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "libcall/elf.h"
#include "libcall/linkmap.h"
#include "libcall/maps.h"

#define FAIL(...)                                              \
	do {                                                   \
		fprintf(stderr, "elf_fuzz: " __VA_ARGS__);     \
		fprintf(stderr, "\n");                         \
		abort();                                       \
	} while (0)

/* Where the input lies as fake tracee memory. */
#define FAKE_BASE 0x10000ULL

struct fake {
	const uint8_t *data;
	size_t size;
};

static int fake_read(void *ctx, uint64_t addr, void *buf, size_t len)
{
	const struct fake *f = ctx;

	if (addr < FAKE_BASE || addr - FAKE_BASE > f->size ||
	    len > f->size - (addr - FAKE_BASE))
		return -1;
	memcpy(buf, f->data + (addr - FAKE_BASE), len);
	return 0;
}

static void check_str(const char *s, const char *what)
{
	/* Reading it whole lets ASan see an unterminated string. */
	if (!s || !*s || strlen(s) > (1U << 30))
		FAIL("%s: empty or missing string", what);
}

static void check_syms(const struct elfobj *obj)
{
	const struct elfobj_sym *syms, *s;
	uint64_t slots[4];
	size_t i, n, a, b;

	n = elfobj_syms(obj, &syms);
	for (i = 0; i < n; i++) {
		check_str(syms[i].name, "sym name");
		check_str(syms[i].vname, "sym vname");
		s = elfobj_lookup(obj, syms[i].name);
		if (!s || (strcmp(s->name, syms[i].name) &&
			   strcmp(s->vname, syms[i].name)))
			FAIL("lookup of %s failed", syms[i].name);
		s = elfobj_lookup(obj, syms[i].vname);
		if (!s || (strcmp(s->vname, syms[i].vname) &&
			   strcmp(s->name, syms[i].vname)))
			FAIL("lookup of %s failed", syms[i].vname);
		if (!syms[i].ifunc)
			continue;
		a = elfobj_ifunc_slots(obj, syms[i].name, syms[i].value, NULL,
				       0);
		b = elfobj_ifunc_slots(obj, syms[i].name, syms[i].value, slots,
				       4);
		if (a != b)
			FAIL("ifunc slots: %zu, then %zu", a, b);
	}
}

static void check_plts(const struct elfobj *obj)
{
	const struct elfobj_plt *plts;
	uint64_t slots[1];
	size_t i, n;

	n = elfobj_plts(obj, &plts);
	for (i = 0; i < n; i++) {
		if (plts[i].reloc == ELFOBJ_IRELATIVE) {
			if (plts[i].name)
				FAIL("IRELATIVE with a name");
			if (plts[i].addend &&
			    !elfobj_ifunc_slots(obj, NULL, plts[i].addend,
						slots, 1))
				FAIL("IRELATIVE slot not found by addend");
			continue;
		}
		check_str(plts[i].name, "plt name");
		check_str(plts[i].vname, "plt vname");
		if (!elfobj_ifunc_slots(obj, plts[i].name, 0, slots, 1))
			FAIL("GOT slot of %s not found", plts[i].name);
	}
}

/*
 * A loader's mappings of the PT_LOADs at bias: only for headers a loader
 * would accept (ascending, page-congruent, within a 4 GiB span).
 */
static void check_bias(const struct elfobj_layout *lo)
{
	const uint64_t pg = 4096, mask = ~(pg - 1);
	uint64_t bias = lo->type == ET_DYN ? 0x7f0000000000ULL : 0, got = 0;
	struct map_entry ent[64];
	char path[] = "/seed";
	struct maps_object o;
	struct maps m = { ent, 0 };
	size_t i;

	if (!lo->nloads || lo->nloads > 64)
		return;
	for (i = 0; i < lo->nloads; i++) {
		const struct elfobj_load *l = &lo->loads[i];
		uint64_t start = l->vaddr & mask;
		uint64_t end = (l->vaddr + l->memsz + pg - 1) & mask;

		if ((l->vaddr & ~mask) != (l->offset & ~mask) || !l->memsz ||
		    l->vaddr > (1ULL << 32) || l->memsz > (1ULL << 32) ||
		    (i && start < ent[i - 1].end - bias) || end <= start)
			return;
		/* A second PT_LOAD at offset 0 would start another object. */
		if (i && (l->offset & mask) == 0)
			return;
		memset(&ent[i], 0, sizeof(ent[i]));
		ent[i].start = bias + start;
		ent[i].end = bias + end;
		ent[i].offset = l->offset & mask;
		ent[i].prot = (l->flags & PF_R ? PROT_READ : 0) |
			      (l->flags & PF_W ? PROT_WRITE : 0) |
			      (l->flags & PF_X ? PROT_EXEC : 0);
		ent[i].inode = 1;
		ent[i].path = path;
		m.n++;
	}
	if (maps_object_at(&m, ent[0].start, &o))
		FAIL("no object at the first mapping");
	if (o.first != 0 || o.last != m.n - 1)
		FAIL("object is mappings %zu..%zu of %zu", o.first, o.last,
		     m.n);
	if (maps_object_bias(&m, &o, lo->loads, lo->nloads, pg, &got) ||
	    got != bias)
		FAIL("bias %#llx, want %#llx", (unsigned long long)got,
		     (unsigned long long)bias);
}

static void check_layout(const struct elfobj *obj)
{
	const struct elfobj_layout *lo = elfobj_layout(obj);
	uint64_t v, off;
	unsigned int sum = 0;
	size_t i;

	if (lo->interp)
		(void)strlen(lo->interp);
	if (lo->soname)
		check_str(lo->soname, "soname");
	for (i = 0; i < lo->build_id_len; i++)
		sum += lo->build_id[i];
	if (lo->build_id_len && !lo->build_id)
		FAIL("build-id length without bytes");
	for (i = 0; i < lo->nloads; i++)
		sum += lo->loads[i].flags;
	if (elfobj_first_load(obj, 4096, &v, &off) !=
	    (lo->nloads ? 0 : -ENOENT))
		FAIL("first_load disagrees with nloads");
	(void)sum;
	(void)elfobj_bind_now(obj);
	(void)elfobj_is_dyn(obj);
	(void)elfobj_class(obj);
	(void)elfobj_machine(obj);
	check_bias(lo);
}

static void fuzz_memory(const uint8_t *data, size_t size)
{
	struct fake f = { data, size };
	struct linkmap_rdebug rd;
	struct linkmap lm;
	struct auxv a;
	struct maps m;
	uint64_t x;
	int ws;

	if (!maps_parse((const char *)data, size, &m)) {
		size_t pos = 0;
		struct maps_object o;

		while (!maps_next_object(&m, &pos, &o))
			if (o.first > o.last || o.last >= m.n)
				FAIL("maps object out of range");
	}
	maps_free(&m);
	(void)auxv_parse(data, size, 0, &a);
	(void)auxv_parse(data, size, 4, &a);
	for (ws = 4; ws <= 8; ws += 4) {
		linkmap_read_rdebug(fake_read, &f, ws, FAKE_BASE, &rd);
		linkmap_rdebug_from_dynamic(fake_read, &f, ws, FAKE_BASE, 0,
					    &x);
		/* The chain starts at the first word, r_map's place. */
		if (linkmap_walk(fake_read, &f, ws, FAKE_BASE + ws, &lm) == 0) {
			size_t i;

			if (lm.n > LINKMAP_MAX_ENTRIES)
				FAIL("walk past the cap");
			for (i = 0; i < lm.n; i++)
				if (strlen(lm.v[i].name) > LINKMAP_NAME_MAX)
					FAIL("name past the cap");
		}
		linkmap_free(&lm);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct elfobj *obj;

	if (elfobj_open_mem(data, size, &obj) == 0) {
		check_syms(obj);
		check_plts(obj);
		check_layout(obj);
		elfobj_close(obj);
	}
	fuzz_memory(data, size);
	return 0;
}
