/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * jump EXPECT: longjmp out of traced calls.  bar_cb(f, arg) calls back
 * into this program, and the callback longjmps past bar_cb (once, twice
 * nested, and 20 times in a row), or past an inner bar_cb only, to a
 * setjmp inside an outer callback whose bar_cb then returns normally.
 * Calls made after each jump must be traced and return what they must.
 *
 * EXPECT gets the lines a trace of bar_cb and bar_add must hold: a call
 * that was jumped out of stays "<unfinished ...>" and has no resumed
 * line (the cases tolerate one ending in "= ?").  Prints "ok" and exits 0
 * when every call that returned gave the right value.
 */
#include <setjmp.h>
#include <stdio.h>

#include "bar.h"
#include "expect.h"

static FILE *f;
static int bad;
static jmp_buf out, inner;

static void add(int a, int b)
{
	bad |= bar_add(a, b) != a + b;
	expect(f, "bar_add(%d, %d) = %d", a, b, a + b);
}

static void cb_start(void (*fn)(int), int arg)
{
	expect(f, "bar_cb(%p, %d <unfinished ...>", (void *)fn, arg);
}

/* Jumps to out: the bar_cb that called it never returns. */
static void jump_cb(int arg)
{
	add(arg, arg);
	longjmp(out, 1);
}

/* A second traced bar_cb inside the first; both are jumped out of. */
static void outer_cb(int arg)
{
	cb_start(jump_cb, arg + 1);
	bar_cb(jump_cb, arg + 1);
	bad = 1;
}

static void jump_inner_cb(int arg)
{
	add(arg, arg);
	longjmp(inner, 1);
}

/* Only the inner bar_cb is jumped out of; the outer one returns. */
static void catch_cb(int arg)
{
	if (!setjmp(inner)) {
		cb_start(jump_inner_cb, arg + 1);
		bar_cb(jump_inner_cb, arg + 1);
		bad = 1;
	}
	add(arg, arg);
}

static void plain_cb(int arg)
{
	add(arg, 1);
}

static void call_cb(void (*fn)(int), int arg)
{
	int r;

	cb_start(fn, arg);
	r = bar_cb(fn, arg);
	bad |= r != arg + 1;
	expect(f, "<... bar_cb resumed> ) = %d", arg + 1);
}

int main(int argc, char **argv)
{
	volatile int i;

	if (argc != 2) {
		fprintf(stderr, "usage: jump EXPECT\n");
		return 2;
	}
	f = expect_open(argv[1]);
	add(1, 1);

	if (!setjmp(out)) {
		cb_start(jump_cb, 10);
		bar_cb(jump_cb, 10);
		bad = 1;
	}
	add(2, 2);

	if (!setjmp(out)) {
		cb_start(outer_cb, 20);
		bar_cb(outer_cb, 20);
		bad = 1;
	}
	add(3, 3);

	call_cb(catch_cb, 30);
	add(4, 4);

	for (i = 0; i < 20; i++) {
		if (!setjmp(out)) {
			cb_start(jump_cb, 100 + i);
			bar_cb(jump_cb, 100 + i);
			bad = 1;
		}
	}
	call_cb(plain_cb, 40);
	add(5, 5);

	expect_close(f);
	puts(bad ? "failed" : "ok");
	return bad;
}
