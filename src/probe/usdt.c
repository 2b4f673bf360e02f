/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* USDT notes (usdt.h). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "probe/usdt.h"

/* <sys/sdt.h>'s note type for a probe with a semaphore field. */
#define STAPSDT_NOTE_TYPE 3

static uint64_t get_addr(const unsigned char *p, unsigned int size, int big)
{
	uint64_t v = 0;

	for (unsigned int i = 0; i < size; i++)
		v |= (uint64_t)p[big ? size - 1 - i : i] << (8 * i);
	return v;
}

int usdt_parse_desc(const void *desc, size_t len, unsigned int addr_size,
		    int big_endian, uint64_t base_addr, struct usdt_note *note)
{
	const unsigned char *p = desc;
	const char *s[3];
	size_t off = 3 * addr_size;
	uint64_t base;

	memset(note, 0, sizeof(*note));
	if ((addr_size != 4 && addr_size != 8) || len < off)
		return -EINVAL;
	for (int i = 0; i < 3; i++) {
		const char *nul = memchr(p + off, '\0', len - off);

		if (off >= len || !nul)
			return -EINVAL;
		s[i] = (const char *)p + off;
		off = nul - (const char *)p + 1;
	}
	if (!*s[0] || !*s[1])
		return -EINVAL;
	note->pc = get_addr(p, addr_size, big_endian);
	base = get_addr(p + addr_size, addr_size, big_endian);
	note->semaphore = get_addr(p + 2 * addr_size, addr_size, big_endian);
	/*
	 * prelink moves sections but not the notes: a note's base is where
	 * .stapsdt.base was at link time, so the distance is the move.
	 */
	if (base && base_addr)
		note->pc += base_addr - base;
	note->provider = strdup(s[0]);
	note->name = strdup(s[1]);
	note->args = strdup(s[2]);
	if (!note->provider || !note->name || !note->args) {
		free(note->provider);
		free(note->name);
		free(note->args);
		memset(note, 0, sizeof(*note));
		return -ENOMEM;
	}
	return 0;
}

uint64_t usdt_section_addr(Elf *elf, const char *want)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	if (elf_getshdrstrndx(elf, &shstrndx))
		return 0;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *name;

		if (gelf_getshdr(scn, &sh) &&
		    (name = elf_strptr(elf, shstrndx, sh.sh_name)) &&
		    !strcmp(name, want))
			return sh.sh_addr;
	}
	return 0;
}

static ssize_t read_notes(Elf *elf, struct usdt_note **notes)
{
	GElf_Ehdr eh;
	size_t shstrndx, cap = 0;
	ssize_t n = 0;
	uint64_t base;
	Elf_Scn *scn = NULL;

	if (!gelf_getehdr(elf, &eh) || elf_getshdrstrndx(elf, &shstrndx))
		return -ENOEXEC;
	base = usdt_section_addr(elf, ".stapsdt.base");
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		GElf_Nhdr nh;
		Elf_Data *data;
		const char *name;
		size_t off = 0, name_off, desc_off;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE ||
		    !(name = elf_strptr(elf, shstrndx, sh.sh_name)) ||
		    strcmp(name, ".note.stapsdt") ||
		    !(data = elf_getdata(scn, NULL)))
			continue;
		while ((off = gelf_getnote(data, off, &nh, &name_off,
					   &desc_off)) > 0) {
			struct usdt_note note;

			if (nh.n_type != STAPSDT_NOTE_TYPE ||
			    nh.n_namesz != 8 ||
			    memcmp((char *)data->d_buf + name_off, "stapsdt",
				   8))
				continue;
			if (usdt_parse_desc(
				    (char *)data->d_buf + desc_off, nh.n_descsz,
				    gelf_getclass(elf) == ELFCLASS64 ? 8 : 4,
				    eh.e_ident[EI_DATA] == ELFDATA2MSB, base,
				    &note))
				continue;
			if ((size_t)n == cap) {
				struct usdt_note *v;

				cap = cap ? 2 * cap : 16;
				v = realloc(*notes, cap * sizeof(*v));
				if (!v) {
					free(note.provider);
					free(note.name);
					free(note.args);
					usdt_free(*notes, n);
					*notes = NULL;
					return -ENOMEM;
				}
				*notes = v;
			}
			(*notes)[n++] = note;
		}
	}
	return n;
}

ssize_t usdt_read_file(const char *path, struct usdt_note **notes)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;
	Elf *elf;

	*notes = NULL;
	if (fd < 0)
		return -errno;
	elf_version(EV_CURRENT);
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	n = elf && elf_kind(elf) == ELF_K_ELF ? read_notes(elf, notes) :
						-ENOEXEC;
	elf_end(elf);
	close(fd);
	return n;
}

void usdt_free(struct usdt_note *notes, ssize_t n)
{
	for (ssize_t i = 0; i < n; i++) {
		free(notes[i].provider);
		free(notes[i].name);
		free(notes[i].args);
	}
	free(notes);
}

/* --- argument specs --- */

/* Each register's names by width: 64, 32, 16 and 8 bits. */
static const char *const reg_names[USDT_NREGS][4] = {
	[USDT_REG_RAX] = { "rax", "eax", "ax", "al" },
	[USDT_REG_RBX] = { "rbx", "ebx", "bx", "bl" },
	[USDT_REG_RCX] = { "rcx", "ecx", "cx", "cl" },
	[USDT_REG_RDX] = { "rdx", "edx", "dx", "dl" },
	[USDT_REG_RSI] = { "rsi", "esi", "si", "sil" },
	[USDT_REG_RDI] = { "rdi", "edi", "di", "dil" },
	[USDT_REG_RBP] = { "rbp", "ebp", "bp", "bpl" },
	[USDT_REG_RSP] = { "rsp", "esp", "sp", "spl" },
	[USDT_REG_R8] = { "r8", "r8d", "r8w", "r8b" },
	[USDT_REG_R9] = { "r9", "r9d", "r9w", "r9b" },
	[USDT_REG_R10] = { "r10", "r10d", "r10w", "r10b" },
	[USDT_REG_R11] = { "r11", "r11d", "r11w", "r11b" },
	[USDT_REG_R12] = { "r12", "r12d", "r12w", "r12b" },
	[USDT_REG_R13] = { "r13", "r13d", "r13w", "r13b" },
	[USDT_REG_R14] = { "r14", "r14d", "r14w", "r14b" },
	[USDT_REG_R15] = { "r15", "r15d", "r15w", "r15b" },
	[USDT_REG_RIP] = { "rip", "eip", NULL, NULL },
};

/* Bits 8-15 of the first four. */
static const char *const high_names[] = { "ah", "bh", "ch", "dh" };

static const size_t reg_slots[USDT_NREGS] = {
	[USDT_REG_RAX] = offsetof(struct user_regs_struct, rax),
	[USDT_REG_RBX] = offsetof(struct user_regs_struct, rbx),
	[USDT_REG_RCX] = offsetof(struct user_regs_struct, rcx),
	[USDT_REG_RDX] = offsetof(struct user_regs_struct, rdx),
	[USDT_REG_RSI] = offsetof(struct user_regs_struct, rsi),
	[USDT_REG_RDI] = offsetof(struct user_regs_struct, rdi),
	[USDT_REG_RBP] = offsetof(struct user_regs_struct, rbp),
	[USDT_REG_RSP] = offsetof(struct user_regs_struct, rsp),
	[USDT_REG_R8] = offsetof(struct user_regs_struct, r8),
	[USDT_REG_R9] = offsetof(struct user_regs_struct, r9),
	[USDT_REG_R10] = offsetof(struct user_regs_struct, r10),
	[USDT_REG_R11] = offsetof(struct user_regs_struct, r11),
	[USDT_REG_R12] = offsetof(struct user_regs_struct, r12),
	[USDT_REG_R13] = offsetof(struct user_regs_struct, r13),
	[USDT_REG_R14] = offsetof(struct user_regs_struct, r14),
	[USDT_REG_R15] = offsetof(struct user_regs_struct, r15),
	[USDT_REG_RIP] = offsetof(struct user_regs_struct, rip),
};

static bool is_end(char c)
{
	return c == '\0' || c == ' ';
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool is_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	       c == '.';
}

/*
 * The register named at *p (after its '%'); -1 if none.  i386 code has
 * no 64-bit names, no r8-r15 and no sil/dil/bpl/spl (they need a REX
 * prefix).  width: 0 for 64 bits ... 3 for 8.
 */
static int parse_reg(const char **p, bool is64, int *width, bool *high)
{
	size_t len = 0;

	while (is_alpha((*p)[len]) || is_digit((*p)[len]))
		len++;
	*high = false;
	for (int i = 0; i < 4; i++) {
		if (strlen(high_names[i]) == len &&
		    !strncmp(*p, high_names[i], len)) {
			*p += len;
			*width = 3;
			*high = true;
			return USDT_REG_RAX + i;
		}
	}
	for (int r = 0; r < USDT_NREGS; r++) {
		for (int w = 0; w < 4; w++) {
			const char *n = reg_names[r][w];

			if (!n || strlen(n) != len || strncmp(*p, n, len))
				continue;
			if (!is64 && (w == 0 || r >= USDT_REG_R8 ||
				      (w == 3 && r >= USDT_REG_RSI)))
				return -1;
			/* Only %rip can address code-relative. */
			if (r == USDT_REG_RIP && w)
				return -1;
			*p += len;
			*width = w;
			return r;
		}
	}
	return -1;
}

/* [-]NUMBER as C writes it (0x10, 16, 020); 0, or -1. */
static int parse_int(const char **p, int64_t *v)
{
	const char *s = *p;
	bool neg = *s == '-';
	unsigned long long u;
	char *end;

	if (neg)
		s++;
	if (!is_digit(*s))
		return -1;
	errno = 0;
	u = strtoull(s, &end, 0);
	if (errno || (neg && u > (1ULL << 63)))
		return -1;
	*v = neg ? (int64_t)(0 - u) : (int64_t)u;
	*p = end;
	return 0;
}

/* (base,index,scale) after its '(': base and index are optional. */
static int parse_regs(const char **p, bool is64, struct usdt_arg *a)
{
	int width;
	bool high;

	if (**p == '%') {
		(*p)++;
		a->base = parse_reg(p, is64, &width, &high);
		/* Addresses are computed in 64 or 32 bits. */
		if (a->base < 0 || width > 1)
			return -1;
	}
	if (**p == ',') {
		(*p)++;
		if (**p != '%')
			return -1;
		(*p)++;
		a->index = parse_reg(p, is64, &width, &high);
		if (a->index < 0 || a->index == USDT_REG_RIP || width > 1)
			return -1;
		if (**p == ',') {
			(*p)++;
			if (!**p || !strchr("1248", **p))
				return -1;
			a->scale = *(*p)++ - '0';
		}
	}
	if (**p != ')' || (a->base < 0 && a->index < 0))
		return -1;
	(*p)++;
	return 0;
}

/* DISP, SYM, SYM+DISP or SYM-DISP before a memory operand's '('. */
static int parse_disp(const char **p, struct usdt_arg *a)
{
	const char *s = *p;

	if (is_digit(*s) || *s == '-')
		return parse_int(p, &a->disp);
	if (!is_alpha(*s))
		return 0;
	while (is_alpha(*s) || is_digit(*s))
		s++;
	a->sym = strndup(*p, s - *p);
	if (!a->sym)
		return -ENOMEM;
	/* i386 PIC: the base register holds the GOT's address. */
	if (*s == '@') {
		if (strncmp(s, "@GOTOFF", 7))
			return -1;
		a->gotoff = true;
		s += 7;
	}
	*p = s;
	if ((*s == '+' || *s == '-') && is_digit(s[1])) {
		if (*s == '+')
			(*p)++;
		return parse_int(p, &a->disp);
	}
	return 0;
}

/* One [-]SIZE@OPERAND at *p; 0, -1 (bad) or -ENOMEM. */
static int parse_arg(const char **p, bool is64, struct usdt_arg *a)
{
	const char *s = *p, *at = s, *op;
	int64_t size = is64 ? 8 : 4;
	int rc, width;

	memset(a, 0, sizeof(*a));
	a->base = a->index = -1;
	a->scale = 1;
	if (*at == '-')
		at++;
	while (is_digit(*at))
		at++;
	if (*at == '@' && at > s) {
		if (parse_int(&s, &size) || s != at)
			return -1;
		s = at + 1;
	}
	if (size != 1 && size != 2 && size != 4 && size != 8 && size != -1 &&
	    size != -2 && size != -4 && size != -8)
		return -1;
	a->size = size;
	if (!strncmp(s, "%fs:", 4) || !strncmp(s, "%gs:", 4)) {
		a->segment = true;
		s += 4;
	} else if (*s == '%') {
		s++;
		a->kind = USDT_ARG_REG;
		a->base = parse_reg(&s, is64, &width, &a->high_byte);
		if (a->base < 0 || a->base == USDT_REG_RIP)
			return -1;
		*p = s;
		return is_end(*s) ? 0 : -1;
	} else if (*s == '$') {
		s++;
		a->kind = USDT_ARG_CONST;
		if (parse_int(&s, &a->disp))
			return -1;
		*p = s;
		return is_end(*s) ? 0 : -1;
	}
	a->kind = USDT_ARG_MEM;
	op = s;
	rc = parse_disp(&s, a);
	if (rc)
		return rc == -ENOMEM ? rc : -1;
	if (*s == '(') {
		s++;
		if (parse_regs(&s, is64, a))
			return -1;
	} else if (s == op) {
		return -1; /* no address at all */
	}
	/* %rip-relative is only meaningful with a symbol: the assembler's. */
	if (a->base == USDT_REG_RIP && !a->sym)
		return -1;
	if (a->gotoff && (a->base < 0 || a->base == USDT_REG_RIP))
		return -1;
	*p = s;
	return is_end(*s) ? 0 : -1;
}

void usdt_args_release(struct usdt_arg *args, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++) {
		free(args[i].sym);
		args[i].sym = NULL;
	}
}

int usdt_args_parse(const char *spec, bool is64, struct usdt_arg *out,
		    unsigned int max)
{
	const char *p = spec;
	unsigned int n = 0;
	struct usdt_arg a;
	int rc;

	for (;;) {
		while (*p == ' ')
			p++;
		if (!*p)
			return n;
		rc = parse_arg(&p, is64, &a);
		if (!rc && n == max)
			rc = -E2BIG;
		if (rc) {
			free(a.sym);
			usdt_args_release(out, n);
			return rc == -1 ? -EINVAL : rc;
		}
		out[n++] = a;
	}
}

static uint64_t reg_value(const struct user_regs_struct *u, int reg, bool is64)
{
	uint64_t v;

	memcpy(&v, (const char *)u + reg_slots[reg], sizeof(v));
	return is64 ? v : (uint32_t)v;
}

/* v's low |size| bytes, sign-extended when size is negative. */
static int64_t extend(uint64_t v, int size)
{
	unsigned int bits = 8 * (size < 0 ? -size : size);

	if (bits >= 64)
		return (int64_t)v;
	v &= (1ULL << bits) - 1;
	if (size < 0 && (v >> (bits - 1)) & 1)
		v |= ~((1ULL << bits) - 1);
	return (int64_t)v;
}

int usdt_arg_value(const struct usdt_arg *a, const struct user_regs_struct *u,
		   bool is64, uint64_t bias,
		   int (*read)(void *ctx, uint64_t addr, void *buf, size_t len),
		   void *ctx, int64_t *out)
{
	unsigned char buf[8];
	size_t len = a->size < 0 ? -a->size : a->size;
	uint64_t addr, v = 0;
	int rc;

	switch (a->kind) {
	case USDT_ARG_CONST:
		*out = extend(a->disp, a->size);
		return 0;
	case USDT_ARG_REG:
		v = reg_value(u, a->base, true);
		*out = extend(a->high_byte ? v >> 8 : v, a->size);
		return 0;
	case USDT_ARG_MEM:
		break;
	}
	/* A segment's base is in the kernel (arch_prctl), not in u. */
	if (a->segment)
		return -ENOTSUP;
	if (a->sym && (!a->sym_addr || (a->gotoff && !a->got_addr)))
		return -ENOENT;
	addr = a->disp;
	/* Both in the file: their distance is the same once loaded. */
	if (a->gotoff)
		addr += a->sym_addr - a->got_addr;
	else if (a->sym)
		addr += a->sym_addr + bias;
	/* foo(%rip) is foo: the assembler made it relative. */
	if (a->base >= 0 && a->base != USDT_REG_RIP)
		addr += reg_value(u, a->base, is64);
	if (a->index >= 0)
		addr += reg_value(u, a->index, is64) * a->scale;
	if (!is64)
		addr = (uint32_t)addr;
	if (len > sizeof(buf))
		return -EINVAL;
	rc = read(ctx, addr, buf, len);
	if (rc)
		return rc;
	/* x86 is little-endian. */
	for (size_t i = 0; i < len; i++)
		v |= (uint64_t)buf[i] << (8 * i);
	*out = extend(v, a->size);
	return 0;
}
