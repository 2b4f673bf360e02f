/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit test of src/probe/cond.c: conditions good and bad (the exact
 * message and column of each refusal), evaluation against a fake
 * variable table (ints, unsigned ints, floats, strings, one unreadable),
 * what bind receives, and that every bound handle is freed once.
 * Prints one line per failed check and exits 1 if any failed.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "probe/cond.h"
#include "probe/dwval.h"
#include "tests/unit/check.h"

/* The fake program's variables. */
static const struct var {
	const char *name;
	struct dv_scalar v;
	int rc;			/* what get returns */
} vars[] = {
	{ "$arg1", { .kind = DVS_INT, .i = 3 } },
	{ "$retval", { .kind = DVS_INT, .i = -1 } },
	{ "%rdi", { .kind = DVS_UINT, .u = 0xffffffffffffffffULL } },
	{ "arg2", { .kind = DVS_UINT, .u = 7 } },
	{ "hdr->len", { .kind = DVS_UINT, .u = 5 } },
	{ "name", { .kind = DVS_STRING, .str = "abc" } },
	{ "empty", { .kind = DVS_STRING, .str = "" } },
	{ "v.items[2]", { .kind = DVS_INT, .i = 0 } },
	{ "*p", { .kind = DVS_INT, .i = 3 } },
	{ "**pp", { .kind = DVS_INT, .i = 4 } },
	{ "x:x64", { .kind = DVS_UINT, .u = 0x10 } },
	{ "f", { .kind = DVS_FLOAT, .d = 1.5 } },
	{ "big", { .kind = DVS_INT, .i = INT64_MIN } },
	{ "nan", { .kind = DVS_FLOAT, .d = NAN } },
	{ "bad", { .kind = DVS_NONE }, -EFAULT },
	{ "opt", { .kind = DVS_NONE } },
	{ "c", { .kind = DVS_INT, .i = 'a' } },
};

struct handle {
	const struct var *var;
	unsigned int frees;
};

/* What bind saw, and how many handles it handed out and got back. */
static struct handle *handles[64];
static char seen[64][64];
static unsigned int nbound, nseen;
static unsigned int gets;

static void reset(void)
{
	unsigned int k;

	for (k = 0; k < nbound; k++)
		free(handles[k]);
	nbound = nseen = gets = 0;
}

/* Refuses a name not in vars with bind's message. */
static void *bind(void *ctx, const char *ref, char *err, size_t errlen)
{
	size_t k;

	if (nseen < 64)
		snprintf(seen[nseen++], sizeof(seen[0]), "%s", ref);
	for (k = 0; k < sizeof(vars) / sizeof(vars[0]); k++) {
		if (!strcmp(vars[k].name, ref)) {
			struct handle *h = calloc(1, sizeof(*h));

			h->var = &vars[k];
			handles[nbound++] = h;
			return h;
		}
	}
	snprintf(err, errlen, "no variable '%s' at f.c:12", ref);
	return NULL;
}

static int get(void *ctx, void *handle, struct dv_scalar *out)
{
	const struct handle *h = handle;

	gets++;
	*out = h->var->v;
	return h->var->rc;
}

static void free_handle(void *handle)
{
	((struct handle *)handle)->frees++;
}

static void check_freed(const char *text)
{
	unsigned int k;

	for (k = 0; k < nbound; k++)
		CHECK(handles[k]->frees == 1, "%s: handle %u freed %u times",
		      text, k, handles[k]->frees);
}

/* text compiles, evaluates to want, and frees each handle once. */
static void ev(const char *text, bool want)
{
	char err[128] = "";
	struct cond *c = cond_compile(text, bind, NULL, err, sizeof(err));

	CHECK(c, "%s: refused: %s", text, err);
	if (c) {
		bool got = cond_eval(c, get, NULL);

		CHECK(got == want, "%s: %d, want %d", text, got, want);
		CHECK(cond_eval(c, get, NULL) == got, "%s: changed", text);
		cond_free(c, free_handle);
		check_freed(text);
	}
	reset();
}

/* text is refused with exactly want. */
static void bad(const char *text, const char *want)
{
	char err[128] = "";
	struct cond *c = cond_compile_ex(text, bind, free_handle, NULL, err,
					 sizeof(err));

	CHECK(!c, "%s: accepted", text);
	CHECK(!strcmp(err, want), "%s: '%s', want '%s'", text, err, want);
	check_freed(text);
	if (c)
		cond_free(c, free_handle);
	reset();
}

/* bind sees exactly these references, in this order. */
static void refs(const char *text, const char *const *want, unsigned int n)
{
	char err[128] = "";
	struct cond *c = cond_compile(text, bind, NULL, err, sizeof(err));
	unsigned int k;

	CHECK(c, "%s: refused: %s", text, err);
	CHECK(nseen == n, "%s: %u references, want %u", text, nseen, n);
	for (k = 0; k < n && k < nseen; k++)
		CHECK(!strcmp(seen[k], want[k]), "%s: reference %u '%s'",
		      text, k, seen[k]);
	cond_free(c, free_handle);
	check_freed(text);
	reset();
}

#define REFS(text, ...)                                                   \
	refs(text, (const char *const[]){ __VA_ARGS__ },                 \
	     sizeof((const char *const[]){ __VA_ARGS__ }) / sizeof(char *))

static void short_circuit(void)
{
	char err[128];
	struct cond *c;

	c = cond_compile("$arg1 == 4 && hdr->len == 5", bind, NULL, err,
			 sizeof(err));
	CHECK(c && !cond_eval(c, get, NULL) && gets == 1, "&&: %u gets",
	      gets);
	cond_free(c, free_handle);
	reset();
	c = cond_compile("$arg1 == 3 || hdr->len == 5", bind, NULL, err,
			 sizeof(err));
	CHECK(c && cond_eval(c, get, NULL) && gets == 1, "||: %u gets",
	      gets);
	cond_free(c, free_handle);
	reset();
}

static void small_err(void)
{
	char err[8] = "xxxxxxx";

	CHECK(!cond_compile("a &&", bind, NULL, err, sizeof(err)) &&
		      !strcmp(err, "at colu"),
	      "cut message '%s'", err);
	CHECK(!cond_compile("a &&", bind, NULL, NULL, 0), "no err buffer");
	reset();
}

int main(void)
{
	/* Literals against references. */
	ev("$arg1 == 3", true);
	ev("$arg1 != 3", false);
	ev("$arg1 < 4 && $arg1 <= 3 && $arg1 > 2 && $arg1 >= 3", true);
	ev("3 == $arg1", true);
	ev("$retval == -1", true);
	ev("$retval < 0", true);
	ev("$retval == 0xffffffffffffffff", false);
	ev("%rdi == 0xffffffffffffffff", true);
	ev("%rdi == -1", false);	/* by value, not by C's conversion */
	ev("%rdi > -1", true);
	ev("%rdi > $retval", true);
	ev("$retval < %rdi", true);
	ev("$retval != %rdi", true);
	ev("arg2 == 7", true);
	ev("arg2 == 07", true);
	ev("arg2 == 0x7", true);
	ev("arg2 == 7.0", true);
	ev("arg2 < 7.5", true);
	ev("arg2 > 6.999", true);
	ev("hdr->len > 3 && name == \"abc\"", true);
	ev("name == \"abd\"", false);
	ev("name != \"abd\"", true);
	ev("name < \"abd\"", true);
	ev("name == \"a\\x62c\"", true);
	ev("name == 3", false);		/* a string is not a number */
	ev("name != 3", false);
	ev("!(name == 3)", true);
	ev("v.items[2] == 0", true);
	ev("v.items[2]", false);
	ev("!v.items[2]", true);
	ev("*p == 3", true);
	ev("**pp == 4", true);
	ev("x:x64 == 16", true);
	ev("f == 1.5", true);
	ev("f > 1", true);
	ev("f < 2", true);
	ev("f == 15e-1", true);
	ev("f", true);
	ev("big == -9223372036854775808", true);
	ev("big < %rdi", true);
	ev("big < -1.0", true);
	ev("nan == nan", false);
	ev("nan != 1", true);
	ev("nan < 1 || nan >= 1", false);
	ev("c == 'a'", true);
	ev("'\\xff' == 255", true);
	ev("'\\'' == 39", true);
	ev("'\\n' == 10", true);
	ev("name", true);
	ev("empty", true);
	ev("empty == \"\"", true);
	ev("true", true);
	ev("false", false);
	ev("NULL == 0", true);
	ev("!NULL", true);
	ev("true == 1 && false == 0", true);
	ev("1e3 == 1000", true);
	ev(".5 == 0.5", true);
	ev("-.5 < 0", true);
	ev("18446744073709551615 == %rdi", true);
	ev("9223372036854775807 > 0", true);
	ev("-0x8000000000000000 == big", true);
	/* Unreadable values: every comparison false, "!" of it true. */
	ev("bad == 1", false);
	ev("bad != 1", false);
	ev("bad", false);
	ev("!bad", true);
	ev("!(bad == 1)", true);
	ev("opt == 0", false);
	ev("opt", false);
	/* Logic, precedence, parentheses. */
	ev("$arg1 == 1 || $arg1 == 3", true);
	ev("$arg1 == 1 || $arg1 == 2 || $arg1 == 4", false);
	ev("$arg1 == 3 && arg2 == 7 && name == \"abc\"", true);
	ev("$arg1 == 1 && arg2 == 7 || name == \"abc\"", true);
	ev("$arg1 == 1 && (arg2 == 7 || name == \"abc\")", false);
	ev("!$arg1 == 3", false);	/* '!' binds to the comparison */
	ev("!!$arg1", true);
	ev("(($arg1)) == (3)", true);
	ev("($arg1 == 3) == 1", true);
	ev("($arg1 == 4) == 0", true);
	ev("  \t$arg1==3\n", true);
	ev("!($arg1 == 3 && bad)", true);
	short_circuit();
	small_err();

	/* bind gets the exact text of each reference, in order. */
	REFS("$arg1 == 3", "$arg1");
	REFS("  hdr->len>3&&name==\"x\"", "hdr->len", "name");
	REFS("*p==3||**pp", "*p", "**pp");
	REFS("(v.items[2])<x:x64", "v.items[2]", "x:x64");
	REFS("%rdi&&!$retval", "%rdi", "$retval");
	cond_free(cond_compile("true || NULL || false", bind, NULL, NULL, 0),
		  free_handle);
	CHECK(nseen == 0, "literals were bound");
	reset();

	/* Refusals: one line, the column where it goes wrong. */
	bad("", "at column 1: the condition is empty");
	bad("   ", "at column 4: the condition is empty");
	bad("$arg1 &&", "at column 9: expected an operand after '&&'");
	bad("$arg1 && )", "at column 10: expected an operand after '&&', not ')'");
	bad("a || ", "at column 6: expected an operand after '||'");
	bad("a ==", "at column 5: expected an operand after '=='");
	bad("a < && b", "at column 5: expected an operand after '<', not '&&'");
	bad("!", "at column 2: expected an operand after '!'");
	bad("&& a", "at column 1: expected an operand, not '&&'");
	bad("(", "at column 2: expected an operand after '('");
	bad("(a == 1", "at column 1: '(' is not closed");
	bad("((a == 1) && b", "at column 1: '(' is not closed");
	bad("(a b)", "at column 4: expected ')', not 'b'");
	bad("a == 1)", "at column 7: ')' without its '('");
	bad("a b", "at column 3: unexpected 'b'");
	bad("a == 1 == 2", "at column 8: unexpected '=='");
	bad("a = 1", "at column 3: '=' is not a comparison: use '=='");
	bad("a & b", "at column 3: unexpected '&'");
	bad("name == \"abc", "at column 9: unterminated string");
	bad("name == \"abc\\", "at column 9: unterminated string");
	bad("\"\\q\"", "at column 2: unknown escape '\\q' in a string");
	bad("\"\\x\"", "at column 2: expected hex digits after '\\x'");
	bad("\"a\\x00\"", "at column 3: a string cannot hold a NUL");
	bad("c == ''", "at column 6: empty character constant");
	bad("c == 'ab'", "at column 6: unterminated character constant");
	bad("c == 'a", "at column 6: unterminated character constant");
	bad("a == 0x", "at column 6: bad number '0x'");
	bad("a == 09", "at column 6: bad number '09'");
	bad("a == 12ab", "at column 6: bad number '12ab'");
	bad("a == 1.2.3", "at column 6: bad number '1.2.3'");
	bad("a == 18446744073709551616",
	    "at column 6: number out of range '18446744073709551616'");
	bad("a == -9223372036854775809",
	    "at column 6: number out of range '-9223372036854775809'");
	bad("a == 1e999", "at column 6: number out of range '1e999'");
	bad("$ == 1", "at column 2: expected a name after '$'");
	bad("%1 == 1", "at column 2: expected a name after '%'");
	bad("* p", "at column 2: expected a name after '*'");
	bad("hdr-> len", "at column 6: expected a name after '->'");
	bad("hdr.", "at column 5: expected a name after '.'");
	bad("v[i]", "at column 2: expected digits and ']' after '['");
	bad("v[1", "at column 2: expected digits and ']' after '['");
	bad("x: s32", "at column 3: expected a type after ':'");
	bad("a @ b", "at column 3: unexpected '@'");
	bad("a \x01", "at column 3: unexpected byte 0x01");
	/* A reference bind refuses: its message, at the reference. */
	bad("$arg1 == 3 && nosuch->x > 2",
	    "at column 15: no variable 'nosuch->x' at f.c:12");
	bad("hdr->len && name && nosuch",
	    "at column 21: no variable 'nosuch' at f.c:12");
	/* A syntax error is found before bind sees anything. */
	bad("nosuch ==", "at column 10: expected an operand after '=='");
	CHECK(nseen == 0, "bind called on a syntax error");
	{
		char deep[300];

		memset(deep, '(', 65);
		strcpy(deep + 65, "1");
		bad(deep, "at column 65: nested too deeply");
		memset(deep, '!', 200);
		strcpy(deep + 200, "1");
		bad(deep, "at column 65: nested too deeply");
		memset(deep, '(', 64);
		strcpy(deep + 64, "1");
		memset(deep + 65, ')', 64);
		deep[129] = '\0';
		ev(deep, true);
	}

	printf("%d of %d checks failed\n", failed, total);
	return failed ? 1 : 0;
}
