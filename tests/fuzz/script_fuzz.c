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
 *   above;
 * - a script the checker accepts runs: every clause is fired on two
 *   made-up events (a syscall's exit with named arguments, a probe hit
 *   with a string value) through a host that answers everything, and
 *   its maps are printed as text and JSON.  The second byte, odd,
 *   allows the destructive actions.
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "script/eval.h"
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
	n = script_error_format(buf, sizeof(buf), "sltrace", "fuzz", text,
				len, e);
	if (n < 0)
		broken("the error did not format");
	if ((size_t)n < sizeof(buf)) {
		for (k = 0; k < n; k++)
			nl += buf[k] == '\n';
		if (nl != 3 || n < 2 || buf[n - 1] != '\n' || buf[n - 2] != '^')
			broken("a formatted error not of three lines ending in a caret");
	}
}

/* A host that answers everything and keeps nothing. */
static long h_read_str(void *ctx, uint64_t addr, char *buf, size_t size)
{
	(void)ctx;
	if (addr & 1)
		return -EFAULT;
	return snprintf(buf, size, "str%llu", (unsigned long long)addr) <
			       (int)size ?
		       (long)strlen(buf) :
		       (long)size - 1;
}

static void h_comm(void *ctx, char *buf, size_t size)
{
	(void)ctx;
	snprintf(buf, size, "fuzz");
}

static int h_ustack(void *ctx, uint64_t *pc, unsigned int max)
{
	(void)ctx;
	for (unsigned int i = 0; i < max && i < 3; i++)
		pc[i] = 0x1000 + i;
	return max < 3 ? (int)max : 3;
}

static int h_fd_path(void *ctx, int fd, char *buf, size_t size)
{
	(void)ctx;
	return snprintf(buf, size, "/fd/%d", fd) < (int)size ? (int)strlen(buf) :
								 -ENAMETOOLONG;
}

static void h_write(void *hctx, const char *text, size_t len)
{
	(void)hctx;
	(void)text;
	(void)len;
}

static void h_warn(void *hctx, const char *msg)
{
	(void)hctx;
	if (strchr(msg, '\n'))
		broken("a fault message of more than one line");
}

static void h_exit(void *hctx, int code)
{
	(void)hctx;
	(void)code;
}

static void h_system(void *hctx, const char *cmd)
{
	(void)hctx;
	(void)cmd;
}

static int h_override(void *ctx, int64_t v)
{
	(void)ctx;
	return v == 1 ? -EINVAL : 0;
}

static int h_signal(void *ctx, int sig)
{
	(void)ctx;
	(void)sig;
	return 0;
}

static int h_chill(void *ctx, uint64_t ns)
{
	(void)ctx;
	(void)ns;
	return 0;
}

static const struct script_host host = {
	.read_str = h_read_str,
	.comm = h_comm,
	.ustack = h_ustack,
	.fd_path = h_fd_path,
	.write = h_write,
	.warn = h_warn,
	.exit = h_exit,
	.system = h_system,
	.override = h_override,
	.signal = h_signal,
	.chill = h_chill,
};

/* Run the script's clauses on two events, then print its maps. */
static void run(const struct script *s, unsigned int flags)
{
	static const char *const names[] = { "fd", "buf", "count" };
	static const uint64_t args[6] = { 3, 0x1000, 7, (uint64_t)-1, 0, 2 };
	static const struct script_named named[] = {
		{ .name = "len", .i = 5 },
		{ .name = "hdr->name", .is_str = true, .s = "abc", .len = 3 },
	};
	struct script_event ev[2] = {
		{ .name = "read", .at_exit = true, .pid = 10, .tid = 11,
		  .nsecs = 1000, .nargs = 3, .args = args, .argnames = names,
		  .nargnames = 3, .has_retval = true, .retval = -2, .err = 2,
		  .has_latency = true, .latency_ns = 500 },
		{ .name = "probe", .pid = 10, .tid = 12, .nsecs = 2000,
		  .nargs = 6, .args = args, .nnamed = 2, .named = named },
	};
	struct script_rt *rt = script_rt_new(s, &host, flags);
	FILE *f;
	char *out = NULL;
	size_t len = 0;

	if (!rt)
		return;
	for (int round = 0; round < 2; round++)
		for (size_t k = 0; k < s->n; k++) {
			ev[round].probe = &s->clause[k].probes[0];
			script_rt_fire(rt, k, &ev[round]);
		}
	script_rt_thread_gone(rt, 11);
	f = open_memstream(&out, &len);
	if (f) {
		script_rt_print_maps(rt, f, false, 1, 2);
		script_rt_print_maps(rt, f, true, 1, 2);
		fclose(f);
	}
	free(out);
	script_rt_free(rt);
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
	if (size > 1 && (data[1] & 1))
		flags |= SCRIPT_CHECK_DESTRUCTIVE;
	rc = script_check(s, flags, &e);
	if (rc)
		check_error(text, size, &e);
	else
		run(s, flags);
	free(d);
	script_free(s);
	return 0;
}
