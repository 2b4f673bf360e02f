/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * dlopener EXPECT: loads libbaz.so (found through the run-path $ORIGIN)
 * with dlopen, calls baz_mul through the pointer dlsym gives, unloads it,
 * and does it again; bar_add calls (through the PLT) come before, between
 * and after.  EXPECT gets the lines a trace with entry breakpoints on
 * baz_* plus -l bar_add must hold.  After the first dlclose, the page
 * that held baz_mul is mapped again (anonymous, when the address is free)
 * and must keep its bytes while traced calls go on: breakpoints of an
 * unloaded library must be forgotten, not written to whatever comes next.
 * Prints "ok" and exits 0 when everything returned what it must.
 */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>

#include "bar.h"
#include "expect.h"

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif

static FILE *f;
static int bad;

static void add(int a, int b)
{
	bad |= bar_add(a, b) != a + b;
	expect(f, "bar_add(%d, %d) = %d", a, b, a + b);
}

/* Returns baz_mul's address, for the page check. */
static uintptr_t mul(int a, int b)
{
	int (*fn)(int, int);
	void *h = dlopen("libbaz.so", RTLD_NOW);
	uintptr_t addr;

	if (!h) {
		printf("dlopen: %s\n", dlerror());
		bad = 1;
		return 0;
	}
	fn = (int (*)(int, int))dlsym(h, "baz_mul");
	if (!fn) {
		printf("dlsym: %s\n", dlerror());
		bad = 1;
		dlclose(h);
		return 0;
	}
	bad |= fn(a, b) != a * b;
	expect(f, "baz_mul(%d, %d) = %d", a, b, a * b);
	addr = (uintptr_t)fn;
	if (dlclose(h) != 0) {
		printf("dlclose: %s\n", dlerror());
		bad = 1;
	}
	if (dlopen("libbaz.so", RTLD_NOW | RTLD_NOLOAD)) {
		printf("libbaz.so is still loaded after dlclose\n");
		bad = 1;
	}
	return addr;
}

int main(int argc, char **argv)
{
	long psz = sysconf(_SC_PAGESIZE);
	uintptr_t addr;
	unsigned char *p;
	int i;

	if (argc != 2) {
		fprintf(stderr, "usage: dlopener EXPECT\n");
		return 2;
	}
	f = expect_open(argv[1]);
	add(1, 2);
	addr = mul(6, 7);
	p = mmap((void *)(addr & -psz), psz, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	if (p == MAP_FAILED || (uintptr_t)p != (addr & -psz)) {
		if (p != MAP_FAILED)
			munmap(p, psz);
		p = NULL;
	} else {
		memset(p, 0x5a, psz);
	}
	add(3, 4);
	for (i = 0; p && i < psz; i++)
		if (p[i] != 0x5a) {
			printf("byte %d of the page that held baz_mul is "
			       "0x%02x\n",
			       i, p[i]);
			bad = 1;
			break;
		}
	if (p)
		munmap(p, psz);
	mul(3, 5);
	add(5, 6);
	expect_close(f);
	puts(bad ? "failed" : "ok");
	return bad;
}
