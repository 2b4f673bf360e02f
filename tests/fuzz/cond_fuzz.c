/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libFuzzer target for the probe condition parser and evaluator
 * (src/probe/cond.c): its text comes from the user's --probe.  `make fuzz`
 * builds it with clang -fsanitize=fuzzer,address,undefined and runs it
 * for FUZZ_SECONDS.
 *
 * The input, up to its first NUL, is a condition; the byte after that NUL
 * (0 without one) seeds the values each reference takes.  bind accepts
 * every reference but those whose text ends in 'z', so a refusal after
 * accepted ones is reached.  Each handle is a malloc'ed counter, so the
 * leak checker sees a handle cond_free misses, and a second free aborts.
 * Beyond the sanitizers, a violation of what cond.h promises aborts:
 *
 * - a refused condition says why, in one line starting "at column ";
 * - bind sees a reference without surrounding spaces;
 * - an accepted condition evaluates twice to the same result, and its
 *   get is called only on handles bind returned.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe/cond.h"
#include "probe/dwval.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void __attribute__((noreturn)) broken(const char *what)
{
	fprintf(stderr, "cond_fuzz: %s\n", what);
	abort();
}

#define HANDLE_MAGIC 0x636f6e64u

struct handle {
	unsigned int magic;
	unsigned int n;		/* which reference, in text order */
};

struct run {
	unsigned int bound;
	uint8_t seed;
};

static void *bind(void *ctx, const char *ref, char *err, size_t errlen)
{
	struct run *r = ctx;
	size_t len = strlen(ref);
	struct handle *h;

	if (!len || ref[0] == ' ' || ref[len - 1] == ' ')
		broken("a reference with spaces around it");
	if (ref[len - 1] == 'z') {
		/* Sometimes without a reason, for the default message. */
		if (len % 2)
			snprintf(err, errlen, "no variable '%s'", ref);
		return NULL;
	}
	h = malloc(sizeof(*h));
	if (!h)
		return NULL;
	h->magic = HANDLE_MAGIC;
	h->n = r->bound++;
	return h;
}

static void free_handle(void *handle)
{
	struct handle *h = handle;

	if (h->magic != HANDLE_MAGIC)
		broken("free_handle on a handle bind did not return");
	h->magic = 0;
	free(h);
}

/* A value for each kind, chosen by the seed and the reference. */
static int get(void *ctx, void *handle, struct dv_scalar *out)
{
	const struct run *r = ctx;
	const struct handle *h = handle;
	unsigned int pick = (r->seed + h->n * 7) % 9;

	if (h->magic != HANDLE_MAGIC)
		broken("get on a handle bind did not return");
	memset(out, 0, sizeof(*out));
	switch (pick) {
	case 0:
		return -14;	/* -EFAULT */
	case 1:
		out->kind = DVS_INT;
		out->i = -1;
		break;
	case 2:
		out->kind = DVS_UINT;
		out->u = UINT64_MAX;
		break;
	case 3:
		out->kind = DVS_INT;
		out->i = h->n;
		break;
	case 4:
		out->kind = DVS_FLOAT;
		out->d = 1.5;
		break;
	case 5:
		out->kind = DVS_FLOAT;
		out->d = __builtin_nan("");
		break;
	case 6:
		out->kind = DVS_STRING;
		snprintf(out->str, sizeof(out->str), "abc");
		break;
	case 7:
		/* Not NUL-terminated: cond.c must not read past it. */
		out->kind = DVS_STRING;
		memset(out->str, 'x', sizeof(out->str));
		break;
	default:
		out->kind = DVS_NONE;
		break;
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct run r = { 0 };
	char *text = malloc(size + 1);
	size_t len;
	char err[160];
	struct cond *c;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	len = strlen(text);
	r.seed = len + 1 < size ? data[len + 1] : 0;
	memset(err, 0, sizeof(err));
	c = cond_compile_ex(text, bind, free_handle, &r, err, sizeof(err));
	if (!c) {
		if (!err[0])
			broken("a refusal without a reason");
		if (strncmp(err, "at column ", 10))
			broken("a refusal without its column");
		if (strchr(err, '\n'))
			broken("a refusal of more than one line");
	} else {
		bool a = cond_eval(c, get, &r), b = cond_eval(c, get, &r);

		if (a != b)
			broken("two evaluations differ");
		cond_free(c, free_handle);
	}
	free(text);
	return 0;
}
