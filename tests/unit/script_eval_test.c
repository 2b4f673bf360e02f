/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit test of the script evaluator (src/script/eval*.c): real scripts
 * parsed and checked, fired on synthetic events through a fake host
 * that records what is written, warned, exited and tampered with; the
 * exact text is compared.  Prints one line per failed check; exits 1 if
 * any failed.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "script/eval.h"
#include "script/parse.h"
#include "tests/unit/check.h"

struct fake {
	char out[8192];
	size_t outlen;
	char warn[1024];
	int nwarn;
	int exited, code;
	int64_t overridden;
	int noverride;
	char comm[16];
};

static void f_write(void *h, const char *t, size_t n)
{
	struct fake *f = h;

	if (f->outlen + n < sizeof(f->out)) {
		memcpy(f->out + f->outlen, t, n);
		f->outlen += n;
		f->out[f->outlen] = '\0';
	}
}

static void f_warn(void *h, const char *m)
{
	struct fake *f = h;

	f->nwarn++;
	snprintf(f->warn, sizeof(f->warn), "%s", m);
}

static void f_exit(void *h, int code)
{
	struct fake *f = h;

	f->exited++;
	f->code = code;
}

static struct fake *cur;

static void f_comm(void *ctx, char *buf, size_t size)
{
	snprintf(buf, size, "%s", (const char *)ctx);
}

static long f_read_str(void *ctx, uint64_t addr, char *buf, size_t size)
{
	const char *s = (const char *)(uintptr_t)addr;

	(void)ctx;
	if (!s)
		return -EFAULT;
	snprintf(buf, size, "%s", s);
	return (long)strlen(buf);
}

static int f_override(void *ctx, int64_t v)
{
	(void)ctx;
	cur->overridden = v;
	cur->noverride++;
	return 0;
}

static struct script *s;
static struct script_rt *rt;
static struct fake fk;

/* Parses, checks and makes a runtime for text; NULL (and a FAIL) if not. */
static struct script_rt *load(const char *text, unsigned int flags)
{
	struct script_host h = {
		.read_str = f_read_str,
		.comm = f_comm,
		.write = f_write,
		.warn = f_warn,
		.exit = f_exit,
		.override = f_override,
		.hctx = &fk,
	};
	struct script_error e;

	script_rt_free(rt);
	script_free(s);
	rt = NULL;
	memset(&fk, 0, sizeof(fk));
	cur = &fk;
	if (script_parse(text, strlen(text), &s, &e)) {
		CHECK(0, "parse %s: %s", text, e.msg);
		return NULL;
	}
	if (script_check(s, flags, &e)) {
		CHECK(0, "check %s: %s", text, e.msg);
		return NULL;
	}
	rt = script_rt_new(s, &h, flags);
	CHECK(rt, "script_rt_new %s", text);
	return rt;
}

static struct script_event ev0(const char *comm, pid_t tid)
{
	struct script_event ev = { 0 };

	ev.pid = ev.tid = tid;
	ev.ctx = (void *)comm;
	ev.name = "read";
	return ev;
}

static char *maps_text(void)
{
	char *t = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&t, &n);

	script_rt_print_maps(rt, f, false, 0, 0);
	fclose(f);
	return t;
}

static void test_count(void)
{
	struct script_event ev;
	char *t;

	if (!load("syscall:openat { @[comm] = count(); }", 0))
		return;
	for (int k = 0; k < 5; k++) {
		ev = ev0(k < 3 ? "cat" : "sh", 10 + k);
		CHECK(script_rt_fire(rt, 0, &ev) == 1, "fire");
	}
	t = maps_text();
	CHECK(t && !strcmp(t, "\n\n@[sh]: 2\n@[cat]: 3\n"), "count: %s", t);
	free(t);
}

static void test_hist(void)
{
	static const int64_t sizes[] = { 0, 1, 3, 100, 4096, -1 };
	struct script_event ev = ev0("cat", 1);
	struct agg_map *ref = agg_map_new("@bytes", AGG_HIST, 0, 0, 0);
	char *t, *r = NULL;
	size_t n = 0;
	FILE *f;

	if (!load("syscall:read:exit /retval > 0/ { @bytes = hist(retval); }",
		  0))
		return;
	ev.has_retval = true;
	for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		ev.retval = sizes[k];
		CHECK(script_rt_fire(rt, 0, &ev) == (sizes[k] > 0),
		      "pred of %lld", (long long)sizes[k]);
		if (sizes[k] > 0)
			agg_map_update(ref, NULL, 0, sizes[k]);
	}
	f = open_memstream(&r, &n);
	agg_print_exit(&ref, 1, f);
	fclose(f);
	t = maps_text();
	CHECK(t && r && !strcmp(t, r), "hist:\n%s\nwant:\n%s", t, r);
	free(t);
	free(r);
	agg_map_free(ref);
}

static void test_latency(void)
{
	struct script_event ev = ev0("cat", 7);
	char *t;

	if (!load("syscall:read:entry { self->ts = nsecs; }\n"
		  "syscall:read:exit /self->ts/ { @ns[tid] = sum(nsecs - self->ts); delete(self->ts); }",
		  0))
		return;
	ev.nsecs = 1000;
	ev.has_retval = true;
	CHECK(script_rt_fire(rt, 1, &ev) == 0, "exit without entry");
	CHECK(script_rt_fire(rt, 0, &ev) == 1, "entry");
	ev.tid = 8;
	ev.nsecs = 1200;
	CHECK(script_rt_fire(rt, 1, &ev) == 0, "other thread");
	ev.tid = 7;
	ev.nsecs = 1500;
	CHECK(script_rt_fire(rt, 1, &ev) == 1, "exit");
	CHECK(script_rt_fire(rt, 1, &ev) == 0, "deleted");
	CHECK(script_rt_fire(rt, 0, &ev) == 1, "entry again");
	script_rt_thread_gone(rt, 7);
	CHECK(script_rt_fire(rt, 1, &ev) == 0, "thread gone");
	t = maps_text();
	CHECK(t && !strcmp(t, "\n\n@ns[7]: 500\n"), "latency: %s", t);
	free(t);
}

static void test_printf(void)
{
	struct script_event ev = ev0("bash", 42);

	if (!load("syscall:read { $x = 5; $x += 2; $s = comm; "
		  "printf(\"[%d|%5d|%-5d|%x|%X|%08x|%s|%-10s|%10s|%.2s|%c|%%|%u|%lu|%o]\\n\", "
		  "$x, $x, $x, 255, 255, 48879, $s, $s, \"r\", \"abc\", 65, $x, -1, 8); "
		  "printf(\"%s %d %s\\n\", name, tid, $nope == 0 ? \"unset\" : \"set\"); }",
		  0))
		return;
	CHECK(script_rt_fire(rt, 0, &ev) == 1, "fire");
	CHECK(!strcmp(fk.out,
		      "[7|    7|7    |ff|FF|0000beef|bash|bash      |         r|ab|A|%|7|18446744073709551615|10]\n"
		      "read 42 unset\n"),
	      "printf: %s", fk.out);
	CHECK(!fk.nwarn, "warned: %s", fk.warn);
}

static void test_errname_args(void)
{
	static const uint64_t args[] = { 3, 0, 16 };
	static const char *const names[] = { "fd", "buf", "count" };
	static const char path[] = "/etc/passwd";
	struct script_named named[] = {
		{ .name = "count", .i = 99 },
		{ .name = "who", .is_str = true, .s = "me!", .len = 2 },
	};
	struct script_event ev = ev0("cat", 1);

	if (!load("syscall:read:exit { printf(\"%s %d %d %d %d %s %s %d %d\\n\", errname, errno, args.fd, args.count, arg2, args.who, str(arg1), EPERM, SIGUSR1); }",
		  0))
		return;
	ev.has_retval = true;
	ev.retval = -ENOENT;
	ev.err = ENOENT;
	ev.nargs = 3;
	ev.args = args;
	ev.argnames = names;
	ev.nargnames = 3;
	ev.named = named;
	ev.nnamed = 2;
	{
		uint64_t a2[3] = { 3, (uint64_t)(uintptr_t)path, 16 };

		ev.args = a2;
		CHECK(script_rt_fire(rt, 0, &ev) == 1, "fire: %s", fk.warn);
	}
	CHECK(!strcmp(fk.out, "ENOENT 2 3 99 16 me /etc/passwd 1 10\n"),
	      "errname/args: %s", fk.out);
}

static void test_faults(void)
{
	static const uint64_t args[] = { 1 };
	struct script_event ev = ev0("cat", 1);

	if (!load("syscall:read { printf(\"%d\\n\", arg3); }\n"
		  "syscall:read { $z = 0; @x = 10 / $z; }\n"
		  "syscall:read { printf(\"%d\\n\", args.nothere); }",
		  0))
		return;
	ev.nargs = 1;
	ev.args = args;
	CHECK(script_rt_fire(rt, 0, &ev) == -1, "arg3");
	CHECK(script_rt_fire(rt, 0, &ev) == -1, "arg3 again");
	CHECK(fk.nwarn == 1, "one warning, not %d", fk.nwarn);
	CHECK(!strcmp(fk.warn,
		      "script:1:31: FAULT in clause 1: arg3: this event has 1 argument"),
	      "arg fault: %s", fk.warn);
	CHECK(script_rt_fire(rt, 1, &ev) == -1, "div");
	CHECK(script_rt_fire(rt, 1, &ev) == -1, "div again");
	CHECK(fk.nwarn == 2, "two warnings, not %d", fk.nwarn);
	CHECK(!strcmp(fk.warn,
		      "script:2:32: FAULT in clause 2: division by zero"),
	      "div fault: %s", fk.warn);
	CHECK(script_rt_fire(rt, 2, &ev) == -1, "args.nothere");
	CHECK(strstr(fk.warn, "args.nothere"), "named fault: %s", fk.warn);
	CHECK(!strlen(fk.out), "no output: %s", fk.out);
}

static void test_exit(void)
{
	struct script_event ev = ev0("cat", 1);

	if (!load("syscall:read { printf(\"a\\n\"); exit(3); printf(\"b\\n\"); }\n"
		  "syscall:read { printf(\"c\\n\"); } END { printf(\"end\\n\"); }",
		  0))
		return;
	CHECK(script_rt_fire(rt, 0, &ev) == 1, "fire");
	CHECK(fk.exited == 1 && fk.code == 3, "exit %d %d", fk.exited,
	      fk.code);
	CHECK(script_rt_exiting(rt), "exiting");
	CHECK(script_rt_fire(rt, 1, &ev) == 0, "after exit");
	CHECK(script_rt_fire(rt, 2, &ev) == 1, "END");
	CHECK(!strcmp(fk.out, "a\nb\nend\n"), "exit out: %s", fk.out);
}

static void test_speculation(void)
{
	struct script_event ev = ev0("cat", 5);

	if (!load("syscall:open:entry { self->spec = speculation(); speculate(self->spec); printf(\"open %d\\n\", arg0); }\n"
		  "syscall:open:exit /self->spec/ { if (retval < 0) { commit(self->spec); } else { discard(self->spec); } self->spec = 0; }\n"
		  "syscall:write { printf(\"now\\n\"); }",
		  0))
		return;
	{
		uint64_t a[1] = { 1 };

		ev.nargs = 1;
		ev.args = a;
		ev.has_retval = true;
		CHECK(script_rt_fire(rt, 0, &ev) == 1, "spec 1");
		CHECK(script_rt_fire(rt, 2, &ev) == 1, "write");
		ev.retval = 3;
		CHECK(script_rt_fire(rt, 1, &ev) == 1, "discard");
		a[0] = 2;
		CHECK(script_rt_fire(rt, 0, &ev) == 1, "spec 2");
		ev.retval = -2;
		CHECK(script_rt_fire(rt, 1, &ev) == 1, "commit");
		CHECK(script_rt_fire(rt, 1, &ev) == 0, "spec reset");
	}
	CHECK(!strcmp(fk.out, "now\nopen 2\n"), "speculation: %s", fk.out);
}

static void test_override(void)
{
	struct script_error e;
	struct script_event ev = ev0("cat", 5);
	const char *t = "syscall:openat { override(-EPERM); }";

	script_rt_free(rt);
	rt = NULL;
	script_free(s);
	s = NULL;
	if (!script_parse(t, strlen(t), &s, &e)) {
		CHECK(script_check(s, 0, &e) == -EINVAL &&
			      !strcmp(e.msg,
				      "override() changes the traced program: it needs -w"),
		      "override without -w: %s", e.msg);
		script_free(s);
		s = NULL;
	}
	if (!load(t, SCRIPT_CHECK_DESTRUCTIVE))
		return;
	CHECK(script_rt_fire(rt, 0, &ev) == 1, "fire");
	CHECK(fk.noverride == 1 && fk.overridden == -EPERM, "override %d %lld",
	      fk.noverride, (long long)fk.overridden);
}

static void test_maps_misc(void)
{
	struct script_event ev = ev0("cat", 5);

	if (!load("syscall:read { @n++; @n += 10; @s[pid] = comm; @c = count(); "
		  "if (@n > 20) { print(@n); print(@s[5]); delete(@s[5]); print(@s); } "
		  "@l = lhist(@n, 0, 100, 10); }",
		  0))
		return;
	CHECK(script_rt_fire(rt, 0, &ev) == 1, "fire 1 %s", fk.warn);
	CHECK(!fk.outlen, "no output yet: %s", fk.out);
	CHECK(script_rt_fire(rt, 0, &ev) == 1, "fire 2 %s", fk.warn);
	CHECK(!strcmp(fk.out, "@n: 22\ncat\n\n"), "print: %s", fk.out);
}

int main(void)
{
	test_count();
	test_hist();
	test_latency();
	test_printf();
	test_errname_args();
	test_faults();
	test_exit();
	test_speculation();
	test_override();
	test_maps_misc();
	script_rt_free(rt);
	script_free(s);
	printf("%d of %d checks failed\n", failed, total);
	return failed ? 1 : 0;
}
