/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit test of src/output/quote.c.  Every expectation below was observed
 * from Debian's strace 6.1; the command that showed it is beside it.
 * Prints one line per failed check and exits 1 if any failed.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "output/quote.h"

static int failed, total;

static void check(const char *what, const void *in, size_t len,
		  unsigned int flags, const char *want)
{
	char out[4 * 256 + 8];
	size_t n;

	total++;
	if (quote_bound(len) > sizeof(out)) {
		printf("FAIL %s: input too long for the test\n", what);
		failed++;
		return;
	}
	n = quote_string(out, in, len, flags);
	if (n != strlen(want) || memcmp(out, want, n)) {
		printf("FAIL %s: got %.*s, want %s\n", what, (int)n, out, want);
		failed++;
	}
}

#define S(lit) lit, sizeof(lit) - 1

int main(void)
{
	/*
	 * printf '\0\0011a\377\t\n\v\f\r\\"x\0018\0019\177 ~\033[' |
	 *	strace -e trace=read -s 100 cat >/dev/null
	 * read(0, "\0\0011a\377\t\n\v\f\r\\\"x\18\19\177 ~\33[", 131072) = 22
	 * Octal as short as possible, three digits when an octal digit
	 * follows ("\0011"), not when 8 or 9 follows ("\18").
	 */
	check("mixed escapes",
	      S("\0\0011a\377\t\n\v\f\r\\\"x\0018\0019\177 ~\033["), 0,
	      "\"\\0\\0011a\\377\\t\\n\\v\\f\\r\\\\\\\"x\\18\\19\\177 ~\\33[\"");

	/*
	 * printf '\0337\0338\2000\0409\t0\n' | strace -e trace=read cat
	 * read(0, "\0337\338\2000 9\t0\n", 131072) = 11
	 * Two-digit codes get three digits before an octal digit; named
	 * escapes need nothing before a digit.
	 */
	check("two-digit octal", S("\0337\0338\2000\0409\t0\n"), 0,
	      "\"\\0337\\338\\2000 9\\t0\\n\"");

	/*
	 * strace -e trace=openat,read cat /etc/hostname (libc's ELF header):
	 * read(3, "\177ELF\2\1\1\3\0\0\0\0\0\0\0\0\3\0>\0\1\0\0\0\20t\2\0"...
	 */
	check("ELF header",
	      S("\177ELF\2\1\1\3\0\0\0\0\0\0\0\0\3\0>\0\1\0\0\0\020t\2\0"), 0,
	      "\"\\177ELF\\2\\1\\1\\3\\0\\0\\0\\0\\0\\0\\0\\0\\3\\0>\\0\\1"
	      "\\0\\0\\0\\20t\\2\\0\"");

	/*
	 * printf 'abcdefghij' | strace -e trace=read -s 4 cat
	 * read(0, "abcd"..., 131072) = 10
	 */
	check("cut at -s", S("abcd"), QUOTE_ELLIPSIS, "\"abcd\"...");

	/*
	 * printf 'abc' | strace -e trace=read -s 0 cat
	 * read(0, ""..., 131072) = 3
	 */
	check("-s 0", "", 0, QUOTE_ELLIPSIS, "\"\"...");
	check("empty", "", 0, 0, "\"\"");

	/*
	 * printf '\0011' | strace -e trace=read -s 1 cat
	 * read(0, "\1"..., 131072) = 2
	 * The byte after the cut does not count as "next".
	 * With -s 2: read(0, "\0011", 131072) = 2
	 */
	check("digit after the cut", S("\001"), QUOTE_ELLIPSIS, "\"\\1\"...");
	check("digit before the cut", S("\0011"), 0, "\"\\0011\"");

	/*
	 * strace -e trace=execve -s 10 /bin/echo "$(printf 'a\tb\001c')"
	 * execve("/bin/echo", ["/bin/echo", "a\tb\1c"], ...
	 */
	check("0-terminated", S("a\tb\001c\0zz"), QUOTE_0_TERMINATED,
	      "\"a\\tb\\1c\"");
	check("0-terminated, no NUL", S("abc"), QUOTE_0_TERMINATED, "\"abc\"");

	/*
	 * keyctl(KEYCTL_DESCRIBE, ...) writes "keyring;...;_tid\0":
	 * strace shows "keyring;...;_tid", with -x "\x6b...\x64\x00".
	 */
	check("trailing NUL omitted", S("a;b\0"), QUOTE_OMIT_TRAILING_0,
	      "\"a;b\"");
	check("inner NUL kept", S("a\0b"), QUOTE_OMIT_TRAILING_0,
	      "\"a\\0b\"");
	check("trailing NUL in hex", S("a\0"),
	      QUOTE_OMIT_TRAILING_0 | QUOTE_HEX_NONPRINT, "\"\\x61\\x00\"");

	/* printf '\200\377\001' | strace -e trace=read cat -> "\200\377\1" */
	check("high bytes", S("\200\377\001"), 0, "\"\\200\\377\\1\"");

	/*
	 * -x (QUOTE_HEX_NONPRINT):
	 * printf 'a\tb\n\001' | strace -x ...  -> "\x61\x09\x62\x0a\x01"
	 * printf 'a\tb\n'     | strace -x ...  -> "a\tb\n"
	 * printf 'a\0b'       | strace -x ...  -> "\x61\x00\x62"
	 * printf 'a\177'      | strace -x ...  -> "\x61\x7f"
	 * printf 'a"\\'       | strace -x ...  -> "a\"\\"
	 * printf 'a\v\f\r'    | strace -x ...  -> "a\v\f\r"
	 */
	check("-x nonprint", S("a\tb\n\001"), QUOTE_HEX_NONPRINT,
	      "\"\\x61\\x09\\x62\\x0a\\x01\"");
	check("-x text", S("a\tb\n"), QUOTE_HEX_NONPRINT, "\"a\\tb\\n\"");
	check("-x NUL", S("a\0b"), QUOTE_HEX_NONPRINT, "\"\\x61\\x00\\x62\"");
	check("-x DEL", S("a\177"), QUOTE_HEX_NONPRINT, "\"\\x61\\x7f\"");
	check("-x quote", S("a\"\\"), QUOTE_HEX_NONPRINT, "\"a\\\"\\\\\"");
	check("-x named", S("a\v\f\r"), QUOTE_HEX_NONPRINT, "\"a\\v\\f\\r\"");

	/*
	 * -xx (QUOTE_FORCE_HEX):
	 * printf 'a\tb\n' | strace -xx ... -> "\x61\x09\x62\x0a"
	 * printf 'a\v\f\r' | strace -xx -s 2 ... -> "\x61\x0b"...
	 */
	check("-xx", S("a\tb\n"), QUOTE_FORCE_HEX, "\"\\x61\\x09\\x62\\x0a\"");
	check("-xx cut", S("a\v"), QUOTE_FORCE_HEX | QUOTE_ELLIPSIS,
	      "\"\\x61\\x0b\"...");

	if (failed)
		printf("quote_test: %d of %d checks failed\n", failed, total);
	return failed ? 1 : 0;
}
