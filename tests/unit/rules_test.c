/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit test of src/filter/rules.c.  The ltrace cases were observed from
 * Debian's ltrace 0.7.3 on a program "m2" that calls baz() and baz2() in
 * libbaz.so, bar2() in libbar2.so (which itself calls baz()) and printf()
 * in libc, e.g.
 *	ltrace -e 'baz*-baz2' ./m2
 *	m2->baz(1, ...) = 2
 *	libbar2.so->baz(2, ...) = 4
 * The calls of the model are numbered, and an expectation is the string
 * of 0s and 1s of which of them are traced.  Prints one line per failed
 * check and exits 1 if any failed.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "filter/rules.h"

#include "check.h"


static const struct lc_obj m2 = { "m2", "/tmp/t/m2", true };
static const struct lc_obj bar2 = { "libbar2.so", "/tmp/t/libbar2.so", false };
static const struct lc_obj baz = { "libbaz.so", "/tmp/t/libbaz.so", false };
static const struct lc_obj libc = {
	"libc.so.6", "/usr/lib/x86_64-linux-gnu/libc.so.6", false
};
static const struct lc_obj ld = {
	"ld-linux-x86-64.so.2", "/lib64/ld-linux-x86-64.so.2", false
};

static const struct call {
	const struct lc_obj *caller, *callee;
	const char *sym;
} calls[] = {
	{ &m2, &baz, "baz" },			/* 0 */
	{ &m2, &bar2, "bar2" },			/* 1 */
	{ &bar2, &baz, "baz" },			/* 2 */
	{ &m2, &baz, "baz2" },			/* 3 */
	{ &m2, &libc, "printf" },		/* 4 */
	{ &libc, &ld, "__tls_get_addr" },	/* 5 */
};
#define NCALLS (sizeof(calls) / sizeof(calls[0]))

static void eval(const struct lc_ruleset *rs, char *out)
{
	for (size_t i = 0; i < NCALLS; i++)
		out[i] = lc_rules_match_obj(rs, calls[i].sym, calls[i].callee,
					    calls[i].caller, NULL) ? '1' : '0';
	out[NCALLS] = '\0';
}

/*
 * An ltrace command line: "e:EXPR", "l:LIB" items, as ltrace's -e and -l,
 * in order; want is the traced calls and warn the warnings (lines joined
 * by '|'), NULL for none.
 */
static void ltrace_case(int line, const char *const *opts, const char *want,
			const char *warn)
{
	struct lc_ruleset rs = { 0 };
	char got[NCALLS + 1], msg[512], warns[1024] = "";
	const char *const *o;
	int rc = 0;

	for (o = opts; *o && !rc; o++) {
		unsigned int flags = LC_RULES_LTRACE;

		if ((*o)[0] == 'e')
			flags |= LC_RULES_CALLER;
		else
			flags |= LC_RULES_LIB_ONLY;
		rc = lc_rules_add(&rs, *o + 2, flags, msg, sizeof(msg));
		if (msg[0]) {
			for (char *p = msg; (p = strchr(p, '\n'));)
				*p = '|';
			if (warns[0])
				strcat(warns, "|");
			strncat(warns, msg, sizeof(warns) - strlen(warns) - 1);
		}
	}
	total++;
	if (rc) {
		failed++;
		printf("FAIL line %d: lc_rules_add: %d %s\n", line, rc, msg);
		lc_rules_free(&rs);
		return;
	}
	eval(&rs, got);
	CHECK(!strcmp(got, want), "line %d (%s...): traced %s, want %s", line,
	      opts[0], got, want);
	CHECK(!strcmp(warns, warn ? warn : ""),
	      "line %d (%s...): warnings '%s', want '%s'", line, opts[0],
	      warns, warn ? warn : "");
	lc_rules_free(&rs);
	CHECK(rs.n == 0 && rs.v == NULL, "line %d: not freed", line);
}

#define LT(want, warn, ...) \
	ltrace_case(__LINE__, (const char *const[]){ __VA_ARGS__, NULL }, \
		    want, warn)

static const char ebrack[] = "Unmatched [, [^, [:, [., or [=";

static void test_ltrace_e(void)
{
	char w[256];

	/* Debian's ltrace 0.7.3: ltrace -e EXPR ./m2 */
	LT("101000", NULL, "e:baz");
	LT("101000", NULL, "e:baz@");
	LT("101000", NULL, "e:ba?");
	LT("101000", NULL, "e:[b]az");
	LT("101100", NULL, "e:baz*");
	LT("101000", NULL, "e:baz*-baz2");
	LT("010111", NULL, "e:-baz");
	LT("010111", NULL, "e:!baz");
	LT("111111", NULL, "e:!baz+baz");
	LT("000000", NULL, "e:ba*!baz");
	LT("001000", NULL, "e:baz@libbar2.so");
	LT("001000", NULL, "e:*@libbar*");
	LT("010110", NULL, "e:@MAIN-baz");
	LT("110110", NULL, "e:@MAIN");
	LT("110110", NULL, "e:@MAIN-");
	LT("110100", NULL, "e:b*@m2");
	LT("000000", NULL, "e:baz@[M]AIN");
	LT("000000", NULL, "e:baz@MAI?");
	LT("111111", NULL, "e:@");
	LT("111111", NULL, "e:+@");
	LT("000000", NULL, "e:-@");
	LT("000000", NULL, "e:");
	LT("000000", NULL, "e: ");
	LT("000000", NULL, "e:a@b@c");
	LT("000000", NULL, "e:@MAIN@");
	LT("000000", NULL, "e:baz@@");
	LT("000000", NULL, "e:baz,bar2");
	LT("000000", NULL, "e:bar2-@MAIN");
	LT("010000", NULL, "e:bar2+baz-baz");
	LT("000111", NULL, "e:-baz-bar2");
	LT("111111", NULL, "e:baz++bar2");
	LT("101000", NULL, "e:-+baz");
	LT("101000", NULL, "e:baz+");
	LT("101000", NULL, "e:baz-");
	LT("111111", NULL, "e:-");
	LT("000000", NULL, "e:--");
	LT("111111", NULL, "e:++");
	LT("111111", NULL, "e:+-");
	LT("000000", NULL, "e:-+");
	LT("111111", NULL, "e:b+-");
	LT("111111", NULL, "e:*-");
	/* Globs: whole name; ^ and $ are plain characters. */
	LT("000000", NULL, "e:^baz");
	LT("000000", NULL, "e:baz$");
	LT("000000", NULL, "e:^ba.");
	/* Regexes: basic, anchored as ^...$. */
	LT("101000", NULL, "e:/baz/");
	LT("101100", NULL, "e:/baz.*/");
	LT("101000", NULL, "e:/ba./");
	LT("000000", NULL, "e:/^baz/");
	LT("000000", NULL, "e:/baz|bar2/");
	LT("111000", NULL, "e:/ba\\(z\\|r2\\)/");
	LT("000000", NULL, "e://");
	LT("001000", NULL, "e:/baz/@libbar2.so");
	LT("001000", NULL, "e:/ba.@libbar2.*/");
	LT("001000", NULL, "e:baz@/libbar2.*/");
	LT("000000", NULL, "e:baz/");
	/* Several -e: any of them. */
	LT("111000", NULL, "e:baz", "e:bar2");
	LT("111111", NULL, "e:baz*", "e:-baz");
	LT("111111", NULL, "e:-baz", "e:baz");
	/* Broken rules are skipped with ltrace's warnings. */
	LT("000000", "Unmatched '/' in symbol name.|Unmatched '/' in symbol name.",
	   "e:/ba+/");
	LT("000000", "Unmatched '/' in symbol name.", "e:/baz");
	LT("000000", "Unmatched '/' in library name.", "e:@/");
	snprintf(w, sizeof(w), "Rule near 'b' will be ignored: %s.", ebrack);
	LT("000000", w, "e:a+/[/+b");
	snprintf(w, sizeof(w), "Rule near 'bar2' will be ignored: %s.", ebrack);
	LT("111000", w, "e:baz+/[/+bar2");
	LT("010000", w, "e:baz@/x[+bar2");
	snprintf(w, sizeof(w), "Rule near '' will be ignored: %s.", ebrack);
	LT("000000", w, "e:ba[z");
	LT("000000", w, "e:baz@lib[");
	/*
	 * A leading '+' is the first rule's sign, as ltrace's manual says
	 * (ltrace 0.7.3 itself traces everything for "+baz").
	 */
	LT("101000", NULL, "e:+baz");
	/* Library paths: a glob over the path when not a /regex/. */
	LT("101000", NULL, "e:baz@/tmp/t/*");
	LT("000001", NULL, "e:@/usr/lib/*");
}

static void test_ltrace_l(void)
{
	/* ltrace -l LIB ./m2: calls into LIB, made from any object. */
	LT("101100", NULL, "l:libbaz.so");
	LT("000000", NULL, "l:libbaz.so+libbar2.so");
	LT("111100", NULL, "l:libba*");
	LT("111100", NULL, "l:/libba.*/");
	LT("111100", NULL, "l:libbaz.so", "l:libbar2.so");
	LT("111111", NULL, "l:");
	LT("000000", NULL, "l:@libbaz.so");
	LT("000000", NULL, "l:baz@libbaz.so");
	LT("000000", NULL, "l:MAIN");
	LT("000000", NULL, "l:m2");
	LT("000000", NULL, "l:-libbaz.so");
	LT("000000", NULL, "l:!libbaz.so");
	LT("000000", "Unmatched '/' in library name.", "l:/");
	LT("000000", NULL, "l:/x");
	/* With -e: either. */
	LT("111000", NULL, "e:baz", "l:libbar2.so");
	LT("010100", NULL, "e:baz2", "l:libbar2.so");
	LT("111111", NULL, "l:libbaz.so", "e:-baz");
}

/* ltrace -x FILTER: symbol entries, LIB the object that defines them. */
static void test_ltrace_x(void)
{
	struct lc_ruleset rs = { 0 };
	char msg[256];

	CHECK(!lc_rules_add(&rs, "ba*@libbaz.so-baz2", LC_RULES_LTRACE, msg,
			    sizeof(msg)), "add: %s", msg);
	CHECK(lc_rules_match_obj(&rs, "baz", &baz, NULL, NULL), "baz@libbaz");
	CHECK(!lc_rules_match_obj(&rs, "baz2", &baz, NULL, NULL), "baz2");
	CHECK(!lc_rules_match_obj(&rs, "bar2", &bar2, NULL, NULL), "bar2");
	lc_rules_free(&rs);

	CHECK(!lc_rules_add(&rs, "@MAIN", LC_RULES_LTRACE, msg, sizeof(msg)),
	      "add: %s", msg);
	CHECK(lc_rules_match_obj(&rs, "main", &m2, NULL, NULL), "main@MAIN");
	CHECK(lc_rules_match(&rs, "frame_dummy", "MAIN", NULL),
	      "lc_rules_match MAIN");
	CHECK(!lc_rules_match(&rs, "baz", "libbaz.so", NULL),
	      "lc_rules_match libbaz");
	lc_rules_free(&rs);

	/* A bare pattern is PATTERN@*: the main program's symbols too. */
	CHECK(!lc_rules_add(&rs, "ma*", LC_RULES_LTRACE, msg, sizeof(msg)),
	      "add: %s", msg);
	CHECK(lc_rules_match_obj(&rs, "main", &m2, NULL, NULL), "main");
	CHECK(lc_rules_match(&rs, "main", "MAIN", NULL), "main MAIN");
	CHECK(lc_rules_match_obj(&rs, "malloc", &libc, NULL, NULL), "malloc");
	CHECK(!lc_rules_match_obj(&rs, "free", &libc, NULL, NULL), "free");
	lc_rules_free(&rs);

	/* MAIN is never a library called MAIN; [M]AIN is. */
	{
		struct lc_obj fake = { "MAIN", "/x/MAIN", false };

		CHECK(!lc_rules_add(&rs, "@MAIN", LC_RULES_LTRACE, msg,
				    sizeof(msg)), "add: %s", msg);
		CHECK(!lc_rules_match_obj(&rs, "f", &fake, NULL, NULL),
		      "soname MAIN");
		lc_rules_free(&rs);
		CHECK(!lc_rules_add(&rs, "@[M]AIN", LC_RULES_LTRACE, msg,
				    sizeof(msg)), "add: %s", msg);
		CHECK(lc_rules_match_obj(&rs, "f", &fake, NULL, NULL),
		      "soname [M]AIN");
		CHECK(!lc_rules_match_obj(&rs, "f", &m2, NULL, NULL),
		      "[M]AIN on main");
		lc_rules_free(&rs);
	}
}

/* sltrace's -l: one chain of [!]PATTERN[@LIB], calls from main only. */
static void test_sltrace(void)
{
	struct lc_ruleset rs = { .main_only = true };
	const struct lc_obj *l = &libc;
	char msg[256];
	bool any;

	/* An empty set traces nothing. */
	CHECK(!lc_rules_match_obj(&rs, "strlen", l, &m2, &any), "empty");
	CHECK(!any, "empty: matched_any");
	CHECK(!lc_rules_may_match(&rs, NULL, NULL), "empty: may_match");

	CHECK(!lc_rules_add(&rs, "str*", 0, msg, sizeof(msg)), "add: %s", msg);
	CHECK(rs.n == 1 && rs.v[0].chain_start && !rs.v[0].regex,
	      "one rule");
	CHECK(lc_rules_match_obj(&rs, "strlen", l, &m2, &any) && any,
	      "strlen from main");
	CHECK(!lc_rules_match_obj(&rs, "strlen", l, &bar2, NULL),
	      "strlen from a library");
	CHECK(!lc_rules_match_obj(&rs, "malloc", l, &m2, &any) && !any,
	      "malloc");
	CHECK(lc_rules_match(&rs, "strcpy", "libc.so.6", NULL),
	      "lc_rules_match strcpy");
	CHECK(lc_rules_may_match(&rs, NULL, &m2), "may_match main");
	CHECK(!lc_rules_may_match(&rs, NULL, &bar2), "may_match library");
	CHECK(!lc_rules_add(&rs, "!strlen", 0, msg, sizeof(msg)),
	      "add: %s", msg);
	CHECK(rs.n == 2 && !rs.v[1].chain_start && rs.v[1].exclude,
	      "same chain");
	CHECK(!lc_rules_match_obj(&rs, "strlen", l, &m2, &any) && any,
	      "strlen excluded, matched");
	CHECK(lc_rules_match_obj(&rs, "strcpy", l, &m2, NULL), "strcpy");
	lc_rules_free(&rs);

	/* A first exclusion starts from everything. */
	rs.main_only = true;
	CHECK(!lc_rules_add(&rs, "!strlen", 0, msg, sizeof(msg)),
	      "add: %s", msg);
	CHECK(!lc_rules_match_obj(&rs, "strlen", l, &m2, NULL), "!strlen");
	CHECK(lc_rules_match_obj(&rs, "malloc", l, &m2, &any) && !any,
	      "!strlen: malloc, matched by none");
	CHECK(!lc_rules_match_obj(&rs, "malloc", l, &bar2, NULL),
	      "!strlen: not from a library");
	CHECK(lc_rules_may_match(&rs, NULL, &m2), "may_match !strlen");
	lc_rules_free(&rs);

	/* @LIB is the callee; MAIN, paths, regexes (extended, unanchored). */
	rs.main_only = true;
	CHECK(!lc_rules_add(&rs, "*@libc.so*", 0, msg, sizeof(msg)),
	      "add: %s", msg);
	CHECK(!lc_rules_add(&rs, "/len$/@/^libbaz/", 0, msg, sizeof(msg)),
	      "add: %s", msg);
	CHECK(!lc_rules_add(&rs, "@/tmp/t/libbar2.*", 0, msg, sizeof(msg)),
	      "add: %s", msg);
	CHECK(rs.v[1].regex && rs.v[1].lib_kind == LC_PAT_REGEX &&
	      rs.v[2].lib_kind == LC_PAT_PATH, "kinds");
	CHECK(lc_rules_match_obj(&rs, "printf", &libc, &m2, NULL), "libc");
	CHECK(lc_rules_match_obj(&rs, "my_strlen", &baz, &m2, NULL),
	      "regex len$");
	CHECK(!lc_rules_match_obj(&rs, "strlen2", &baz, &m2, NULL),
	      "regex len$ no");
	CHECK(lc_rules_match_obj(&rs, "bar2", &bar2, &m2, NULL), "path");
	CHECK(!lc_rules_match_obj(&rs, "bar2", NULL, &m2, NULL),
	      "unknown callee");
	CHECK(lc_rules_may_match(&rs, &bar2, &m2), "may_match bar2");
	CHECK(!lc_rules_may_match(&rs, &ld, &m2), "may_match ld");
	lc_rules_free(&rs);

	/* Errors are errors here, and leave the set as it was. */
	rs.main_only = true;
	CHECK(!lc_rules_add(&rs, "strlen", 0, msg, sizeof(msg)), "add");
	CHECK(lc_rules_add(&rs, "str[", 0, msg, sizeof(msg)) == -EINVAL,
	      "str[ refused");
	CHECK(strstr(msg, "invalid library call pattern 'str[': ") == msg,
	      "message: %s", msg);
	CHECK(lc_rules_add(&rs, "/(/", 0, msg, sizeof(msg)) == -EINVAL,
	      "/(/ refused");
	CHECK(lc_rules_add(&rs, "/x", 0, msg, sizeof(msg)) == -EINVAL,
	      "/x refused");
	CHECK(!strcmp(msg, "invalid library call pattern '/x': Unmatched '/' in symbol name"),
	      "message: %s", msg);
	CHECK(lc_rules_add(&rs, "x@/", 0, msg, sizeof(msg)) == -EINVAL,
	      "x@/ refused");
	CHECK(rs.n == 1, "set unchanged: %zu rules", rs.n);
	/* "" is everything; "x@" is x anywhere. */
	CHECK(!lc_rules_add(&rs, "", 0, msg, sizeof(msg)), "add ''");
	CHECK(rs.v[1].sym_kind == LC_PAT_ANY && rs.v[1].lib_kind == LC_PAT_ANY,
	      "'' is any");
	CHECK(!lc_rules_add(&rs, "x@", 0, msg, sizeof(msg)), "add x@");
	CHECK(rs.v[2].lib_kind == LC_PAT_ANY, "x@ is x@*");
	lc_rules_free(&rs);
}

/* The pieces the core and the printers read. */
static void test_fields(void)
{
	struct lc_ruleset rs = { 0 };
	char msg[256];

	CHECK(!lc_rules_add(&rs, "!foo@libx.so", 0, msg, sizeof(msg)), "add");
	CHECK(rs.n == 1 && !strcmp(rs.v[0].sym, "foo") &&
	      !strcmp(rs.v[0].lib, "libx.so") && rs.v[0].exclude &&
	      rs.v[0].lib_of == LC_LIB_CALLEE, "fields of !foo@libx.so");
	lc_rules_free(&rs);
	CHECK(!lc_rules_add(&rs, "/a.b/@MAIN", LC_RULES_LTRACE | LC_RULES_CALLER,
			    msg, sizeof(msg)), "add");
	CHECK(rs.n == 1 && !strcmp(rs.v[0].sym, "a.b") && rs.v[0].regex &&
	      rs.v[0].sym_re && rs.v[0].lib_kind == LC_PAT_MAIN &&
	      rs.v[0].lib_of == LC_LIB_CALLER, "fields of /a.b/@MAIN");
	lc_rules_free(&rs);
	/* Many rules: the array grows. */
	for (int i = 0; i < 100; i++)
		CHECK(!lc_rules_add(&rs, "f+g-/h/", LC_RULES_LTRACE, msg,
				    sizeof(msg)), "add %d", i);
	CHECK(rs.n == 300, "300 rules: %zu", rs.n);
	CHECK(lc_rules_match_obj(&rs, "g", &libc, NULL, NULL), "g");
	CHECK(!lc_rules_match_obj(&rs, "h", &libc, NULL, NULL), "h");
	lc_rules_free(&rs);
}

int main(void)
{
	test_ltrace_e();
	test_ltrace_l();
	test_ltrace_x();
	test_sltrace();
	test_fields();
	printf("%d checks, %d failed\n", total, failed);
	return failed ? 1 : 0;
}
