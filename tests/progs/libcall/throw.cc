/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * throw PLT_EXPECT ENTRY_EXPECT: C++ exceptions through traced calls.
 * barx_outer(-n) throws from barx_inner through barx_outer to this
 * program's catch; barx_catch(-n) throws from barx_inner through barx_mid
 * and catches inside libbarxx.
 * Calls after each throw must be traced and return what they must.
 *
 * The lines a trace must hold go to PLT_EXPECT (-l barx_outer -l
 * barx_catch: the calls this program makes) and ENTRY_EXPECT (entry
 * breakpoints on barx_*): a call an exception left stays "<unfinished
 * ...>" with no resumed line (the cases tolerate one ending in "= ?").
 * Prints "ok" and exits 0 when every call that returned gave the right
 * value and every throw was caught where it should be.
 */
#include <cstdio>
#include <stdexcept>

extern "C" {
int barx_outer(int v);
int barx_catch(int v);
}

static FILE *plt, *entry;
static int bad;

static void line(FILE *f, const char *fmt, int a, int b = 0)
{
	std::fprintf(f, fmt, a, b);
	std::fputc('\n', f);
}

/* A call made from libbarxx rather than from the program. */
#define FROM_LIBBARXX "libbarxx.so->"

static void outer_ok(int v)
{
	bad |= barx_outer(v) != 2 * v + 1;
	line(plt, "barx_outer(%d) = %d", v, 2 * v + 1);
	line(entry, "barx_outer(%d <unfinished ...>", v);
	line(entry, FROM_LIBBARXX "barx_inner(%d) = %d", v, 2 * v);
	line(entry, "<... barx_outer resumed> ) = %d", 2 * v + 1);
}

static void outer_throws(int v)
{
	bool caught = false;

	try {
		barx_outer(v);
	} catch (const std::invalid_argument &e) {
		caught = true;
	}
	bad |= !caught;
	line(plt, "barx_outer(%d <unfinished ...>", v);
	line(entry, "barx_outer(%d <unfinished ...>", v);
	line(entry, FROM_LIBBARXX "barx_inner(%d <unfinished ...>", v);
}

static void catch_ok(int v)
{
	bad |= barx_catch(v) != 2 * v + 2;
	line(plt, "barx_catch(%d) = %d", v, 2 * v + 2);
	line(entry, "barx_catch(%d <unfinished ...>", v);
	line(entry, FROM_LIBBARXX "barx_mid(%d <unfinished ...>", v);
	line(entry, FROM_LIBBARXX "barx_inner(%d) = %d", v, 2 * v);
	line(entry, "<... barx_mid resumed> ) = %d", 2 * v + 2);
	line(entry, "<... barx_catch resumed> ) = %d", 2 * v + 2);
}

static void catch_throws(int v)
{
	bad |= barx_catch(v) != -1;
	line(plt, "barx_catch(%d) = %d", v, -1);
	line(entry, "barx_catch(%d <unfinished ...>", v);
	line(entry, FROM_LIBBARXX "barx_mid(%d <unfinished ...>", v);
	line(entry, FROM_LIBBARXX "barx_inner(%d <unfinished ...>", v);
	line(entry, "<... barx_catch resumed> ) = %d", -1);
}

int main(int argc, char **argv)
{
	int i;

	if (argc != 3) {
		std::fprintf(stderr, "usage: throw PLT_EXPECT ENTRY_EXPECT\n");
		return 2;
	}
	plt = std::fopen(argv[1], "w");
	entry = std::fopen(argv[2], "w");
	if (!plt || !entry)
		return 2;
	outer_ok(5);
	outer_throws(-3);
	outer_ok(6);
	catch_throws(-4);
	catch_ok(4);
	for (i = 1; i <= 10; i++) {
		outer_throws(-10 * i);
		catch_throws(-10 * i - 1);
	}
	outer_ok(7);
	if (std::fclose(plt) != 0 || std::fclose(entry) != 0)
		return 2;
	std::puts(bad ? "failed" : "ok");
	return bad;
}
