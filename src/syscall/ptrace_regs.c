/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The x86 register sets ptrace moves: PTRACE_GETREGS / SETREGS,
 * GETFPREGS / SETFPREGS and the NT_PRSTATUS / NT_FPREGSET sets of
 * PTRACE_GETREGSET / SETREGSET, in the tracee's layout (struct
 * user_regs_struct and user_fpregs_struct of sys/user.h: x86_64's, or
 * the i386 ones a 32-bit tracee sees, arch/x86/include/asm/user_32.h).
 */
#include "config.h"

#include <string.h>

#include "select/qualify.h"
#include "syscall/defs.h"
#include "syscall/ptrace_regs.h"

/*
 * A field of a register set: a scalar (count 0) or an array of count
 * elements, each of size bytes, at byte off.
 */
struct reg_field {
	const char *name;
	unsigned short off;
	unsigned char size;
	unsigned char count;
};

struct reg_layout {
	const struct reg_field *fields;
	size_t total; /* sizeof the struct */
	size_t slot; /* a regset's size is a multiple of it */
};

#define R64(name, i)              \
	{                         \
		name, (i)*8, 8, 0 \
	}
static const struct reg_field regs_64[] = {
	R64("r15", 0),	     R64("r14", 1),	 R64("r13", 2),
	R64("r12", 3),	     R64("rbp", 4),	 R64("rbx", 5),
	R64("r11", 6),	     R64("r10", 7),	 R64("r9", 8),
	R64("r8", 9),	     R64("rax", 10),	 R64("rcx", 11),
	R64("rdx", 12),	     R64("rsi", 13),	 R64("rdi", 14),
	R64("orig_rax", 15), R64("rip", 16),	 R64("cs", 17),
	R64("eflags", 18),   R64("rsp", 19),	 R64("ss", 20),
	R64("fs_base", 21),  R64("gs_base", 22), R64("ds", 23),
	R64("es", 24),	     R64("fs", 25),	 R64("gs", 26),
	{ NULL, 0, 0, 0 }
};

#define R32(name, i)              \
	{                         \
		name, (i)*4, 4, 0 \
	}
static const struct reg_field regs_32[] = {
	R32("ebx", 0),	R32("ecx", 1),	R32("edx", 2),
	R32("esi", 3),	R32("edi", 4),	R32("ebp", 5),
	R32("eax", 6),	R32("xds", 7),	R32("xes", 8),
	R32("xfs", 9),	R32("xgs", 10), R32("orig_eax", 11),
	R32("eip", 12), R32("xcs", 13), R32("eflags", 14),
	R32("esp", 15), R32("xss", 16), { NULL, 0, 0, 0 }
};

/* x86_64's struct user_fpregs_struct: the fxsave area. */
static const struct reg_field fpregs_64[] = {
	{ "cwd", 0, 2, 0 },	   { "swd", 2, 2, 0 },
	{ "ftw", 4, 2, 0 },	   { "fop", 6, 2, 0 },
	{ "rip", 8, 8, 0 },	   { "rdp", 16, 8, 0 },
	{ "mxcsr", 24, 4, 0 },	   { "mxcr_mask", 28, 4, 0 },
	{ "st_space", 32, 4, 32 }, { "xmm_space", 160, 4, 64 },
	{ "padding", 416, 4, 24 }, { NULL, 0, 0, 0 }
};

/* i386's struct user_i387_struct: the fsave area. */
static const struct reg_field fpregs_32[] = {
	R32("cwd", 0),	  R32("swd", 1),
	R32("twd", 2),	  R32("fip", 3),
	R32("fcs", 4),	  R32("foo", 5),
	R32("fos", 6),	  { "st_space", 28, 4, 20 },
	{ NULL, 0, 0, 0 }
};

static const struct reg_layout layouts[2][2] = {
	[REGS_GENERAL] = {
		{ regs_64, 27 * 8, 8 },
		{ regs_32, 17 * 4, 4 },
	},
	[REGS_FP] = {
		{ fpregs_64, 512, 8 },
		{ fpregs_32, 108, 4 },
	},
};

static uint64_t get_val(const unsigned char *buf, size_t off, size_t size)
{
	uint64_t v = 0;

	memcpy(&v, buf + off, size); /* little-endian x86 */
	return v;
}

/*
 * The fields the first size bytes hold: a scalar when it is all there,
 * an array when it begins there, with the elements that begin there.
 */
static void print_fields(struct tcb *tcp, const struct reg_field *f,
			 const unsigned char *buf, size_t size)
{
	bool abbrev = qual_abbrev(tcp);

	for (; f->name; f++) {
		if (!f->count) {
			if (size < (size_t)f->off + f->size)
				break;
			emit_field(tcp, f->name);
			emit_hex(tcp, get_val(buf, f->off, f->size));
			continue;
		}
		if (size <= f->off)
			break;
		emit_field(tcp, f->name);
		emit_array_begin(tcp);
		for (unsigned int i = 0; i < f->count; i++) {
			size_t at = f->off + (size_t)i * f->size;

			if (at >= size)
				break;
			if (abbrev && i >= cfg.string_limit) {
				emit_more(tcp);
				break;
			}
			emit_next(tcp);
			emit_hex(tcp, get_val(buf, at, f->size));
		}
		emit_array_end(tcp);
	}
}

void print_regs(struct tcb *tcp, enum regs_kind kind, uint64_t addr,
		uint64_t size)
{
	const struct reg_layout *l = &layouts[kind][tcp_wordsize(tcp) == 4];
	unsigned char buf[512] = { 0 };
	size_t want = size < l->total ? (size_t)size : l->total;

	if (!addr || !size || size % l->slot || !qual_verbose(tcp) ||
	    tracee_read(tcp, addr, buf, want)) {
		emit_ptr(tcp, addr);
		return;
	}
	emit_struct_begin(tcp);
	print_fields(tcp, l->fields, buf, want);
	if (size > l->total)
		emit_more(tcp);
	emit_struct_end(tcp);
}

uint64_t regs_size(const struct tcb *tcp, enum regs_kind kind)
{
	return layouts[kind][tcp_wordsize(tcp) == 4].total;
}
