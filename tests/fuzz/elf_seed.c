/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Source of the seed objects of the ELF fuzz target (tests/fuzz/elf_fuzz.c):
 * `make fuzz` builds it with -DSEED_LIB as a small shared library and
 * without as a program calling it, in several link modes, into
 * tests/fuzz/corpus_elf.seed/ of the build directory.  The library has
 * what the reader looks for: an exported function, an exported IFUNC
 * (called through a JUMP_SLOT), a local IFUNC (an IRELATIVE slot) and a
 * data object.
 */
#include <stdio.h>

#ifdef SEED_LIB
int seed_counter = 3;

static int add_slow(int x)
{
	return x + seed_counter;
}

static int add_fast(int x)
{
	return x + 3;
}

static int (*pick(void))(int)
{
	return seed_counter == 3 ? add_fast : add_slow;
}

int seed_add(int x) __attribute__((ifunc("pick")));
static int seed_local(int x) __attribute__((ifunc("pick"), used));

int seed_twice(int x)
{
	return seed_add(x) * 2 + seed_local(0) - 3;
}
#else
int seed_twice(int x);
extern int seed_counter;

int main(void)
{
	printf("%d\n", seed_twice(seed_counter));
	return 0;
}
#endif
