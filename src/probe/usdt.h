/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * USDT (SystemTap SDT) points of an ELF object: the notes of its
 * .note.stapsdt section (owner "stapsdt", type 3), as <sys/sdt.h> writes
 * them: the probe's pc, the link-time address of .stapsdt.base, the
 * semaphore's address (0: none), then provider, name and argument spec
 * ("-4@%eax 8@-16(%rbp)"), each NUL-terminated.  The file is untrusted: a
 * malformed note is skipped.
 */
#ifndef SLTRACE_PROBE_USDT_H
#define SLTRACE_PROBE_USDT_H

#include <libelf.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/user.h>

struct usdt_note {
	uint64_t pc;		/* link-time, .stapsdt.base's move applied */
	uint64_t semaphore;	/* link-time address of a uint16_t, or 0 */
	char *provider;
	char *name;
	char *args;		/* "" when the point has none */
};

/*
 * Reads path's USDT points.  *notes is a malloc'ed array the caller
 * frees with usdt_free().  Returns their number (0 when there is no
 * note), or -errno (-ENOEXEC: not ELF).
 */
ssize_t usdt_read_file(const char *path, struct usdt_note **notes);

/*
 * Decodes one note's descriptor of an object of addr_size (4 or 8) byte
 * addresses, in the byte order big_endian says; base_addr is
 * .stapsdt.base's address in the file (0 if absent).  Returns 0 and fills
 * *note (strings malloc'ed), or -EINVAL.  For the fuzz target too.
 */
int usdt_parse_desc(const void *desc, size_t len, unsigned int addr_size,
		    int big_endian, uint64_t base_addr, struct usdt_note *note);

void usdt_free(struct usdt_note *notes, ssize_t n);

/* The address of elf's section named name, or 0 (also for resolve.c). */
uint64_t usdt_section_addr(Elf *elf, const char *name);

/*
 * A note's argument spec: space-separated [-]SIZE@OPERAND in the AT&T
 * syntax gcc writes for <sys/sdt.h>'s "nor" constraints (x86_64, i386):
 *
 *   -4@%eax  1@%al  1@%ah  8@%r8     a register (its low SIZE bytes)
 *   4@$5  -4@$-3                     a constant
 *   8@-16(%rbp)  4@8(%rsp,%rcx,4)    memory: disp(base,index,scale)
 *   8@(%rax,%rdx,8)  4@(,%rax,4)
 *   -8@foo(%rip)  8@foo+16(%rip)     memory at a symbol (+ offset)
 *   4@foo  4@foo+4  4@0x8049000      memory at an absolute address (i386)
 *   1@small@GOTOFF(%ebx)             i386 PIC: the base holds the GOT's
 *                                    address, foo@GOTOFF is foo - GOT
 *   8@%fs:16                         a segment: parsed, not evaluated
 *
 * SIZE is 1, 2, 4 or 8 bytes, negative for a signed value; without
 * "SIZE@" (old sdt.h), the address size.
 */
enum usdt_arg_kind {
	USDT_ARG_CONST,		/* disp is the value */
	USDT_ARG_REG,		/* base's value */
	USDT_ARG_MEM,		/* SIZE bytes at the address */
};

/* Register ids: user_regs_struct's 64-bit slots. */
enum usdt_reg {
	USDT_REG_RAX, USDT_REG_RBX, USDT_REG_RCX, USDT_REG_RDX,
	USDT_REG_RSI, USDT_REG_RDI, USDT_REG_RBP, USDT_REG_RSP,
	USDT_REG_R8, USDT_REG_R9, USDT_REG_R10, USDT_REG_R11,
	USDT_REG_R12, USDT_REG_R13, USDT_REG_R14, USDT_REG_R15,
	USDT_REG_RIP,
	USDT_NREGS
};

struct usdt_arg {
	int size;		/* bytes: 1, 2, 4, 8; negative: signed */
	enum usdt_arg_kind kind;
	int base, index;	/* enum usdt_reg, -1: none */
	unsigned int scale;	/* of index: 1, 2, 4, 8 */
	bool high_byte;		/* REG: %ah, %bh, %ch, %dh (bits 8-15) */
	bool segment;		/* MEM: %fs: or %gs: */
	int64_t disp;		/* CONST: the value; MEM: the displacement */
	char *sym;		/* MEM: a symbol disp counts from; owned */
	uint64_t sym_addr;	/* its file-relative address: 0 unknown */
	bool gotoff;		/* sym@GOTOFF: sym minus the GOT's address */
	uint64_t got_addr;	/* gotoff: _GLOBAL_OFFSET_TABLE_'s, likewise */
};

/*
 * Parses spec (untrusted) into out[0..max-1] for a tracee of 64-bit
 * (is64) or i386 code.  Returns the number of arguments, or -EINVAL (a
 * bad spec: out holds nothing to release), -E2BIG (more than max),
 * -ENOMEM.  The caller fills sym_addr and got_addr (probe_resolve_syms(),
 * resolve.h)
 * and frees the symbols with usdt_args_release().
 */
int usdt_args_parse(const char *spec, bool is64, struct usdt_arg *out,
		    unsigned int max);

void usdt_args_release(struct usdt_arg *args, unsigned int n);

/*
 * The value of a at a probe hit: u the tracee's registers (an i386
 * tracee's are in the 64-bit slots), bias the load bias of the object
 * (added to sym_addr), read a reader of the tracee's memory (0 or
 * -errno).  *out is sign- or zero-extended by a's size.  Returns 0,
 * -ENOTSUP (a segment), -ENOENT (a symbol without an address), or
 * read's error.
 */
int usdt_arg_value(const struct usdt_arg *a, const struct user_regs_struct *u,
		   bool is64, uint64_t bias,
		   int (*read)(void *ctx, uint64_t addr, void *buf, size_t len),
		   void *ctx, int64_t *out);

#endif
