/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit test of src/script/ (parse.c, lex.c, check.c, ast.c): good scripts
 * (the bpftrace one-liner tutorial's lessons adapted to syscalls and
 * library calls, DTrace's drill-downs, every probe source) and their tree
 * as script_dump() prints it; bad ones with their exact message, line
 * and column; and the compiler-like format of one error with its caret.
 * Prints one line per failed check and exits 1 if any failed.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "script/parse.h"
#include "tests/unit/check.h"

static const struct good {
	const char *text, *dump;
} goods[] = {
	{ "syscall:openat { printf(\"%s %s\\n\", comm, str(args.filename)); }",
	  "(clause (probes (syscall \"openat\")) (body (printf() \"%s %s\\n\" comm (str() (. args filename)))))\n" },
	{ "syscall:* { @[comm] = count(); }",
	  "(clause (probes (syscall \"*\")) (body (= (@ comm) (count()))))\n" },
	{ "syscall:read:exit /retval > 0/ { @bytes = hist(retval); }",
	  "(clause (probes (syscall \"read\" exit)) (pred (> retval 0)) (body (= @bytes (hist() retval))))\n" },
	{ "syscall:read:entry { self->ts = nsecs; }\n"
	  "syscall:read:exit /self->ts/ { @ns = hist(nsecs - self->ts); delete(self->ts); }",
	  "(clause (probes (syscall \"read\" entry)) (body (= self->ts nsecs)))\n"
	  "(clause (probes (syscall \"read\" exit)) (pred self->ts) (body (= @ns (hist() (- nsecs self->ts))) (delete() self->ts)))\n" },
	{ "call:malloc { @[ustack] = count(); }",
	  "(clause (probes (call \"malloc\")) (body (= (@ ustack) (count()))))\n" },
	{ "probe:parser.c:88 /args.hdr->len > 3/ { @[str(args.hdr->name)] = count(); }",
	  "(clause (probes (probe \"probe:parser.c:88\")) (pred (> (-> (. args hdr) len) 3)) (body (= (@ (str() (-> (. args hdr) name))) (count()))))\n" },
	{ "syscall:%file { @[pid, comm] = count() }",
	  "(clause (probes (syscall \"%file\")) (body (= (@ pid comm) (count()))))\n" },
	{ "syscall:open* { @[str(arg0)] = count(); }",
	  "(clause (probes (syscall \"open*\")) (body (= (@ (str() arg0)) (count()))))\n" },
	{ "syscall:%%stat,syscall:%net:exit{}",
	  "(clause (probes (syscall \"%%stat\") (syscall \"%net\" exit)) (body))\n" },
	{ "syscall:read:exit { @sz = lhist(retval, 0, 1000, 100); @m[tid] = max(retval); @a = avg(retval); @s = stats(retval); @t = sum(retval); @n = min(retval) }",
	  "(clause (probes (syscall \"read\" exit)) (body (= @sz (lhist() retval 0 1000 100)) (= (@m tid) (max() retval)) (= @a (avg() retval)) (= @s (stats() retval)) (= @t (sum() retval)) (= @n (min() retval))))\n" },
	{ "interval:1s { print(@x); clear(@x); zero(@y); }",
	  "(clause (probes (interval 1000000000ns)) (body (print() @x) (clear() @x) (zero() @y)))\n" },
	{ "interval:s:2, interval:ms:5, interval:250ms {}",
	  "(clause (probes (interval 2000000000ns) (interval 5000000ns) (interval 250000000ns)) (body))\n" },
	{ "BEGIN { printf(\"tracing\\n\"); } END { print(@x); exit(); }",
	  "(clause (probes (BEGIN)) (body (printf() \"tracing\\n\")))\n"
	  "(clause (probes (END)) (body (print() @x) (exit())))\n" },
	{ "syscall:open:entry { self->spec = speculation(); speculate(self->spec); printf(\"%s\\n\", str(args.filename)); }\n"
	  "syscall:open:exit /self->spec/ { if (retval < 0) { commit(self->spec); } else { discard(self->spec); } self->spec = 0; }",
	  "(clause (probes (syscall \"open\" entry)) (body (= self->spec (speculation())) (speculate() self->spec) (printf() \"%s\\n\" (str() (. args filename)))))\n"
	  "(clause (probes (syscall \"open\" exit)) (pred self->spec) (body (if (< retval 0) (then (commit() self->spec)) (else (discard() self->spec))) (= self->spec 0)))\n" },
	{ "call:fopen@libc.so.6:return, call:free:entry { @[caller] = count(); }",
	  "(clause (probes (call \"fopen\" @\"libc.so.6\" return) (call \"free\" entry)) (body (= (@ caller) (count()))))\n" },
	{ "probe:parser.c:88, probe:parse_header%return, sdt:libc:memory_arena_new, probe:sdt:libc:setjmp@libc.so.6 { @[probe] = count(); }",
	  "(clause (probes (probe \"probe:parser.c:88\") (probe \"probe:parse_header%return\") (probe \"sdt:libc:memory_arena_new\") (probe \"probe:sdt:libc:setjmp@libc.so.6\")) (body (= (@ probe) (count()))))\n" },
	{ "signal:SIGSEGV, process:fork, process:exec, process:exit { printf(\"%d\\n\", pid); }",
	  "(clause (probes (signal \"SIGSEGV\") (process fork) (process exec) (process exit)) (body (printf() \"%d\\n\" pid)))\n" },
	{ "syscall:read /pid == 42 && comm != \"sh\" || !(uid >= 1000)/ { @x++; ++@y; @z--; $v = 1; $v += 2; $v <<= 1; @w[1] -= 3; }",
	  "(clause (probes (syscall \"read\")) (pred (|| (&& (== pid 42) (!= comm \"sh\")) (! (>= uid 1000)))) (body (++ @x) (++ @y) (-- @z) (= $v 1) (+= $v 2) (<<= $v 1) (-= (@w 1) 3)))\n" },
	{ "BEGIN { $x = 1 + 2 * 3 - 4 / 2 % 3 << 1 >> 2 & 7 ^ 3 | 8; $y = -~!*arg0; $z = $x ? 1 : $y ? 2 : 3 }",
	  "(clause (probes (BEGIN)) (body (= $x (| (^ (& (>> (<< (- (+ 1 (* 2 3)) (% (/ 4 2) 3)) 1) 2) 7) 3) 8)) (= $y (- (~ (! (* arg0))))) (= $z (? $x 1 (? $y 2 3)))))\n" },
	{ "syscall:write /(arg2 / 2) > 10/ { @ = count(); }",
	  "(clause (probes (syscall \"write\")) (pred (> (/ arg2 2) 10)) (body (= @ (count()))))\n" },
	{ "syscall:read { @[args.fd, path(args.fd)] = count(); @l = hist(latency); }",
	  "(clause (probes (syscall \"read\")) (body (= (@ (. args fd) (path() (. args fd))) (count())) (= @l (hist() latency))))\n" },
	{ "// a comment\nsyscall:read /* one */ /pid/ /* two */ { /* three */ @x = count(); // four\n}\n",
	  "(clause (probes (syscall \"read\")) (pred pid) (body (= @x (count()))))\n" },
	{ "syscall:read:exit /retval < 0/ { @[errname, errno] = count(); printf(\"%-8s %5d %lu %x %%\\n\", comm, tid, walltime, ppid); }",
	  "(clause (probes (syscall \"read\" exit)) (pred (< retval 0)) (body (= (@ errname errno) (count())) (printf() \"%-8s %5d %lu %x %%\\n\" comm tid walltime ppid)))\n" },
	{ "BEGIN { $s = \"a\\tb\\x41\\101\\\"\\\\\"; $h = 0x10; $d = 18446744073709551615; }",
	  "(clause (probes (BEGIN)) (body (= $s \"a\\tbAA\\\"\\\\\") (= $h 16) (= $d 18446744073709551615)))\n" },
	{ "call:f { @x = str(arg0, 16); $p = args->x.y[2]; @q[1, 2] = 3; }",
	  "(clause (probes (call \"f\")) (body (= @x (str() arg0 16)) (= $p ([] (. (-> args x) y) 2)) (= (@q 1 2) 3)))\n" },
	{ "syscall:read { if (pid) { @a = 1 } if (tid) { @b = 2 } else if (cpu) { @c = 3 } else { @d = elapsed } }",
	  "(clause (probes (syscall \"read\")) (body (if pid (then (= @a 1))) (if tid (then (= @b 2)) (else (if cpu (then (= @c 3)) (else (= @d elapsed)))))))\n" },
	{ "BEGIN{;;}END{}",
	  "(clause (probes (BEGIN)) (body))\n(clause (probes (END)) (body))\n" },
	{ "syscall:read { delete(@m[tid]); @m[tid] = nsecs; printf(\"%s\\n\", name) }",
	  "(clause (probes (syscall \"read\")) (body (delete() (@m tid)) (= (@m tid) nsecs) (printf() \"%s\\n\" name)))\n" },
	{ "syscall:exit_group { exit(1); }",
	  "(clause (probes (syscall \"exit_group\")) (body (exit() 1)))\n" },
};

static const struct bad {
	const char *text;
	unsigned int line, col;
	const char *msg;
} bads[] = {
	{ "", 1, 1, "the script is empty: expected a probe and { actions }" },
	{ "// nothing\n", 2, 1,
	  "the script is empty: expected a probe and { actions }" },
	{ "syscall:read:exit /retval > 0/ { @bytes = hist(retval) @x = 1; }", 1,
	  56, "expected ';' or '}' after a statement" },
	{ "kprobe:do_sys_open { }", 1, 1,
	  "unknown probe 'kprobe': expected syscall:, call:, probe:, sdt:, signal:, process:, interval:, BEGIN or END" },
	{ "syscall { }", 1, 8, "expected ':' after 'syscall'" },
	{ "syscall: { }", 1, 9,
	  "expected a syscall name, glob or %set after 'syscall:'" },
	{ "syscall:read:return { }", 1, 13,
	  "expected ':entry' or ':exit' after 'syscall:read'" },
	{ "syscall:re-ad { }", 1, 11, "unexpected '-' in a syscall name" },
	{ "call:malloc:exit { }", 1, 12,
	  "expected ':entry' or ':return' after 'call:malloc'" },
	{ "call:malloc@ { }", 1, 13, "expected a library after '@'" },
	{ "probe: { }", 1, 7, "expected a probe spec after 'probe:'" },
	{ "process:clone { }", 1, 9,
	  "expected process:fork, process:exec or process:exit" },
	{ "interval:5 { }", 1, 10,
	  "expected interval:Ns, interval:Nms, interval:s:N or interval:ms:N" },
	{ "interval:0s { }", 1, 10, "an interval must be longer than 0" },
	{ "signal: { }", 1, 8, "expected a signal name after 'signal:'" },
	{ "syscall:read", 1, 13,
	  "expected ',', '/' or '{' after a probe, not the end of the script" },
	{ "syscall:read, { }", 1, 15, "expected a probe, not '{'" },
	{ "syscall:read /pid { }", 1, 19,
	  "expected '/' at the end of the predicate, not '{'" },
	{ "syscall:read /pid/ @x = 1", 1, 20,
	  "expected '{' after the predicate, not a map" },
	{ "syscall:read { @x = 1;", 1, 14, "this '{' has no matching '}'" },
	{ "syscall:read { @x = ; }", 1, 21, "expected an expression, not ';'" },
	{ "syscall:read { @x = (1 + 2; }", 1, 27, "expected ')', not ';'" },
	{ "syscall:read { printf(\"x\"; }", 1, 26,
	  "expected ',' or ')' after a call's arguments, not ';'" },
	{ "syscall:read { @x[] = 1; }", 1, 16, "expected a key between '[]'" },
	{ "syscall:read { pid = 1; }", 1, 20,
	  "only a map, a $variable or self->variable can be assigned" },
	{ "syscall:read { self.x = 1; }", 1, 20,
	  "expected '->' and a name after 'self', not '.'" },
	{ "syscall:read { $ = 1; }", 1, 16, "expected a name after '$'" },
	{ "syscall:read { @x = \"abc; }", 1, 21, "unterminated string" },
	{ "syscall:read { @x = \"\\q\"; }", 1, 22, "unknown escape '\\q'" },
	{ "syscall:read { @x = 12ab; }", 1, 23, "unexpected 'a' in a number" },
	{ "syscall:read { @x = 99999999999999999999; }", 1, 21,
	  "number too large (more than 64 bits)" },
	{ "syscall:read { /* }", 1, 16, "unterminated comment" },
	{ "syscall:read { @x = 1 # 2; }", 1, 23, "unexpected '#'" },
	{ "syscall:read {\n  if pid { }\n}", 2, 6,
	  "expected '(' after 'if', not 'pid'" },
	{ "syscall:read {\n\t@x = count()\n\t@y = 1;\n}", 3, 2,
	  "expected ';' or '}' after a statement" },
	/* The checker's. */
	{ "syscall:read { @x = execname; }", 1, 21,
	  "unknown value 'execname' (DTrace's name): use 'comm'" },
	{ "syscall:read { @x = foo; }", 1, 21, "unknown value 'foo'" },
	{ "syscall:read { foo(); }", 1, 16, "unknown function 'foo'" },
	{ "syscall:open { @[copyinstr(arg0)] = count(); }", 1, 18,
	  "unknown function 'copyinstr' (DTrace's name): use 'str'" },
	{ "syscall:read { count(); }", 1, 16,
	  "count() is an aggregation: it can only be assigned to a map, as in @x = count(...)" },
	{ "syscall:read { $x = count(); }", 1, 21,
	  "count() is an aggregation: it can only be assigned to a map with '='" },
	{ "syscall:read { @x += count(); }", 1, 22,
	  "count() is an aggregation: it can only be assigned to a map with '='" },
	{ "syscall:read /count()/ { }", 1, 15,
	  "count() is an aggregation: it can only be assigned to a map, as in @x = count(...)" },
	{ "syscall:read { @x = printf(\"a\"); }", 1, 21,
	  "printf() has no value: it can only be a statement" },
	{ "syscall:read { @x = hist(); }", 1, 21,
	  "hist() takes 1 argument, not 0" },
	{ "syscall:read { printf(); }", 1, 16,
	  "printf() takes at least 1 argument" },
	{ "syscall:read { printf(comm); }", 1, 23,
	  "printf() needs a format string first" },
	{ "syscall:read { printf(\"%s %d\\n\", comm); }", 1, 16,
	  "printf()'s format has 2 conversions but 1 value follows" },
	{ "syscall:read { printf(\"%y\", comm); }", 1, 23,
	  "bad conversion in printf()'s format at byte 1" },
	{ "syscall:read { system(\"ls\"); }", 1, 16,
	  "system() runs a command: it needs --unsafe" },
	{ "syscall:read { delete(pid); }", 1, 23,
	  "delete() takes a map element or self->variable, as in delete(@m[k])" },
	{ "syscall:read { clear(@m[1]); }", 1, 22,
	  "clear() takes a whole map, as in clear(@m)" },
	{ "syscall:read { @h = lhist(arg0, 0, pid, 1); }", 1, 36,
	  "lhist()'s min, max and step must be numbers" },
	{ "syscall:read { @h = lhist(arg0, 0, 10, 0); }", 1, 40,
	  "lhist()'s step must be more than 0" },
	{ "syscall:read { @h = lhist(arg0, 0, 444444444410000, 1); }", 1, 53,
	  "lhist() has at most 10000 steps: (max - min) / step" },
	{ "syscall:read { @h = lhist(arg0, 0, 10001, 1); }", 1, 43,
	  "lhist() has at most 10000 steps: (max - min) / step" },
	{ "syscall:read { @m[pid] = 1; @m[pid, tid] = 2; }", 1, 29,
	  "@m has 2 keys here but 1 at 1:16" },
	{ "syscall:read { @m = count(); @m = sum(arg0); }", 1, 30,
	  "@m holds count() at 1:16, not sum()" },
	{ "syscall:read { pid; }", 1, 16,
	  "this statement does nothing: expected a call or an assignment" },
	{ "syscall:read:entry { @ = hist(retval); }", 1, 31,
	  "retval is known only at a syscall's :exit or a call's :return" },
	{ "BEGIN { printf(\"%d\\n\", errno); }", 1, 24,
	  "errno is known only at a syscall's :exit or a call's :return" },
};

/* The message of a failed parse or check, "" when both succeed. */
static int run(const char *text, struct script **s, struct script_error *e)
{
	int rc = script_parse(text, strlen(text), s, e);

	if (!rc) {
		rc = script_check(*s, 0, e);
		if (rc) {
			script_free(*s);
			*s = NULL;
		}
	}
	return rc;
}

int main(void)
{
	struct script_error e;
	struct script *s;
	char buf[512];
	size_t k;
	int rc;

	for (k = 0; k < sizeof(goods) / sizeof(goods[0]); k++) {
		char *d;

		rc = run(goods[k].text, &s, &e);
		CHECK(!rc, "%s: refused at %u:%u: %s", goods[k].text,
		      e.pos.line, e.pos.col, e.msg);
		if (rc)
			continue;
		d = script_dump(s);
		CHECK(d && !strcmp(d, goods[k].dump), "%s:\n got  %s want %s",
		      goods[k].text, d, goods[k].dump);
		free(d);
		script_free(s);
	}
	for (k = 0; k < sizeof(bads) / sizeof(bads[0]); k++) {
		rc = run(bads[k].text, &s, &e);
		CHECK(rc == -EINVAL, "%s: accepted", bads[k].text);
		if (!rc) {
			script_free(s);
			continue;
		}
		CHECK(e.pos.line == bads[k].line && e.pos.col == bads[k].col &&
			      !strcmp(e.msg, bads[k].msg),
		      "%s:\n got  %u:%u: %s\n want %u:%u: %s", bads[k].text,
		      e.pos.line, e.pos.col, e.msg, bads[k].line, bads[k].col,
		      bads[k].msg);
	}

	/* system() with --unsafe. */
	{
		const char *t = "BEGIN { system(\"ls %s\", comm); }";

		rc = script_parse(t, strlen(t), &s, &e);
	}
	CHECK(!rc && !script_check(s, SCRIPT_CHECK_UNSAFE, &e),
	      "system() refused with --unsafe: %s", e.msg);
	script_free(s);

	/* A NUL inside the text is an error, not its end. */
	rc = script_parse("BEGIN { }\0END { }", 17, &s, &e);
	CHECK(rc == -EINVAL && e.pos.line == 1 && e.pos.col == 10 &&
		      !strcmp(e.msg, "unexpected NUL byte"),
	      "NUL: %d %u:%u %s", rc, e.pos.line, e.pos.col, e.msg);

	/* Nesting is bounded, not a stack overflow. */
	{
		static char deep[4096];

		strcpy(deep, "BEGIN { @x = ");
		for (k = 0; k < 1000; k++)
			strcat(deep, "(");
		rc = script_parse(deep, strlen(deep), &s, &e);
		CHECK(rc == -EINVAL && strstr(e.msg, "nested too deeply"),
		      "deep: %s", e.msg);
		strcpy(deep, "BEGIN { @x = 1");
		for (k = 0; k < 300; k++)
			strcat(deep, "+1");
		strcat(deep, "; }");
		rc = script_parse(deep, strlen(deep), &s, &e);
		CHECK(rc == -EINVAL && strstr(e.msg, "nested too deeply"),
		      "long chain: %s", e.msg);
	}

	/* The compiler-like message: a tab before the error stays a tab. */
	{
		const char *t = "BEGIN {\n\t@x = 1 @y = 2;\n}";
		const char *want =
			"sltrace: script:2:9: error: expected ';' or '}' after a statement\n"
			"\t@x = 1 @y = 2;\n"
			"\t       ^\n";

		rc = script_parse(t, strlen(t), &s, &e);
		CHECK(rc == -EINVAL, "tab: accepted");
		rc = script_error_format(buf, sizeof(buf), "sltrace",
					 "script", t, strlen(t), &e);
		CHECK(rc == (int)strlen(want) && !strcmp(buf, want),
		      "format: got\n%s want\n%s", buf, want);
		/* Cut short, still terminated, and the length it needs. */
		rc = script_error_format(buf, 20, "sltrace", "script", t,
					 strlen(t), &e);
		CHECK(rc == (int)strlen(want) && strlen(buf) == 19,
		      "short format: %d %zu", rc, strlen(buf));
	}

	printf("%d of %d checks failed\n", failed, total);
	return failed ? 1 : 0;
}
