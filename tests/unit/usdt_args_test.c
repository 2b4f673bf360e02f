/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit test of the USDT argument specs (src/probe/usdt.c): every form
 * gcc writes for <sys/sdt.h> on x86_64 and i386, the bad ones, and the
 * value of each from made-up registers and memory.  Prints one line per
 * failed check and exits 1 if any failed.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "probe/usdt.h"
#include "tests/unit/check.h"

/* Memory of the made-up tracee: 64 bytes at 0x1000, byte i = 0x80 + i. */
#define MEM_AT 0x1000ULL

static int read_mem(void *ctx, uint64_t addr, void *buf, size_t len)
{
	unsigned char *b = buf;

	(void)ctx;
	if (addr < MEM_AT || addr + len > MEM_AT + 64)
		return -EFAULT;
	for (size_t i = 0; i < len; i++)
		b[i] = 0x80 + (addr - MEM_AT) + i;
	return 0;
}

static struct user_regs_struct regs(void)
{
	struct user_regs_struct u;

	memset(&u, 0, sizeof(u));
	u.rax = 0x1122334455667788ULL;
	u.rbx = 0xfffffffffffffffdULL; /* -3 */
	u.rcx = 2;
	u.rdx = 1;
	u.rsi = 0xa5;
	u.rbp = MEM_AT + 16;
	u.rsp = MEM_AT;
	u.r8 = 0x100000000ULL | 0xffff8000;
	u.r13 = MEM_AT + 8;
	u.rip = 0x400; /* foo(%rip) is foo, whatever rip is */
	return u;
}

/* spec's one argument; then its value from regs() (rc, value). */
static void good(const char *spec, bool is64, int size, int kind, int want_rc,
		 int64_t want)
{
	struct usdt_arg a[2];
	struct user_regs_struct u = regs();
	int64_t v = 0;
	int n = usdt_args_parse(spec, is64, a, 2), rc;

	CHECK(n == 1, "%s: %d arguments", spec, n);
	if (n != 1)
		return;
	CHECK(a[0].size == size, "%s: size %d", spec, a[0].size);
	CHECK((int)a[0].kind == kind, "%s: kind %d", spec, a[0].kind);
	/* A symbol's address in the file; the object is loaded at 0x800. */
	if (a[0].sym)
		a[0].sym_addr = MEM_AT - 0x800;
	/* ... and the GOT 16 bytes before it. */
	if (a[0].gotoff)
		a[0].got_addr = MEM_AT - 0x800 - 16;
	rc = usdt_arg_value(&a[0], &u, is64, 0x800, read_mem, NULL, &v);
	CHECK(rc == want_rc, "%s: rc %d", spec, rc);
	CHECK(rc || v == want, "%s: value %#llx, want %#llx", spec,
	      (unsigned long long)v, (unsigned long long)want);
	usdt_args_release(a, n);
}

/* One argument each, and its value from regs() and the memory. */
static const struct {
	const char *spec;
	bool is64;
	int size, kind, rc;
	int64_t value;
} goods[] = {
	/* Registers, each width; ah is bits 8-15. */
	{ "-4@%eax", true, -4, USDT_ARG_REG, 0, 0x55667788 },
	{ "8@%rdi", true, 8, USDT_ARG_REG, 0, 0 },
	{ "8@%rax", true, 8, USDT_ARG_REG, 0, 0x1122334455667788LL },
	{ "1@%al", true, 1, USDT_ARG_REG, 0, 0x88 },
	{ "-1@%al", true, -1, USDT_ARG_REG, 0, -0x78 },
	{ "1@%ah", true, 1, USDT_ARG_REG, 0, 0x77 },
	{ "2@%ax", true, 2, USDT_ARG_REG, 0, 0x7788 },
	{ "-2@%bx", true, -2, USDT_ARG_REG, 0, -3 },
	{ "-8@%rbx", true, -8, USDT_ARG_REG, 0, -3 },
	{ "4@%ebx", true, 4, USDT_ARG_REG, 0, 0xfffffffd },
	{ "1@%sil", true, 1, USDT_ARG_REG, 0, 0xa5 },
	{ "-4@%r8d", true, -4, USDT_ARG_REG, 0, -0x8000 },
	{ "2@%r8w", true, 2, USDT_ARG_REG, 0, 0x8000 },
	{ "1@%r8b", true, 1, USDT_ARG_REG, 0, 0 },
	{ "8@%r8", true, 8, USDT_ARG_REG, 0, 0x1ffff8000LL },
	/* Constants. */
	{ "4@$5", true, 4, USDT_ARG_CONST, 0, 5 },
	{ "-4@$-3", true, -4, USDT_ARG_CONST, 0, -3 },
	{ "8@$0x10", true, 8, USDT_ARG_CONST, 0, 16 },
	{ "4@$-1", true, 4, USDT_ARG_CONST, 0, 0xffffffff },
	/* Memory: byte i of it is 0x80 + i. */
	{ "8@-16(%rbp)", true, 8, USDT_ARG_MEM, 0, 0x8786858483828180LL },
	{ "1@-15(%rbp)", true, 1, USDT_ARG_MEM, 0, 0x81 },
	{ "-1@-15(%rbp)", true, -1, USDT_ARG_MEM, 0, -0x7f },
	{ "4@8(%rsp,%rcx,4)", true, 4, USDT_ARG_MEM, 0, 0x93929190 },
	{ "2@(%rsp,%rdx,8)", true, 2, USDT_ARG_MEM, 0, 0x8988 },
	{ "2@(%r13)", true, 2, USDT_ARG_MEM, 0, 0x8988 },
	{ "1@(,%rcx,8)", true, 1, USDT_ARG_MEM, -EFAULT, 0 },
	{ "8@(%rax,%rdx,8)", true, 8, USDT_ARG_MEM, -EFAULT, 0 },
	/* A symbol at 0x1000 once loaded. */
	{ "-8@foo(%rip)", true, -8, USDT_ARG_MEM, 0, 0x8786858483828180LL },
	{ "1@foo+16(%rip)", true, 1, USDT_ARG_MEM, 0, 0x90 },
	{ "1@foo-1(%rip)", true, 1, USDT_ARG_MEM, -EFAULT, 0 },
	{ "4@counter.0(%rip)", true, 4, USDT_ARG_MEM, 0, 0x83828180 },
	/* A segment: parsed, not read. */
	{ "8@%fs:16", true, 8, USDT_ARG_MEM, -ENOTSUP, 0 },
	{ "8@%fs:(%rax)", true, 8, USDT_ARG_MEM, -ENOTSUP, 0 },
	/* No SIZE@ (old sdt.h): the address size. */
	{ "%rax", true, 8, USDT_ARG_REG, 0, 0x1122334455667788LL },
	{ "%eax", false, 4, USDT_ARG_REG, 0, 0x55667788 },
	/* i386: addresses wrap at 32 bits, symbols are absolute. */
	{ "-4@%eax", false, -4, USDT_ARG_REG, 0, 0x55667788 },
	{ "1@%dh", false, 1, USDT_ARG_REG, 0, 0 },
	{ "4@4(%esp)", false, 4, USDT_ARG_MEM, 0, 0x87868584 },
	{ "2@(%ebp,%ecx,2)", false, 2, USDT_ARG_MEM, 0, 0x9594 },
	{ "4@foo", false, 4, USDT_ARG_MEM, 0, 0x83828180 },
	{ "1@foo+4", false, 1, USDT_ARG_MEM, 0, 0x84 },
	{ "1@4096", false, 1, USDT_ARG_MEM, 0, 0x80 },
	{ "4@%gs:20", false, 4, USDT_ARG_MEM, -ENOTSUP, 0 },
	/* i386 PIC: %esp stands for the register holding the GOT. */
	{ "1@foo@GOTOFF(%esp)", false, 1, USDT_ARG_MEM, 0, 0x90 },
	{ "-4@foo@GOTOFF(%esp,%ecx,4)", false, -4, USDT_ARG_MEM, 0,
	  (int32_t)0x9b9a9998 },
};

static void bad(const char *spec, bool is64)
{
	struct usdt_arg a[4];
	int n = usdt_args_parse(spec, is64, a, 4);

	CHECK(n == -EINVAL, "'%s' (%s): %d, not refused", spec,
	      is64 ? "x86_64" : "i386", n);
	if (n > 0)
		usdt_args_release(a, n);
}

int main(void)
{
	struct usdt_arg a[12];
	int n;

	for (size_t i = 0; i < sizeof(goods) / sizeof(goods[0]); i++)
		good(goods[i].spec, goods[i].is64, goods[i].size, goods[i].kind,
		     goods[i].rc, goods[i].value);

	/* A symbol without an address is not read. */
	n = usdt_args_parse("8@bar(%rip)", true, a, 12);
	CHECK(n == 1 && a[0].sym && !strcmp(a[0].sym, "bar") &&
		      a[0].base == USDT_REG_RIP && a[0].disp == 0,
	      "bar(%%rip): %d", n);
	if (n == 1) {
		struct user_regs_struct u = regs();
		int64_t v;

		CHECK(usdt_arg_value(&a[0], &u, true, 0, read_mem, NULL, &v) ==
			      -ENOENT,
		      "bar(%%rip) read without its address");
		usdt_args_release(a, n);
	}
	n = usdt_args_parse("8@foo+16(%rip)", true, a, 12);
	CHECK(n == 1 && !strcmp(a[0].sym, "foo") && a[0].disp == 16,
	      "foo+16: sym %s disp %lld", n == 1 ? a[0].sym : "",
	      n == 1 ? (long long)a[0].disp : 0);
	if (n == 1)
		usdt_args_release(a, n);

	/* Several, as a note has them; none; too many for out. */
	n = usdt_args_parse("-4@%edi 8@-16(%rbp)  4@$5 8@(%rax,%rdx,8)", true,
			    a, 12);
	CHECK(n == 4, "four arguments: %d", n);
	CHECK(n != 4 || (a[0].base == USDT_REG_RDI && a[1].disp == -16 &&
			 a[1].base == USDT_REG_RBP &&
			 a[3].index == USDT_REG_RDX && a[3].scale == 8),
	      "four arguments: fields");
	if (n > 0)
		usdt_args_release(a, n);
	CHECK(usdt_args_parse("", true, a, 12) == 0, "no argument");
	CHECK(usdt_args_parse(" ", true, a, 12) == 0, "a space");
	CHECK(usdt_args_parse("4@$1 4@$2 4@$3", true, a, 2) == -E2BIG,
	      "more than max");
	CHECK(usdt_args_parse("4@x(%rip) 4@$2 4@$3", true, a, 2) == -E2BIG,
	      "more than max, a symbol first");

	/* Bad sizes. */
	bad("3@%eax", true);
	bad("0@%eax", true);
	bad("16@%eax", true);
	bad("-@%eax", true);
	bad("08@%eax", true);
	bad("4@", true);
	bad("@%eax", true);
	/* Bad registers, and names i386 does not have. */
	bad("4@%foo", true);
	bad("4@%", true);
	bad("4@%eaxx", true);
	bad("8@%rip", true);
	bad("4@%eip", true);
	bad("8@%rax", false);
	bad("4@%r8d", false);
	bad("1@%sil", false);
	bad("4@(%rax)", false);
	bad("4@foo(%rip)", false);
	/* Bad constants and memory. */
	bad("4@$", true);
	bad("4@$x", true);
	bad("4@$5x", true);
	bad("8@$99999999999999999999", true);
	bad("8@-16(%rbp", true);
	bad("8@-16()", true);
	bad("8@(%rax,)", true);
	bad("8@(%rax,%rdx,3)", true);
	bad("8@(%rax,%rdx,)", true);
	bad("8@(%rax,%rip,1)", true);
	bad("8@(%ax)", true);
	bad("8@(%al)", true);
	bad("8@16(%rip)", true);
	bad("8@(%rax)x", true);
	bad("8@-(%rax)", true);
	bad("8@foo+(%rip)", true);
	bad("8@%fs:", true);
	bad("4@%eax,", true);
	bad("4@%eax 4@", true);
	bad("4@foo@GOT(%ebx)", false);
	bad("4@foo@GOTOFF", false);
	bad("8@foo@GOTPCREL(%rip)", true);
	bad("8@foo@GOTOFF(%rip)", true);

	printf("%d of %d checks failed\n", failed, total);
	return failed ? 1 : 0;
}
