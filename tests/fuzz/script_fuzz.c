/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libFuzzer target for the script front end (src/script/): its text comes
 * from the user's --script or --script-file.  `make fuzz` (or `make
 * fuzz-script`) builds it with clang -fsanitize=fuzzer,address,undefined
 * and runs it for FUZZ_SECONDS.
 *
 * The input is the script, every byte (NULs included).  Its first byte,
 * odd, also turns on SCRIPT_CHECK_UNSAFE.  Beyond the sanitizers, a
 * violation of what parse.h promises aborts:
 *
 * - a refusal says why, in one line, at a line and column inside the
 *   text (the column at most one past its line's end);
 * - the formatted error has three lines, the last a caret;
 * - an accepted script has a clause, and parses again to the same tree
 *   (as script_dump() prints it);
 * - a script the checker refuses is refused with a line and column as
 *   above.
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "script/parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void __attribute__((noreturn)) broken(const char *what)
{
	fprintf(stderr, "script_fuzz: %s\n", what);
	abort();
}

/* The length of line (from 1) of text, or -1 if it has no such line. */
static long line_len(const char *text, size_t len, unsigned int line)
{
	size_t k = 0, start;
	unsigned int l = 1;

	while (l < line) {
		while (k < len && text[k] != '\n')
			k++;
		if (k >= len)
			return -1;
		k++;
		l++;
	}
	start = k;
	while (k < len && text[k] != '\n')
		k++;
	return k - start;
}

static void check_error(const char *text, size_t len,
			const struct script_error *e)
{
	char buf[600];
	long ll;
	int n, nl = 0, k;

	if (!e->msg[0])
		broken("a refusal without a reason");
	if (strchr(e->msg, '\n'))
		broken("a refusal of more than one line");
	if (!e->pos.line || !e->pos.col)
		broken("a refusal without its line and column");
	ll = line_len(text, len, e->pos.line);
	if (ll < 0)
		broken("a refusal on a line the text does not have");
	if (e->pos.col > (unsigned long)ll + 1)
		broken("a refusal past the end of its line");
	n = script_error_format(buf, sizeof(buf), "fuzz", text, len, e);
	if (n < 0)
		broken("the error did not format");
	if ((size_t)n < sizeof(buf)) {
		for (k = 0; k < n; k++)
			nl += buf[k] == '\n';
		if (nl != 3 || n < 2 || buf[n - 1] != '\n' || buf[n - 2] != '^')
			broken("a formatted error not of three lines ending in a caret");
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	unsigned int flags = size && (data[0] & 1) ? SCRIPT_CHECK_UNSAFE : 0;
	struct script_error e, e2;
	struct script *s, *s2;
	char *d, *d2;
	int rc;

	rc = script_parse(text, size, &s, &e);
	if (rc) {
		if (s)
			broken("a refusal that returned a tree");
		if (rc != -EINVAL && rc != -ENOMEM)
			broken("a refusal with an unknown code");
		check_error(text, size, &e);
		return 0;
	}
	d = script_dump(s);
	if (!d)
		return 0;
	if (!d[0])
		broken("an accepted script without a clause");
	if (script_parse(text, size, &s2, &e2))
		broken("a script accepted once and refused once");
	d2 = script_dump(s2);
	if (d2 && strcmp(d, d2))
		broken("two parses of one script differ");
	free(d2);
	script_free(s2);
	rc = script_check(s, flags, &e);
	if (rc)
		check_error(text, size, &e);
	free(d);
	script_free(s);
	return 0;
}
