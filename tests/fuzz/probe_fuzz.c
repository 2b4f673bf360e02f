/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libFuzzer target for the probe spec parser (src/probe/spec.c) and the
 * USDT note decoder (src/probe/usdt.c): both read what a user or an
 * untrusted object file gives.  `make fuzz` builds it with clang
 * -fsanitize=fuzzer,address,undefined and runs it for FUZZ_SECONDS.
 *
 * The first byte of an input chooses: bit 0 set, the rest is a spec
 * (up to its first NUL), parsed as a probe (bit 1 clear) or as a listing
 * pattern (bit 1 set); bit 0 clear and bit 3 set, the rest is a note's
 * argument spec, of x86_64 (bit 1 set) or i386 code, parsed and each
 * argument evaluated; bits 0 and 3 clear, the rest is a note's
 * descriptor, of 8-byte addresses when bit 1 is set, big-endian when
 * bit 2 is.  Beyond the sanitizers, a violation of what the parsers
 * promise aborts:
 *
 * - a refused spec says why; an accepted one has the fields its kind
 *   needs, and parses again to the same;
 * - an accepted note has its three strings;
 * - accepted arguments have a size of 1, 2, 4 or 8 bytes, registers
 *   and scales that exist, and parse again to as many.
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe/spec.h"
#include "probe/usdt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void __attribute__((noreturn)) broken(const char *what)
{
	fprintf(stderr, "probe_fuzz: %s\n", what);
	abort();
}

static void check_spec(const struct probe_spec *s)
{
	switch (s->kind) {
	case PROBE_FUNC:
	case PROBE_RELLINE:
		if (!s->func)
			broken("a function spec without a function");
		break;
	case PROBE_LINE:
		if (!s->file)
			broken("a line spec without a file");
		break;
	case PROBE_ADDR:
		break;
	case PROBE_SDT:
		if (!s->provider)
			broken("an sdt spec without a provider");
		break;
	default:
		broken("an unknown kind");
	}
}

static void fuzz_spec(const uint8_t *data, size_t size, unsigned int flags)
{
	char *text = malloc(size + 1);
	struct probe_spec a, b;
	const char *why = NULL;

	if (!text)
		return;
	memcpy(text, data, size);
	text[size] = '\0';
	if (probe_spec_parse(text, flags, &a, &why)) {
		if (!why || !*why)
			broken("a refusal without a reason");
		free(text);
		return;
	}
	check_spec(&a);
	if (probe_spec_parse(text, flags, &b, &why))
		broken("accepted once, refused the second time");
	if (a.kind != b.kind || a.offset != b.offset || a.line != b.line ||
	    a.ret != b.ret || a.has_offset != b.has_offset)
		broken("two parses differ");
	probe_spec_release(&a);
	probe_spec_release(&b);
	free(text);
}

static void fuzz_note(const uint8_t *data, size_t size, uint8_t how)
{
	struct usdt_note note;

	memset(&note, 0, sizeof(note));
	if (usdt_parse_desc(data, size, how & 2 ? 8 : 4, how & 4, 0x1000,
			    &note))
		return;
	if (!note.provider || !note.name || !note.args)
		broken("an accepted note without its strings");
	free(note.provider);
	free(note.name);
	free(note.args);
}

static int read_none(void *ctx, uint64_t addr, void *buf, size_t len)
{
	(void)ctx;
	(void)addr;
	memset(buf, 0xa5, len);
	return 0;
}

static void check_arg(const struct usdt_arg *a)
{
	int size = a->size < 0 ? -a->size : a->size;

	if (size != 1 && size != 2 && size != 4 && size != 8)
		broken("an argument of a bad size");
	if (a->base < -1 || a->base >= USDT_NREGS || a->index < -1 ||
	    a->index >= USDT_NREGS)
		broken("an argument of a register that does not exist");
	if (a->scale != 1 && a->scale != 2 && a->scale != 4 && a->scale != 8)
		broken("an argument of a bad scale");
	if (a->kind == USDT_ARG_REG && a->base < 0)
		broken("a register argument without its register");
}

static void fuzz_args(const uint8_t *data, size_t size, bool is64)
{
	char *text = malloc(size + 1);
	struct usdt_arg a[12];
	struct user_regs_struct u;
	int n;

	if (!text)
		return;
	memcpy(text, data, size);
	text[size] = '\0';
	memset(&u, 0x5a, sizeof(u));
	n = usdt_args_parse(text, is64, a, 12);
	if (n >= 0) {
		for (int i = 0; i < n; i++) {
			int64_t v;

			check_arg(&a[i]);
			a[i].sym_addr = 0x1000;
			usdt_arg_value(&a[i], &u, is64, 0x400000, read_none,
				       NULL, &v);
		}
		usdt_args_release(a, n);
		if (usdt_args_parse(text, is64, a, 12) != n)
			broken("arguments parse twice to a different count");
		usdt_args_release(a, n);
	} else if (n != -EINVAL && n != -E2BIG && n != -ENOMEM) {
		broken("arguments refused with another error");
	}
	free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!size)
		return 0;
	if (data[0] & 1)
		fuzz_spec(data + 1, size - 1,
			  data[0] & 2 ? PROBE_SPEC_LISTING : 0);
	else if (data[0] & 8)
		fuzz_args(data + 1, size - 1, data[0] & 2);
	else
		fuzz_note(data + 1, size - 1, data[0]);
	return 0;
}
