/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Between dwval.c (value paths, types, printing) and dwloc.c (DWARF
 * location expressions evaluated at a hit).
 */
#ifndef SLTRACE_PROBE_DWVAL_INT_H
#define SLTRACE_PROBE_DWVAL_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>

#include "probe/dwval.h"

struct dv_obj {
	struct dv_obj *next;
	char *path;
	Dwfl *dwfl;
	Dwfl_Module *mod;
	Dwarf *dbg;
	/*
	 * libdwfl lays offline objects out from 0x10000 up: a module
	 * address is a file address plus elfbias, and a DWARF (debug file)
	 * address plus dwbias.
	 */
	Dwarf_Addr elfbias;
	Dwarf_Addr dwbias;
	bool is64; /* ELFCLASS64 */
};

/* Where a value is at one hit. */
enum vl_kind {
	VL_MEM, /* in tracee memory at addr */
	VL_BYTES, /* its bytes are known: bytes[0..len) */
	VL_OPTIMIZED, /* "<optimized out>" */
	VL_SYNTHETIC, /* DW_OP_implicit_pointer */
	VL_UNREADABLE, /* an op or register we cannot evaluate */
};

struct vloc {
	enum vl_kind kind;
	uint64_t addr;
	const unsigned char *bytes;
	size_t len;
};

/* Bytes of a value assembled from registers, pieces, implicit values. */
#define DV_MAX_BYTES 256

/* Everything the evaluator needs of a variable and its frame. */
struct dv_evalctx {
	const struct dv_obj *o;
	const struct dv_frame *f;
	Dwarf_Die *func; /* the concrete function around pc, or NULL */
	uint64_t pc; /* file-relative (module address) */
	unsigned char buf[DV_MAX_BYTES]; /* backs a VL_BYTES result */
};

/*
 * The location of variable var at ctx's hit: VL_MEM, VL_BYTES (into
 * ctx->buf), or why not.  size: the byte size of its type (for a value
 * in a register or on the stack).
 */
/* A DWARF address of o as a file address, and back. */
static inline uint64_t dv_dw2file(const struct dv_obj *o, uint64_t a)
{
	return a + o->dwbias - o->elfbias;
}

static inline uint64_t dv_file2dw(const struct dv_obj *o, uint64_t a)
{
	return a + o->elfbias - o->dwbias;
}

/* --- scopes (dwscope.c) --- */

/* Scopes are at most this deep; deeper ones are not looked in. */
#define DV_MAX_SCOPES 32

/* die's DW_AT_name, through its abstract origin; NULL: none. */
const char *dv_name_of(Dwarf_Die *die);
/* A DW_TAG_variable or DW_TAG_formal_parameter. */
bool dv_is_var(Dwarf_Die *d);
/* It has DW_AT_declaration (an extern seen from inside, a member). */
bool dv_is_decl(Dwarf_Die *d);
/*
 * The variable named name among scope's children (and its abstract
 * origin's, for an inlined copy whose variable left no trace): true and
 * *out.
 */
bool dv_var_in(Dwarf_Die *scope, const char *name, Dwarf_Die *out);
/*
 * The DIEs with code around file-relative pc of o (subprograms, inlined
 * copies, lexical blocks), outermost first, in sc[DV_MAX_SCOPES]; their
 * number.  *cu: the CU; *func: the innermost DW_TAG_subprogram of sc, or
 * NULL.  Valid as long as o.
 */
unsigned int dv_scopes_of(struct dv_obj *o, uint64_t pc, Dwarf_Die *sc,
			  Dwarf_Die *cu, Dwarf_Die **func);

struct vloc dv_locate(struct dv_evalctx *ctx, Dwarf_Die *var, size_t size);

/* Tracee memory through the frame's reader: 0 or -errno. */
int dv_read(const struct dv_frame *f, uint64_t addr, void *buf, size_t len);

/* Register number regno (DWARF numbering of the frame's arch): 0 or -1. */
int dv_reg(const struct dv_frame *f, unsigned int regno, uint64_t *v);

#endif
