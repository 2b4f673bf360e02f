/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What tests/cases/probe-list*.sh list without running it: functions,
 * the source lines of add_one() (each line says whether it must have
 * code: "L:code" or "L:none"), and two USDT points written as
 * <sys/sdt.h> writes them (that header is not on every machine), one
 * guarded by a semaphore.  The test reads the expectations from this
 * file and from readelf -n.
 */
#include <stdio.h>

/* <sys/sdt.h> puts semaphores in .probes; the tracer increments them. */
unsigned short sltest_guarded_semaphore __attribute__((section(".probes")));

/*
 * One note of .note.stapsdt: pc, .stapsdt.base's address, semaphore,
 * then provider, name and the argument spec the compiler fills in.
 */
#define SDT_NOTE(name, sema, args)                                      \
	"990:	nop\n"                                                  \
	"	.pushsection .note.stapsdt,\"\",\"note\"\n"             \
	"	.balign 4\n"                                            \
	"	.4byte 992f-991f, 994f-993f, 3\n"                       \
	"991:	.asciz \"stapsdt\"\n"                                   \
	"992:	.balign 4\n"                                            \
	"993:	.8byte 990b\n"                                          \
	"	.8byte _.stapsdt.base\n"                                \
	"	.8byte " sema "\n"                                      \
	"	.asciz \"sltest\"\n"                                    \
	"	.asciz \"" name "\"\n"                                  \
	"	.asciz \"" args "\"\n"                                  \
	"994:	.balign 4\n"                                            \
	"	.popsection\n"

/* The section whose address tells how far prelink moved the notes. */
__asm__(".pushsection .stapsdt.base,\"a\",\"progbits\"\n"
	".weak _.stapsdt.base\n"
	".hidden _.stapsdt.base\n"
	"_.stapsdt.base: .space 1\n"
	".size _.stapsdt.base, 1\n"
	".popsection\n");

/* -O0 whatever CFLAGS say: each statement keeps a line of its own. */
#ifdef __clang__
#define NOT_OPTIMIZED __attribute__((noinline, optnone))
#else
#define NOT_OPTIMIZED __attribute__((noinline, optimize("O0")))
#endif
static int NOT_OPTIMIZED add_one(int x)
{
	int y = x + 1;		/* L:code */

	/* L:none: a comment has no code */
	return y;		/* L:code */
}				/* L:code */

int __attribute__((noinline)) probe_list_twice(int x)
{
	return add_one(x) * 2;
}

int main(int argc, char **argv)
{
	(void)argv;
	__asm__ __volatile__(SDT_NOTE("plain", "0", "-4@%0") : : "r"(argc));
	if (sltest_guarded_semaphore)
		__asm__ __volatile__(SDT_NOTE("guarded", "sltest_guarded_semaphore",
					      "8@%0 -4@$5")
				     : : "r"((long)argc));
	printf("%d\n", probe_list_twice(argc));
	return 0;
}
