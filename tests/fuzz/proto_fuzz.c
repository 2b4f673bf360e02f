/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libFuzzer target for the prototype file parser (src/libcall/
 * proto_file.c, through proto_parse()).  `make fuzz` builds it with
 * clang -fsanitize=fuzzer,address,undefined and runs it for
 * FUZZ_SECONDS on the seeds in tests/fuzz/corpus_proto/ with the words
 * of tests/fuzz/proto.dict.
 *
 * An input is one prototype file, any bytes.  Each run ends with
 * proto_reset(), so that everything a parse kept is freed and the leak
 * checker sees what a parse lost.  Beyond the sanitizers, these
 * properties are checked; a violation aborts, which libFuzzer reports
 * as a crash:
 *
 * - a refusal leaves "fuzz:LINE: message", with LINE within the input;
 * - a refused input keeps nothing: the built-in strlen is still the
 *   answer for "strlen";
 * - an accepted input is accepted again (nothing depends on what the
 *   first parse left), and every name it seems to define can be looked
 *   up and printed.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libcall/proto.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void __attribute__((noreturn)) broken(const char *what,
					      const char *detail)
{
	fprintf(stderr, "proto_fuzz: %s: %s\n", what, detail);
	abort();
}

static bool is_ident(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/* Look up and print every "NAME(" of the input. */
static void print_names(const char *s, size_t size)
{
	char name[256], buf[2048];

	for (size_t i = 0; i < size; i++) {
		size_t j = i;

		if (s[i] != '(')
			continue;
		while (j > 0 && is_ident((unsigned char)s[j - 1]) &&
		       i - j < sizeof(name) - 1)
			j--;
		if (j == i)
			continue;
		memcpy(name, s + j, i - j);
		name[i - j] = '\0';
		for (const char *lib = NULL;; lib = "libfuzz.so.1") {
			const struct proto *p = proto_lookup(name, lib);

			if (p)
				proto_sprint(buf, sizeof(buf), p);
			if (lib)
				break;
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	const struct proto *p;
	char err[256];
	unsigned long lines = 1, line;
	int r;

	for (size_t i = 0; i < size; i++)
		lines += s[i] == '\n';
	err[0] = 'x';
	r = proto_parse(s, size, "fuzz", err, sizeof(err));
	if (r < 0) {
		if (!memchr(err, '\0', sizeof(err)))
			broken("message not terminated", "");
		if (strncmp(err, "fuzz:", 5) ||
		    sscanf(err + 5, "%lu", &line) != 1)
			broken("message without FILE:LINE", err);
		if (line < 1 || line > lines)
			broken("line out of the input", err);
		p = proto_lookup("strlen", "libc.so.6");
		if (!p || p->ret.kind != PT_SIZE || p->nargs != 1)
			broken("a refused input kept something", err);
	} else if (r == 0) {
		print_names(s, size);
		if (proto_parse(s, size, "fuzz", err, sizeof(err)) != 0)
			broken("accepted once, refused twice", err);
	} else {
		broken("proto_parse returned neither 0 nor -1", "");
	}
	proto_reset();
	return 0;
}
