/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit test of src/probe/spec.c (every spelling doc/probes.md lists, and
 * the bad ones) and of src/probe/usdt.c's note decoder.  Prints one line
 * per failed check and exits 1 if any failed.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "probe/spec.h"
#include "probe/usdt.h"
#include "tests/unit/check.h"

static const char *str(const char *s)
{
	return s ? s : "(null)";
}

/* Parses text and checks each field against want's. */
static void good(const char *text, unsigned int flags,
		 const struct probe_spec *want)
{
	struct probe_spec got;
	const char *why = NULL;
	int rc = probe_spec_parse(text, flags, &got, &why);

	CHECK(rc == 0, "%s: rc %d (%s)", text, rc, str(why));
	if (rc)
		return;
	CHECK(got.kind == want->kind, "%s: kind %d", text, got.kind);
	CHECK(!strcmp(str(got.func), str(want->func)), "%s: func %s", text,
	      str(got.func));
	CHECK(!strcmp(str(got.obj), str(want->obj)), "%s: obj %s", text,
	      str(got.obj));
	CHECK(!strcmp(str(got.file), str(want->file)), "%s: file %s", text,
	      str(got.file));
	CHECK(!strcmp(str(got.provider), str(want->provider)),
	      "%s: provider %s", text, str(got.provider));
	CHECK(!strcmp(str(got.name), str(want->name)), "%s: name %s", text,
	      str(got.name));
	CHECK(got.offset == want->offset, "%s: offset %llu", text,
	      (unsigned long long)got.offset);
	CHECK(got.line == want->line, "%s: line %ld", text, got.line);
	CHECK(got.has_offset == want->has_offset, "%s: has_offset", text);
	CHECK(got.ret == want->ret, "%s: ret", text);
	probe_spec_release(&got);
}

static void bad(const char *text, unsigned int flags, const char *want_why)
{
	struct probe_spec got;
	const char *why = NULL;
	int rc = probe_spec_parse(text, flags, &got, &why);

	CHECK(rc == -EINVAL, "%s: rc %d, want -EINVAL", text, rc);
	CHECK(why && !strcmp(why, want_why), "%s: why '%s'", text, str(why));
	CHECK(!got.func && !got.obj && !got.file && !got.provider && !got.name,
	      "%s: strings left", text);
	if (!rc)
		probe_spec_release(&got);
}

#define L PROBE_SPEC_LISTING

int main(void)
{
	good("parse_header", 0,
	     &(struct probe_spec){ .kind = PROBE_FUNC,
				   .func = "parse_header" });
	good("mem*@libc.so.6", 0,
	     &(struct probe_spec){ .kind = PROBE_FUNC,
				   .func = "mem*",
				   .obj = "libc.so.6" });
	good("*", 0, &(struct probe_spec){ .kind = PROBE_FUNC, .func = "*" });
	good("*_lock", 0,
	     &(struct probe_spec){ .kind = PROBE_FUNC, .func = "*_lock" });
	good("f%return", 0,
	     &(struct probe_spec){ .kind = PROBE_FUNC,
				   .func = "f",
				   .ret = true });
	good("f@libfoo.so%return", 0,
	     &(struct probe_spec){ .kind = PROBE_FUNC,
				   .func = "f",
				   .obj = "libfoo.so",
				   .ret = true });
	good("f+0", 0,
	     &(struct probe_spec){ .kind = PROBE_FUNC,
				   .func = "f",
				   .has_offset = true });
	good("f@prog+0x10", 0,
	     &(struct probe_spec){ .kind = PROBE_FUNC,
				   .func = "f",
				   .obj = "prog",
				   .offset = 16,
				   .has_offset = true });
	/* The '+' of a library's name is not an offset. */
	good("_Znwm@libstdc++.so.6", 0,
	     &(struct probe_spec){ .kind = PROBE_FUNC,
				   .func = "_Znwm",
				   .obj = "libstdc++.so.6" });
	good("_Znwm@libstdc++.so.6+4", 0,
	     &(struct probe_spec){ .kind = PROBE_FUNC,
				   .func = "_Znwm",
				   .obj = "libstdc++.so.6",
				   .offset = 4,
				   .has_offset = true });
	good("ns::f", 0,
	     &(struct probe_spec){ .kind = PROBE_FUNC, .func = "ns::f" });
	good("ns::f:3", 0,
	     &(struct probe_spec){ .kind = PROBE_RELLINE,
				   .func = "ns::f",
				   .line = 3 });
	good("parse_header:0", 0,
	     &(struct probe_spec){ .kind = PROBE_RELLINE,
				   .func = "parse_header" });
	good("f@libfoo.so.1:12", 0,
	     &(struct probe_spec){ .kind = PROBE_RELLINE,
				   .func = "f",
				   .obj = "libfoo.so.1",
				   .line = 12 });
	good("f:", L,
	     &(struct probe_spec){ .kind = PROBE_RELLINE,
				   .func = "f",
				   .line = -1 });
	good("parser.c:88", 0,
	     &(struct probe_spec){ .kind = PROBE_LINE,
				   .file = "parser.c",
				   .line = 88 });
	good("src/parser:88", 0,
	     &(struct probe_spec){ .kind = PROBE_LINE,
				   .file = "src/parser",
				   .line = 88 });
	good("*0x401000", 0,
	     &(struct probe_spec){ .kind = PROBE_ADDR, .offset = 0x401000 });
	good("*4096@libc.so.6", 0,
	     &(struct probe_spec){ .kind = PROBE_ADDR,
				   .offset = 4096,
				   .obj = "libc.so.6" });
	good("sdt:libc:setjmp", 0,
	     &(struct probe_spec){ .kind = PROBE_SDT,
				   .provider = "libc",
				   .name = "setjmp" });
	good("sdt:libc:memory_*@libc.so.6", 0,
	     &(struct probe_spec){ .kind = PROBE_SDT,
				   .provider = "libc",
				   .name = "memory_*",
				   .obj = "libc.so.6" });
	good("sdt:", L,
	     &(struct probe_spec){ .kind = PROBE_SDT,
				   .provider = "*",
				   .name = "*" });
	good("sdt:libc", L,
	     &(struct probe_spec){ .kind = PROBE_SDT,
				   .provider = "libc",
				   .name = "*" });

	bad("", 0, "expected a function name");
	bad("f:", 0, "expected a line number after ':'");
	bad("f:x", L, "expected a line number after ':'");
	bad("f%return:3", 0, "a line takes no %return or +OFFSET");
	bad("f:3%return", 0, "expected a line number after ':'");
	bad("f+", 0, "expected an offset after '+'");
	bad("f+0x", 0, "expected an offset after '+'");
	bad("f+99999999999999999999", 0, "expected an offset after '+'");
	bad("f%ret", 0, "expected %return");
	bad("f+4%return", 0, "%return takes no +OFFSET");
	bad("f@", 0, "expected an object after '@'");
	bad("f@a@b", 0, "expected an object after '@'");
	bad("@libc.so.6", 0, "expected a function name");
	bad("f g", 0, "expected a function name");
	bad("parser.c:0", 0, "expected a line number after ':'");
	bad("parser.c:", L, "expected a line number after ':'");
	bad("*0x", 0, "expected an address after '*'");
	bad("*1x", 0, "expected an address after '*'");
	bad("sdt:libc", 0, "expected sdt:PROVIDER:NAME");
	bad("sdt:a:", 0, "expected sdt:PROVIDER:NAME");
	bad("sdt::b", 0, "expected sdt:PROVIDER:NAME");
	bad("sdt:a:b:c", 0, "expected sdt:PROVIDER:NAME");

	/* A note as readelf -n shows it: libc's setjmp, made up. */
	{
		static const unsigned char desc[] =
			"\x10\x00\x00\x00\x00\x00\x00\x00"
			"\x00\x20\x00\x00\x00\x00\x00\x00"
			"\x00\x00\x00\x00\x00\x00\x00\x00"
			"libc\0setjmp\0"
			"8@%rdi -4@%esi";
		struct usdt_note n;

		CHECK(usdt_parse_desc(desc, sizeof(desc), 8, 0, 0x2010, &n) ==
			      0,
		      "usdt: good note");
		CHECK(n.pc == 0x20, "usdt: pc %#llx moved by 0x10",
		      (unsigned long long)n.pc);
		CHECK(n.semaphore == 0 && !strcmp(str(n.provider), "libc") &&
			      !strcmp(str(n.name), "setjmp") &&
			      !strcmp(str(n.args), "8@%rdi -4@%esi"),
		      "usdt: fields");
		free(n.provider);
		free(n.name);
		free(n.args);
		/* Cut anywhere, it is refused, never read past. */
		for (size_t len = 0; len < sizeof(desc); len++)
			CHECK(usdt_parse_desc(desc, len, 8, 0, 0, &n) ==
				      -EINVAL,
			      "usdt: cut at %zu", len);
		CHECK(usdt_parse_desc(desc, sizeof(desc), 3, 0, 0, &n) ==
			      -EINVAL,
		      "usdt: address size 3");
	}

	printf("%d checks, %d failed\n", total, failed);
	return failed ? 1 : 0;
}
