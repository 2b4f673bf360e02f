/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit test of src/libcall/dwarf.c and demangle.c.  Builds, with cc into a
 * temporary directory, a shared library whose functions cover the type
 * mapping, and checks the prototypes read from its DWARF: in the library
 * itself, in a debug file found by .gnu_debuglink (next to it, in .debug/,
 * under the debug root, by CRC without a build-id), and by build-id under
 * a debug root of the test's own.  A stale debug file and an object
 * without debug information give NULL, silently.  With c++, mangled names
 * and C++ classes passed by invisible reference; with -m32, i386's sizes;
 * with dwz, a common file found by build-id.  Exit 77 if cc or objcopy is
 * missing.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "unwind/demangle.h"
#include "libcall/dwarf.h"
#include "libcall/proto.h"

#include "check.h"
static char dir[] = "/tmp/sltrace-dwarf-XXXXXX";


static const char lib_src[] =
	"#include <stdarg.h>\n"
	"#include <stddef.h>\n"
	"#include <sys/types.h>\n"
	"enum color { RED, GREEN = 5, BLUE = -1 };\n"
	"struct small { int x, y; };\n"
	"struct big { long a, b, c; };\n"
	"int bar_add(int a, int b) { return a + b; }\n"
	"const char *bar_name(int i) { return i ? \"one\" : \"zero\"; }\n"
	"double bar_scale(double d, float f) { return d * f; }\n"
	"void bar_void(void) { }\n"
	"size_t bar_len(const char *s)\n"
	"{ size_t n = 0; while (s[n]) n++; return n; }\n"
	"enum color bar_color(enum color c) { return c; }\n"
	"int bar_sum(int n, ...)\n"
	"{ va_list ap; int s = 0; va_start(ap, n);\n"
	"  while (n--) s += va_arg(ap, int); va_end(ap); return s; }\n"
	"int bar_small(struct small s, long after)\n"
	"{ return s.x + s.y + after; }\n"
	"int bar_big(int a, struct big b, int c) { return a + b.a + c; }\n"
	"struct big bar_mkbig(int a)\n"
	"{ struct big b = { a, a, a }; return b; }\n"
	"unsigned char bar_ints(unsigned char a, signed char b, char c,\n"
	"	short d, unsigned short e, unsigned long f, long long g,\n"
	"	_Bool h, unsigned i)\n"
	"{ return a + b + c + d + e + f + g + h + i; }\n"
	"void *bar_ptrs(void *a, int *b, char **c, int (*cb)(int))\n"
	"{ return a ? a : b ? (void *)b : c ? (void *)c : (void *)cb; }\n"
	"ssize_t bar_io(mode_t m, off_t o) { return m + o; }\n"
	"long double bar_ld(long double x, int after) { return x + after; }\n"
	"static int bar_local(int x) { return x * 3; }\n"
	"int (*volatile bar_local_ptr)(int) = bar_local;\n"
	"int bar_plus(int, int) __attribute__((alias(\"bar_add\")));\n"
	"#ifdef OTHER\n"
	"int bar_other(void) { return 1; }\n"
	"#endif\n";

static const char caller_src[] =
	"int bar_add(int a, int b);\n"
	"int main(int argc, char **argv) { return bar_add(argc, 1) == 9; }\n";

static const char cxx_src[] =
	"namespace ns {\n"
	"int twice(int x) { return 2 * x; }\n"
	"struct S { int v; int get(int) const; };\n"
	"int S::get(int a) const { return a + v; }\n"
	"struct NT { int a; NT(int x) : a(x) { } NT(const NT &o); ~NT(); };\n"
	"NT::NT(const NT &o) : a(o.a) { }\n"
	"NT::~NT() { }\n"
	"int take(NT n, int b) { return n.a + b; }\n"
	"NT make(int a) { return NT(a); }\n"
	"struct Conv { int a; Conv(const S &s) : a(s.v) { } };\n"
	"int conv(Conv c) { return c.a; }\n"
	"struct Dflt { int a; Dflt(const Dflt &) = default; };\n"
	"int dflt(Dflt d) { return d.a; }\n"
	"struct Virt { int a; virtual int f() { return a; } };\n"
	"int virt(Virt v) { return v.f(); }\n"
	"struct Holder { NT n; };\n"
	"int held(Holder h) { return h.n.a; }\n"
	"}\n"
	"extern \"C\" int c_linkage(char *s) { return *s; }\n";

static int write_text(const char *path, const char *text)
{
	return write_file(path, text, strlen(text));
}

static int run(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int run(const char *fmt, ...)
{
	char cmd[4096], full[4200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	snprintf(full, sizeof(full), "cd %s && (%s) >>build.log 2>&1", dir,
		 cmd);
	return system(full);
}

static char *path_in(const char *name)
{
	static char buf[8][1024];
	static int i;

	i = (i + 1) % 8;
	snprintf(buf[i], sizeof(buf[i]), "%s/%s", dir, name);
	return buf[i];
}

/* The build-id of file as readelf -n prints it, or "" */
static void build_id_of(const char *file, char *out, size_t size)
{
	char cmd[1200], line[512];
	FILE *p;

	out[0] = 0;
	snprintf(cmd, sizeof(cmd), "readelf -n %s 2>/dev/null", file);
	p = popen(cmd, "r");
	if (!p)
		return;
	while (fgets(line, sizeof(line), p)) {
		char *s = strstr(line, "Build ID: ");

		if (s && sscanf(s + 10, "%127s", out) == 1 &&
		    strlen(out) < size)
			break;
		out[0] = 0;
	}
	pclose(p);
}

/* st_value of sym in file (nm -D), or 0. */
static unsigned long long sym_addr(const char *file, const char *sym)
{
	char cmd[1200], line[512], name[256];
	unsigned long long addr = 0, a;
	char type;
	FILE *p;

	snprintf(cmd, sizeof(cmd), "nm -D --defined-only %s 2>/dev/null", file);
	p = popen(cmd, "r");
	if (!p)
		return 0;
	while (fgets(line, sizeof(line), p)) {
		if (sscanf(line, "%llx %c %255s", &a, &type, name) == 3 &&
		    !strcmp(name, sym))
			addr = a;
	}
	pclose(p);
	return addr;
}

static const char *sprint(const struct proto *p)
{
	static char buf[512];

	return p ? proto_sprint(buf, sizeof(buf), p) : "(none)";
}

/* Checks kinds: ret, then each argument; -1 ends, variadic as given. */
static void expect(struct dwarf_protos *dp, const char *what, const char *name,
		   bool variadic, int ret, ...)
{
	const struct proto *p = dwarf_proto_lookup(dp, name);
	unsigned int i = 0;
	bool ok = p && (int)p->ret.kind == ret && p->variadic == variadic;
	va_list ap;
	int k;

	va_start(ap, ret);
	while ((k = va_arg(ap, int)) >= 0) {
		if (!p || i >= p->nargs || (int)p->args[i].kind != k)
			ok = false;
		i++;
	}
	va_end(ap);
	if (p && i != p->nargs)
		ok = false;
	CHECK(ok, "%s: %s: got %s", what, name, sprint(p));
}

static const struct xlat *xlat_find(const struct xlat *x, const char *name)
{
	for (; x && x->name; x++)
		if (!strcmp(x->name, name))
			return x;
	return NULL;
}

/* The library's prototypes, wherever they were found. */
static void check_lib(struct dwarf_protos *dp, const char *what,
		      const char *file)
{
	const struct proto *p, *q;
	const struct xlat *x;
	unsigned long long addr;

	CHECK(dp != NULL, "%s: no debug information found", what);
	if (!dp)
		return;
	expect(dp, what, "bar_add", false, PT_INT, PT_INT, PT_INT, -1);
	expect(dp, what, "bar_name", false, PT_STRING, PT_INT, -1);
	expect(dp, what, "bar_scale", false, PT_DOUBLE, PT_DOUBLE, PT_FLOAT,
	       -1);
	expect(dp, what, "bar_void", false, PT_VOID, -1);
	expect(dp, what, "bar_len", false, PT_SIZE, PT_STRING, -1);
	expect(dp, what, "bar_color", false, PT_ENUM, PT_ENUM, -1);
	expect(dp, what, "bar_sum", true, PT_INT, PT_INT, -1);
	/* One register each: the struct in hex, the long after it. */
	expect(dp, what, "bar_small", false, PT_INT, PT_HEX, PT_LONG, -1);
	/* Three words on the stack: c's place is not known. */
	expect(dp, what, "bar_big", true, PT_INT, PT_INT, -1);
	/* The result's address comes first, in rdi: no argument is shown. */
	expect(dp, what, "bar_mkbig", true, PT_PTR, -1);
	expect(dp, what, "bar_ints", false, PT_UINT8, PT_UINT8, PT_INT8,
	       PT_CHAR, PT_SHORT, PT_USHORT, PT_ULONG, PT_LLONG, PT_BOOL,
	       PT_UINT, -1);
	expect(dp, what, "bar_ptrs", false, PT_PTR, PT_PTR, PT_PTR, PT_PTR,
	       PT_PTR, -1);
	expect(dp, what, "bar_io", false, PT_SSIZE, PT_MODE, PT_SSIZE, -1);
	expect(dp, what, "bar_ld", true, PT_VOID, -1);
	expect(dp, what, "bar_local", false, PT_INT, PT_INT, -1);

	p = dwarf_proto_lookup(dp, "bar_color");
	if (p && p->ret.kind == PT_ENUM) {
		CHECK(p->ret.size == 4, "%s: enum size %u", what, p->ret.size);
		x = xlat_find(p->ret.xlat, "GREEN");
		CHECK(x && x->val == 5, "%s: GREEN", what);
		x = xlat_find(p->ret.xlat, "BLUE");
		CHECK(x && x->val == 0xffffffff, "%s: BLUE %#llx", what,
		      x ? (unsigned long long)x->val : 0ULL);
		CHECK(xlat_find(p->ret.xlat, "RED") != NULL, "%s: RED", what);
		CHECK(p->args[0].xlat == p->ret.xlat, "%s: enum not shared",
		      what);
	}
	p = dwarf_proto_lookup(dp, "bar_small");
	if (p && p->nargs)
		CHECK(p->args[0].size == 8, "%s: struct small size %u", what,
		      p->args[0].size);

	/* Cached: the same prototype, versions ignored. */
	p = dwarf_proto_lookup(dp, "bar_add");
	CHECK(p && p == dwarf_proto_lookup(dp, "bar_add"), "%s: not cached",
	      what);
	CHECK(p && p == dwarf_proto_lookup(dp, "bar_add@@V1"),
	      "%s: bar_add@@V1", what);
	CHECK(p && !strcmp(p->name, "bar_add"), "%s: name %s", what,
	      p ? p->name : "");
	CHECK(!dwarf_proto_lookup(dp, "bar_ad"), "%s: bar_ad found", what);
	CHECK(!dwarf_proto_lookup(dp, "bar_addx"), "%s: bar_addx found", what);
	CHECK(!dwarf_proto_lookup(dp, "bar_plus"), "%s: alias by name", what);
	CHECK(!dwarf_proto_lookup(dp, ""), "%s: empty name found", what);

	/* An alias has no DIE of its own: its address finds bar_add. */
	addr = sym_addr(file, "bar_plus");
	CHECK(addr != 0, "%s: nm has no bar_plus", what);
	q = dwarf_proto_lookup_at(dp, "bar_plus", addr);
	CHECK(q && q == p, "%s: bar_plus at %#llx: %s", what, addr, sprint(q));
	CHECK(!dwarf_proto_lookup_at(dp, "bar_plus", addr + 1),
	      "%s: found at a wrong address", what);
}

static struct dwarf_protos *open_quiet(const char *path, int *err,
				       long *stderr_bytes)
{
	struct dwarf_protos *dp;
	char log[1100];
	struct stat st;
	int fd, saved;

	snprintf(log, sizeof(log), "%s/stderr.log", dir);
	fflush(stderr);
	saved = dup(2);
	fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	dup2(fd, 2);
	close(fd);
	errno = 0;
	dp = dwarf_protos_open(path);
	*err = errno;
	if (dp)
		dwarf_proto_lookup(dp, "bar_add");
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	*stderr_bytes = stat(log, &st) == 0 ? (long)st.st_size : -1;
	return dp;
}

static void check_none(const char *what, const char *path)
{
	struct dwarf_protos *dp;
	long bytes;
	int err;

	dp = open_quiet(path, &err, &bytes);
	CHECK(!dp, "%s: debug information found in %s", what, path);
	CHECK(err == ENOENT, "%s: errno %d", what, err);
	CHECK(bytes == 0, "%s: %ld bytes on stderr", what, bytes);
	dwarf_protos_close(dp);
}

static void check_found(const char *what, const char *path, const char *lib)
{
	struct dwarf_protos *dp;
	long bytes;
	int err;

	dp = open_quiet(path, &err, &bytes);
	check_lib(dp, what, lib);
	CHECK(bytes == 0, "%s: %ld bytes on stderr", what, bytes);
	dwarf_protos_close(dp);
}

static void test_in_object(void)
{
	struct dwarf_protos *dp, *again;

	CHECK(run("cc -g -O0 -fPIC -shared -o libbar.so lib.c") == 0,
	      "cannot build libbar.so");
	CHECK(run("cc -g -O2 -fPIC -shared -o libbar2.so lib.c") == 0,
	      "cannot build libbar2.so");
	dp = dwarf_protos_open(path_in("libbar.so"));
	check_lib(dp, "-O0", path_in("libbar.so"));
	again = dwarf_protos_open(path_in("libbar.so"));
	CHECK(again == dp, "second open: not the cached handle");
	dwarf_protos_close(again);
	/* Still open once: its prototypes must still be there. */
	check_lib(dp, "-O0 after one close", path_in("libbar.so"));
	dwarf_protos_close(dp);

	dp = dwarf_protos_open(path_in("libbar2.so"));
	check_lib(dp, "-O2", path_in("libbar2.so"));
	dwarf_protos_close(dp);
}

static void test_debuglink(void)
{
	char real[1024];

	/* An empty root: only the places next to the object count. */
	run("mkdir -p root0 dl dl2/.debug dl3 dl4 dl5 dl6");
	dwarf_set_debug_root(path_in("root0"));

	CHECK(run("objcopy --only-keep-debug libbar.so dl/libbar.so.debug && "
		  "objcopy --strip-debug --add-gnu-debuglink=dl/libbar.so.debug"
		  " libbar.so dl/libbar.so") == 0,
	      "objcopy failed (dl)");
	check_found("debuglink next to it", path_in("dl/libbar.so"),
		    path_in("dl/libbar.so"));

	CHECK(run("cp dl/libbar.so.debug dl2/.debug/ && "
		  "cp dl/libbar.so dl2/") == 0,
	      "copy failed (dl2)");
	check_found("debuglink in .debug/", path_in("dl2/libbar.so"),
		    path_in("dl2/libbar.so"));

	/* DEBUG_ROOT/DIR/: the object's directory under the root. */
	CHECK(realpath(path_in("dl3"), real) != NULL, "realpath dl3");
	CHECK(run("mkdir -p root0%s && cp dl/libbar.so.debug root0%s/ && "
		  "cp dl/libbar.so dl3/",
		  real, real) == 0,
	      "copy failed (dl3)");
	check_found("debuglink under the root", path_in("dl3/libbar.so"),
		    path_in("dl3/libbar.so"));

	/* Another build of the library: its build-id differs, unused. */
	CHECK(run("cc -g -O0 -DOTHER -fPIC -shared -o other.so lib.c && "
		  "objcopy --only-keep-debug other.so dl4/libbar.so.debug && "
		  "cp dl/libbar.so dl4/") == 0,
	      "build failed (dl4)");
	check_none("stale debuglink", path_in("dl4/libbar.so"));

	/* Without build-ids, the CRC of .gnu_debuglink decides. */
	CHECK(run("cc -g -O0 -Wl,--build-id=none -fPIC -shared -o nobid.so "
		  "lib.c && "
		  "objcopy --only-keep-debug nobid.so dl5/libbar.so.debug && "
		  "objcopy --strip-debug --add-gnu-debuglink="
		  "dl5/libbar.so.debug nobid.so dl5/libbar.so && "
		  "cc -g -O0 -DOTHER -Wl,--build-id=none -fPIC -shared "
		  "-o nobid2.so lib.c && "
		  "objcopy --only-keep-debug nobid2.so dl6/libbar.so.debug && "
		  "cp dl5/libbar.so dl6/") == 0,
	      "build failed (dl5, dl6)");
	check_found("debuglink by CRC", path_in("dl5/libbar.so"),
		    path_in("dl5/libbar.so"));
	check_none("debuglink with a wrong CRC", path_in("dl6/libbar.so"));
}

static void test_build_id(void)
{
	char id[130], sub[200];

	build_id_of(path_in("libbar.so"), id, sizeof(id));
	CHECK(strlen(id) > 2, "no build-id in libbar.so");
	if (strlen(id) <= 2)
		return;
	snprintf(sub, sizeof(sub), "root1/.build-id/%.2s", id);
	CHECK(run("mkdir -p bid %s && cp dl/libbar.so.debug %s/%s.debug && "
		  "objcopy --strip-debug libbar.so bid/libbar.so",
		  sub, sub, id + 2) == 0,
	      "setup failed (build-id)");
	/* Before the root is set, the default one has no such file. */
	check_none("build-id, default root", path_in("bid/libbar.so"));
	dwarf_set_debug_root(path_in("root1"));
	check_found("build-id", path_in("bid/libbar.so"),
		    path_in("bid/libbar.so"));
	dwarf_set_debug_root(NULL);
}

static void test_no_debug(void)
{
	CHECK(run("cc -O2 -fPIC -shared -o nodebug.so lib.c && "
		  "cc -g -fPIC -shared -o stripped.so lib.c && "
		  "strip stripped.so && echo 'not ELF' > text.so") == 0,
	      "build failed (no debug)");
	check_none("no -g", path_in("nodebug.so"));
	check_none("stripped", path_in("stripped.so"));
	/* Asked again: the remembered miss answers the same. */
	check_none("stripped, again", path_in("stripped.so"));
	check_none("not ELF", path_in("text.so"));
	check_none("missing", path_in("no-such-file.so"));
}

/* A program's own DWARF declares the functions it calls. */
static void test_declarations(void)
{
	struct dwarf_protos *dp;

	if (run("cc -g -O2 -o caller caller.c -L. -lbar -Wl,-rpath,%s", dir)) {
		CHECK(0, "cannot build caller");
		return;
	}
	dp = dwarf_protos_open(path_in("caller"));
	CHECK(dp != NULL, "caller: no debug information");
	if (!dp)
		return;
	expect(dp, "declaration", "bar_add", false, PT_INT, PT_INT, PT_INT,
	       -1);
	expect(dp, "caller", "main", false, PT_INT, PT_INT, PT_PTR, -1);
	dwarf_protos_close(dp);
}

static void test_cxx(void)
{
	struct dwarf_protos *dp;

	if (run("c++ --version")) {
		printf("skip C++: no c++\n");
		return;
	}
	CHECK(run("c++ -g -O0 -fPIC -shared -o libcxx.so cxx.cc") == 0,
	      "cannot build libcxx.so");
	dp = dwarf_protos_open(path_in("libcxx.so"));
	CHECK(dp != NULL, "libcxx.so: no debug information");
	if (!dp)
		return;
	expect(dp, "C++", "_ZN2ns5twiceEi", false, PT_INT, PT_INT, -1);
	/* `this` is the first argument. */
	expect(dp, "C++", "_ZNK2ns1S3getEi", false, PT_INT, PT_PTR, PT_INT,
	       -1);
	/* A class with a copy constructor travels by address. */
	expect(dp, "C++", "_ZN2ns4takeENS_2NTEi", false, PT_INT, PT_PTR,
	       PT_INT, -1);
	expect(dp, "C++", "_ZN2ns4makeEi", true, PT_PTR, -1);
	/* Trivially copyable, one register: its bytes in hex. */
	expect(dp, "C++", "_ZN2ns4convENS_4ConvE", false, PT_INT, PT_HEX, -1);
	expect(dp, "C++", "_ZN2ns4dfltENS_4DfltE", false, PT_INT, PT_HEX, -1);
	/* A vtable pointer, a member with a copy constructor: by address. */
	expect(dp, "C++", "_ZN2ns4virtENS_4VirtE", false, PT_INT, PT_PTR, -1);
	expect(dp, "C++", "_ZN2ns4heldENS_6HolderE", false, PT_INT, PT_PTR,
	       -1);
	expect(dp, "C++", "c_linkage", false, PT_INT, PT_STRING, -1);
	CHECK(!dwarf_proto_lookup(dp, "twice"), "C++: found by plain name");
	dwarf_protos_close(dp);
}

/* i386: every word 4 bytes, structs returned through memory. */
static void test_m32(void)
{
	struct dwarf_protos *dp;

	if (run("cc -m32 -g -O0 -fPIC -shared -o libbar32.so lib.c")) {
		printf("skip -m32: the toolchain cannot build it\n");
		return;
	}
	dp = dwarf_protos_open(path_in("libbar32.so"));
	CHECK(dp != NULL, "-m32: no debug information");
	if (!dp)
		return;
	expect(dp, "-m32", "bar_add", false, PT_INT, PT_INT, PT_INT, -1);
	expect(dp, "-m32", "bar_len", false, PT_SIZE, PT_STRING, -1);
	expect(dp, "-m32", "bar_ints", false, PT_UINT8, PT_UINT8, PT_INT8,
	       PT_CHAR, PT_SHORT, PT_USHORT, PT_ULONG, PT_LLONG, PT_BOOL,
	       PT_UINT, -1);
	/* 8 bytes: two stack words. */
	expect(dp, "-m32", "bar_small", true, PT_INT, -1);
	expect(dp, "-m32", "bar_mkbig", true, PT_PTR, -1);
	expect(dp, "-m32", "bar_io", false, PT_SSIZE, PT_MODE, PT_SSIZE, -1);
	dwarf_protos_close(dp);
}

/*
 * dwz moves the types two libraries share into a common file that
 * .gnu_debugaltlink names; here a name that does not exist, so that only
 * the build-id under the debug root finds it.
 */
static void test_dwz(void)
{
	char id[130];

	if (run("dwz --version")) {
		printf("skip dwz: not installed\n");
		return;
	}
	CHECK(run("mkdir -p dwz && "
		  "cc -g -O0 -fPIC -shared -o dwz/liba.so lib.c && "
		  "cc -g -O0 -DOTHER -fPIC -shared -o dwz/libb.so lib.c && "
		  "dwz -m dwz/common.debug -M /nonexistent/common.debug "
		  "dwz/liba.so dwz/libb.so") == 0,
	      "dwz failed");
	build_id_of(path_in("dwz/common.debug"), id, sizeof(id));
	CHECK(strlen(id) > 2, "no build-id in dwz's common file");
	if (strlen(id) <= 2)
		return;
	CHECK(run("mkdir -p root2/.build-id/%.2s && "
		  "mv dwz/common.debug root2/.build-id/%.2s/%s.debug",
		  id, id, id + 2) == 0,
	      "setup failed (dwz)");
	dwarf_set_debug_root(path_in("root2"));
	check_found("dwz common file by build-id", path_in("dwz/liba.so"),
		    path_in("dwz/liba.so"));
	dwarf_set_debug_root(NULL);
}

static void test_demangle(void)
{
	static const char *const cases[][2] = {
		{ "_Z3fooi", "foo(int)" },
		{ "_ZN2ns5twiceEi", "ns::twice(int)" },
		{ "_ZNKSs4sizeEv", "std::string::size() const" },
		{ "_ZN2ns4slenERKSs", "ns::slen(std::string const&)" },
		{ "_ZdlPvm", "operator delete(void*, unsigned long)" },
		{ "_ZN2ns5twiceIiEET_S1_", "int ns::twice<int>(int)" },
		{ "_ZN2ns3Foo4makeEPKcz", "ns::Foo::make(char const*, ...)" },
		{ "strlen", NULL },
		{ "i", NULL },
		{ "_Z", NULL },
		{ "", NULL },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *d = lc_demangle(cases[i][0]);

		if (cases[i][1])
			CHECK(d && !strcmp(d, cases[i][1]),
			      "demangle %s: %s, not %s", cases[i][0],
			      d ? d : "NULL", cases[i][1]);
		else
			CHECK(!d, "demangle %s: %s, not NULL", cases[i][0], d);
		free(d);
	}
}

int main(void)
{
	char path[1100];

	test_demangle();
	if (system("cc --version >/dev/null 2>&1") ||
	    system("objcopy --version >/dev/null 2>&1")) {
		printf("skip: cc or objcopy missing\n");
		return failed ? 1 : 77;
	}
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(path, sizeof(path), "%s/lib.c", dir);
	if (write_text(path, lib_src))
		return 1;
	snprintf(path, sizeof(path), "%s/caller.c", dir);
	if (write_text(path, caller_src))
		return 1;
	snprintf(path, sizeof(path), "%s/cxx.cc", dir);
	if (write_text(path, cxx_src))
		return 1;

	test_in_object();
	test_debuglink();
	test_build_id();
	test_no_debug();
	test_declarations();
	test_cxx();
	test_m32();
	test_dwz();

	printf("%d checks, %d failed\n", total, failed);
	if (!failed)
		run("cd / && rm -rf %s", dir);
	else
		printf("kept %s\n", dir);
	return failed ? 1 : 0;
}
