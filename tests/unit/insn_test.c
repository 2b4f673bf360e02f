/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unit test of src/bp/insn.c.
 *
 * The decoder against objdump, the oracle: for the system's libc, ld.so,
 * libm, libstdc++ and libgcc_s (and the 32-bit libc when gcc-multilib put
 * one in /usr/lib32), every instruction objdump -d shows in the executable
 * sections must have the same length and the same rip-relative flag, and
 * the first four instructions of every function symbol too.  Each
 * instruction is also decoded again from the end of a page followed by an
 * unmapped one, whole and one byte short, to catch reads past `avail`.
 *
 * The relocator by execution: small functions in a page of this process
 * get an int3 on one instruction; a SIGTRAP handler plays the tracer and
 * sends rip to the out-of-line copy in a page within 2 GiB, then in a page
 * beyond, or emulates the instruction; the function must return what it
 * returns untouched.
 *
 * Prints a summary line; exits 1 on any mismatch, 77 without objdump.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include "bp/insn.h"

#include "check.h"
/* -v: a line per library and for the executed cases. */
static bool verbose;
/* For the summary line. */
static size_t sum_libs, sum_ins, sum_ins_ok, sum_ent, sum_ent_ok, sum_exec;

/* An array initializer and its length, counted by the compiler. */
#define BYTES(...) { __VA_ARGS__ }, sizeof((const uint8_t[]){ __VA_ARGS__ })

/* --- objdump ------------------------------------------------------------ */

#define D_RIP 1
#define D_BAD 2

struct dis {
	uint64_t addr;
	uint8_t len;
	uint8_t flags;
};

struct dislist {
	struct dis *v;
	size_t n, cap;
};

static void dis_add(struct dislist *dl, uint64_t addr, unsigned int len,
		    unsigned int flags)
{
	if (dl->n == dl->cap) {
		dl->cap = dl->cap ? 2 * dl->cap : 65536;
		dl->v = realloc(dl->v, dl->cap * sizeof(*dl->v));
		if (!dl->v) {
			perror("realloc");
			exit(1);
		}
	}
	dl->v[dl->n].addr = addr;
	dl->v[dl->n].len = len;
	dl->v[dl->n].flags = flags;
	dl->n++;
}

static int dis_cmp(const void *a, const void *b)
{
	const struct dis *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static const struct dis *dis_find(const struct dislist *dl, uint64_t addr)
{
	size_t lo = 0, hi = dl->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (dl->v[mid].addr < addr)
			lo = mid + 1;
		else if (dl->v[mid].addr > addr)
			hi = mid;
		else
			return &dl->v[mid];
	}
	return NULL;
}

/*
 * "  26000:\tff 35 ea cf 1a 00   \tpush   0x1acfea(%rip)  # ..." with every
 * byte of an instruction on its line (--insn-width=16) and zero runs
 * shown (-z).
 */
static int run_objdump(const char *path, struct dislist *dl)
{
	char cmd[512], *line = NULL;
	size_t cap = 0;
	FILE *p;

	snprintf(cmd, sizeof(cmd),
		 "objdump -d -z -w --insn-width=16 '%s' 2>/dev/null", path);
	p = popen(cmd, "r");
	if (!p)
		return -1;
	while (getline(&line, &cap, p) > 0) {
		char *s = line, *end, *text;
		unsigned long long addr;
		unsigned int len = 0, flags = 0;

		while (*s == ' ')
			s++;
		addr = strtoull(s, &end, 16);
		if (end == s || end[0] != ':' || end[1] != '\t')
			continue;
		s = end + 2;
		while (s[0] && s[1] && s[0] != '\t' &&
		       strchr("0123456789abcdef", s[0]) &&
		       strchr("0123456789abcdef", s[1])) {
			len++;
			s += 2;
			while (*s == ' ')
				s++;
		}
		text = strchr(s, '\t');
		if (!text) {
			/* A continuation line: more bytes of the last one. */
			if (dl->n)
				dl->v[dl->n - 1].len += len;
			continue;
		}
		if (strstr(text, "(%rip)") || strstr(text, "(%eip)"))
			flags |= D_RIP;
		if (strstr(text, "(bad)"))
			flags |= D_BAD;
		dis_add(dl, addr, len, flags);
	}
	free(line);
	if (pclose(p) != 0)
		return -1;
	qsort(dl->v, dl->n, sizeof(*dl->v), dis_cmp);
	return 0;
}

/* --- ELF ---------------------------------------------------------------- */

struct xsec {
	uint64_t addr, size;
	const uint8_t *data;
	char name[32];
};

struct lib {
	const char *path;
	bool is64;
	int fd;
	Elf *elf;
	struct xsec sec[32];
	size_t nsec;
	uint64_t *funcs;
	size_t nfuncs;
};

static int u64_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static int lib_open(struct lib *l)
{
	size_t shstrndx, cap = 0;
	Elf_Scn *scn = NULL;

	l->fd = open(l->path, O_RDONLY);
	if (l->fd < 0)
		return -1;
	l->elf = elf_begin(l->fd, ELF_C_READ, NULL);
	if (!l->elf || elf_getshdrstrndx(l->elf, &shstrndx))
		return -1;
	l->is64 = gelf_getclass(l->elf) == ELFCLASS64;
	while ((scn = elf_nextscn(l->elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh))
			continue;
		if (sh.sh_type == SHT_PROGBITS &&
		    (sh.sh_flags & SHF_EXECINSTR) && l->nsec < 32 &&
		    (d = elf_getdata(scn, NULL)) && d->d_buf) {
			struct xsec *x = &l->sec[l->nsec++];
			const char *nm =
				elf_strptr(l->elf, shstrndx, sh.sh_name);

			x->addr = sh.sh_addr;
			x->size = d->d_size;
			x->data = d->d_buf;
			snprintf(x->name, sizeof(x->name), "%s", nm ? nm : "?");
		}
		if (sh.sh_type == SHT_DYNSYM || sh.sh_type == SHT_SYMTAB) {
			Elf_Data *sd = elf_getdata(scn, NULL);
			size_t i, n;

			if (!sd || !sh.sh_entsize)
				continue;
			n = sh.sh_size / sh.sh_entsize;
			for (i = 0; i < n; i++) {
				GElf_Sym sym;
				int t;

				if (!gelf_getsym(sd, i, &sym))
					continue;
				t = GELF_ST_TYPE(sym.st_info);
				if ((t != STT_FUNC && t != STT_GNU_IFUNC) ||
				    !sym.st_size || sym.st_shndx == SHN_UNDEF)
					continue;
				if (l->nfuncs == cap) {
					cap = cap ? 2 * cap : 4096;
					l->funcs = realloc(
						l->funcs,
						cap * sizeof(uint64_t) * 2);
				}
				l->funcs[2 * l->nfuncs] = sym.st_value;
				l->funcs[2 * l->nfuncs + 1] = sym.st_size;
				l->nfuncs++;
			}
		}
	}
	/* Sort (value, size) pairs by value and drop aliases. */
	if (l->nfuncs) {
		size_t i, j = 0;

		qsort(l->funcs, l->nfuncs, 2 * sizeof(uint64_t), u64_cmp);
		for (i = 0; i < l->nfuncs; i++) {
			if (j && l->funcs[2 * (j - 1)] == l->funcs[2 * i])
				continue;
			l->funcs[2 * j] = l->funcs[2 * i];
			l->funcs[2 * j + 1] = l->funcs[2 * i + 1];
			j++;
		}
		l->nfuncs = j;
	}
	return 0;
}

static void lib_close(struct lib *l)
{
	if (l->elf)
		elf_end(l->elf);
	if (l->fd >= 0)
		close(l->fd);
	free(l->funcs);
}

static const struct xsec *lib_sec(const struct lib *l, uint64_t addr)
{
	size_t i;

	for (i = 0; i < l->nsec; i++)
		if (addr >= l->sec[i].addr &&
		    addr < l->sec[i].addr + l->sec[i].size)
			return &l->sec[i];
	return NULL;
}

/* --- relocation checked by decoding the copy ------------------------------ */

/*
 * Every instruction of the libraries goes through insn_make_ool() with a
 * slot near it and one beyond 2 GiB; the copy is decoded back and must do
 * what the original does: same instruction with the same rip-relative
 * target, then a jump to the next original instruction; branches with the
 * same condition and targets; calls pushing the original return address.
 */
struct oolstat {
	size_t ok, notsup, range;
};

static uint64_t rd64(const uint8_t *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

/* The jump at out[*i]: rel32, or jmp *0(%rip) and its 8-byte target. */
static bool ool_jmp(const uint8_t *out, size_t n, size_t *i, uint64_t slot,
		    bool is64, uint64_t *to)
{
	struct insn j;

	if (*i >= n || insn_decode(out + *i, n - *i, is64, &j))
		return false;
	if (j.kind == INSN_K_JMP && j.opcode == 0xe9) {
		*to = insn_branch_target(&j, slot + *i);
		*i += j.len;
		return true;
	}
	if (j.emu == INSN_EMU_JMP_MEM_RIP && j.disp == 0 &&
	    *i + j.len + 8 <= n) {
		*to = rd64(out + *i + j.len);
		*i += j.len + 8;
		return true;
	}
	return false;
}

/* push $imm32, and on a 64-bit tracee maybe movl $hi, 4(%rsp). */
static bool ool_push(const uint8_t *out, size_t n, size_t *i, bool is64,
		     uint64_t *v)
{
	static const uint8_t hi[] = { 0xc7, 0x44, 0x24, 0x04 };
	int32_t lo;

	if (*i + 5 > n || out[*i] != 0x68)
		return false;
	memcpy(&lo, out + *i + 1, 4);
	*v = is64 ? (uint64_t)(int64_t)lo : (uint32_t)lo;
	*i += 5;
	if (is64 && *i + 8 <= n && !memcmp(out + *i, hi, 4)) {
		uint32_t h;

		memcpy(&h, out + *i + 4, 4);
		*v = (*v & 0xffffffffu) | (uint64_t)h << 32;
		*i += 8;
	}
	return true;
}

/* Same bytes but the displacement (and ModRM when call became jmp). */
static bool same_insn(const uint8_t *a, const uint8_t *code,
		      const struct insn *in, bool call2jmp)
{
	size_t k;

	for (k = 0; k < in->len; k++) {
		if (in->rip_rel && k >= in->disp_off && k < in->disp_off + 4u)
			continue;
		if (call2jmp && k == in->modrm_off) {
			if (a[k] != ((code[k] & ~0x38) | 0x20))
				return false;
			continue;
		}
		if (a[k] != code[k])
			return false;
	}
	return true;
}

/* The instruction itself at out[*i], or its rewrite for a far load. */
static bool ool_body(const uint8_t *out, size_t n, size_t *i,
		     const uint8_t *code, const struct insn *in, uint64_t addr,
		     uint64_t slot, bool call2jmp)
{
	int dst = ((in->modrm >> 3) & 7) | ((in->rex & 4) << 1);
	struct insn c;

	if (insn_decode(out + *i, n - *i, in->is64, &c))
		return false;
	if (c.len == in->len && same_insn(out + *i, code, in, call2jmp)) {
		if (in->rip_rel &&
		    insn_rip_addr(&c, slot + *i) != insn_rip_addr(in, addr))
			return false;
		*i += c.len;
		return true;
	}
	/* movabs $target, %dst (or mov $target32 for a 32-bit lea)... */
	if (!in->rip_rel || c.map || (c.opcode & 0xf8) != 0xb8 ||
	    ((c.opcode & 7) | ((c.rex & 1) << 3)) != dst)
		return false;
	if (c.imm_size == 8 ?
		    rd64(out + *i + c.imm_off) != insn_rip_addr(in, addr) :
		    (in->opcode != 0x8d ||
		     *(const uint32_t *)(out + *i + c.imm_off) !=
			     (uint32_t)insn_rip_addr(in, addr)))
		return false;
	*i += c.len;
	if (in->opcode == 0x8d)
		return true;
	/* ...then the same load through (%dst). */
	if (insn_decode(out + *i, n - *i, true, &c) || c.opcode != in->opcode ||
	    c.map != in->map || c.base != dst || c.disp != 0 ||
	    c.index != INSN_REG_NONE)
		return false;
	*i += c.len;
	return true;
}

static void check_ool_sym(const uint8_t *code, const struct insn *in,
			  uint64_t addr, uint64_t slot, bool far,
			  struct oolstat *st, const char *lib)
{
	uint8_t out[INSN_OOL_MAX];
	uint64_t next = insn_next(in, addr), target = 0, to = 0, v = 0;
	int n = insn_make_ool(code, in, addr, slot, out, sizeof(out));
	bool is64 = in->is64, ok = false;
	size_t i = 0;
	struct insn c;

	if (n == -ENOTSUP) {
		st->notsup++;
		CHECK(in->no_ool || in->kind == INSN_K_CALL_IND ||
			      (in->rip_rel && (in->pfx & INSN_P_ADSIZE)),
		      "%s %#llx: -ENOTSUP", lib, (unsigned long long)addr);
		return;
	}
	if (n == -ERANGE) {
		st->range++;
		CHECK(far && in->rip_rel, "%s %#llx: -ERANGE", lib,
		      (unsigned long long)addr);
		return;
	}
	CHECK(n > 0 && n <= INSN_OOL_MAX, "%s %#llx: %d", lib,
	      (unsigned long long)addr, n);
	if (n <= 0 || n > INSN_OOL_MAX)
		return;
	st->ok++;
	if (in->kind == INSN_K_JMP || in->kind == INSN_K_JCC ||
	    in->kind == INSN_K_LOOP || in->kind == INSN_K_CALL)
		target = insn_branch_target(in, addr);

	switch (in->kind) {
	case INSN_K_JMP:
		ok = ool_jmp(out, n, &i, slot, is64, &to) && to == target;
		break;
	case INSN_K_CALL:
		ok = ool_push(out, n, &i, is64, &v) && v == next &&
		     ool_jmp(out, n, &i, slot, is64, &to) && to == target;
		break;
	case INSN_K_JCC:
	case INSN_K_LOOP:
		if (insn_decode(out, n, is64, &c) || c.kind != in->kind)
			break;
		if (in->kind == INSN_K_JCC ?
			    (c.opcode & 15) != (in->opcode & 15) :
			    c.opcode != in->opcode ||
				    (c.pfx ^ in->pfx) & INSN_P_ADSIZE)
			break;
		i = c.len;
		ok = ool_jmp(out, n, &i, slot, is64, &to) && to == next;
		to = insn_branch_target(&c, slot);
		if (ok && to != target) {
			size_t j = to - slot;

			/* Taken: to a jump further down the copy. */
			ok = to > slot && j < (size_t)n &&
			     ool_jmp(out, n, &j, slot, is64, &to) &&
			     to == target && j == (size_t)n && (i = j);
		}
		break;
	case INSN_K_CALL_IND:
		ok = ool_push(out, n, &i, is64, &v) && v == next &&
		     ool_body(out, n, &i, code, in, addr, slot, true);
		break;
	case INSN_K_JMP_IND:
	case INSN_K_RET:
		ok = ool_body(out, n, &i, code, in, addr, slot, false);
		break;
	default:
		ok = ool_body(out, n, &i, code, in, addr, slot, false) &&
		     ool_jmp(out, n, &i, slot, is64, &to) && to == next;
		break;
	}
	CHECK(ok && i == (size_t)n,
	      "%s %#llx: the %s copy does not do the"
	      " same",
	      lib, (unsigned long long)addr, far ? "far" : "near");
}

/* --- decoding against objdump -------------------------------------------- */

/* An instruction copied to the end of this page, before a PROT_NONE one. */
static uint8_t *edge;
static size_t pagesz;

static bool agrees(const struct insn *in, int err, const struct dis *d)
{
	if (d->flags & D_BAD)
		return err != 0;
	return !err && in->len == d->len && in->rip_rel == !!(d->flags & D_RIP);
}

/*
 * The same instruction decoded from the page edge: whole, it must decode
 * the same; one byte short, it must ask for more.
 */
static void check_edge(const uint8_t *code, const struct insn *in,
		       uint64_t addr, const char *lib)
{
	struct insn e;
	int err;

	memcpy(edge + pagesz - in->len, code, in->len);
	err = insn_decode(edge + pagesz - in->len, in->len, in->is64, &e);
	CHECK(!err && e.len == in->len, "%s %#llx: %d at the page edge", lib,
	      (unsigned long long)addr, err);
	memcpy(edge + pagesz - (in->len - 1), code, in->len - 1);
	err = insn_decode(edge + pagesz - (in->len - 1), in->len - 1, in->is64,
			  &e);
	CHECK(err == -ENODATA, "%s %#llx: %d one byte short", lib,
	      (unsigned long long)addr, err);
}

static void report_mismatch(const struct lib *l, uint64_t addr,
			    const uint8_t *code, size_t avail,
			    const struct insn *in, int err, const struct dis *d)
{
	char hex[3 * 16 + 1] = "";
	size_t i;

	for (i = 0; i < 16 && i < avail; i++)
		sprintf(hex + 3 * i, "%02x ", code[i]);
	CHECK(0,
	      "%s %#llx: [%s] ours len %d rip %d (err %d), objdump len %d"
	      " rip %d%s",
	      l->path, (unsigned long long)addr, hex, err ? 0 : in->len,
	      err ? 0 : in->rip_rel, err, d ? d->len : -1,
	      d ? !!(d->flags & D_RIP) : -1,
	      d && (d->flags & D_BAD) ? " (bad)" : "");
}

/* Linear sweep of every executable section: returns instructions seen. */
static size_t sweep(const struct lib *l, const struct dislist *dl, size_t *bad,
		    struct oolstat st[2])
{
	size_t i, count = 0;

	for (i = 0; i < dl->n; i++) {
		const struct dis *d = &dl->v[i];
		const struct xsec *x = lib_sec(l, d->addr);
		const uint8_t *code;
		size_t avail;
		struct insn in;
		int err;

		if (!x)
			continue;
		code = x->data + (d->addr - x->addr);
		avail = x->addr + x->size - d->addr;
		err = insn_decode(code, avail, l->is64, &in);
		count++;
		if (!agrees(&in, err, d)) {
			(*bad)++;
			report_mismatch(l, d->addr, code, avail, &in, err, d);
			continue;
		}
		total++;
		if (err)
			continue;
		check_edge(code, &in, d->addr, l->path);
		check_ool_sym(code, &in, d->addr, d->addr + (32 << 20), false,
			      &st[0], l->path);
		if (l->is64)
			check_ool_sym(code, &in, d->addr,
				      d->addr + 0x7f0000000000ull, true, &st[1],
				      l->path);
		else
			check_ool_sym(code, &in, d->addr,
				      (uint32_t)(d->addr - (64 << 20)), false,
				      &st[1], l->path);
		/* Linear: the next one objdump shows starts where ours ends. */
		if (!err && i + 1 < dl->n &&
		    lib_sec(l, dl->v[i + 1].addr) == x &&
		    dl->v[i + 1].addr != d->addr + in.len) {
			(*bad)++;
			CHECK(0,
			      "%s %#llx: next instruction at %#llx, not %#llx",
			      l->path, (unsigned long long)d->addr,
			      (unsigned long long)dl->v[i + 1].addr,
			      (unsigned long long)(d->addr + in.len));
		}
	}
	return count;
}

/*
 * The first four instructions of every function; how the first would be
 * stepped over: emu[0] emulated, emu[1] out of line, emu[2] neither.
 */
static size_t entries(const struct lib *l, const struct dislist *dl,
		      size_t *ninsn, size_t *bad, size_t emu[3])
{
	size_t f, count = 0;

	for (f = 0; f < l->nfuncs; f++) {
		uint64_t a = l->funcs[2 * f], end = a + l->funcs[2 * f + 1];
		const struct xsec *x = lib_sec(l, a);
		int k;

		if (!x)
			continue;
		count++;
		if (end > x->addr + x->size)
			end = x->addr + x->size;
		for (k = 0; k < 4 && a < end; k++) {
			const uint8_t *code = x->data + (a - x->addr);
			const struct dis *d = dis_find(dl, a);
			struct insn in;
			int err;

			err = insn_decode(code, end - a, l->is64, &in);
			(*ninsn)++;
			if (!d || !agrees(&in, err, d)) {
				(*bad)++;
				report_mismatch(l, a, code, end - a, &in, err,
						d);
				break;
			}
			total++;
			if (err)
				break;
			if (k == 0) {
				uint8_t out[INSN_OOL_MAX];

				if (in.emu != INSN_EMU_NO)
					emu[0]++;
				else if (insn_make_ool(code, &in, a,
						       a + (32 << 20), out,
						       sizeof(out)) > 0)
					emu[1]++;
				else
					emu[2]++;
			}
			a += in.len;
		}
	}
	return count;
}

static void check_libs(void)
{
	static const char *const paths[] = {
		"/lib/x86_64-linux-gnu/libc.so.6",
		"/lib64/ld-linux-x86-64.so.2",
		"/lib/x86_64-linux-gnu/libm.so.6",
		"/usr/lib/x86_64-linux-gnu/libstdc++.so.6",
		"/lib/x86_64-linux-gnu/libgcc_s.so.1",
		"/usr/lib32/libc.so.6",
	};
	size_t i;

	for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		struct lib l = { .path = paths[i], .fd = -1 };
		struct dislist dl = { NULL, 0, 0 };
		size_t nins, nfn, nent = 0, bad_lin = 0, bad_ent = 0;
		size_t emu[3] = { 0, 0, 0 };
		struct oolstat st[2];

		if (access(paths[i], R_OK) != 0) {
			printf("skip %s: not installed\n", paths[i]);
			continue;
		}
		if (lib_open(&l) || run_objdump(paths[i], &dl) || !dl.n) {
			CHECK(0, "%s: cannot read it or disassemble it",
			      paths[i]);
			lib_close(&l);
			free(dl.v);
			continue;
		}
		memset(st, 0, sizeof(st));
		nins = sweep(&l, &dl, &bad_lin, st);
		nfn = entries(&l, &dl, &nent, &bad_ent, emu);
		sum_libs++;
		sum_ins += nins;
		sum_ins_ok += nins - bad_lin;
		sum_ent += nent;
		sum_ent_ok += nent - bad_ent;
		if (verbose) {
			printf("%s (%s): %zu/%zu instructions agree with "
			       "objdump; %zu functions, %zu/%zu entry "
			       "instructions agree\n",
			       paths[i], l.is64 ? "64-bit" : "32-bit",
			       nins - bad_lin, nins, nfn, nent - bad_ent, nent);
			printf("  relocated: near %zu, refused %zu; %s %zu, "
			       "beyond reach %zu, refused %zu; function "
			       "entries: %zu emulated, %zu out of line, %zu "
			       "neither\n",
			       st[0].ok, st[0].notsup,
			       l.is64 ? "far" : "wrapped", st[1].ok,
			       st[1].range, st[1].notsup, emu[0], emu[1],
			       emu[2]);
		}
		lib_close(&l);
		free(dl.v);
	}
}

/* --- hand-written decoding cases ------------------------------------------ */

struct dcase {
	const char *name;
	bool is64;
	uint8_t code[16];
	uint8_t n;		/* bytes given */
	int err;		/* expected result */
	uint8_t len;
	enum insn_emu emu;
	enum insn_kind kind;
	bool rip;
	bool no_ool;
};

#define EMU(e) INSN_EMU_##e
#define K(k) INSN_K_##k

static const struct dcase dcases[] = {
	{ "endbr64", 1, BYTES(0xf3, 0x0f, 0x1e, 0xfa), 0, 4, EMU(NONE),
	  K(OTHER), 0, 0 },
	{ "rdsspq", 1, BYTES(0xf3, 0x48, 0x0f, 0x1e, 0xc8), 0, 5, EMU(NO),
	  K(OTHER), 0, 0 },
	{ "bnd jmp *GOT", 1, BYTES(0xf2, 0xff, 0x25, 0x10, 0x20, 0, 0), 0, 7,
	  EMU(JMP_MEM_RIP), K(JMP_IND), 1, 0 },
	{ "jmp *GOT", 1, BYTES(0xff, 0x25, 0x10, 0x20, 0, 0), 0, 6,
	  EMU(JMP_MEM_RIP), K(JMP_IND), 1, 0 },
	{ "call *GOT", 1, BYTES(0xff, 0x15, 0x10, 0x20, 0, 0), 0, 6,
	  EMU(CALL_MEM_RIP), K(CALL_IND), 1, 0 },
	{ "notrack jmp *%rax", 1, BYTES(0x3e, 0xff, 0xe0), 0, 3, EMU(JMP_REG),
	  K(JMP_IND), 0, 0 },
	{ "push %rbp", 1, BYTES(0x55), 0, 1, EMU(PUSH_REG), K(OTHER), 0, 0 },
	{ "push %r12", 1, BYTES(0x41, 0x54), 0, 2, EMU(PUSH_REG), K(OTHER), 0,
	  0 },
	{ "pushw %bp", 1, BYTES(0x66, 0x55), 0, 2, EMU(NO), K(OTHER), 0, 0 },
	{ "nop", 1, BYTES(0x90), 0, 1, EMU(NONE), K(OTHER), 0, 0 },
	{ "xchg %eax,%r8d", 1, BYTES(0x41, 0x90), 0, 2, EMU(NO), K(OTHER), 0,
	  0 },
	{ "nopw cs", 1, BYTES(0x66, 0x2e, 0x0f, 0x1f, 0x84, 0, 0, 0, 0, 0), 0,
	  10, EMU(NONE), K(OTHER), 0, 0 },
	{ "jmp rel32", 1, BYTES(0xe9, 1, 2, 3, 4), 0, 5, EMU(JMP_REL), K(JMP),
	  0, 0 },
	{ "jmpw rel16", 1, BYTES(0x66, 0xe9, 1, 2), 0, 4, EMU(NO), K(JMP), 0,
	  1 },
	{ "call rel32", 1, BYTES(0xe8, 1, 2, 3, 4), 0, 5, EMU(CALL_REL),
	  K(CALL), 0, 0 },
	{ "movabs", 1, BYTES(0x48, 0xb8, 1, 2, 3, 4, 5, 6, 7, 8), 0, 10,
	  EMU(NO), K(OTHER), 0, 0 },
	{ "mov $imm32,%eax", 1, BYTES(0xb8, 1, 2, 3, 4), 0, 5, EMU(NO),
	  K(OTHER), 0, 0 },
	{ "mov $imm16,%ax", 1, BYTES(0x66, 0xb8, 1, 2), 0, 4, EMU(NO),
	  K(OTHER), 0, 0 },
	{ "moffs64", 1, BYTES(0xa0, 1, 2, 3, 4, 5, 6, 7, 8), 0, 9, EMU(NO),
	  K(OTHER), 0, 0 },
	{ "moffs32 (67)", 1, BYTES(0x67, 0xa1, 1, 2, 3, 4), 0, 6, EMU(NO),
	  K(OTHER), 0, 0 },
	{ "enter", 1, BYTES(0xc8, 0x10, 0, 0), 0, 4, EMU(NO), K(OTHER), 0, 0 },
	{ "pushw $imm16", 1, BYTES(0x66, 0x68, 1, 2), 0, 4, EMU(NO), K(OTHER),
	  0, 0 },
	{ "testb $1,%cl", 1, BYTES(0xf6, 0xc1, 1), 0, 3, EMU(NO), K(OTHER), 0,
	  0 },
	{ "testl $1,%ecx", 1, BYTES(0xf7, 0xc1, 1, 0, 0, 0), 0, 6, EMU(NO),
	  K(OTHER), 0, 0 },
	{ "testw $1,%cx", 1, BYTES(0x66, 0xf7, 0xc1, 1, 0), 0, 5, EMU(NO),
	  K(OTHER), 0, 0 },
	{ "testq $1,%rcx (66+W)", 1, BYTES(0x66, 0x48, 0xf7, 0xc1, 1, 0, 0, 0),
	  0, 8, EMU(NO), K(OTHER), 0, 0 },
	{ "not %ecx", 1, BYTES(0xf7, 0xd1), 0, 2, EMU(NO), K(OTHER), 0, 0 },
	{ "vzeroupper", 1, BYTES(0xc5, 0xf8, 0x77), 0, 3, EMU(NO), K(OTHER), 0,
	  0 },
	{ "vpalignr", 1, BYTES(0xc4, 0xe3, 0x79, 0x0f, 0xc1, 0x08), 0, 6,
	  EMU(NO), K(OTHER), 0, 0 },
	{ "vpshufd", 1, BYTES(0xc5, 0xf9, 0x70, 0xc1, 0x1b), 0, 5, EMU(NO),
	  K(OTHER), 0, 0 },
	{ "vmovdqu64 rip", 1,
	  BYTES(0x62, 0xf1, 0xfe, 0x08, 0x6f, 0x05, 0, 0, 0, 0), 0, 10, EMU(NO),
	  K(OTHER), 1, 0 },
	{ "vmovdqu64 disp8", 1, BYTES(0x62, 0xf1, 0xfe, 0x48, 0x6f, 0x46, 0x01),
	  0, 7, EMU(NO), K(OTHER), 0, 0 },
	{ "mov %cr0,%rax", 1, BYTES(0x0f, 0x20, 0x05), 0, 3, EMU(NO), K(OTHER),
	  0, 1 },
	{ "mov %fs:0x28,%rax", 1,
	  BYTES(0x64, 0x48, 0x8b, 0x04, 0x25, 0x28, 0, 0, 0), 0, 9, EMU(NO),
	  K(OTHER), 0, 0 },
	{ "extrq", 1, BYTES(0x66, 0x0f, 0x78, 0xc0, 1, 2), 0, 6, EMU(NO),
	  K(OTHER), 0, 0 },
	{ "vmread", 1, BYTES(0x0f, 0x78, 0xc0), 0, 3, EMU(NO), K(OTHER), 0, 0 },
	{ "pfmul (3DNow)", 1, BYTES(0x0f, 0x0f, 0xc0, 0xb4), 0, 4, EMU(NO),
	  K(OTHER), 0, 0 },
	{ "xbegin", 1, BYTES(0xc7, 0xf8, 0, 0, 0, 0), 0, 6, EMU(NO), K(XBEGIN),
	  0, 1 },
	{ "ud2", 1, BYTES(0x0f, 0x0b), 0, 2, EMU(NO), K(TRAP), 0, 1 },
	{ "syscall", 1, BYTES(0x0f, 0x05), 0, 2, EMU(NO), K(SYSCALL), 0, 1 },
	{ "int3", 1, BYTES(0xcc), 0, 1, EMU(NO), K(TRAP), 0, 1 },
	{ "ret", 1, BYTES(0xc3), 0, 1, EMU(NO), K(RET), 0, 0 },
	{ "loop", 1, BYTES(0xe2, 0xfe), 0, 2, EMU(NO), K(LOOP), 0, 0 },
	{ "push %es (64)", 1, BYTES(0x06), -EINVAL, 0, 0, 0, 0, 0 },
	{ "salc", 1, BYTES(0xd6), -EINVAL, 0, 0, 0, 0, 0 },
	{ "14 prefixes", 1, BYTES(0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
	  0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x90), 0, 15, EMU(NONE),
	  K(OTHER), 0, 0 },
	{ "15 prefixes", 1, BYTES(0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
	  0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x90), -EINVAL, 0, 0,
	  0, 0, 0 },
	{ "call truncated", 1, BYTES(0xe8, 0, 0), -ENODATA, 0, 0, 0, 0, 0 },
	{ "empty", 1, { 0 }, 0, -ENODATA, 0, 0, 0, 0, 0 },
	{ "vex + rex", 1, BYTES(0x48, 0xc5, 0xf8, 0x77), -EINVAL, 0, 0, 0, 0,
	  0 },
	/* 32-bit mode */
	{ "inc %eax", 0, BYTES(0x40), 0, 1, EMU(NO), K(OTHER), 0, 0 },
	{ "push %es", 0, BYTES(0x06), 0, 1, EMU(NO), K(OTHER), 0, 0 },
	{ "les", 0, BYTES(0xc4, 0x06), 0, 2, EMU(NO), K(OTHER), 0, 0 },
	{ "lds disp32", 0, BYTES(0xc5, 0x05, 1, 2, 3, 4), 0, 6, EMU(NO),
	  K(OTHER), 0, 0 },
	{ "vzeroupper (32)", 0, BYTES(0xc5, 0xf8, 0x77), 0, 3, EMU(NO),
	  K(OTHER), 0, 0 },
	{ "bound", 0, BYTES(0x62, 0x06), 0, 2, EMU(NO), K(OTHER), 0, 0 },
	{ "moffs32 (32)", 0, BYTES(0xa1, 1, 2, 3, 4), 0, 5, EMU(NO), K(OTHER),
	  0, 0 },
	{ "moffs16 (32)", 0, BYTES(0x67, 0xa1, 1, 2), 0, 4, EMU(NO), K(OTHER),
	  0, 0 },
	{ "lcall", 0, BYTES(0x9a, 1, 2, 3, 4, 5, 6), 0, 7, EMU(NO), K(FAR), 0,
	  1 },
	{ "lcallw", 0, BYTES(0x66, 0x9a, 1, 2, 3, 4), 0, 6, EMU(NO), K(FAR), 0,
	  1 },
	{ "mov 2(%bp)", 0, BYTES(0x67, 0x8b, 0x46, 0x02), 0, 4, EMU(NO),
	  K(OTHER), 0, 0 },
	{ "mov disp16", 0, BYTES(0x67, 0x8b, 0x06, 0x34, 0x12), 0, 5, EMU(NO),
	  K(OTHER), 0, 0 },
	{ "mov abs32", 0, BYTES(0x8b, 0x05, 1, 2, 3, 4), 0, 6, EMU(NO),
	  K(OTHER), 0, 0 },
	{ "jmp *0xc(%ebx)", 0, BYTES(0xff, 0xa3, 0x0c, 0, 0, 0), 0, 6,
	  EMU(JMP_MEM), K(JMP_IND), 0, 0 },
	{ "jmp *abs", 0, BYTES(0xff, 0x25, 1, 2, 3, 4), 0, 6, EMU(JMP_MEM),
	  K(JMP_IND), 0, 0 },
	{ "push %ebp (32)", 0, BYTES(0x55), 0, 1, EMU(PUSH_REG), K(OTHER), 0,
	  0 },
	{ "int $0x80", 0, BYTES(0xcd, 0x80), 0, 2, EMU(NO), K(TRAP), 0, 1 },
};

static void check_cases(void)
{
	size_t i;

	for (i = 0; i < sizeof(dcases) / sizeof(dcases[0]); i++) {
		const struct dcase *c = &dcases[i];
		struct insn in;
		int err = insn_decode(c->code, c->n, c->is64, &in);

		CHECK(err == c->err, "%s: decode gives %d, not %d", c->name,
		      err, c->err);
		if (err || c->err)
			continue;
		CHECK(in.len == c->len, "%s: len %u, not %u", c->name, in.len,
		      c->len);
		CHECK(in.emu == c->emu, "%s: emu %d, not %d", c->name, in.emu,
		      c->emu);
		CHECK(in.kind == c->kind, "%s: kind %d, not %d", c->name,
		      in.kind, c->kind);
		CHECK(in.rip_rel == c->rip, "%s: rip %d", c->name, in.rip_rel);
		CHECK(in.no_ool == c->no_ool, "%s: no_ool %d", c->name,
		      in.no_ool);
	}
}

/* Decoded fields the tracer's emulation relies on. */
static void check_fields(void)
{
	static const uint8_t plt[] = { 0xff, 0x25, 0xf2, 0x2f, 0x00, 0x00 };
	static const uint8_t i386plt[] = { 0xff, 0xa3, 0x0c, 0, 0, 0 };
	static const uint8_t sib[] = { 0xff, 0x64, 0xc3, 0xf8 };
	static const uint8_t r12[] = { 0x43, 0xff, 0x24, 0xe4 };
	static const uint8_t jrel[] = { 0xeb, 0xfe };
	static const uint8_t jrel32[] = { 0xe9, 0xfb, 0xff, 0xff, 0xff };
	uint64_t regs[16] = { 0 }, ea = 0;
	struct insn in;
	int i;

	for (i = 0; i < 16; i++)
		regs[i] = 0x1000 * (i + 1);
	insn_decode(plt, sizeof(plt), true, &in);
	CHECK(insn_rip_addr(&in, 0x401000) == 0x401006 + 0x2ff2,
	      "PLT GOT slot address");
	insn_decode(i386plt, sizeof(i386plt), false, &in);
	CHECK(!insn_mem_addr(&in, 0x8048000, regs, &ea) && ea == 0x400c,
	      "i386 PLT slot address %#llx", (unsigned long long)ea);
	/* jmp *-8(%rbx,%rax,8) */
	insn_decode(sib, sizeof(sib), true, &in);
	CHECK(in.base == 3 && in.index == 0 && in.scale == 8 && in.disp == -8,
	      "SIB fields");
	CHECK(!insn_mem_addr(&in, 0, regs, &ea) &&
		      ea == 0x4000 + 8 * 0x1000 - 8,
	      "SIB address");
	/* jmp *(%r12,%r12,8): REX.X makes index 4 a register */
	insn_decode(r12, sizeof(r12), true, &in);
	CHECK(in.base == 12 && in.index == 12 && in.scale == 8,
	      "REX.X index r12: base %d index %d", in.base, in.index);
	insn_decode(jrel, sizeof(jrel), true, &in);
	CHECK(insn_branch_target(&in, 0x1000) == 0x1000, "jmp . target");
	insn_decode(jrel32, sizeof(jrel32), false, &in);
	CHECK(insn_branch_target(&in, 0x1000) == 0x1000, "jmp . (32)");
	CHECK(insn_branch_target(&in, 0) == 0, "jmp . at 0 (32)");
}

/* Random bytes from the page edge: never a read past avail, never > 15. */
static void check_random(void)
{
	uint64_t s = 0x9e3779b97f4a7c15ull;
	int i;

	for (i = 0; i < 300000; i++) {
		uint8_t buf[16];
		size_t avail, j;
		struct insn in;
		int err;

		for (j = 0; j < 16; j++) {
			s ^= s << 13;
			s ^= s >> 7;
			s ^= s << 17;
			buf[j] = s;
		}
		/* Bias towards prefixes and escapes, where the branches are. */
		if (buf[15] & 1)
			buf[0] =
				"\x0f\x66\xc4\xc5\x62\xf3\x48\x67"[buf[14] & 7];
		avail = 1 + buf[13] % 15;
		memcpy(edge + pagesz - avail, buf, avail);
		err = insn_decode(edge + pagesz - avail, avail, i & 1, &in);
		if (!err) {
			uint8_t out[INSN_OOL_MAX];

			CHECK(in.len >= 1 && in.len <= avail, "random len");
			/* Slots near and far (from the 64-bit view). */
			err = insn_make_ool(buf, &in, 0x7f0000001000,
					    (i & 2) ? 0x100000 : 0x7f0000100000,
					    out, sizeof(out));
			CHECK(err <= INSN_OOL_MAX && err != -ENOSPC,
			      "random ool %d", err);
		} else {
			CHECK(err == -EINVAL || err == -ENODATA, "random err");
		}
	}
}

/* --- relocation by execution ------------------------------------------- */

/*
 * Layout of the page holding the "original" code: each case's function at
 * CODE, a helper it may call at HELPER, the variables it reads at DATA.
 */
#define CODE	0x100
#define HELPER	0x600
#define DATA	0x800
#define V64	(DATA + 0x00)
#define V8Z	(DATA + 0x08)
#define V8N	(DATA + 0x09)
#define VPTR	(DATA + 0x10)
#define V32	(DATA + 0x18)
#define V16	(DATA + 0x20)
#define VOUT	(DATA + 0x28)
#define DATA_LEN 0x30

#define R32(x) (uint8_t)(x), (uint8_t)((x) >> 8), (uint8_t)((x) >> 16), \
	(uint8_t)((x) >> 24)
/* disp32 to variable v from an instruction at o, l bytes long. */
#define RIP(v, o, l) R32((v) - (CODE + (o) + (l)))

#define ANY 0xdeadbeefdeadbeefull


enum { FEAT_NONE, FEAT_AVX, FEAT_AVX512 };

struct xcase {
	const char *name;
	uint8_t code[40];
	uint8_t len;
	uint8_t k;		/* index of the instruction under the int3 */
	uint64_t arg[2];
	uint64_t expect;	/* for arg[0], or ANY */
	int far_err;		/* insn_make_ool() with the slot beyond 2 GiB */
	int feat;
};

static const struct xcase xcases[] = {
	{ "push %rdi", BYTES(0x57, 0x58, 0xc3), 0, { 5, 0x123456789 }, 5, 0,
	  0 },
	{ "push %r12", BYTES(0x41, 0x54, 0x49, 0x89, 0xfc, 0x41, 0x54, 0x58,
	  0x41, 0x5c, 0xc3), 2, { 1, 2 }, 1, 0, 0 },
	{ "mov %rsp,%rbp", BYTES(0x55, 0x48, 0x89, 0xe5, 0x48, 0x89, 0xe8,
	  0x48, 0x29, 0xe0, 0x5d, 0xc3), 1, { 1, 2 }, 0, 0, 0 },
	{ "sub $0x18,%rsp", BYTES(0x48, 0x89, 0xe0, 0x48, 0x83, 0xec, 0x18,
	  0x48, 0x29, 0xe0, 0x48, 0x83, 0xc4, 0x18, 0xc3), 1, { 1, 2 }, 0x18, 0,
	  0 },
	{ "mov v(%rip),%rax", BYTES(0x48, 0x8b, 0x05, RIP(V64, 0, 7), 0xc3), 0,
	  { 1, 2 }, 0x1122334455667788ull, 0, 0 },
	{ "mov v(%rip),%r13", BYTES(0x41, 0x55, 0x4c, 0x8b, 0x2d,
	  RIP(V64, 2, 7), 0x4c, 0x89, 0xe8, 0x41, 0x5d, 0xc3), 1, { 1, 2 },
	  0x1122334455667788ull, 0, 0 },
	{ "mov v(%rip),%r12", BYTES(0x41, 0x54, 0x4c, 0x8b, 0x25,
	  RIP(V64, 2, 7), 0x4c, 0x89, 0xe0, 0x41, 0x5c, 0xc3), 1, { 1, 2 },
	  0x1122334455667788ull, 0, 0 },
	{ "mov v(%rip),%rbp", BYTES(0x55, 0x48, 0x8b, 0x2d, RIP(V64, 1, 7),
	  0x48, 0x89, 0xe8, 0x5d, 0xc3), 1, { 1, 2 }, 0x1122334455667788ull, 0,
	  0 },
	{ "movl v(%rip),%eax", BYTES(0x8b, 0x05, RIP(V32, 0, 6), 0xc3), 0,
	  { 1, 2 }, 0x80000001, 0, 0 },
	{ "movslq v(%rip),%rax", BYTES(0x48, 0x63, 0x05, RIP(V32, 0, 7), 0xc3),
	  0, { 1, 2 }, 0xffffffff80000001ull, 0, 0 },
	{ "movzwl v(%rip),%eax", BYTES(0x0f, 0xb7, 0x05, RIP(V16, 0, 7), 0xc3),
	  0, { 1, 2 }, 0xfedc, 0, 0 },
	{ "movswq v(%rip),%rax",
	  BYTES(0x48, 0x0f, 0xbf, 0x05, RIP(V16, 0, 8), 0xc3), 0, { 1, 2 },
	  0xfffffffffffffedcull, 0, 0 },
	{ "lea v(%rip),%rax", BYTES(0x48, 0x8d, 0x05, RIP(V64, 0, 7), 0xc3), 0,
	  { 1, 2 }, ANY, 0, 0 },
	{ "lea v(%rip),%ecx",
	  BYTES(0x8d, 0x0d, RIP(V64, 0, 6), 0x89, 0xc8, 0xc3), 0, { 1, 2 }, ANY,
	  0, 0 },
	{ "cmpb $0,z(%rip)", BYTES(0x80, 0x3d, RIP(V8Z, 0, 7), 0x00, 0x0f,
	  0x94, 0xc0, 0x0f, 0xb6, 0xc0, 0xc3), 0, { 1, 2 }, 1, -ERANGE, 0 },
	{ "cmpb $0,n(%rip)", BYTES(0x80, 0x3d, RIP(V8N, 0, 7), 0x00, 0x0f,
	  0x94, 0xc0, 0x0f, 0xb6, 0xc0, 0xc3), 0, { 1, 2 }, 0, -ERANGE, 0 },
	{ "cmpl $5,v(%rip)", BYTES(0x83, 0x3d, RIP(V32, 0, 7), 0x05, 0x0f,
	  0x9c, 0xc0, 0x0f, 0xb6, 0xc0, 0xc3), 0, { 1, 2 }, 1, -ERANGE, 0 },
	{ "test %rdi,%rdi",
	  BYTES(0x48, 0x85, 0xff, 0x0f, 0x94, 0xc0, 0x0f, 0xb6, 0xc0, 0xc3), 0,
	  { 0, 7 }, 1, 0, 0 },
	{ "xor %eax,%eax",
	  BYTES(0x48, 0xc7, 0xc0, 0xff, 0xff, 0xff, 0xff, 0x31, 0xc0, 0xc3), 1,
	  { 1, 2 }, 0, 0, 0 },
	{ "jmp rel8",
	  BYTES(0xeb, 0x06, 0xb8, 1, 0, 0, 0, 0xc3, 0xb8, 7, 0, 0, 0, 0xc3), 0,
	  { 1, 2 }, 7, 0, 0 },
	{ "jmp rel32", BYTES(0xe9, 6, 0, 0, 0, 0xb8, 1, 0, 0, 0, 0xc3, 0xb8, 7,
	  0, 0, 0, 0xc3), 0, { 1, 2 }, 7, 0, 0 },
	{ "je rel8", BYTES(0x48, 0x85, 0xff, 0x74, 0x06, 0xb8, 1, 0, 0, 0, 0xc3,
	  0xb8, 2, 0, 0, 0, 0xc3), 1, { 0, 1 }, 2, 0, 0 },
	{ "jne rel32", BYTES(0x48, 0x85, 0xff, 0x0f, 0x85, 6, 0, 0, 0, 0xb8, 1,
	  0, 0, 0, 0xc3, 0xb8, 2, 0, 0, 0, 0xc3), 1, { 0, 1 }, 1, 0, 0 },
	{ "jl back", BYTES(0x31, 0xc0, 0x48, 0xff, 0xc0, 0x48, 0x39, 0xf8, 0x7c,
	  0xf8, 0xc3), 3, { 5, 1 }, 5, 0, 0 },
	{ "call rel32",
	  BYTES(0xe8, R32(HELPER - (CODE + 5)), 0x48, 0x83, 0xc0, 0x05, 0xc3),
	  0, { 10, 20 }, 16, 0, 0 },
	{ "call *p(%rip)",
	  BYTES(0xff, 0x15, RIP(VPTR, 0, 6), 0x48, 0x83, 0xc0, 0x05, 0xc3), 0,
	  { 10, 20 }, 16, -ERANGE, 0 },
	{ "call *%rax", BYTES(0x48, 0x8d, 0x05, RIP(HELPER, 0, 7), 0xff, 0xd0,
	  0x48, 0x83, 0xc0, 0x05, 0xc3), 1, { 10, 20 }, 16, 0, 0 },
	{ "jmp *p(%rip)", BYTES(0xff, 0x25, RIP(VPTR, 0, 6)), 0, { 10, 20 }, 11,
	  -ERANGE, 0 },
	{ "bnd jmp *p(%rip)", BYTES(0xf2, 0xff, 0x25, RIP(VPTR, 0, 7)), 0,
	  { 10, 20 }, 11, -ERANGE, 0 },
	{ "loop", BYTES(0x48, 0x89, 0xf9, 0x31, 0xc0, 0x48, 0xff, 0xc0, 0xe2,
	  0xfb, 0xc3), 3, { 3, 1 }, 3, 0, 0 },
	{ "jrcxz", BYTES(0x48, 0x89, 0xf9, 0xe3, 0x06, 0xb8, 1, 0, 0, 0, 0xc3,
	  0xb8, 2, 0, 0, 0, 0xc3), 1, { 0, 5 }, 2, 0, 0 },
	{ "movq v(%rip),%xmm0", BYTES(0xf3, 0x0f, 0x7e, 0x05, RIP(V64, 0, 8),
	  0x66, 0x48, 0x0f, 0x7e, 0xc0, 0xc3), 0, { 1, 2 },
	  0x1122334455667788ull, -ERANGE, 0 },
	{ "vmovq v(%rip),%xmm0", BYTES(0xc5, 0xfa, 0x7e, 0x05, RIP(V64, 0, 8),
	  0x66, 0x48, 0x0f, 0x7e, 0xc0, 0xc3), 0, { 1, 2 },
	  0x1122334455667788ull, -ERANGE, FEAT_AVX },
	{ "vmovdqu64 v(%rip)", BYTES(0x62, 0xf1, 0xfe, 0x08, 0x6f, 0x05,
	  RIP(V64, 0, 10), 0x66, 0x48, 0x0f, 0x7e, 0xc0, 0xc3), 0, { 1, 2 },
	  0x1122334455667788ull, -ERANGE, FEAT_AVX512 },
	{ "movq $42,o(%rip)", BYTES(0x48, 0xc7, 0x05, RIP(VOUT, 0, 11), 42, 0,
	  0, 0, 0x48, 0x8b, 0x05, RIP(VOUT, 11, 7), 0xc3), 0, { 1, 2 }, 42,
	  -ERANGE, 0 },
	{ "lock xadd o(%rip)", BYTES(0xb8, 1, 0, 0, 0, 0xf0, 0x0f, 0xc1, 0x05,
	  RIP(VOUT, 5, 8), 0x8b, 0x05, RIP(VOUT, 13, 6), 0xc3), 1, { 1, 2 }, 1,
	  -ERANGE, 0 },
	{ "ret", BYTES(0x48, 0x89, 0xf8, 0xc3), 1, { 1, 2 }, 1, 0, 0 },
	{ "nopl", BYTES(0x0f, 0x1f, 0x44, 0x00, 0x00, 0x48, 0x89, 0xf8, 0xc3),
	  0, { 1, 2 }, 1, 0, 0 },
	{ "endbr64", BYTES(0xf3, 0x0f, 0x1e, 0xfa, 0x48, 0x89, 0xf8, 0xc3), 0,
	  { 1, 2 }, 1, 0, 0 },
	{ "mov %fs:0x28,%rax",
	  BYTES(0x64, 0x48, 0x8b, 0x04, 0x25, 0x28, 0, 0, 0, 0xc3), 0, { 1, 2 },
	  ANY, 0, 0 },
};

static uint8_t *orig, *slot_page[2];
static struct insn trap_in;
static volatile uint64_t trap_addr, trap_slot;
static volatile int trap_emulate, trap_hits;

/* Encoding order rax, rcx, rdx, rbx, rsp, rbp, rsi, rdi, r8..r15. */
static const int greg_of[16] = {
	REG_RAX, REG_RCX, REG_RDX, REG_RBX, REG_RSP, REG_RBP, REG_RSI, REG_RDI,
	REG_R8, REG_R9, REG_R10, REG_R11, REG_R12, REG_R13, REG_R14, REG_R15,
};

static void push(greg_t *g, uint64_t v)
{
	g[REG_RSP] -= 8;
	*(uint64_t *)g[REG_RSP] = v;
}

/*
 * What the tracer does at the breakpoint stop.  The int3 left rip one past
 * it.  Pushing below rsp is safe here: the kernel put the signal frame
 * below the 128-byte red zone.
 */
static void on_trap(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;
	greg_t *g = uc->uc_mcontext.gregs;
	const struct insn *in = &trap_in;
	uint64_t ip = g[REG_RIP] - 1, regs[16], next, t, ea = 0;
	int i;

	(void)sig;
	(void)si;
	if (ip != trap_addr) {
		static const char msg[] = "insn_test: stray SIGTRAP\n";

		if (write(1, msg, sizeof(msg) - 1) < 0)
			_exit(2);
		_exit(1);
	}
	trap_hits++;
	if (!trap_emulate) {
		g[REG_RIP] = trap_slot;
		return;
	}
	for (i = 0; i < 16; i++)
		regs[i] = g[greg_of[i]];
	next = insn_next(in, ip);
	switch (in->emu) {
	case INSN_EMU_NONE:
		t = next;
		break;
	case INSN_EMU_JMP_REL:
	case INSN_EMU_CALL_REL:
		t = insn_branch_target(in, ip);
		break;
	case INSN_EMU_JMP_MEM_RIP:
	case INSN_EMU_CALL_MEM_RIP:
		t = *(uint64_t *)insn_rip_addr(in, ip);
		break;
	case INSN_EMU_JMP_MEM:
	case INSN_EMU_CALL_MEM:
		if (insn_mem_addr(in, ip, regs, &ea))
			_exit(3);
		t = *(uint64_t *)ea;
		break;
	case INSN_EMU_JMP_REG:
	case INSN_EMU_CALL_REG:
		t = regs[in->rm_reg];
		break;
	case INSN_EMU_PUSH_REG:
		push(g, regs[in->rm_reg]);
		t = next;
		break;
	default:
		_exit(4);
	}
	switch (in->emu) {
	case INSN_EMU_CALL_REL:
	case INSN_EMU_CALL_MEM_RIP:
	case INSN_EMU_CALL_MEM:
	case INSN_EMU_CALL_REG:
		push(g, next);
		break;
	default:
		break;
	}
	g[REG_RIP] = t;
}

typedef uint64_t (*fn_t)(uint64_t);

static uint64_t call_code(uint64_t arg)
{
	static const uint8_t helper[] = { 0x48, 0x8d, 0x47, 0x01, 0xc3 };
	uint8_t *d = orig + DATA;
	uint64_t v;

	memcpy(orig + HELPER, helper, sizeof(helper));
	memset(d, 0, DATA_LEN);
	v = 0x1122334455667788ull;
	memcpy(d + V64 - DATA, &v, 8);
	d[V8N - DATA] = 5;
	v = (uint64_t)(orig + HELPER);
	memcpy(d + VPTR - DATA, &v, 8);
	v = 0x80000001;
	memcpy(d + V32 - DATA, &v, 4);
	v = 0xfedc;
	memcpy(d + V16 - DATA, &v, 2);
	return ((fn_t)(void *)(orig + CODE))(arg);
}

static bool feature(int feat)
{
	__builtin_cpu_init();
	if (feat == FEAT_AVX)
		return __builtin_cpu_supports("avx");
	if (feat == FEAT_AVX512)
		return __builtin_cpu_supports("avx512f");
	return true;
}

/* Runs the case with the int3 in place; r0/d0: results without it. */
static void run_trapped(const struct xcase *c, bool emulate, const char *how,
			const uint64_t r0[2], uint8_t d0[2][DATA_LEN])
{
	int a;

	trap_emulate = emulate;
	for (a = 0; a < 2; a++) {
		int hits = trap_hits;
		uint64_t r = call_code(c->arg[a]);

		CHECK(r == r0[a], "%s (%s, arg %llu): %#llx, not %#llx",
		      c->name, how, (unsigned long long)c->arg[a],
		      (unsigned long long)r, (unsigned long long)r0[a]);
		CHECK(trap_hits > hits, "%s (%s): no trap", c->name, how);
		CHECK(!memcmp(orig + DATA, d0[a], DATA_LEN),
		      "%s (%s): memory differs", c->name, how);
	}
}

static void run_xcase(const struct xcase *c, unsigned int nr)
{
	uint8_t *code = orig + CODE, d0[2][DATA_LEN];
	size_t off = 0;
	uint64_t r0[2];
	struct insn in;
	unsigned int i;
	int a, s;

	memset(orig + CODE, 0xcc, HELPER - CODE);
	memcpy(code, c->code, c->len);
	for (i = 0; i <= c->k; i++) {
		int err = insn_decode(code + off, c->len - off, true, &in);

		if (err) {
			CHECK(0, "%s: instruction %u does not decode", c->name,
			      i);
			return;
		}
		if (i < c->k)
			off += in.len;
	}
	for (a = 0; a < 2; a++) {
		r0[a] = call_code(c->arg[a]);
		memcpy(d0[a], orig + DATA, DATA_LEN);
	}
	CHECK(c->expect == ANY || r0[0] == c->expect,
	      "%s: the case itself gives %#llx", c->name,
	      (unsigned long long)r0[0]);

	trap_in = in;
	trap_addr = (uint64_t)(code + off);
	code[off] = 0xcc;
	for (s = 0; s < 2; s++) {
		/* Slots at varying offsets, as a tracer's page fills up. */
		uint8_t *slot = slot_page[s] + (nr % 64) * INSN_OOL_MAX;
		int want = s ? c->far_err : 0;
		int n = insn_make_ool(c->code + off, &in, trap_addr,
				      (uint64_t)slot, slot, INSN_OOL_MAX);

		CHECK(n == want || (n > 0 && !want), "%s (%s slot): %d, not %d",
		      c->name, s ? "far" : "near", n, want);
		if (n <= 0)
			continue;
		CHECK(n <= INSN_OOL_MAX, "%s: %d bytes", c->name, n);
		trap_slot = (uint64_t)slot;
		run_trapped(c, false, s ? "far slot" : "near slot", r0, d0);
	}
	if (in.emu != INSN_EMU_NO)
		run_trapped(c, true, "emulated", r0, d0);
	code[off] = c->code[off];
}

static void *map_near(uint8_t *to, int64_t dist)
{
	int i;

	for (i = 0; i < 64; i++) {
		uint8_t *hint =
			to + dist + (int64_t)i * 0x100000 * (dist < 0 ? -1 : 1);
		void *p =
			mmap(hint, pagesz, PROT_READ | PROT_WRITE | PROT_EXEC,
			     MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE,
			     -1, 0);

		if (p != MAP_FAILED)
			return p;
	}
	return NULL;
}

static void check_exec(void)
{
	struct sigaction sa;
	size_t i;
	int64_t d;

	orig = mmap(NULL, pagesz, PROT_READ | PROT_WRITE | PROT_EXEC,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	CHECK(orig != MAP_FAILED, "mmap");
	if (orig == MAP_FAILED)
		return;
	slot_page[0] = map_near(orig, -(64 << 20));
	slot_page[1] = map_near(orig, -(64ll << 30));
	if (!slot_page[1])
		slot_page[1] = map_near((uint8_t *)0, 1ll << 32);
	if (!slot_page[0] || !slot_page[1]) {
		printf("skip execution of relocated code: no slot pages\n");
		return;
	}
	d = (int64_t)(slot_page[1] - orig);
	CHECK(d > (1ll << 32) || d < -(1ll << 32), "far page is near");

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_trap;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGTRAP, &sa, NULL);
	for (i = 0; i < sizeof(xcases) / sizeof(xcases[0]); i++) {
		if (!feature(xcases[i].feat)) {
			printf("skip %s: not supported by this CPU\n",
			       xcases[i].name);
			continue;
		}
		run_xcase(&xcases[i], i);
		sum_exec++;
	}
	signal(SIGTRAP, SIG_DFL);
	if (verbose)
		printf("relocation: %zu cases run out of line near and far, "
		       "%d int3 hits\n",
		       sum_exec, trap_hits);
}

/* --- relocation checked by bytes ----------------------------------------- */

struct bcase {
	const char *name;
	bool is64;
	uint8_t code[16];
	uint8_t len;
	uint64_t orig, slot;
	int err;		/* 0: success, want[] expected */
	uint8_t want[INSN_OOL_MAX];
	uint8_t nwant;
};

#define A32 0x08049000u
#define S32 0x08100000u
#define REL(t, from) R32((uint32_t)(t) - (uint32_t)(from))

static const struct bcase bcases[] = {
	{ "push %ebp (32)", 0, BYTES(0x55), A32, S32, 0,
	  BYTES(0x55, 0xe9, REL(A32 + 1, S32 + 6)) },
	{ "call rel32 (32)", 0, BYTES(0xe8, 0x00, 0x01, 0, 0), A32, S32, 0,
	  BYTES(0x68, R32(A32 + 5), 0xe9, REL(A32 + 0x105, S32 + 10)) },
	{ "jmp *0xc(%ebx) (32)", 0, BYTES(0xff, 0xa3, 0x0c, 0, 0, 0), A32, S32,
	  0,
	  BYTES(0xff, 0xa3, 0x0c, 0, 0, 0) },
	{ "je rel8 (32)", 0, BYTES(0x74, 0x10), A32, S32, 0,
	  BYTES(0x0f, 0x84, REL(A32 + 0x12, S32 + 6),
		0xe9, REL(A32 + 2, S32 + 11)) },
	{ "loop (32)", 0, BYTES(0xe2, 0xfe), A32, S32, 0,
	  BYTES(0xe2, 0x05, 0xe9, REL(A32 + 2, S32 + 7),
		0xe9, REL(A32, S32 + 12)) },
	{ "wrap (32)", 0, BYTES(0x55), 0x1000, 0xfffff000u, 0,
	  BYTES(0x55, 0xe9, REL(0x1001, 0xfffff006u)) },
	{ "call *0x10(%rsp)", 1, BYTES(0xff, 0x54, 0x24, 0x10), 0x401000,
	  0x402000, -ENOTSUP, { 0 }, 0 },
	{ "syscall", 1, BYTES(0x0f, 0x05), 0x401000, 0x402000, -ENOTSUP, { 0 },
	  0 },
	{ "jmpw", 1, BYTES(0x66, 0xe9, 0, 0), 0x401000, 0x402000, -ENOTSUP,
	  { 0 }, 0 },
	{ "eip-relative", 1, BYTES(0x67, 0x8b, 0x05, 0, 0, 0, 0), 0x401000,
	  0x402000, -ENOTSUP, { 0 }, 0 },
	/* Both ends beyond 2 GiB: jrcxz with 67 is the 31-byte worst case. */
	{ "jcc far", 1, BYTES(0x74, 0x00), 0x401000, 0x7f0000000000ull, 0,
	  BYTES(0x74, 0x0e,
		0xff, 0x25, 0, 0, 0, 0, 0x02, 0x10, 0x40, 0, 0, 0, 0, 0,
		0xff, 0x25, 0, 0, 0, 0, 0x02, 0x10, 0x40, 0, 0, 0, 0, 0) },
	{ "jrcxz far (67)", 1, BYTES(0x67, 0xe3, 0x00), 0x401000,
	  0x7f0000000000ull, 0,
	  BYTES(0x67, 0xe3, 0x0e,
		0xff, 0x25, 0, 0, 0, 0, 0x03, 0x10, 0x40, 0, 0, 0, 0, 0,
		0xff, 0x25, 0, 0, 0, 0, 0x03, 0x10, 0x40, 0, 0, 0, 0, 0) },
	{ "call far", 1, BYTES(0xe8, 0, 0, 0, 0), 0x7f0000001000ull, 0x100000,
	  0,
	  BYTES(0x68, 0x05, 0x10, 0, 0,
		0xc7, 0x44, 0x24, 0x04, 0, 0x7f, 0, 0,
		0xff, 0x25, 0, 0, 0, 0, 0x05, 0x10, 0, 0, 0, 0x7f, 0, 0) },
};

static void check_ool_bytes(void)
{
	size_t i;

	for (i = 0; i < sizeof(bcases) / sizeof(bcases[0]); i++) {
		const struct bcase *c = &bcases[i];
		uint8_t out[INSN_OOL_MAX];
		struct insn in;
		int n;

		if (insn_decode(c->code, c->len, c->is64, &in)) {
			CHECK(0, "%s: does not decode", c->name);
			continue;
		}
		n = insn_make_ool(c->code, &in, c->orig, c->slot, out,
				  sizeof(out));
		CHECK(c->err ? n == c->err : n > 0, "%s: %d, not %d", c->name,
		      n, c->err);
		if (n <= 0)
			continue;
		CHECK(n == c->nwant && !memcmp(out, c->want, n),
		      "%s: bytes differ", c->name);
		CHECK(insn_make_ool(c->code, &in, c->orig, c->slot, out,
				    n - 1) == -ENOSPC,
		      "%s: no -ENOSPC", c->name);
	}
}

int main(int argc, char **argv)
{
	void *p;

	verbose = argc > 1 && !strcmp(argv[1], "-v");
	if (elf_version(EV_CURRENT) == EV_NONE)
		return 1;
	if (system("objdump --version >/dev/null 2>&1") != 0) {
		printf("SKIP: no objdump\n");
		return 77;
	}
	pagesz = sysconf(_SC_PAGESIZE);
	p = mmap(NULL, 2 * pagesz, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED || mprotect((char *)p + pagesz, pagesz, PROT_NONE))
		return 1;
	edge = p;

	check_cases();
	check_fields();
	check_random();
	check_exec();
	check_ool_bytes();
	check_libs();

	printf("insn_test: %zu libraries: %zu/%zu instructions and %zu/%zu "
	       "function entries as objdump; %zu relocation cases run; "
	       "%d checks, %d failed\n",
	       sum_libs, sum_ins_ok, sum_ins, sum_ent_ok, sum_ent, sum_exec,
	       total, failed);
	return failed ? 1 : 0;
}
