/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit test of src/libcall/elf.c.  Builds, with cc into a temporary
 * directory, a two-function shared library and a caller in each link mode,
 * and checks the PLT entries found against objdump's <name@plt> labels of
 * the same file: objdump is the oracle.  Then truncated and corrupted copies
 * of the caller must give an error or at least not crash.  A mode the
 * toolchain cannot build is skipped with a message; exit 77 if cc or objdump
 * is missing altogether.
 */
#include "config.h"

#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libcall/elf.h"

#include "check.h"
static char dir[] = "/tmp/sltrace-elf-XXXXXX";


static const char lib_src[] =
	"int sl_add(int a, int b) { return a + b; }\n"
	"int sl_mul(int a, int b) { return a * b; }\n";

/* Taking sl_add's address too gives it a .plt.got entry in a PIE. */
static const char main_src[] =
	"#include <stdio.h>\n"
	"int sl_add(int, int); int sl_mul(int, int);\n"
	"int (*volatile fp)(int, int) = sl_add;\n"
	"int main(void) { printf(\"%d\\n\", sl_add(1, 2) + sl_mul(3, 4)"
	" + fp(5, 6)); return 0; }\n";

static char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) > 0 &&
	    fseek(f, 0, SEEK_SET) == 0 && (buf = malloc(n)) &&
	    fread(buf, 1, n, f) == (size_t)n) {
		*len = n;
	} else {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

static int run(const char *cmd)
{
	char full[4096];

	snprintf(full, sizeof(full), "cd %s && %s >build.log 2>&1", dir, cmd);
	return system(full);
}

struct label {
	char name[128];
	unsigned long long addr;
};

/* objdump's "0000000000001030 <sl_add@plt>:" lines. */
static size_t objdump_plt(const char *file, struct label *out, size_t max)
{
	char cmd[1024], line[512];
	size_t n = 0;
	FILE *p;

	snprintf(cmd, sizeof(cmd),
		 "objdump -d -j .plt -j .plt.sec -j .plt.got %s 2>/dev/null",
		 file);
	p = popen(cmd, "r");
	if (!p)
		return 0;
	while (fgets(line, sizeof(line), p)) {
		unsigned long long addr;
		char name[128], *at;

		if (sscanf(line, "%llx <%127[^>]>:", &addr, name) != 2)
			continue;
		/* "<printf@plt-0x10>" is PLT0, named after its neighbour. */
		at = strstr(name, "@plt");
		if (!at || at[4] || n >= max)
			continue;
		*at = 0;
		snprintf(out[n].name, sizeof(out[n].name), "%s", name);
		out[n++].addr = addr;
	}
	pclose(p);
	return n;
}

static const struct elfobj_plt *find_plt(const struct elfobj_plt *plts,
					 size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (plts[i].name && !strcmp(plts[i].name, name))
			return &plts[i];
	return NULL;
}

static void check_mode(const char *mode, const char *cflags, bool pie,
		       bool noplt)
{
	char cmd[2048], prog[512];
	struct label lab[64];
	const struct elfobj_plt *plts, *p;
	const struct elfobj_sym *syms;
	struct elfobj *obj;
	size_t nl, np, ns, i, j;
	int err, before = failed;

	snprintf(cmd, sizeof(cmd),
		 "cc %s -fPIC -shared -o libsl_%s.so lib.c && "
		 "cc %s -o prog_%s main.c -L. -lsl_%s -Wl,-rpath,%s && "
		 "./prog_%s",
		 cflags, mode, cflags, mode, mode, dir, mode);
	if (run(cmd) != 0) {
		printf("skip %s: the toolchain cannot build '%s'\n", mode,
		       cflags);
		return;
	}

	snprintf(prog, sizeof(prog), "%s/libsl_%s.so", dir, mode);
	err = elfobj_open(prog, &obj);
	CHECK(!err, "%s: open %s: %s", mode, prog, strerror(-err));
	if (!err) {
		int found = 0;

		CHECK(elfobj_is_dyn(obj), "%s: library not ET_DYN", mode);
		ns = elfobj_syms(obj, &syms);
		for (i = 0; i < ns; i++)
			if (syms[i].dynamic && (!strcmp(syms[i].name, "sl_add") ||
						!strcmp(syms[i].name, "sl_mul")))
				found++;
		CHECK(found == 2, "%s: library functions: %d of 2", mode,
		      found);
		elfobj_close(obj);
	}

	snprintf(prog, sizeof(prog), "%s/prog_%s", dir, mode);
	err = elfobj_open(prog, &obj);
	CHECK(!err, "%s: open %s: %s", mode, prog, strerror(-err));
	if (err)
		return;
	CHECK(elfobj_is_dyn(obj) == pie, "%s: is_dyn %d", mode,
	      elfobj_is_dyn(obj));
	CHECK(elfobj_class(obj) == 64, "%s: class %d", mode,
	      elfobj_class(obj));
	CHECK(elfobj_machine(obj) == EM_X86_64, "%s: machine %u", mode,
	      elfobj_machine(obj));
	np = elfobj_plts(obj, &plts);
	nl = objdump_plt(prog, lab, 64);

	/* Every objdump label is an entry we found, at the same address. */
	for (i = 0; i < nl; i++) {
		bool ok = false;

		for (j = 0; j < np; j++)
			if (plts[j].name && !strcmp(plts[j].name, lab[i].name) &&
			    plts[j].plt == lab[i].addr)
				ok = true;
		CHECK(ok, "%s: objdump has %s@plt at %#llx, we do not", mode,
		      lab[i].name, lab[i].addr);
	}
	/* And every PLT entry we found is one of objdump's labels. */
	for (j = 0; j < np; j++) {
		bool ok = false;

		if (plts[j].kind == ELFOBJ_PLT_NONE)
			continue;
		for (i = 0; i < nl; i++)
			if (plts[j].name && !strcmp(plts[j].name, lab[i].name) &&
			    plts[j].plt == lab[i].addr)
				ok = true;
		CHECK(ok, "%s: we have %s at %#llx (kind %d), objdump does not",
		      mode, plts[j].name ? plts[j].name : "(irelative)",
		      (unsigned long long)plts[j].plt, plts[j].kind);
	}
	/* The library's functions are called through some GOT slot. */
	for (i = 0; i < 2; i++) {
		const char *fn = i ? "sl_mul" : "sl_add";

		p = find_plt(plts, np, fn);
		CHECK(p, "%s: no GOT slot for %s", mode, fn);
		if (p && noplt && !strcmp(fn, "sl_mul"))
			CHECK(p->reloc == ELFOBJ_GLOB_DAT &&
			      p->kind == ELFOBJ_PLT_NONE,
			      "%s: sl_mul: reloc %d kind %d, want GLOB_DAT/NONE",
			      mode, p->reloc, p->kind);
		else if (p && !noplt)
			CHECK(p->kind != ELFOBJ_PLT_NONE,
			      "%s: %s has no PLT entry", mode, fn);
	}
	p = find_plt(plts, np, "printf");
	CHECK(p && !strncmp(p->vname, "printf@GLIBC_", 13),
	      "%s: printf versioned name: %s", mode, p ? p->vname : "(none)");

	if (failed == before) {
		printf("ok %s: %zu GOT slots, %zu objdump labels:", mode, np,
		       nl);
		for (j = 0; j < np; j++)
			if (plts[j].name && !strncmp(plts[j].name, "sl_", 3))
				printf(" %s=%#llx(%s)", plts[j].name,
				       (unsigned long long)plts[j].plt,
				       plts[j].kind == ELFOBJ_PLT_SEC ? ".plt.sec" :
				       plts[j].kind == ELFOBJ_PLT_PLT ? ".plt" :
				       plts[j].kind == ELFOBJ_PLT_GOT ? ".plt.got" :
				       "GOT");
		printf("\n");
	}
	elfobj_close(obj);
}

static void check_libc_versions(void)
{
	const char *libc = "/lib/x86_64-linux-gnu/libc.so.6";
	const struct elfobj_sym *syms;
	struct elfobj *obj;
	size_t i, n, dflt = 0, hidden = 0;

	if (access(libc, R_OK) || elfobj_open(libc, &obj)) {
		printf("skip libc versions: cannot read %s\n", libc);
		return;
	}
	n = elfobj_syms(obj, &syms);
	for (i = 0; i < n; i++) {
		if (!strcmp(syms[i].vname, "memcpy@@GLIBC_2.14"))
			dflt++;
		if (!strcmp(syms[i].vname, "memcpy@GLIBC_2.2.5"))
			hidden++;
	}
	CHECK(dflt == 1 && hidden == 1,
	      "libc: memcpy@@GLIBC_2.14 x%zu, memcpy@GLIBC_2.2.5 x%zu", dflt,
	      hidden);
	printf("ok libc versions: %zu functions\n", n);
	elfobj_close(obj);
}

/* Truncated and corrupted copies: an error, or entries, never a crash. */
static void check_damaged(void)
{
	char src[512], path[512];
	struct elfobj *obj;
	size_t len, cuts[16], i, k, nerr = 0;
	char *img, *bad;
	int err;

	snprintf(src, sizeof(src), "%s/prog_pie", dir);
	img = read_all(src, &len);
	if (!img) {
		printf("skip damaged: no %s\n", src);
		return;
	}
	snprintf(path, sizeof(path), "%s/damaged", dir);
	cuts[0] = 0, cuts[1] = 1, cuts[2] = 4, cuts[3] = 16, cuts[4] = 52;
	cuts[5] = 63, cuts[6] = 64, cuts[7] = 100, cuts[8] = 500;
	cuts[9] = 1000, cuts[10] = len / 4, cuts[11] = len / 2;
	cuts[12] = len * 3 / 4, cuts[13] = len - 64, cuts[14] = len - 1;
	for (i = 0; i < 15; i++) {
		if (cuts[i] >= len || write_file(path, img, cuts[i]))
			continue;
		err = elfobj_open(path, &obj);
		CHECK(err < 0, "cut at %zu of %zu: no error", cuts[i], len);
		if (!err)
			elfobj_close(obj);
	}

	bad = malloc(len);
	if (!bad)
		goto out;
	srand(1);
	for (i = 0; i < 4096 && i < len; i++)
		bad[i] = rand();
	write_file(path, bad, 4096 < len ? 4096 : len);
	err = elfobj_open(path, &obj);
	CHECK(err < 0, "garbage: no error");
	if (!err)
		elfobj_close(obj);
	/* ELF magic followed by garbage. */
	memcpy(bad, img, 16);
	write_file(path, bad, 4096 < len ? 4096 : len);
	err = elfobj_open(path, &obj);
	CHECK(err < 0, "magic + garbage: no error");
	if (!err)
		elfobj_close(obj);

	/* Random bytes changed anywhere: must not crash (ASan run). */
	for (k = 0; k < 300; k++) {
		memcpy(bad, img, len);
		for (i = 0; i < 1 + k % 32; i++)
			bad[(size_t)rand() % len] = rand();
		write_file(path, bad, len);
		err = elfobj_open(path, &obj);
		if (err)
			nerr++;
		else
			elfobj_close(obj);
	}
	printf("ok damaged: 15 cuts, garbage, 300 corrupted copies "
	       "(%zu refused)\n", nerr);
	free(bad);
out:
	free(img);
}

int main(void)
{
	char path[512], cmd[1024];
	struct elfobj *obj;

	if (system("cc --version >/dev/null 2>&1") ||
	    system("objdump --version >/dev/null 2>&1")) {
		printf("skip: no cc or objdump\n");
		return 77;
	}
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(path, sizeof(path), "%s/lib.c", dir);
	write_file(path, lib_src, sizeof(lib_src) - 1);
	snprintf(path, sizeof(path), "%s/main.c", dir);
	write_file(path, main_src, sizeof(main_src) - 1);

	CHECK(elfobj_open("/nonexistent/x", &obj) == -ENOENT,
	      "missing file: not -ENOENT");

	check_mode("pie", "-fPIE -pie", true, false);
	check_mode("nopie", "-fno-pie -no-pie", false, false);
	check_mode("now", "-fPIE -pie -Wl,-z,now", true, false);
	check_mode("noplt", "-fPIE -pie -fno-plt", true, true);
	check_mode("noplt_now", "-fPIE -pie -fno-plt -Wl,-z,now", true, true);
	check_mode("ibt", "-fPIE -pie -fcf-protection=full -Wl,-z,ibtplt",
		   true, false);
	check_mode("ibt_now",
		   "-fPIE -pie -fcf-protection=full -Wl,-z,ibtplt -Wl,-z,now",
		   true, false);
	check_libc_versions();
	check_damaged();

	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		printf("note: could not remove %s\n", dir);
	printf("%d of %d checks failed\n", failed, total);
	return failed ? 1 : 0;
}
