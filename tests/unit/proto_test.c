/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit test of the prototypes (src/libcall/proto*.c) and of the value
 * printer (src/libcall/printval.c).
 *
 * printval.c is linked against stand-ins for the emit primitives
 * (fake_emit.c), the tracee memory readers and the syscall printers: the
 * "tracee" is this process (an address is a pointer here; addresses
 * below 64 KiB are unreadable), and the emit stand-ins spell values as
 * the text writer does, so a whole call prints as a string to compare.
 * What the real printers and writer add (-y, -X, JSON) is theirs to
 * test; here it is which value goes where, in which style.
 *
 * The ltrace-style expectations were observed from Debian's ltrace
 * 0.7.3 on small programs (noted beside them).  Prints one line per
 * failed check and exits 1 if any failed.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arch/arch.h"
#include "cli/cli.h"
#include "engine/engine.h"
#include "engine/tcb.h"
#include "libcall/printval.h"
#include "libcall/proto.h"
#include "output/emit.h"
#include "syscall/file.h"
#include "syscall/net.h"
#include "syscall/printers.h"
#include "xlat/xlat.h"

#include "check.h"
#include "fake_emit.h"


#define CHECK_STR(got, want)                                            \
	CHECK(!strcmp((got), (want)), "got [%s], want [%s]", (got), (want))

/* --- stand-ins for the rest of sltrace ------------------------------------- */

struct config cfg = { .string_limit = 32, .lc_array_max = 4 };

void emit_cstr(struct tcb *tcp, uint64_t addr)
{
	char buf[4096];
	ssize_t n;

	if (!addr) {
		emit_ptr(tcp, 0);
		return;
	}
	n = tracee_read_str(tcp, addr, buf, cfg.string_limit);
	if (n < 0)
		emit_ptr(tcp, addr);
	else if ((size_t)n > cfg.string_limit)
		emit_quoted(tcp, buf, cfg.string_limit, QUOTE_ELLIPSIS);
	else
		emit_quoted(tcp, buf, (size_t)n, 0);
}

void emit_buf(struct tcb *tcp, uint64_t addr, uint64_t len)
{
	size_t show = len > cfg.string_limit ? cfg.string_limit : len;

	if (!addr) {
		emit_ptr(tcp, 0);
		return;
	}
	if (addr < 0x10000) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_quoted(tcp, (const char *)(uintptr_t)addr, show,
		    len > cfg.string_limit ? QUOTE_ELLIPSIS : 0);
}

int tracee_read(struct tcb *tcp, uint64_t addr, void *buf, size_t len)
{
	if (addr < 0x10000)
		return -EFAULT;
	memcpy(buf, (const void *)(uintptr_t)addr, len);
	return 0;
}

ssize_t tracee_read_partial(struct tcb *tcp, uint64_t addr, void *buf,
			    size_t len)
{
	if (addr < 0x10000)
		return -EFAULT;
	memcpy(buf, (const void *)(uintptr_t)addr, len);
	return (ssize_t)len;
}

ssize_t tracee_read_str(struct tcb *tcp, uint64_t addr, char *buf, size_t len)
{
	const char *s = (const char *)(uintptr_t)addr;
	size_t n;

	if (addr < 0x10000)
		return -EFAULT;
	n = strnlen(s, len + 1);
	memcpy(buf, s, n > len ? len : n);
	buf[n > len ? len : n] = '\0';
	return n > len ? (ssize_t)len + 1 : (ssize_t)n;
}

const char *sprint_flags_abbrev(char *buf, size_t size, const struct xlat *x,
				uint64_t val, const char *dflt)
{
	size_t n = 0;

	buf[0] = '\0';
	if (!val) {
		const char *z = xlat_name(x, 0);

		snprintf(buf, size, "%s", z ? z : "0");
		return buf;
	}
	for (; x->name; x++) {
		if (!x->val || (val & x->val) != x->val)
			continue;
		n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? "|" : "",
				      x->name);
		val &= ~x->val;
	}
	if (val)
		snprintf(buf + n, size - n, "%s%#llx", n ? "|" : "",
			 (unsigned long long)val);
	return buf;
}

void print_flags(struct tcb *tcp, const struct xlat *x, uint64_t val,
		 const char *dflt)
{
	char buf[512];

	emit_raw(tcp, sprint_flags_abbrev(buf, sizeof(buf), x, val, dflt));
}

void print_xval(struct tcb *tcp, const struct xlat *x, uint64_t val,
		const char *dflt)
{
	const char *name = xlat_name(x, val);
	char buf[128];

	if (name)
		snprintf(buf, sizeof(buf), "%s", name);
	else
		snprintf(buf, sizeof(buf), "%#llx /* %s */",
			 (unsigned long long)val, dflt);
	emit_raw(tcp, buf);
}

void print_fd(struct tcb *tcp, int fd)
{
	emit_int(tcp, fd);
}

void print_dirfd(struct tcb *tcp, int fd)
{
	if (fd == AT_FDCWD)
		emit_raw(tcp, "AT_FDCWD");
	else
		emit_int(tcp, fd);
}

void print_open_flags(struct tcb *tcp, uint64_t flags)
{
	static const char *const acc[] = { "O_RDONLY", "O_WRONLY", "O_RDWR",
					   "O_ACCMODE" };
	char buf[128];

	snprintf(buf, sizeof(buf), "%s%s%s", acc[flags & 3],
		 flags & O_CREAT ? "|O_CREAT" : "",
		 flags & O_TRUNC ? "|O_TRUNC" : "");
	emit_raw(tcp, buf);
}

void print_numeric_mode(struct tcb *tcp, uint64_t mode)
{
	emit_oct(tcp, mode & 0177777);
}

void print_signo(struct tcb *tcp, int sig)
{
	const char *name = signal_name(sig);

	if (name)
		emit_raw(tcp, name);
	else
		emit_int(tcp, sig);
}

void print_socket_type(struct tcb *tcp, unsigned int type)
{
	emit_raw(tcp, type == SOCK_STREAM ? "SOCK_STREAM" : "SOCK_???");
}

/* The mmap decoder's (src/syscall/mem.c), enough for the cases here. */
void print_mmap_flags(struct tcb *tcp, uint64_t val)
{
	emit_raw(tcp, (val & 0xf) == 2 ? "MAP_PRIVATE" : "MAP_SHARED");
	if (val & 0x20)
		emit_raw(tcp, "|MAP_ANONYMOUS");
}

/* --- helpers ----------------------------------------------------------------- */

static struct tcb tcb;

/* Strings live in zeroed arenas: the readers may read past their NUL. */
static char arena[64][256];
static unsigned int narena;

static uint64_t S(const char *s)
{
	char *a = arena[narena++ % 64];

	memset(a, 0, sizeof(arena[0]));
	snprintf(a, sizeof(arena[0]), "%s", s);
	return (uint64_t)(uintptr_t)a;
}

static uint64_t dbits(double d)
{
	uint64_t v;

	memcpy(&v, &d, sizeof(v));
	return v;
}

static uint64_t fbits(float f)
{
	uint32_t v;

	memcpy(&v, &f, sizeof(v));
	return v;
}

static const struct proto *P(const char *name)
{
	const struct proto *p = proto_lookup(name, "libc.so.6");

	if (!p)
		printf("FAIL: no prototype for %s\n", name);
	return p;
}

/* "args = ret" of one call, printed in one go at return. */
static const char *call(const struct proto *p, const struct lc_regs *in,
			const struct lc_regs *ret)
{
	static char line[sizeof(out) + 16];

	reset_out();
	if (!p)
		return "(no prototype)";
	lc_print_args(&tcb, p, in);
	snprintf(line, sizeof(line), "%s = ", out);
	reset_out();
	lc_print_retval(&tcb, p, in, ret);
	strncat(line, out, sizeof(line) - strlen(line) - 1);
	return line;
}

static const struct proto *parse1(const char *text)
{
	char err[256];
	const char *name;
	static char nm[64];

	if (proto_parse(text, strlen(text), "t", err, sizeof(err)) < 0) {
		printf("FAIL: parse of [%s]: %s\n", text, err);
		failed++;
		return NULL;
	}
	/* The name: the word before the first '('. */
	name = strchr(text, '(');
	while (name > text && (name[-1] == '_' || (name[-1] >= 'a' &&
		name[-1] <= 'z') || (name[-1] >= '0' && name[-1] <= '9')))
		name--;
	snprintf(nm, sizeof(nm), "%.*s", (int)strcspn(name, "("), name);
	return proto_lookup(nm, NULL);
}

/* --- the prototype file parser ------------------------------------------------ */

static void check_parse_ok(const char *text, const char *name,
			   const char *want)
{
	char err[256], buf[512];
	const struct proto *p;

	total++;
	if (proto_parse(text, strlen(text), "ok.conf", err, sizeof(err)) < 0) {
		failed++;
		printf("FAIL: [%s] gave %s\n", text, err);
		return;
	}
	p = proto_lookup(name, "libx.so.1");
	if (!p) {
		failed++;
		printf("FAIL: [%s]: %s not found\n", text, name);
		return;
	}
	proto_sprint(buf, sizeof(buf), p);
	CHECK_STR(buf, want);
}

static void check_parse_err(const char *text, const char *want)
{
	char err[256];
	int r;

	total++;
	r = proto_parse(text, strlen(text), "bad.conf", err, sizeof(err));
	if (r == 0) {
		failed++;
		printf("FAIL: [%s] parsed, want %s\n", text, want);
		return;
	}
	CHECK_STR(err, want);
}

static void test_parser(void)
{
	char err[256];

	check_parse_ok("int bar_add(int, int);", "bar_add",
		       "int bar_add(int, int)");
	check_parse_ok("string bar_name(void);", "bar_name",
		       "string bar_name(void)");
	check_parse_ok("void *bar_alloc(size_t);", "bar_alloc",
		       "ptr bar_alloc(size_t)");
	check_parse_ok("const char *f1(const char *s, char *const p, "
		       "unsigned char *u, char **pp);",
		       "f1", "string f1(string, string, ptr, ptr)");
	check_parse_ok("unsigned long long f2(long long, unsigned, short, "
		       "unsigned short int, signed char, unsigned char, "
		       "long unsigned);",
		       "f2",
		       "ullong f2(llong, uint, short, ushort, int8_t, uint8_t, "
		       "ulong)");
	check_parse_ok("int f3(fd, out string[retval] buf, size_t n, "
		       "string[arg3], string[16], buf[arg3] b);",
		       "f3",
		       "int f3(fd, out string[retval], size_t, string[arg3], "
		       "string[16], buf[arg3])");
	check_parse_ok("int f4(format, ...);", "f4", "int f4(format, ...)");
	check_parse_ok("int f5(int level, format fmt, ...);", "f5",
		       "int f5(int, format, ...)");
	check_parse_ok("hex f6(hex(long), octal, oct(short), "
		       "flags(mmap_prot), flags(PROT_*), enum(SEEK_*), "
		       "flags(O_*), enum(SIG*), flags(at_flags, ulong));",
		       "f6",
		       "hex f6(hex(ulong), octal, octal(ushort), flags(mmap_prot), "
		       "flags(mmap_prot), enum(whence), open_flags, signal, "
		       "flags(at_flags, ulong))");
	check_parse_ok("struct timespec *f7(const struct timespec *ts, "
		       "struct timeval *, struct foo *, FILE *, "
		       "void (*cb)(int, void *), int a[], int b[4], "
		       "char s[]);",
		       "f7",
		       "timespec f7(timespec, timeval, ptr, ptr, ptr, ptr, ptr, "
		       "string)");
	/* ltrace's configuration files comment with ';' */
	check_parse_ok("; ltrace's comment\n  ;; another\nint f10(int);\n",
		       "f10", "int f10(int)");
	check_parse_ok("/* block\n comment */ bool f8(_Bool b, float, double) "
		       "// line\n;",
		       "f8", "bool f8(bool, float, double)");
	check_parse_ok("enum color { RED, GREEN = 5, BLUE };\n"
		       "enum color f9(enum color c, enum(color), "
		       "flags(color));",
		       "f9", "enum(color) f9(enum(color), enum(color), "
			     "flags(color))");
	check_parse_ok("enum bits { B_A = 1 << 0, B_B = 1 << 1, "
		       "B_AB = 1 | 2, B_NEG = -1, };\n"
		       "void f10(flags(bits, uint8_t), enum undefined_e);",
		       "f10", "void f10(flags(bits, uint8_t), int)");
	check_parse_ok("int f11(open_flags, open_mode, mode_t, signal, "
		       "sighandler, errno, socktype, strarray, envarray, "
		       "dirfd, mmap_flags, guess, timespec, timeval);",
		       "f11",
		       "int f11(open_flags, open_mode, mode, signal, sighandler, "
		       "errno, socktype, strarray, envarray, dirfd, mmap_flags, "
		       "guess, timespec, timeval)");
	check_parse_ok("extern int f12();", "f12", "int f12(void)");
	/* ltrace's own spellings: lenses, addr, file, uint. */
	check_parse_ok("bool(int) f15(hex(uint), octal(int), addr, file, uint, "
		       "ulong, string[arg1]);",
		       "f15",
		       "bool f15(hex, octal, ptr, ptr, uint, ulong, string[arg1])");
	check_parse_ok("int f13(...);", "f13", "int f13(...)");
	check_parse_ok("uint32_t f14(int8_t, uint64_t, pid_t, uid_t, off_t, "
		       "time_t, ssize_t);",
		       "f14",
		       "uint f14(int8_t, ullong, int, uint, ssize_t, long, "
		       "ssize_t)");

	/* Every type word of the format (a binary search finds them). */
	{
		static const char *const words[] = {
		"_Bool", "addr", "blkcnt_t", "clock_t", "clockid_t", "dev_t",
		"dirfd", "double", "envarray", "errno", "fd", "file",
		"float", "format", "gid_t", "guess", "id_t", "ino_t",
		"int16_t", "int32_t", "int64_t", "int8_t", "intmax_t",
		"intptr_t", "key_t", "llong", "loff_t", "mmap_flags", "mode",
		"mode_t", "nfds_t", "off64_t", "off_t", "open_flags",
		"open_mode", "pid_t", "pointer", "ptr", "ptrdiff_t",
		"sighandler", "sighandler_t", "signal", "signo", "size_t",
		"socklen_t", "socktype", "ssize_t", "strarray", "string",
		"suseconds_t", "time_t", "timespec", "timeval", "uid_t",
		"uint", "uint16_t", "uint32_t", "uint64_t", "uint8_t",
		"uintmax_t", "uintptr_t", "ullong", "ulong", "useconds_t",
		"ushort", "wchar_t", "wint_t",
		};
		char text[128];

		for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
			snprintf(text, sizeof(text), "int w(%s);", words[i]);
			CHECK(proto_parse(text, strlen(text), "w", err,
					  sizeof(err)) == 0,
			      "type %s: %s", words[i], err);
		}
	}

	/* Errors: FILE:LINE: message, and nothing kept. */
	check_parse_err("int f(int;", "bad.conf:1: expected ',' or ')', got ';'");
	check_parse_err("int f(int)", "bad.conf:1: expected ';', got end of file");
	check_parse_err("\n\nint f(foo);",
			"bad.conf:3: unknown type 'foo'");
	check_parse_err("int f(struct s);",
			"bad.conf:1: 'struct s' passed by value is not "
			"supported");
	check_parse_err("int f(long double);",
			"bad.conf:1: long double is not supported");
	check_parse_err("int f(int, void);",
			"bad.conf:1: f: void must be the only parameter");
	check_parse_err("int f(..., int);",
			"bad.conf:1: expected ')' after '...', got ','");
	check_parse_err("int f(string[arg3], int);",
			"bad.conf:1: f: string[arg3] but 2 parameters");
	check_parse_err("int f(string[arg2], string);",
			"bad.conf:1: f: string[arg2]: parameter 2 is not an "
			"integer");
	check_parse_err("string[retval] f(int);",
			"bad.conf:1: f: [retval] in the return type");
	check_parse_err("int f(flags(nosuch));",
			"bad.conf:1: unknown table 'nosuch'");
	check_parse_err("int f(int[arg1]);",
			"bad.conf:1: only strings take [argN] or [retval]");
	check_parse_err("int f(buf);",
			"bad.conf:1: buf needs a length: buf[argN], buf[retval] "
			"or buf[N]");
	check_parse_err("out int f(int);",
			"bad.conf:1: 'out' is only for parameters");
	check_parse_err("int f(int $);",
			"bad.conf:1: unexpected character '$'");
	check_parse_err("int f(int \x01);", "bad.conf:1: unexpected byte 0x01");
	check_parse_err("/* never\n\nclosed", "bad.conf:1: unterminated comment");
	check_parse_err("enum e { A = 0x };", "bad.conf:1: bad number");
	check_parse_err("enum e { };", "bad.conf:1: enum e has no constants");
	check_parse_err("enum e { A = 99999999999999999999 };",
			"bad.conf:1: number too large");
	check_parse_err("int f(hex(string));",
			"bad.conf:1: 'string': not an integer type");
	check_parse_err("int f(unsigned signed);",
			"bad.conf:1: both signed and unsigned");
	check_parse_err("int f(format[4]);",
			"bad.conf:1: format takes no length");
	check_parse_err("library ;", "bad.conf:1: expected a library name, "
				     "got ';'");
	check_parse_err("int (int);",
			"bad.conf:1: expected a function name, got '('");
	check_parse_err("int f(int a, int b, int c, int d, int e, int f, "
			"int g, int h, int i, int j, int k, int l, int m, "
			"int n, int o, int p, int q, int r, int s, int t, "
			"int u, int v, int w, int x, int y, int z, int aa, "
			"int ab, int ac, int ad, int ae, int af, int ag);",
			"bad.conf:1: f: too many parameters (at most 32)");

	/* All or nothing: the good line before the error is not kept. */
	{
		static const char text[] = "int kept_not(int);\nint broken(;";

		CHECK(proto_parse(text, strlen(text), "x", err, sizeof(err)) < 0,
		      "broken file parsed");
	}
	CHECK(!proto_lookup("kept_not", NULL), "a failed file left a prototype");
	CHECK_STR(err, "x:2: expected a type, got ';'");

	/* Any byte, no crash: every prefix of a file with everything. */
	{
		static const char all[] =
			"library libx*; enum e { A = 1 << 2 | 1, B };\n"
			"int f(out string[retval] s, flags(e, long) x, "
			"format, ...); // c\n/* c */ void (*g)(void);";

		for (size_t n = 0; n < sizeof(all); n++)
			proto_parse(all, n, "prefix", err, sizeof(err));
		CHECK(1, "prefixes");
	}
	proto_reset();
}

/* --- lookup ---------------------------------------------------------------------- */

static void test_lookup(void)
{
	static const char *const must[] = {
		"strlen", "strcpy", "strncmp", "strchr", "strdup", "memcpy",
		"memset", "printf", "fprintf", "snprintf", "puts", "fopen",
		"malloc", "calloc", "realloc", "free", "open", "read",
		"write", "close", "mmap", "getenv", "setlocale", "toupper",
		"pthread_create", "pthread_mutex_lock", "dlopen", "dlsym",
		"qsort", "exit", "signal", "nanosleep", "clock_gettime",
		"atoi", "strtol", "sigaction", "waitpid", "execve",
		"__errno_location", "rand",
	};
	char err[256], buf[512];
	const struct proto *p, *q;

	CHECK(proto_builtin_count() >= 150, "only %u built-in prototypes",
	      proto_builtin_count());
	for (size_t i = 0; i < sizeof(must) / sizeof(must[0]); i++)
		CHECK(proto_lookup(must[i], "libc.so.6") != NULL,
		      "no built-in prototype for %s", must[i]);
	CHECK(!proto_lookup("no_such_function_x", NULL), "unknown found");

	p = proto_lookup("open", NULL);
	CHECK_STR(proto_sprint(buf, sizeof(buf), p),
		  "int open(string, open_flags, open_mode)");
	CHECK(p->args[2].len_arg == 2, "open_mode names arg %d",
	      p->args[2].len_arg);
	CHECK_STR(proto_sprint(buf, sizeof(buf), proto_lookup("read", NULL)),
		  "ssize_t read(fd, out buf[retval], size_t)");
	CHECK_STR(proto_sprint(buf, sizeof(buf), proto_fallback()),
		  "guess (guess, guess, guess, guess)");

	/* User files come first; the last one wins; scoping by library. */
	{
		static const char t1[] = "long strlen(ptr);";

		CHECK(proto_parse(t1, strlen(t1), "u1", err, sizeof(err)) == 0,
		      "%s", err);
	}
	CHECK_STR(proto_sprint(buf, sizeof(buf), proto_lookup("strlen", NULL)),
		  "long strlen(ptr)");
	{
		static const char t2[] = "library libfoo.so*;\nhex strlen(string);\n"
					 "library *;\nint after(int);";

		CHECK(proto_parse(t2, strlen(t2), "u2", err, sizeof(err)) == 0,
		      "%s", err);
	}
	q = proto_lookup("strlen", "libfoo.so.3");
	CHECK(q && q->ret.kind == PT_HEX, "scoped prototype not found");
	q = proto_lookup("strlen", "libc.so.6");
	CHECK(q && q->ret.kind == PT_LONG, "scoped prototype leaked");
	q = proto_lookup("strlen", NULL);
	CHECK(q && q->ret.kind == PT_LONG, "scoped prototype for NULL lib");
	CHECK(proto_lookup("after", "libc.so.6") != NULL, "library * lost");
	proto_reset();
	q = proto_lookup("strlen", NULL);
	CHECK(q && q->ret.kind == PT_SIZE, "reset kept user prototypes");
	CHECK(!proto_lookup("after", NULL), "reset kept after()");

	/* Files: a missing one, and a real one. */
	CHECK(proto_load_file("/nonexistent/x.conf", err, sizeof(err)) < 0,
	      "missing file loaded");
	CHECK_STR(err, "cannot open prototype file /nonexistent/x.conf: No "
		       "such file or directory");
	{
		char path[] = "/tmp/sltrace-proto-XXXXXX";
		int fd = mkstemp(path);
		static const char text[] = "# mine\nint bar_add(int, int);\n"
					   "int bar_bad(;\n";

		if (fd >= 0) {
			CHECK(write(fd, text, sizeof(text) - 1) ==
				      (ssize_t)sizeof(text) - 1, "write");
			close(fd);
			CHECK(proto_load_file(path, err, sizeof(err)) < 0,
			      "bad file loaded");
			snprintf(buf, sizeof(buf),
				 "%s:3: expected a type, got ';'", path);
			CHECK_STR(err, buf);
			unlink(path);
		}
	}
	proto_reset();

	/* The default files: ~/.config/sltrace/prototypes when no -F. */
	{
		char home[] = "/tmp/sltrace-home-XXXXXX", path[256];
		char *files[2];
		FILE *f;

		if (mkdtemp(home)) {
			char *old = getenv("HOME") ? strdup(getenv("HOME")) : NULL;
			char *oldx = getenv("XDG_CONFIG_HOME") ?
					     strdup(getenv("XDG_CONFIG_HOME")) :
					     NULL;

			setenv("HOME", home, 1);
			unsetenv("XDG_CONFIG_HOME");
			CHECK(proto_load_config(NULL, 0, false, err,
						sizeof(err)) == 0,
			      "no default file: %s", err);
			snprintf(path, sizeof(path), "%s/.config", home);
			mkdir(path, 0700);
			strcat(path, "/sltrace");
			mkdir(path, 0700);
			strcat(path, "/prototypes");
			f = fopen(path, "w");
			if (f) {
				fputs("int from_home(int);\n", f);
				fclose(f);
			}
			CHECK(proto_load_config(NULL, 0, false, err,
						sizeof(err)) == 0, "%s", err);
			CHECK(proto_lookup("from_home", NULL) != NULL,
			      "~/.config/sltrace/prototypes not read");
			proto_reset();
			/* Files named: only those; a missing one per flag. */
			files[0] = path;
			files[1] = "/nonexistent/p.conf";
			CHECK(proto_load_config(files, 2, true, err,
						sizeof(err)) == 0, "%s", err);
			CHECK(proto_lookup("from_home", NULL) != NULL,
			      "named file not read");
			proto_reset();
			CHECK(proto_load_config(files, 2, false, err,
						sizeof(err)) < 0, "missing file");
			CHECK_STR(err, "cannot open prototype file "
				       "/nonexistent/p.conf: No such file or "
				       "directory");
			proto_reset();
			unlink(path);
			snprintf(path, sizeof(path), "%s/.config/sltrace", home);
			rmdir(path);
			snprintf(path, sizeof(path), "%s/.config", home);
			rmdir(path);
			rmdir(home);
			if (old)
				setenv("HOME", old, 1);
			if (oldx)
				setenv("XDG_CONFIG_HOME", oldx, 1);
			free(old);
			free(oldx);
		}
	}
}

/* --- classifier and format parser ------------------------------------------------ */

static void test_cursor(void)
{
	struct lc_cursor c;
	struct lc_argloc l;

	lc_cursor_init(&c, false);
	for (int i = 0; i < 6; i++) {
		l = lc_cursor_next(&c, LC_CLASS_INT, 8);
		CHECK(l.where == LC_LOC_REG && l.idx == (unsigned int)i,
		      "int %d in reg", i);
	}
	for (int i = 0; i < 8; i++) {
		l = lc_cursor_next(&c, LC_CLASS_SSE, 8);
		CHECK(l.where == LC_LOC_XMM && l.idx == (unsigned int)i,
		      "double %d in xmm", i);
	}
	l = lc_cursor_next(&c, LC_CLASS_INT, 8);
	CHECK(l.where == LC_LOC_STACK && l.off == 8, "7th int at sp+8");
	l = lc_cursor_next(&c, LC_CLASS_SSE, 8);
	CHECK(l.where == LC_LOC_STACK && l.off == 16, "9th double at sp+16");
	l = lc_cursor_next(&c, LC_CLASS_X87, 16);
	CHECK(l.where == LC_LOC_STACK && l.off == 24, "long double at 24");
	l = lc_cursor_next(&c, LC_CLASS_INT, 8);
	CHECK(l.where == LC_LOC_STACK && l.off == 40, "then 40, got %llu",
	      (unsigned long long)l.off);
	l = lc_cursor_next(&c, LC_CLASS_X87, 16);
	CHECK(l.off == 56, "long double realigned to 56, got %llu",
	      (unsigned long long)l.off);

	/* Interleaved: the classes count separately. */
	lc_cursor_init(&c, false);
	l = lc_cursor_next(&c, LC_CLASS_SSE, 8);
	CHECK(l.where == LC_LOC_XMM && l.idx == 0, "xmm0");
	l = lc_cursor_next(&c, LC_CLASS_INT, 8);
	CHECK(l.where == LC_LOC_REG && l.idx == 0, "rdi after a double");

	lc_cursor_init(&c, true);
	l = lc_cursor_next(&c, LC_CLASS_INT, 4);
	CHECK(l.where == LC_LOC_STACK && l.off == 4, "i386 first at sp+4");
	l = lc_cursor_next(&c, LC_CLASS_SSE, 8);
	CHECK(l.off == 8, "i386 double at 8");
	l = lc_cursor_next(&c, LC_CLASS_INT, 4);
	CHECK(l.off == 16, "i386 after a double at 16");
	l = lc_cursor_next(&c, LC_CLASS_X87, 12);
	CHECK(l.off == 20, "i386 long double at 20");
	l = lc_cursor_next(&c, LC_CLASS_INT, 1);
	CHECK(l.off == 32, "i386 char slot after 12 bytes: 32");
}

/* The conversions of fmt as "d,s,*d,.*s,f": one letter each (+ marks). */
static const char *convs(const char *fmt, bool ltrace)
{
	static char buf[256];
	struct lc_fmt_conv c;
	size_t pos = 0, n = 0;
	int r;

	buf[0] = '\0';
	while ((r = lc_fmt_next(fmt, strlen(fmt), &pos, &c)) != 0) {
		struct ptype t;
		char tn[64];

		if (c.positional && !ltrace) {
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s$",
					      n ? "," : "");
			break;
		}
		lc_fmt_ptype(&c, ltrace, &t);
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%s%s%s",
				      n ? "," : "", c.width_arg ? "*" : "",
				      c.prec_arg ? ".*" : "",
				      ptype_name(tn, sizeof(tn), &t));
	}
	return buf;
}

static void test_format(void)
{
	CHECK_STR(convs("x=%d s=%s p=%p c=%c f=%f %%\n", false),
		  "int,string,ptr,char,double");
	CHECK_STR(convs("%ld %lu %zu %zd %lld %llu %jd %hd %hhd %hhu %x %lx "
			"%#o %5.2f %e %G %a", false),
		  "long,ulong,size_t,ssize_t,llong,ullong,llong,short,int8_t,"
		  "uint8_t,hex,hex(ulong),octal,double,double,double,double");
	/* ltrace: %hhd a char, %lld and %jd unsigned (observed). */
	CHECK_STR(convs("%hhd %lld %jd %hhu", true), "char,ullong,ullong,char");
	CHECK_STR(convs("%*d %.*s %.3s %-10s %+i % d %'d", false),
		  "*int,.*string,string[3],string,int,int,int");
	CHECK_STR(convs("%m %% %5% %q %", false), "");
	CHECK_STR(convs("%d %1$d", false), "int,$");
	/* ltrace: sprintf("5 pos", "%1$d %2$s", 5, "po") */
	CHECK_STR(convs("%1$d %2$s", true), "int,string");
	CHECK_STR(convs("%ls %lc %S %C %n %Lf", false),
		  "ptr,char,ptr,char,ptr,double");
	CHECK_STR(convs("%ls", true), "string");
	CHECK_STR(convs("trailing %l", false), "");
}

/* --- scalars ----------------------------------------------------------------------- */

static const char *scalar(enum ptype_kind k, uint64_t v, bool lt)
{
	static char buf[128];
	struct ptype t = { .kind = k, .size = 4 };

	if (!lc_sprint_scalar(buf, sizeof(buf), &t, v, false, lt))
		return "(none)";
	return buf;
}

static void test_scalars(void)
{
	char q[64];

	/* ltrace's fallback: decimal within +-10000, else hex (observed). */
	CHECK_STR(scalar(PT_GUESS, 10000, true), "10000");
	CHECK_STR(scalar(PT_GUESS, 10001, true), "0x2711");
	CHECK_STR(scalar(PT_GUESS, (uint64_t)-10000, true), "-10000");
	CHECK_STR(scalar(PT_GUESS, (uint64_t)-10001, true),
		  "0xffffffffffffd8ef");
	CHECK_STR(scalar(PT_GUESS, 0xfffffffb, true), "0xfffffffb");
	/* Only the low 32 bits of an int register are the int's. */
	CHECK_STR(scalar(PT_INT, 0xdeadbeefffffffffULL, false), "-1");
	CHECK_STR(scalar(PT_UINT, 0xdeadbeefffffffffULL, false), "4294967295");
	CHECK_STR(scalar(PT_CHAR, 'a', true), "'a'");
	CHECK_STR(scalar(PT_CHAR, 0, true), "'\\0'");
	CHECK_STR(scalar(PT_CHAR, 7, true), "'\\a'");
	CHECK_STR(scalar(PT_CHAR, 200, true), "'\\310'");
	CHECK_STR(scalar(PT_CHAR, 27, true), "'\\033'");
	CHECK_STR(scalar(PT_CHAR, '\'', true), "'''");
	CHECK_STR(scalar(PT_CHAR, '\'', false), "'\\''");
	CHECK_STR(scalar(PT_CHAR, '"', true), "'\"'");
	CHECK_STR(scalar(PT_CHAR, 0x141, true), "'A'");
	CHECK_STR(scalar(PT_BOOL, 5, true), "true");
	CHECK_STR(scalar(PT_BOOL, 0x100000000ULL, true), "false");
	CHECK_STR(scalar(PT_HEX, 255, true), "0xff");
	CHECK_STR(scalar(PT_HEX, 0, true), "0");
	CHECK_STR(scalar(PT_OCTAL, 0644, true), "0644");
	CHECK_STR(scalar(PT_OCTAL, 0, true), "00");
	CHECK_STR(scalar(PT_OCTAL, 0, false), "000");
	CHECK_STR(scalar(PT_DOUBLE, dbits(1.5), true), "1.500000");
	CHECK_STR(scalar(PT_DOUBLE, dbits(1e20), true),
		  "100000000000000000000.000000");
	CHECK_STR(scalar(PT_DOUBLE, dbits(0.1), false), "0.1");
	CHECK_STR(scalar(PT_DOUBLE, dbits(1.0 / 3), false),
		  "0.3333333333333333");
	CHECK_STR(scalar(PT_DOUBLE, dbits(1e20), false), "1e+20");
	CHECK_STR(scalar(PT_DOUBLE, dbits(10.0), false), "10");
	CHECK_STR(scalar(PT_DOUBLE, dbits(1.5e10), false), "15000000000");
	CHECK_STR(scalar(PT_DOUBLE, dbits(-0.0), false), "-0");
	CHECK_STR(scalar(PT_DOUBLE, dbits(1e-7), false), "1e-07");
	CHECK_STR(scalar(PT_DOUBLE, dbits(123456.75), false), "123456.75");
	CHECK_STR(scalar(PT_FLOAT, fbits(0.1f), false), "0.1");
	CHECK_STR(scalar(PT_FLOAT, fbits(0.1f), true), "0.100000");
	CHECK_STR(scalar(PT_PTR, 0, true), "0");
	CHECK_STR(scalar(PT_PTR, 0, false), "NULL");
	CHECK_STR(scalar(PT_STRING, 0, false), "(none)");

	{
		static const char in[] = "\a\b\t\n\v\f\r\033 ~\177\200\"\\";

		lc_quote_ltrace(q, in, sizeof(in) - 1, false);
	}
	/* ltrace -F: ts("\a\b\t\n\v\f\r\033 ~\177\200") (observed) */
	CHECK_STR(q, "\"\\a\\b\\t\\n\\v\\f\\r\\033 ~\\177\\200\"\\\\\"");
	lc_quote_ltrace(q, "\0011", 2, true);
	CHECK_STR(q, "\"\\0011\"...");
}

/* --- whole calls ------------------------------------------------------------------- */

static void test_calls(void)
{
	struct lc_regs in = { 0 }, ret = { 0 };
	uint64_t stack[8] = { 0 };
	const struct proto *p;
	char line[8192];

	tcb.pers = PERS_NATIVE;
	cfg.lc_style = LC_STYLE_SLTRACE;
	cfg.string_limit = 32;

	in.arg[0] = S("hello");
	ret.ret = 5;
	CHECK_STR(call(P("strlen"), &in, &ret), "\"hello\" = 5");

	/* open: strace shows the mode only with O_CREAT (or O_TMPFILE). */
	in.arg[0] = S("/etc/passwd");
	in.arg[1] = O_RDONLY;
	in.arg[2] = 0xdead;
	ret.ret = 3;
	CHECK_STR(call(P("open"), &in, &ret),
		  "\"/etc/passwd\", O_RDONLY = 3");
	in.arg[1] = O_WRONLY | O_CREAT | O_TRUNC;
	in.arg[2] = 0644;
	CHECK_STR(call(P("open"), &in, &ret),
		  "\"/etc/passwd\", O_WRONLY|O_CREAT|O_TRUNC, 0644 = 3");
	ret.ret = (uint64_t)-1;
	CHECK_STR(call(P("open"), &in, &ret),
		  "\"/etc/passwd\", O_WRONLY|O_CREAT|O_TRUNC, 0644 = -1");

	/* mmap's flags and prot by name; -1 fd. */
	memset(&in, 0, sizeof(in));
	in.arg[1] = 4096;
	in.arg[2] = PROT_READ | PROT_WRITE;
	in.arg[3] = MAP_PRIVATE | MAP_ANONYMOUS;
	in.arg[4] = 0xffffffff;
	ret.ret = 0x7f0000001000;
	CHECK_STR(call(P("mmap"), &in, &ret),
		  "NULL, 4096, PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS, "
		  "-1, 0 = 0x7f0000001000");

	/* printf: ints in registers after the format, doubles in xmm. */
	memset(&in, 0, sizeof(in));
	in.arg[0] = S("x=%d s=%s c=%c f=%f %5.2f %%\n");
	in.arg[1] = 42;
	in.arg[2] = S("str");
	in.arg[3] = 'q';
	in.have_fp = true;
	in.xmm[0] = dbits(2.5);
	in.xmm[1] = dbits(3.25);
	in.ret = 2;		/* al: two vector registers */
	ret.ret = 24;
	CHECK(lc_proto_needs_fp(P("printf")), "printf needs fp");
	CHECK(!lc_proto_needs_fp(P("strlen")), "strlen needs no fp");
	CHECK_STR(call(P("printf"), &in, &ret),
		  "\"x=%d s=%s c=%c f=%f %5.2f %%\\n\", 42, \"str\", 'q', 2.5, "
		  "3.25 = 24");
	cfg.lc_style = LC_STYLE_LTRACE;
	/* ltrace: printf("x=%d s=%s p=%p c=%c f=%f ld=%ld "..., 42, "str",
	   0x7ffd890fd290, 'q', 2.500000, -7, 9, 3.141590) = 62 */
	CHECK_STR(call(P("printf"), &in, &ret),
		  "\"x=%d s=%s c=%c f=%f %5.2f %%\\n\", 42, \"str\", 'q', "
		  "2.500000, 3.250000 = 24");
	cfg.lc_style = LC_STYLE_SLTRACE;

	/* Varargs past the registers: from sp+8 on, in order. */
	memset(&in, 0, sizeof(in));
	in.arg[0] = S("%d %d %d %d %d %d %d");
	for (int i = 1; i < 6; i++)
		in.arg[i] = (uint64_t)i;
	stack[1] = 6;
	stack[2] = 0xffffffff00000007ULL;	/* an int: low half only */
	in.sp = (uint64_t)(uintptr_t)stack;
	CHECK_STR(call(P("printf"), &in, &ret),
		  "\"%d %d %d %d %d %d %d\", 1, 2, 3, 4, 5, 6, 7 = 24");

	/* %*d and %.*s take their int first; %Lf from the stack. */
	{
		long double ld = 2.5L;

		memset(&in, 0, sizeof(in));
		memset(stack, 0, sizeof(stack));
		in.arg[0] = S("%*d|%.*s|%Lf");
		in.arg[1] = 4;
		in.arg[2] = 7;
		in.arg[3] = 2;
		in.arg[4] = S("abcdef");
		memcpy(&stack[1], &ld, 10);	/* sp+8, 16-aligned */
		in.sp = (uint64_t)(uintptr_t)stack;
		CHECK_STR(call(P("printf"), &in, &ret),
			  "\"%*d|%.*s|%Lf\", 4, 7, 2, \"ab\", 2.5 = 24");
	}

	/*
	 * ltrace's %s lengths, observed: sprintf("zzz", "%.3s", "zzz"),
	 * (.., "%5s", "zzzzz"), (.., "%10.3s", "zzzzzz"), (.., "%*.*s", 8,
	 * 2, "zz"), (.., "%*.3s", 8, "zzzzzz"), (.., "%.0s|", "").
	 */
	cfg.lc_style = LC_STYLE_LTRACE;
	memset(&in, 0, sizeof(in));
	in.arg[0] = S("%.3s %5s %10.3s %*.*s %*.3s %.0s");
	in.arg[1] = S("zzzzzz");
	in.arg[2] = S("zzzzzz");
	in.arg[3] = S("zzzzzz");
	in.arg[4] = 8;
	in.arg[5] = 2;
	memset(stack, 0, sizeof(stack));
	stack[1] = S("zzzzzz");
	stack[2] = 8;
	stack[3] = S("zzzzzz");
	stack[4] = S("abc");
	in.sp = (uint64_t)(uintptr_t)stack;
	ret.ret = 1;
	CHECK_STR(call(P("printf"), &in, &ret),
		  "\"%.3s %5s %10.3s %*.*s %*.3s %.0s\"..., \"zzz\", \"zzzzz\", "
		  "\"zzzzzz\", 8, 2, \"zz\", 8, \"zzzzzz\", \"\" = 1");
	cfg.lc_style = LC_STYLE_SLTRACE;
	CHECK_STR(call(P("printf"), &in, &ret),
		  "\"%.3s %5s %10.3s %*.*s %*.3s %.0s\", \"zzz\", \"zzzzzz\", "
		  "\"zzz\", 8, 2, \"zz\", 8, \"zzz\", \"\" = 1");

	/* More than 6 integer arguments of a user prototype. */
	p = parse1("long bar_many(long, long, long, long, long, long, long, "
		   "int);");
	memset(&in, 0, sizeof(in));
	for (int i = 0; i < 6; i++)
		in.arg[i] = (uint64_t)i + 1;
	stack[0] = 0x401000;	/* the return address */
	stack[1] = 7;
	stack[2] = 0x1234567800000008ULL;
	in.sp = (uint64_t)(uintptr_t)stack;
	ret.ret = 36;
	CHECK_STR(call(p, &in, &ret), "1, 2, 3, 4, 5, 6, 7, 8 = 36");

	/* Doubles and ints interleave by class. */
	p = parse1("double bar_d(double, int, float, char);");
	memset(&in, 0, sizeof(in));
	memset(&ret, 0, sizeof(ret));
	in.have_fp = true;
	in.xmm[0] = dbits(1.5);
	in.xmm[1] = fbits(0.25f);
	in.arg[0] = 2;
	in.arg[1] = 'x';
	ret.have_fp = true;
	ret.xmm[0] = dbits(3.0);
	CHECK(lc_proto_needs_fp(p), "bar_d needs fp");
	CHECK_STR(call(p, &in, &ret), "1.5, 2, 0.25, 'x' = 3");
	ret.have_fp = false;
	CHECK_STR(call(p, &in, &ret), "1.5, 2, 0.25, 'x' = ?");

	/* read: the buffer is printed at return, its length the result. */
	{
		static char data[64] = "abc\0def";

		memset(&in, 0, sizeof(in));
		in.arg[0] = 3;
		in.arg[1] = (uint64_t)(uintptr_t)data;
		in.arg[2] = 10;
		reset_out();
		CHECK(lc_print_args_entry(&tcb, P("read"), &in),
		      "read leaves its buffer for the return");
		CHECK_STR(out, "3, ");
		ret.ret = 7;
		lc_print_args_exit(&tcb, P("read"), &in, &ret);
		CHECK_STR(out, "3, \"abc\\0def\", 10");
		/* All at entry: the buffer is not filled yet, its address. */
		ret.ret = (uint64_t)-1;
		snprintf(line, sizeof(line), "3, %p, 10 = -1", (void *)data);
		CHECK_STR(call(P("read"), &in, &ret), line);
	}

	/* strlen's entry prints everything: nothing is left. */
	in.arg[0] = S("x");
	reset_out();
	CHECK(!lc_print_args_entry(&tcb, P("strlen"), &in), "strlen split");
	CHECK_STR(out, "\"x\"");

	/* NULL, unreadable, void, chars, signals. */
	memset(&in, 0, sizeof(in));
	memset(&ret, 0, sizeof(ret));
	CHECK_STR(call(P("getenv"), &in, &ret), "NULL = NULL");
	in.arg[0] = 0x1000;
	CHECK_STR(call(P("getenv"), &in, &ret), "0x1000 = NULL");
	CHECK_STR(call(P("free"), &in, &ret), "0x1000 = ?");
	in.arg[0] = 'a';
	ret.ret = 'A';
	CHECK_STR(call(P("toupper"), &in, &ret), "'a' = 'A'");
	in.arg[0] = SIGINT;
	in.arg[1] = 1;
	ret.ret = 0;
	CHECK_STR(call(P("signal"), &in, &ret), "SIGINT, SIG_IGN = SIG_DFL");
	in.arg[0] = ENOENT;
	ret.ret = S("No such file or directory");
	CHECK_STR(call(P("strerror"), &in, &ret),
		  "ENOENT = \"No such file or directory\"");

	/* Strings at -s: strace cuts after -s, a string of -s is whole. */
	cfg.string_limit = 4;
	in.arg[0] = S("abcd");
	ret.ret = 4;
	CHECK_STR(call(P("strlen"), &in, &ret), "\"abcd\" = 4");
	in.arg[0] = S("abcde");
	CHECK_STR(call(P("strlen"), &in, &ret), "\"abcd\"... = 4");
	in.arg[0] = S("abcdefgh");
	in.arg[1] = 3;
	ret.ret = 0;
	CHECK_STR(call(P("strndup"), &in, &ret), "\"abc\", 3 = NULL");
	in.arg[1] = 100;
	CHECK_STR(call(P("strndup"), &in, &ret), "\"abcd\"..., 100 = NULL");
	cfg.string_limit = 32;

	/* execve: argv as an array, envp as its count (strace without -v). */
	{
		uint64_t argv[4] = { S("/bin/ls"), S("-l"), S("a\"b"), 0 };
		uint64_t envp[3] = { S("A=1"), S("B=2"), 0 };

		memset(&in, 0, sizeof(in));
		in.arg[0] = argv[0];
		in.arg[1] = (uint64_t)(uintptr_t)argv;
		in.arg[2] = (uint64_t)(uintptr_t)envp;
		ret.ret = (uint64_t)-1;
		snprintf(line, sizeof(line),
			 "\"/bin/ls\", [\"/bin/ls\", \"-l\", \"a\\\"b\"], %p "
			 "/* 2 vars */ = -1", (void *)envp);
		CHECK_STR(call(P("execve"), &in, &ret), line);
		cfg.string_limit = 2;
		snprintf(line, sizeof(line),
			 "\"/b\"..., [\"/b\"..., \"-l\", ...], %p /* 2 vars */ = -1",
			 (void *)envp);
		CHECK_STR(call(P("execve"), &in, &ret), line);
		cfg.string_limit = 32;
		cfg.verbose = true;
		CHECK_STR(call(P("execve"), &in, &ret),
			  "\"/bin/ls\", [\"/bin/ls\", \"-l\", \"a\\\"b\"], "
			  "[\"A=1\", \"B=2\"] = -1");
		cfg.verbose = false;

		/* ltrace: tarr([ "one", "two", "three", "four"... ]) */
		cfg.lc_style = LC_STYLE_LTRACE;
		cfg.lc_array_max = 2;
		CHECK_STR(call(P("execve"), &in, &ret),
			  "\"/bin/ls\", [ \"/bin/ls\", \"-l\"... ], "
			  "[ \"A=1\", \"B=2\" ] = -1");
		cfg.lc_array_max = 4;
		envp[0] = 0;
		in.arg[1] = 0;
		CHECK_STR(call(P("execve"), &in, &ret),
			  "\"/bin/ls\", nil, [  ] = -1");
		cfg.lc_style = LC_STYLE_SLTRACE;
	}

	/* clock_gettime: an output struct, printed at return. */
	{
		struct timespec ts = { 12, 345 };

		memset(&in, 0, sizeof(in));
		in.arg[0] = 1;
		in.arg[1] = (uint64_t)(uintptr_t)&ts;
		ret.ret = 0;
		reset_out();
		CHECK(lc_print_args_entry(&tcb, P("clock_gettime"), &in),
		      "clock_gettime split");
		lc_print_args_exit(&tcb, P("clock_gettime"), &in, &ret);
		CHECK_STR(out, "CLOCK_MONOTONIC, {tv_sec=12, tv_nsec=345}");
	}

	/* A user enum and flags. */
	p = parse1("enum color { RED, GREEN = 5, BLUE };\n"
		   "void paint(enum color, flags(PROT_*), enum(color));");
	memset(&in, 0, sizeof(in));
	in.arg[0] = 6;
	in.arg[1] = 0x11;
	in.arg[2] = 9;
	CHECK_STR(call(p, &in, &ret), "BLUE, PROT_READ|0x10, 0x9 /* ??? */ = ?");
	cfg.lc_style = LC_STYLE_LTRACE;
	CHECK_STR(call(p, &in, &ret), "BLUE, PROT_READ|0x10, 9 = <void>");
	cfg.lc_style = LC_STYLE_SLTRACE;

	/* The fallback: four guessed words, a guessed return. */
	memset(&in, 0, sizeof(in));
	in.arg[0] = 2;
	in.arg[1] = 1;
	in.arg[2] = 0x7ffd890fd448;
	in.arg[3] = (uint64_t)-5;
	ret.ret = 0x7f68fe245000;
	/* ltrace: bar_add(2, 1, 0x7ffd890fd448, 0x55a11d501db8) = 3 */
	CHECK_STR(call(proto_fallback(), &in, &ret),
		  "2, 1, 0x7ffd890fd448, -5 = 0x7f68fe245000");

	/* A returned string of a length given by an argument. */
	p = parse1("string[arg2] bar_get(int, size_t);");
	memset(&in, 0, sizeof(in));
	in.arg[1] = 3;
	ret.ret = S("abcdef");
	CHECK_STR(call(p, &in, &ret), "0, 3 = \"abc\"");

	/* ltrace's strings: nil, no \" escape, "..." at exactly -s. */
	cfg.lc_style = LC_STYLE_LTRACE;
	memset(&in, 0, sizeof(in));
	ret.ret = 0;
	CHECK_STR(call(P("getenv"), &in, &ret), "nil = nil");
	in.arg[0] = S("say \"hi\"\t\\");
	ret.ret = S("/root");
	CHECK_STR(call(P("getenv"), &in, &ret),
		  "\"say \"hi\"\\t\\\\\" = \"/root\"");
	/* ltrace: ts("0123456789012345678901234567890") (31: whole),
	   ts("01234567890123456789012345678901"...) (32: cut) */
	in.arg[0] = S("0123456789012345678901234567890");
	CHECK_STR(call(P("getenv"), &in, &ret),
		  "\"0123456789012345678901234567890\" = \"/root\"");
	in.arg[0] = S("01234567890123456789012345678901");
	CHECK_STR(call(P("getenv"), &in, &ret),
		  "\"01234567890123456789012345678901\"... = \"/root\"");
	/* ltrace -s 3: tsn("\b\t\n"..., 3) and tsn("abc"..., -1) */
	p = parse1("int tsn(string[arg2], int);");
	cfg.string_limit = 3;
	in.arg[0] = S("\b\t\n\v");
	in.arg[1] = 3;
	ret.ret = 3;
	CHECK_STR(call(p, &in, &ret), "\"\\b\\t\\n\"..., 3 = 3");
	cfg.string_limit = 32;
	CHECK_STR(call(p, &in, &ret), "\"\\b\\t\\n\", 3 = 3");
	in.arg[0] = S("ab\0cd");
	in.arg[1] = 5;
	CHECK_STR(call(p, &in, &ret), "\"ab\", 5 = 3");
	/* ltrace: free(0) = <void>, malloc(10) = 0x55a14785d2a0 */
	in.arg[0] = 0;
	CHECK_STR(call(P("free"), &in, &ret), "0 = <void>");
	in.arg[0] = 10;
	ret.ret = 0x55a14785d2a0;
	CHECK_STR(call(P("malloc"), &in, &ret), "10 = 0x55a14785d2a0");
	/* ltrace: open("/dev/null", 64, 0644) = 3 (its flags are an int;
	   ours keep their names) */
	in.arg[0] = S("/dev/null");
	in.arg[1] = O_RDONLY | O_CREAT;
	in.arg[2] = 0644;
	ret.ret = 3;
	CHECK_STR(call(P("open"), &in, &ret),
		  "\"/dev/null\", O_RDONLY|O_CREAT, 0644 = 3");
	in.arg[1] = O_RDONLY;
	in.arg[2] = 0;
	CHECK_STR(call(P("open"), &in, &ret), "\"/dev/null\", O_RDONLY, 00 = 3");
	/* ltrace: signal(SIGINT, 0x1) = 0 */
	in.arg[0] = SIGINT;
	in.arg[1] = 1;
	ret.ret = 0;
	CHECK_STR(call(P("signal"), &in, &ret), "SIGINT, 0x1 = 0");
	/* ltrace: snprintf("ab-3", 100, "%s-%d", "ab", 3) = 4 */
	{
		static char dst[64] = "ab-3";

		in.arg[0] = (uint64_t)(uintptr_t)dst;
		in.arg[1] = 100;
		in.arg[2] = S("%s-%d");
		in.arg[3] = S("ab");
		in.arg[4] = 3;
		ret.ret = 4;
		reset_out();
		CHECK(lc_print_args_entry(&tcb, P("snprintf"), &in),
		      "snprintf leaves all for the return");
		CHECK_STR(out, "");
		lc_print_args_exit(&tcb, P("snprintf"), &in, &ret);
		CHECK_STR(out, "\"ab-3\", 100, \"%s-%d\", \"ab\", 3");
	}
	cfg.lc_style = LC_STYLE_SLTRACE;

	/* i386: everything on the stack from sp+4, 4-byte slots. */
	{
		char *low = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
				 MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1,
				 0);
		uint32_t *st = (uint32_t *)(void *)low;
		char *str = low + 1024, *fmt = low + 2048;
		uint32_t lo = (uint32_t)(uintptr_t)low;
		long long ll = -5;
		double d = 1.5;

		if (low == MAP_FAILED || (uintptr_t)low > UINT32_MAX) {
			printf("i386 checks skipped: no memory below 4 GiB\n");
			return;
		}
		tcb.pers = PERS_COMPAT;
		memset(&in, 0, sizeof(in));
		memset(&ret, 0, sizeof(ret));
		in.compat = ret.compat = true;
		in.sp = lo;
		strcpy(str, "hey");
		st[0] = 0x8048000;		/* the return address */
		st[1] = lo + 1024;
		ret.ret = 0xffffffff00000003ULL;	/* eax: 3 */
		CHECK_STR(call(P("strlen"), &in, &ret), "\"hey\" = 3");
		/* printf(fmt, 7, -5LL, 1.5): 4, 8 and 8 bytes from sp+8 */
		strcpy(fmt, "%d %lld %f|%p");
		st[1] = lo + 2048;
		st[2] = 7;
		memcpy(&st[3], &ll, 8);
		memcpy(&st[5], &d, 8);
		st[7] = 0xbeef;
		ret.ret = 13;
		CHECK_STR(call(P("printf"), &in, &ret),
			  "\"%d %lld %f|%p\", 7, -5, 1.5, 0xbeef = 13");
		/* A pointer return is 32 bits, a NULL one NULL. */
		st[1] = lo + 1024;
		ret.ret = 0xdeadbeef00000000ULL;
		CHECK_STR(call(P("getenv"), &in, &ret), "\"hey\" = NULL");
		/* Floating point comes back in st0, which is not fetched. */
		st[1] = 0;
		st[2] = 0x3ff80000;	/* the high half of 1.5 */
		CHECK_STR(call(P("sqrt"), &in, &ret), "1.5 = ?");
		tcb.pers = PERS_NATIVE;
		munmap(low, 4096);
	}
}

int main(void)
{
	test_parser();
	test_lookup();
	test_cursor();
	test_format();
	test_scalars();
	test_calls();
	printf("%d of %d checks failed\n", failed, total);
	return failed ? 1 : 0;
}
