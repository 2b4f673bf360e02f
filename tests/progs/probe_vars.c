/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Variables with known values at known lines, for the DWARF value reader
 * (src/probe/dwval.c, tests/unit/dwval_test.c).  A line a test stops at
 * carries a mark, P:name, that the test finds by reading this file.
 * Built twice: probe_vars at -O0 and probe_vars_O2 at -O2, where gcc
 * keeps values in registers, writes location lists and entry values, and
 * inlines twice() at its two calls.  The asm statements keep values
 * alive (they must be in a register there) without changing them.
 */
#include <string.h>

/* The build's CFLAGS (-O2 by default) come after the program's own, so
 * the -O0 copy asks for -O0 here (tests name lines by number). */
#if defined(PROBE_VARS_O0) && defined(__clang__)
#pragma clang optimize off
#elif defined(PROBE_VARS_O0)
#pragma GCC optimize("O0")
#endif

struct inner {
	int x;
	short y;
};

enum color {
	RED,
	GREEN = 5,
	BLUE = -1
};

struct item {
	int len;
	char *name;
	struct inner inner;
	int arr[4];
	union {
		int i;
		float f;
	} u;
	enum color color;
	unsigned int flag : 1;
	unsigned int mode : 3;
	int delta : 5;
	float ratio;
	double weight;
	char tag[8];
	struct item *next;
};

int counter = 42;
long double precise = 3.25L;
static long hidden = -7;
struct item global_item = { .len = 99, .name = "global" };
volatile int sink_int;

__attribute__((noinline)) void sink(struct item *it)
{
	asm volatile("" : : "r"(it) : "memory");
}

static inline int twice(int v)
{
	int t = v * 2;

	asm volatile("" : : "r"(t), "r"(v)); /* P:inline */
	return t;
}

__attribute__((noinline)) int process(struct item *hdr, int k)
{
	int total = hdr->len + k;

	asm volatile("" : : "r"(total)); /* P:process_total */
	{
		int inblock = total * 3;

		asm volatile("" : : "r"(inblock)); /* P:block */
		total += inblock + (int)hidden;
	}
	sink(hdr);
	/* k is dead from here: -O2 describes it by its entry value. */
	sink_int = total; /* P:after_call */
	return total + twice(total);
}

int main(int argc, char **argv)
{
	struct item s;
	struct item *hdr = &s;
	char *name;
	int len, r;

	memset(&s, 0, sizeof(s));
	s.len = 5;
	s.name = "hello";
	s.inner.x = 11;
	s.inner.y = -3;
	s.arr[0] = 1;
	s.arr[1] = 2;
	s.arr[2] = 3;
	s.arr[3] = 4;
	s.u.f = 1.0f;
	s.color = GREEN;
	s.flag = 1;
	s.mode = 5;
	s.delta = -6;
	s.ratio = 1.5f;
	s.weight = 2.25;
	strcpy(s.tag, "tagged");
	s.next = &global_item;
	name = s.name;
	len = s.len + argc - 1;
	sink(hdr); /* P:after_init */
	r = process(hdr, 7);
	r += twice(len);
	sink_int = r + counter + (int)hidden + (name[0] == 'h');
	return argv[1] ? 1 : 0;
}
